import type { ChapterProse } from "./types";

/**
 * The chapter page's prose around the figure (English): what never changes with the figure shown. The built page
 * has it pre-rendered, and loads it only when the reader switches to this language.
 */
export const prose = {
  guideHeading: "Follow the objects and their state",
  guide: [
    "Put the model, the host and the tools in separate swimlanes, and “who actually changed the file?” has a clear answer.",
    "Follow every message that comes back, then decide what is next: call the model again, run a tool, or stop. The model saying it is done is not the environment being done.",
    "The figure's fixed input is stated under “Input and conditions”. It explains this chapter's mechanism and does not secretly continue the numbers of the chapter's other examples.",
  ],
  question: "Why can one user request call the model more than once?",
  loopsNote:
    "The model generates the next proposal, the host runs the approved action and hands the result back to the model: that is the outer task loop. Inside every model call there is also token-by-token generation. One round of tool action in the outer loop is not one generated token; do not mix the two “loops” up.",
  glossaryHeading: "Terms",
  glossary: [
    { term: "Call ID (调用标识)", definition: "The id that ties one tool request to its result." },
    { term: "Tool result (工具结果)", definition: "What the program returns after it has actually run the tool." },
    {
      term: "Context (上下文)",
      definition: "The information explicitly handed to the model in this round — not the state of the whole computer.",
    },
  ],
  narrowHint:
    "On a phone every lane stays on screen and the buttons stay at its foot; on a projector, “Present” fills the screen with the figure. Another scenario, your own run and export are under “Tools” below the figure. The explanation follows right after it.",
  playerHint:
    "Nothing moves until you act: use “Next” to read each step, and playback stops by itself at the last step. Once the player has focus, ← and → step through it and Space plays or pauses. Colour only helps: every meaning is also written out.",
  panels: [
    {
      heading: "Why it is needed",
      body: "With tools, the model can obtain new evidence instead of having to hold everything in its parameters (its trained weights).",
    },
    {
      heading: "How it is built",
      body: "Organise the loop as: request, validate, execute, feed the result back, decide again.",
    },
    {
      heading: "Costs and misconceptions",
      body: "Forget to feed a tool result back and the model asks for the same thing again; treat the model's text as proof of execution and you report completion falsely.",
    },
    {
      heading: "How to tell it is right",
      body: "Compare each round's model input with the tool log, and check that every result matches its call_id.",
    },
    {
      heading: "How to observe and verify",
      body: "In the chapter's experiment (the script under “Run it”), a full run makes exactly one simulated write; repeating an operation id does not write again; the unauthorised publish is refused. No real LLM is called and no real project file is read or written.",
    },
  ],
  runHeading: "Run it",
  runNote:
    "The chapter's own script is 07_agent_loop.py, run as python3 reading-notes/experiments/07_agent_loop.py (it comes alongside the chapter, not with this project). This project's TypeScript port prints the same report byte for byte (in Chinese, with no flags); the command below prints it in English, its keys and values translated, which is what is shown here:",
  runCommand: "npm run --silent demo -- --lang en",
  codeHeading: "The complete teaching code",
  codeNote:
    "What follows is this project's TypeScript port of the chapter's 07_agent_loop.py (src/engine/experiment.ts), read from the file when the page is built. It keeps the script's rules and order of checks rule for rule; its comments are in English.",
  outputHeading: "Sample output",
  outputNote:
    "The port produced this output by actually running when the page was built: it is what the command above prints. It is not LLM or product performance data.",
} as const satisfies ChapterProse;
