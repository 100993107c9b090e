/**
 * The course logic, framework-free: a reader's progress through a figure's checkpoints (`progress.ts`), the order
 * each reader is shown a checkpoint's options in (`reader.ts`), the xAPI statements a course receives (`xapi.ts`),
 * and SCORM 1.2, both the run-time a launch page speaks to an LMS (`scorm-runtime.ts`) and the package an LMS
 * imports (`scorm-package.ts`). The React shells (the player, the embed routes) and the CLI use the same code;
 * nothing here imports React or touches a page beyond the API object or storage it is given.
 */
export type { PlacedCheckpoint, Progress } from "./progress";
export { placeCheckpoints, progressOf } from "./progress";
export { actorReader, checkpointKey, givenReader, optionOrder, scormReader } from "./reader";
