/** How the chapter page tells a recorded run, in the words for recorded runs of its language of the moment. */
import type { RunText } from "../content/types";
import { formatName } from "../formats";
import type { RunStory } from "./TranscriptPanel";

/** The story of run `name`, from what was read of it (its summary, in words). */
export const runStoryIn =
  (runs: RunText): RunStory =>
  (name, summary) =>
    runs.importing.story(
      name,
      runs.importing.summary(summary, formatName(summary.format)),
      (summary.scored ?? 0) > 0 ? (summary.checkedBy ?? "scorer") : null,
    );
