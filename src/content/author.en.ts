import type { AuthorText } from "./types";

/** The authoring page in English. */
export const author: AuthorText = {
  title: "Make a figure of your own lesson",
  intro:
    "Write a figure file in the editor: the task, the fixed input, the tools and what each does, what the host allows, what the model says at each call, and how the host checks the task is done. The real engine runs it in the preview, step by step, as you type.",
  chapterLink: "Back to figure F22",
  language: "Language",
  editorHeading: "Figure file",
  editorLabel: "Figure file (JSON)",
  editorHint:
    "Ctrl+Space completes a field's name or value from the schema; Tab leaves the editor. Problems are marked at their line and listed below.",
  templateLabel: "Start from",
  templates: {
    f22: "F22: read timeout from config.txt",
    refused: "A write refused without approval (a failure)",
    parallel: "Two parallel calls (the weather in two cities)",
    retry: "A retry after a tool error",
    transcript: "A recorded run: paste a transcript…",
  },
  useTemplate: "Use this",
  replaced: "The editor holds the new file; undo (Ctrl+Z) brings your text back.",
  transcriptLabel:
    "A transcript, in any format the import reads (a request body, a list of messages, a Claude Code log…)",
  makeFromTranscript: "Make a figure file from it",
  transcriptFailed: (why) => `This transcript cannot be read: ${why}`,
  transcriptStory: {
    title: "A recorded run",
    lesson: "Say here what this run teaches.",
    input: "Say here what the run was given.",
  },
  problems: (count) => (count === 1 ? "1 problem" : `${count} problems`),
  noProblems: "No problems: the preview shows this file.",
  warnings: (count) =>
    `${count === 1 ? "1 warning" : `${count} warnings`}: the file plays, but check ${count === 1 ? "this" : "these"}:`,
  theFile: "the file",
  stalePreview: "The preview shows the last version without problems.",
  goTo: (line, column) => `Line ${line}, column ${column}`,
  previewHeading: "Preview",
  embedHeading: "Put it in a course page",
  embedNote: (file) =>
    `Host the file on your site as ${file}, beside the figure's own files (docs/embedding.md), and paste one of these.`,
  embedIframe: "An iframe (any page, any LMS)",
  embedElement: "The web component",
  embedReact: "The React component",
  heightsHeading: "How tall its frame must be",
  heightsNote:
    "An iframe has no height of its own: embed-host.js fits it to the figure, but until it runs (or where a course page strips scripts) the frame keeps the height in its code. Measure this lesson to put its own there.",
  measure: "Measure its heights",
  measuring: (done, of) => `Measuring: ${done} of ${of} frames done (every step, in each language)…`,
  measureFailed: "It could not be measured: the embed page did not show the lesson. Try again.",
  measured: (height) => `Measured. The iframe code now uses ${height} px, the height for a frame 1248 px wide.`,
  heightsCaption: "The height this lesson's iframe needs, by the frame's width (its tallest step, in either language)",
  frameWidth: "Frame width",
  frameHeight: "Height",
  px: (n) => `${n} px`,
  heightsStale: "The file has changed since it was measured: measure it again.",
  copy: "Copy",
  copied: "Copied.",
  copyFailed: "Copying was refused: select the text and copy it.",
  shareHeading: "Share it as a link",
  copyShare: "Copy the share link",
  openShare: "Open it in the embed page",
  shareSize: (used, limit) =>
    `The link carries the whole file, compressed: ${used} characters, of at most ${limit}. Nothing is uploaded.`,
  shareTooLong: (used, limit) =>
    `Too long for a link: ${used} characters compressed, and a link carries at most ${limit}. Download the file and host it instead.`,
  download: "Download the figure file",
  draftRestored: "Your draft from your last visit is back (it is kept in this browser only).",
  linkDamaged:
    "This link is damaged or cut short: the figure it carried cannot be read, so the editor holds your draft (or a template) instead. Ask for the link again.",
  linkTooLong:
    "This link is longer than any share link this page makes: it was not read. Ask for the figure file instead.",
  linkOpened: "The editor now holds the figure the link carries.",
  shareNeedsFix: "A share link is offered once the file has no problems.",
};
