/**
 * embed-scorm.js: the SCORM 1.2 runtime (src/course/scorm-runtime.ts) for the launch page of an LMS package, which is
 * an embed page marked `data-scorm`; loaded only there. A classic script like the other packs.
 */
import { findApi, ScormSession } from "../course/scorm-runtime";
import { deliverPack, type ScormPack } from "./pack-event";

const pack: ScormPack = { findApi, ScormSession };

deliverPack(pack);
