import {
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Checkpoint, FigureText } from "../../content";
import type { Lang } from "../../content/languages";
import { LANGUAGES } from "../../content/languages";
import type { Outcome, Step, Trace } from "../../engine";
import { captionParts } from "../caption";
import { useCatalog } from "../catalog";
import { useCheckpoints } from "../checkpoints";
import { intentOf } from "../keyboard/keyToIntent";
import { LONG_RUN } from "../limits";
import { type NotesByStep, OverviewContext, type ShownNote } from "../notes";
import { useScenarioLinks } from "../scenario-links";
import { usePlayer, usePlayerStore } from "../store/context";
import { dataStateOf, type PlayerState } from "../store/createPlayerStore";
import { Controls } from "./Controls";
import { CheckpointBox, StagePanels, StageTools } from "./LazyPanels";
import { LiveRegion } from "./LiveRegion";
import { RunOverview } from "./RunOverview";
import { StepChange } from "./StepParts";
import { Swimlanes } from "./Swimlanes";

/** The inner loop's panel loads when a reader first switches it on. */
const InnerLoop = lazy(() => import("./InnerLoop").then((module) => ({ default: module.InnerLoop })));

/** A mark for each outcome, so it is told by shape as well as colour. */
const OUTCOME_SYMBOLS: Readonly<Record<Outcome, string>> = {
  completed: "✓",
  refused: "⊘",
  verification_missing: "?",
  budget_exhausted: "■",
  not_recorded: "◌",
};

/**
 * How the run ended, as a mark and words: by the host's own check, or for a recorded run whose log records a verdict
 * (an evaluation's scorer), by that verdict.
 */
function outcomeOf(trace: Trace, text: FigureText): { readonly symbol: string; readonly words: string } {
  const last = trace.steps.at(-1);
  if (last?.kind === "finish" && last.recorded !== undefined && trace.outcome !== "not_recorded") {
    const passed = trace.outcome === "completed";
    return { symbol: passed ? "✓" : "✗", words: text.ui.recordedOutcome(passed, last.recorded[0]?.by ?? "scorer") };
  }
  return { symbol: OUTCOME_SYMBOLS[trace.outcome], words: text.outcomes[trace.outcome] };
}

const selectIndex = (s: PlayerState) => s.index;
const selectTrace = (s: PlayerState) => s.trace;
const selectDataState = (s: PlayerState) => dataStateOf(s);
const selectInnerLoop = (s: PlayerState) => s.innerLoop;
const selectAnswers = (s: PlayerState) => s.answers;
const selectJustAnswered = (s: PlayerState) => s.justAnswered;
/** The furthest step the reader has seen (0-based): a checkpoint before it was stepped past. */
const selectFurthest = (s: PlayerState) => Math.max(...s.visited);

/** At most this many steps are phrased to find the room the step text reserves. */
const RESERVE_SAMPLE = 2000;

/**
 * The longest title and the longest caption of a trace: the space the step text reserves. Of a long run (an
 * imported log of 100,000 steps), of an even sample of its steps and its last ones, so a run of any length costs
 * the same; a step whose text is longer than any sampled grows the box when it is shown.
 */
function longestStepText(
  trace: Trace,
  text: FigureText,
): { title: string; caption: string; lead: string; detailed: boolean } {
  let [title, caption, lead, detailed] = ["", "", "", false];
  const { steps } = trace;
  const every = Math.max(1, Math.ceil(steps.length / RESERVE_SAMPLE));
  const measure = (step: Step | undefined) => {
    if (step === undefined) return;
    // The last step's title has the outcome beside it.
    const outcome = step.kind === "finish" ? ` ✓ ${text.outcomes[trace.outcome]}` : "";
    const [t, c] = [`${step.number}. ${text.stepTitle(step)}${outcome}`, text.stepCaption(step, trace)];
    const [first, rest] = captionParts(c);
    if (t.length > title.length) title = t;
    if (c.length > caption.length) caption = c;
    if (first.length > lead.length) lead = first;
    if (rest !== "") detailed = true;
  };
  for (let i = 0; i < steps.length; i += every) measure(steps[i]);
  if (every > 1)
    for (let i = Math.max(0, steps.length - RESERVE_SAMPLE / 20); i < steps.length; i += 1) measure(steps[i]);
  return { title, caption, lead, detailed };
}

/** A step's notes as a list, each marked ⚠ or ℹ; without a label, the invisible copy that keeps their room. */
function NoteList(props: { notes: readonly ShownNote[]; label?: string }) {
  return (
    <ul aria-label={props.label} aria-hidden={props.label === undefined || undefined}>
      {props.notes.map((note, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: notes may repeat; their order is fixed
        <li key={i} data-info={note.info || undefined}>
          <span aria-hidden="true">{note.info ? "ℹ " : "⚠ "}</span>
          {note.text}
        </li>
      ))}
    </ul>
  );
}

/** A step's warnings, then its notes that only inform, each list under its own name. */
function StepNotes(props: { notes: readonly ShownNote[]; text: FigureText }) {
  const warnings = props.notes.filter((note) => !note.info);
  const told = props.notes.filter((note) => note.info);
  return (
    <div className="alf-notes-shown">
      {warnings.length === 0 ? null : <NoteList notes={warnings} label={props.text.ui.warningsLabel} />}
      {told.length === 0 ? null : <NoteList notes={told} label={props.text.ui.notesLabel} />}
    </div>
  );
}

/** What the step change announces of the step's warnings and notes: how many of each (nothing for none). */
function announcedNotes(notes: readonly ShownNote[] | undefined, text: FigureText): string {
  if (notes === undefined || notes.length === 0) return "";
  const told = notes.filter((note) => note.info).length;
  return text.ui.announceWarnings(notes.length - told, told);
}

/** The notes of the step with the most text: the room a trace's notes keep at every step. */
function mostNotes(notes: NotesByStep, total: number): readonly ShownNote[] {
  let most: readonly ShownNote[] = [];
  let size = 0;
  for (const [step, group] of notes) {
    if (step < 1 || step > total) continue; // never shown, so given no room
    const length = group.reduce((sum, note) => sum + note.text.length + 8, 0);
    if (length > size) [most, size] = [group, length];
  }
  return most;
}

/**
 * Keeps the keyboard in the figure when a step change removes the focused element (a call_id chip of the step
 * before): focus would fall to the page's body, and the reader's next arrow key would do nothing. Whether focus
 * is inside is tracked from focus events; after each step change, a figure that had it and lost it to nothing
 * takes it back on its root. Works in a shadow root too (its activeElement is null once focus is lost there).
 */
function useFocusKeeper(index: number) {
  const ref = useRef<HTMLDivElement>(null);
  const inside = useRef(false);
  const restore = () => {
    const root = ref.current;
    if (root === null || !inside.current) return;
    const scope = root.getRootNode() as Document | ShadowRoot;
    const active = scope.activeElement;
    if (active === null || active === root.ownerDocument.body) root.focus({ preventScroll: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every step change, by design
  useLayoutEffect(restore, [index]);
  return {
    ref,
    onFocus: () => {
      inside.current = true;
    },
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      // Focus moving elsewhere on the page lets go; an element removed from the figure does not.
      const target = event.target as Node;
      if (!target.isConnected) {
        queueMicrotask(restore);
        return;
      }
      const next = event.relatedTarget as Node | null;
      if (next === null || !event.currentTarget.contains(next)) inside.current = false;
    },
  };
}

/** The language switch: two pressed-state buttons, each named in its own language. */
export function LanguageToggle(props: { onChange: (lang: Lang) => void }) {
  const text = useCatalog();
  return (
    <div className="alf-lang" role="group" aria-label={text.ui.language}>
      {LANGUAGES.map((language) => (
        <button
          key={language.lang}
          type="button"
          lang={language.htmlLang}
          className="alf-button alf-button-small"
          aria-pressed={language.lang === text.lang}
          onClick={() => props.onChange(language.lang)}
        >
          {language.name}
        </button>
      ))}
    </div>
  );
}

/**
 * The story's links onward, where this page can open them: laid out at every step (nothing moves at the last one),
 * after the outcome they follow from. Each a link with an address when the page has one, else a button.
 */
function GoOn() {
  const text = useCatalog();
  const links = useScenarioLinks();
  const labelId = useId();
  if (links === null) return null;
  const shown = text.ui.figureNext.flatMap((link) => {
    const href = links.href?.(link.scenario);
    const opens = href !== undefined || (links.follow !== undefined && (links.opens?.(link.scenario) ?? true));
    return opens ? [{ ...link, href }] : [];
  });
  if (shown.length === 0) return null;
  const follow = links.follow;
  return (
    <nav className="alf-go-on" aria-labelledby={labelId}>
      <span id={labelId}>{text.ui.goOn}</span>
      <ul>
        {shown.map((link) =>
          link.href === undefined ? (
            <li key={link.scenario}>
              <button type="button" className="alf-link" onClick={() => follow?.(link.scenario)}>
                {link.text}
              </button>
            </li>
          ) : (
            <li key={link.scenario}>
              <a
                href={link.href}
                onClick={
                  follow === undefined
                    ? undefined
                    : (event) => {
                        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                          return;
                        event.preventDefault();
                        follow(link.scenario);
                      }
                }
              >
                {link.text}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * One view of a player: the focusable root that owns the keyboard, the diagram, the step text, the panels
 * and the controls. The page shows it inline; the enlarge dialog shows a second view of the same store.
 */
export function FigureView(props: {
  variant: "inline" | "enlarged";
  controls: "full" | "minimal";
  announce: boolean;
  toolbar: ReactNode;
  /** The shell's warnings by step number (see the player's `notes`). */
  notes: NotesByStep;
  /** A find to start the run's overview with (see the player's `find`). */
  find?: string | undefined;
}) {
  const { variant } = props;
  const text = useCatalog();
  // A story in another language than the reader's: its words carry their own lang, and the title says which.
  const wordsLang = text.ui.figureWordsLang === "" ? undefined : text.ui.figureWordsLang;
  const wordsLanguage = LANGUAGES.find((language) => language.htmlLang === wordsLang)?.name ?? "";
  const store = usePlayerStore();
  const trace = usePlayer(selectTrace);
  const index = usePlayer(selectIndex);
  const dataState = usePlayer(selectDataState);
  const innerLoop = usePlayer(selectInnerLoop);
  const checkpoints = useCheckpoints();
  const answers = usePlayer(selectAnswers);
  const justAnswered = usePlayer(selectJustAnswered);
  const furthest = usePlayer(selectFurthest);
  const reserve = useMemo(() => longestStepText(trace, text), [trace, text]);
  // The question with the most words, whose room the side keeps when the figure asks any (it is then in the box).
  const question = useMemo(
    () =>
      checkpoints.reduce<Checkpoint | null>((most, point) => {
        const size = (c: Checkpoint) => c.question.length + c.options.reduce((sum, o) => sum + o.text.length + 40, 0);
        return most === null || size(point.checkpoint) > size(most) ? point.checkpoint : most;
      }, null),
    [checkpoints],
  );
  const { notes } = props;
  const notesReserve = useMemo(() => mostNotes(notes, trace.steps.length), [notes, trace]);
  const keepFocus = useFocusKeeper(index);
  const overviewGiven = useMemo(() => ({ notes, find: props.find }), [notes, props.find]);
  // Whether this render is past hydration: what a pre-rendered page could not know (that the figure asks questions)
  // is drawn from the first client render on, never in the one that must match the page's HTML.
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  // The captions' details, open or closed for every step until the reader says otherwise.
  const [details, setDetails] = useState(false);
  const step = trace.steps[index];
  if (step === undefined) return null;
  const [lead, rest] = captionParts(text.stepCaption(step, trace));
  const stepTitle = text.stepTitle(step);
  const ended = outcomeOf(trace, text);
  const point = checkpoints.find((candidate) => candidate.stepIndex === index);
  const chosen = point === undefined ? undefined : answers.get(point.key);
  // A question not yet answered (nor stepped past): the caption, which would tell the answer, waits for it.
  const waiting = point !== undefined && chosen === undefined && furthest <= point.stepIndex;
  const verdict =
    point !== undefined && justAnswered === point.key && chosen !== undefined
      ? text.ui.checkpointVerdict(chosen === point.right, point.checkpoint.explanation)
      : null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const intent = intentOf(event);
    // A key the figure does not use itself goes to the run's overview (its jumps and Find), when one is shown.
    if (intent === null) {
      if (store.getState().jump?.(event)) event.preventDefault();
      return;
    }
    event.preventDefault();
    store.getState()[intent]();
  };

  // tabIndex 0 also means a click anywhere inside focuses the figure (the browser focuses the nearest
  // focusable ancestor), so the keys work without hunting for a control.
  return (
    <div
      className="alf-figure"
      data-variant={variant}
      data-state={dataState}
      data-controls={props.controls}
      role="region"
      aria-label={text.ui.figureLabel}
      tabIndex={0}
      onKeyDown={onKeyDown}
      ref={keepFocus.ref}
      onFocus={keepFocus.onFocus}
      onBlur={keepFocus.onBlur}
    >
      <div className="alf-header">
        <p className="alf-kicker" lang={wordsLang}>
          {text.ui.figureKicker}
        </p>
        <p className="alf-title">
          <bdi lang={wordsLang}>{text.ui.figureTitle}</bdi>
          {wordsLang === undefined ? null : (
            <span className="alf-lang-mark">{text.ui.languageMark(wordsLanguage)}</span>
          )}
        </p>
        {props.toolbar === null ? null : <div className="alf-toolbar">{props.toolbar}</div>}
        <p className="alf-lesson" lang={wordsLang}>
          {text.ui.figureLesson}
        </p>
        {text.ui.figureStoryNote === "" ? null : <p className="alf-story-note">{text.ui.figureStoryNote}</p>}
      </div>
      <p className="alf-keys-hint" aria-hidden="true">
        ⌨ {text.ui.keysActive}
      </p>
      {/* A run longer than a screen: its overview, open above the stage (a shorter one's is in the drawer). */}
      {trace.steps.length > LONG_RUN && variant === "inline" ? (
        <RunOverview notes={notes} open find={props.find} />
      ) : null}
      {/* The stage: the diagram, the step's words and what the step changed, on one screen (side by side where the
          figure is wide, one under the other where it is not). */}
      <div className="alf-stage">
        <div className="alf-scroll" role="group" aria-label={text.ui.diagramLabel} tabIndex={0}>
          <Swimlanes
            steps={trace.steps}
            lanes={trace.lanes}
            files={trace.files}
            index={index}
            notes={notes}
            // Presenter mode opens it out of the model's row; the page's figure, in the change's box (over nothing).
            innerLoop={innerLoop && variant === "enlarged"}
          />
        </div>
        {/* The step's words and what it changed, one under the other, over the room of the longest words and of the
            change's box: the side is as tall at every step, and its box takes what the words leave. */}
        <div className="alf-side">
          <div
            className="alf-step-reserve"
            aria-hidden="true"
            data-reserve-title={reserve.title}
            // The longest first sentences, or with the details open the longest captions; and the details' line.
            data-reserve-caption={`${details ? reserve.caption : reserve.lead}${
              reserve.detailed ? `\n▸ ${text.ui.captionDetails}` : ""
            }`}
          />
          {/* With checkpoints, the room of the longest question too: its step's words and the question in the box. */}
          {/* (From the first client render: a pre-rendered page cannot know that the figure asks.) */}
          {question === null || !hydrated ? null : (
            <div className="alf-question-reserve" aria-hidden="true">
              <span className="alf-step-title" data-text={reserve.title} />
              <span className="alf-step-caption" data-text={text.ui.checkpointCaptionWaits} />
              {reserve.detailed ? <span className="alf-details" data-text={`▸ ${text.ui.captionDetails}`} /> : null}
              <span className="alf-change" data-checkpoint="">
                <span className="alf-checkpoint">
                  <span className="alf-checkpoint-kicker" data-text="?" />
                  <span className="alf-checkpoint-question" data-text={question.question} />
                  <span className="alf-checkpoint-options">
                    {question.options.map((option, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a question's options never change
                      <span key={i} className="alf-button alf-checkpoint-option" data-text={option.text} />
                    ))}
                  </span>
                  <span className="alf-checkpoint-hint" data-text="?" />
                </span>
              </span>
            </div>
          )}
          <div className="alf-side-live">
            <div className="alf-step">
              <h3 className="alf-step-title">
                {step.number}. {stepTitle}
                {/* The run's outcome beside the last step's title: what the host's check decided. */}
                {step.kind === "finish" ? (
                  <span className="alf-title-outcome" data-outcome={trace.outcome}>
                    {" "}
                    <span aria-hidden="true">
                      {ended.symbol} {ended.words}
                    </span>
                    <span className="alf-sr-only">{text.ui.outcome(ended.words)}</span>
                  </span>
                ) : null}
              </h3>
              {waiting ? (
                <p className="alf-step-caption" data-waiting="">
                  {text.ui.checkpointCaptionWaits}
                </p>
              ) : (
                <p className="alf-step-caption">
                  {/* The first sentence for a reader new to agents; the practitioner's rest a click away. */}
                  {lead}
                  {rest === "" ? null : (
                    <span className="alf-caption-rest" hidden={!details}>
                      {rest}
                    </span>
                  )}
                </p>
              )}
              {reserve.detailed ? (
                <button
                  // Under this step's first sentence, wherever that ends: a new button at each step (nothing moves).
                  key={step.number}
                  type="button"
                  className="alf-link alf-details"
                  aria-expanded={details}
                  // Laid out at every step of a trace with details (no step moves what is below it), shown where
                  // this step's caption has more than its first sentence.
                  data-none={waiting || rest === "" ? "" : undefined}
                  tabIndex={waiting || rest === "" ? -1 : undefined}
                  aria-hidden={waiting || rest === "" ? true : undefined}
                  onClick={() => setDetails(!details)}
                >
                  <span aria-hidden="true">{details ? "▾ " : "▸ "}</span>
                  {text.ui.captionDetails}
                </button>
              ) : null}
            </div>
            {/* What this step changed, in a box of one size at every step (scrolling what does not fit); at a
                checkpoint, its question. The full panels stay below. */}
            <section
              // A new box at each step (its place depends on the words above it): nothing already shown moves.
              key={step.number}
              className="alf-change"
              role="group"
              aria-label={text.ui.changedLabel}
              tabIndex={0}
              data-checkpoint={point === undefined ? undefined : ""}
            >
              {point === undefined ? (
                <>
                  {innerLoop && variant === "inline" ? (
                    <Suspense fallback={null}>
                      <InnerLoop step={step} />
                    </Suspense>
                  ) : null}
                  <StepChange key={step.number} step={step} messages={trace.messages} />
                </>
              ) : (
                <Suspense fallback={null}>
                  <CheckpointBox key={point.key} point={point} />
                </Suspense>
              )}
            </section>
          </div>
        </div>
      </div>
      <p className="alf-specimen" aria-hidden="true">
        <span className="alf-role">{text.roles.tool}</span>
        <span className="alf-new">{text.ui.newInContext}</span>
        <span className="alf-chip">call_0 {text.ui.callIdHeading}</span>
        <code className="alf-result">{text.ui.resultHeading} 0</code>
        <code className="alf-result" data-status="ok">
          {text.ui.resultHeading} 0
        </code>
      </p>
      {/* The controls right under the step's words: diagram, words and Next on one screen (the panels follow). */}
      <Controls mode={props.controls} skip={checkpoints.length === 0 || !hydrated ? undefined : waiting} />
      {notesReserve.length === 0 ? null : (
        // Laid out at every step of a trace with notes, over an invisible copy of the largest step's notes: a step
        // with warnings or notes moves nothing below it.
        <div className="alf-notes">
          <NoteList notes={notesReserve} />
          {notes.has(step.number) ? <StepNotes notes={notes.get(step.number) ?? []} text={text} /> : null}
        </div>
      )}
      <StagePanels />
      <div className="alf-counters">
        {/* How the run ended, once it has: always laid out (hidden before the last step), so nothing moves when
            it appears. A symbol and words, never colour alone. */}
        <p
          className="alf-outcome"
          data-outcome={trace.outcome}
          data-shown={step.kind === "finish" ? "" : undefined}
          aria-hidden={step.kind === "finish" ? undefined : true}
        >
          <span aria-hidden="true">{ended.symbol}</span> {text.ui.outcome(ended.words)}
        </p>
        <p className="alf-counts">{text.ui.counters(step.counters, trace.budget)}</p>
      </div>
      <GoOn />
      {/* The engineer's choices, out of the reader's path: closed until opened. */}
      <OverviewContext.Provider value={overviewGiven}>
        <StageTools />
      </OverviewContext.Provider>
      {props.announce ? (
        <LiveRegion
          message={
            // A checkpoint just answered at this step: its verdict is the one announcement.
            verdict ??
            `${text.ui.announce(step.number, trace.steps.length, stepTitle)}${text.ui.announceChange(
              text.arrowLabel(step),
              step.callIds,
            )}${announcedNotes(notes.get(step.number), text)}${
              step.kind === "finish" ? text.ui.announceOutcome(text.outcomes[trace.outcome]) : ""
            }`
          }
        />
      ) : null}
    </div>
  );
}
