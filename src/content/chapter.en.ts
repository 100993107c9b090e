import type { PageText } from "./types";

/** The chapter page around the figure (English). Not part of the figure: an embedded figure never loads it. */
export const chapter = {
  title: "The model proposes; the program executes",
  conditionsHeading: "Input and conditions",
  conditionsNote:
    " The lanes show who is responsible for what; no real commercial model API is called. The data and the order of actions are fixed.",
  stepLinkProblem: (problem, total, shown) =>
    `${problem === "not_a_number" ? "The link's step is not a number" : `The link asks for a step this figure does not have (it has ${total})`}; showing step ${shown}.`,
  scenario: "Scenario",
  checkpoints: "Ask me to predict what happens next at key steps",
  scenarioProblem: (shown) => `The link names a scenario that does not exist; showing “${shown}”.`,
  exporting: {
    label: "Export",
    format: "Export format",
    neutral: "The whole trace (neutral JSON, version 2)",
    transcript: (formatName) => `The whole run as ${formatName} (every message, then the final reply)`,
    download: "Download JSON",
    copyLink: "Copy a link to this step",
    linkLabel: "Link to this step",
    copied: "Link copied.",
    noLink: "A loaded transcript has no link: download its JSON instead.",
  },
  openTranscript: "Load transcript",
  toolsHeading: "Tools: another scenario, your own run, export",
} as const satisfies PageText;
