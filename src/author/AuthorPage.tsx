/**
 * The authoring page (dist/author.html): a figure file in a real editor beside its live preview, run by the real
 * engine as the author types (keeping the step when it can); its problems at their lines; templates to start
 * from, a recorded run made into a figure file; the embed code for the three routes; a share link that carries
 * the file compressed in its fragment, and the file's download.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import schema from "../../examples/figures/figure.schema.json";
import { DEFAULT_LANG, LANGS, LANGUAGES, type Lang } from "../content/languages";
import { type AuthorText, type Catalog, storyCatalog } from "../content/types";
import { WIDE, WIDTHS } from "../embed/frames";
import { type FigureOpening, type FigureProblem, type OpenFigure, openFigure, problemLine } from "../figure";
import { compressShare, SHARE_LIMIT, SHARE_PARAM } from "../figure/share";
import { importTranscript } from "../formats/import";
import { Player, useLatest } from "../player";
import type { Schema } from "./completion";
import { createFigureEditor, type FigureEditor } from "./editor";
import { type Heights, type MeasureProgress, measureHeights } from "./measure";
import { TEMPLATES, type TemplateId } from "./templates";

/** How long the text must rest before the preview runs it again. */
const SETTLE_MS = 250;
/** Where the draft is kept between visits (this browser only). */
export const DRAFT_KEY = "agent-loop-figure:author-draft";

/** The published schema (tests/unit/figure.test.ts keeps it the one the figure reads with). */
const SCHEMA = schema as Schema;

/** The page's words in one language. */
export interface AuthorWords {
  readonly text: Catalog;
  readonly author: AuthorText;
}

/** Keep the draft; a browser that refuses storage (private mode, a sandbox) just does not keep it. */
function saveDraft(text: string): void {
  try {
    window.localStorage.setItem(DRAFT_KEY, text);
  } catch {
    // not kept
  }
}

/** A figure file made from a transcript: the recording, and a story to fill in with a caption per proposal. */
export function figureFromTranscript(source: string, words: AuthorWords): { text: string } | { error: string } {
  const read = importTranscript(source);
  if (!read.ok) return { error: read.errors.map((e) => e.message).join("; ") };
  let transcript: unknown = source;
  try {
    transcript = JSON.parse(source);
  } catch {
    // JSON Lines (a Claude Code log): kept as its text
  }
  const { trace } = read;
  const captions = trace.steps.flatMap((step) =>
    step.kind === "proposal" && step.callIds[0] !== undefined
      ? [{ when: { kind: "proposal", callId: step.callIds[0] }, text: words.text.stepCaption(step, trace) }]
      : [],
  );
  const file = {
    figure: 1,
    id: "recorded-run",
    recorded: { transcript },
    story: { [words.text.lang]: { ...words.author.transcriptStory, captions } },
  };
  return { text: `${JSON.stringify(file, null, 2)}\n` };
}

/** The three ways to embed the figure, for a file hosted at `figures/<id>.json` beside the figure's files. */
export function embedCode(
  base: string,
  id: string,
  lang: Lang,
  title: string,
  height = 1140,
): Record<"iframe" | "element" | "react", string> {
  const file = `figures/${id}.json`;
  const attribute = title.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return {
    iframe: `<iframe src="${base}embed.html?lang=${lang}&figure=${file}" title="${attribute}" loading="lazy"\n  style="display:block; width:100%; height:${height}px; border:0"></iframe>\n<script src="${base}embed-host.js" defer></script>`,
    element: `<script type="module" src="${base}agent-loop-figure.js"></script>\n<agent-loop-figure src="${base}${file}" lang="${lang}"></agent-loop-figure>`,
    react: `import { AgentLoopFigure } from "agent-loop-figure";\nimport "agent-loop-figure/style.css";\nimport figure from "./${id}.json";\n\nexport const Lesson = () => <AgentLoopFigure figure={figure} lang="${lang}" />;`,
  };
}

function Snippet(props: { label: string; code: string; words: AuthorText; onCopied: (said: string) => void }) {
  const id = useId();
  const { words, onCopied } = props;
  return (
    <div className="author-snippet">
      <h4 id={id}>{props.label}</h4>
      <pre role="region" aria-labelledby={id} tabIndex={0}>
        <code>{props.code}</code>
      </pre>
      <button
        type="button"
        className="author-button"
        onClick={() =>
          navigator.clipboard.writeText(props.code).then(
            () => onCopied(words.copied),
            () => onCopied(words.copyFailed),
          )
        }
      >
        {words.copy} <span className="author-sr">{props.label}</span>
      </button>
    </div>
  );
}

export function AuthorPage(props: {
  readonly words: AuthorWords;
  readonly initial: string;
  /** Said once the page is open (a draft restored). */
  readonly note?: string;
  readonly onLang: (lang: Lang) => void;
}) {
  const { words, onLang } = props;
  const { author, text: catalog } = words;
  const lang = catalog.lang;
  const [source, setSource] = useState(props.initial);
  const [settled, setSettled] = useState(props.initial);
  const [said, setSaid] = useState(props.note ?? "");
  const [template, setTemplate] = useState<TemplateId | "transcript">("f22");
  const [transcript, setTranscript] = useState("");
  const [transcriptError, setTranscriptError] = useState<string | null>(null);
  const [step, setStep] = useState(1);
  const editorBox = useRef<HTMLDivElement>(null);
  const editor = useRef<FigureEditor | null>(null);
  const hintId = useId();
  const problemsId = useId();

  // The text settles before the engine runs it again; the draft is kept as it settles.
  useEffect(() => {
    if (source === settled) return;
    const timer = window.setTimeout(() => {
      setSettled(source);
      saveDraft(source);
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [source, settled]);

  const opening: FigureOpening = useMemo(() => openFigure(settled, lang), [settled, lang]);
  // The preview keeps the last file without problems while the author is mid-edit.
  const [good, setGood] = useState<OpenFigure | null>(null);
  const shown = opening.ok ? opening.figure : good;
  useEffect(() => {
    if (opening.ok) setGood(opening.figure);
  }, [opening]);
  const total = shown?.trace.steps.length ?? 1;
  const shownStep = Math.min(step, total);

  const onChange = useLatest((next: string) => setSource(next));
  const firstText = useRef(props.initial);
  const label = useLatest(author.editorLabel);
  // The editor is made once; its text then changes only by the author or a template.
  useEffect(() => {
    const parent = editorBox.current;
    if (parent === null) return;
    const created = createFigureEditor({
      parent,
      text: firstText.current,
      label: label.current,
      describedBy: `${hintId} ${problemsId}`,
      schema: SCHEMA,
      onChange: (next) => onChange.current(next),
    });
    editor.current = created;
    return () => {
      // Made again (React's development double mount): with the text as it is now.
      firstText.current = created.text();
      created.destroy();
      editor.current = null;
    };
  }, [hintId, problemsId, onChange, label]);
  useEffect(() => editor.current?.relabel(author.editorLabel), [author.editorLabel]);

  const problems = useMemo(() => (opening.ok ? [] : opening.problems), [opening]);
  const warnings = useMemo(() => (opening.ok ? opening.figure.warnings : []), [opening]);
  useEffect(() => {
    editor.current?.mark([
      ...problems.map((p) => ({ line: p.line ?? 1, column: p.column ?? 1, message: problemLine(p) })),
      ...warnings.map((p) => ({
        line: p.line ?? 1,
        column: p.column ?? 1,
        message: problemLine(p),
        severity: "warning" as const,
      })),
    ]);
  }, [problems, warnings]);
  const placeList = (listed: readonly FigureProblem[]) => (
    <ul>
      {listed.map((problem) => (
        <li key={`${problem.path}:${problem.line}:${problem.column}:${problem.message}`}>
          <button
            type="button"
            className="author-link-button"
            onClick={() => editor.current?.goTo(problem.line ?? 1, problem.column ?? 1)}
          >
            {author.goTo(problem.line ?? 1, problem.column ?? 1)}
          </button>{" "}
          <code>{problem.path === "" ? author.theFile : problem.path}</code>: {problem.message}
        </li>
      ))}
    </ul>
  );

  const replace = useCallback(
    (next: string) => {
      editor.current?.replace(next);
      setSource(next);
      setSettled(next);
      saveDraft(next);
      setStep(1);
      setSaid(author.replaced);
    },
    [author.replaced],
  );

  const figureText = useMemo(() => (shown === null ? catalog : storyCatalog(catalog, shown.story)), [catalog, shown]);
  const base = new URL(".", window.location.href).href;
  // The lesson's own heights, once measured for this very text (a change makes them stale).
  const [heights, setHeights] = useState<{ readonly of: string; readonly values: Heights } | null>(null);
  const [measuring, setMeasuring] = useState<MeasureProgress | null>(null);
  const [measureFailed, setMeasureFailed] = useState(false);
  const measure = useRef<AbortController | null>(null);
  useEffect(() => () => measure.current?.abort(), []);
  const measured = heights !== null && heights.of === settled ? heights.values : null;
  const startMeasure = () => {
    measure.current?.abort();
    const controller = new AbortController();
    measure.current = controller;
    const text = settled;
    setMeasureFailed(false);
    measureHeights(base, text, LANGS, controller.signal, setMeasuring).then(
      (values) => {
        setHeights({ of: text, values });
        setMeasuring(null);
        setSaid(author.measured(values[WIDE] ?? 0));
      },
      () => {
        if (controller.signal.aborted) return;
        setMeasuring(null);
        setMeasureFailed(true);
      },
    );
  };
  const code = embedCode(base, shown?.id ?? "my-figure", lang, shown?.story.title ?? "", measured?.[WIDE]);
  const compressed = useMemo(() => compressShare(source), [source]);
  // A link only for a file that plays: one with problems would open as its problems.
  const share = opening.ok && compressed.length <= SHARE_LIMIT ? compressed : null;
  // In the page's language, for whoever opens it.
  const shareLink =
    share === null ? null : `${base}author.html${lang === DEFAULT_LANG ? "" : `?lang=${lang}`}#${SHARE_PARAM}=${share}`;
  const embedLink = share === null ? null : `${base}embed.html#lang=${lang}&${SHARE_PARAM}=${share}`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([source], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${shown?.id ?? "figure"}.json`;
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <main className="author">
      <header className="author-header">
        <h1>{author.title}</h1>
        <p>{author.intro}</p>
        <p className="author-links">
          <a href="./">{author.chapterLink}</a>
          <label>
            {author.language}{" "}
            <select value={lang} onChange={(event) => onLang(event.target.value as Lang)}>
              {LANGUAGES.map((language) => (
                <option key={language.lang} value={language.lang}>
                  {language.name}
                </option>
              ))}
            </select>
          </label>
        </p>
        <p className="author-status" role="status">
          {said}
        </p>
      </header>

      <div className="author-columns">
        <section className="author-editor" aria-labelledby="editor-heading">
          <h2 id="editor-heading">{author.editorHeading}</h2>
          <div className="author-templates">
            <label>
              {author.templateLabel}{" "}
              <select value={template} onChange={(event) => setTemplate(event.target.value as TemplateId)}>
                {(Object.keys(TEMPLATES) as TemplateId[]).map((id) => (
                  <option key={id} value={id}>
                    {author.templates[id]}
                  </option>
                ))}
                <option value="transcript">{author.templates.transcript}</option>
              </select>
            </label>{" "}
            {template === "transcript" ? null : (
              <button type="button" className="author-button" onClick={() => replace(TEMPLATES[template])}>
                {author.useTemplate}
              </button>
            )}
          </div>
          {template === "transcript" ? (
            <div className="author-transcript">
              <label>
                {author.transcriptLabel}
                <textarea
                  value={transcript}
                  rows={6}
                  spellCheck={false}
                  onChange={(event) => setTranscript(event.target.value)}
                />
              </label>
              <button
                type="button"
                className="author-button"
                onClick={() => {
                  const made = figureFromTranscript(transcript, words);
                  if ("error" in made) setTranscriptError(author.transcriptFailed(made.error));
                  else {
                    setTranscriptError(null);
                    replace(made.text);
                  }
                }}
              >
                {author.makeFromTranscript}
              </button>
              {transcriptError === null ? null : (
                <p className="author-error" role="alert">
                  {transcriptError}
                </p>
              )}
            </div>
          ) : null}
          <p id={hintId} className="author-hint">
            {author.editorHint}
          </p>
          <div ref={editorBox} className="author-code" />
          <div id={problemsId} className="author-problems">
            {problems.length === 0 ? (
              <>
                <p>{author.noProblems}</p>
                {warnings.length === 0 ? null : (
                  <>
                    <p className="author-warnings">{author.warnings(warnings.length)}</p>
                    {placeList(warnings)}
                  </>
                )}
              </>
            ) : (
              <>
                <p>
                  <strong>{author.problems(problems.length)}</strong>
                  {shown === null ? null : ` ${author.stalePreview}`}
                </p>
                {placeList(problems)}
              </>
            )}
          </div>
        </section>

        <section className="author-preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{author.previewHeading}</h2>
          {shown === null ? null : (
            <Player
              trace={shown.trace}
              text={figureText}
              step={shownStep}
              onStepChange={setStep}
              onLangChange={onLang}
            />
          )}
        </section>
      </div>

      <section className="author-embed" aria-labelledby="embed-heading">
        <h2 id="embed-heading">{author.embedHeading}</h2>
        <p>{author.embedNote(`figures/${shown?.id ?? "my-figure"}.json`)}</p>
        <div className="author-snippets">
          <Snippet label={author.embedIframe} code={code.iframe} words={author} onCopied={setSaid} />
          <Snippet label={author.embedElement} code={code.element} words={author} onCopied={setSaid} />
          <Snippet label={author.embedReact} code={code.react} words={author} onCopied={setSaid} />
        </div>
        <h3>{author.heightsHeading}</h3>
        <p>{author.heightsNote}</p>
        <p className="author-actions">
          <button
            type="button"
            className="author-button"
            disabled={!opening.ok || measuring !== null}
            onClick={startMeasure}
          >
            {author.measure}
          </button>{" "}
          {measuring !== null && <span>{author.measuring(measuring.done, measuring.of)}</span>}
          {measureFailed && <span className="author-error">{author.measureFailed}</span>}
        </p>
        {measured !== null && (
          <table className="author-heights">
            <caption>{author.heightsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{author.frameWidth}</th>
                <th scope="col">{author.frameHeight}</th>
              </tr>
            </thead>
            <tbody>
              {WIDTHS.map((width) => (
                <tr key={width}>
                  <th scope="row">{author.px(width)}</th>
                  <td>{author.px(measured[width] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {heights !== null && measured === null && <p>{author.heightsStale}</p>}
        <h3>{author.shareHeading}</h3>
        {shareLink === null || embedLink === null ? (
          <p>{opening.ok ? author.shareTooLong(compressed.length, SHARE_LIMIT) : author.shareNeedsFix}</p>
        ) : (
          <>
            <p>{author.shareSize(compressed.length, SHARE_LIMIT)}</p>
            <p className="author-actions">
              <button
                type="button"
                className="author-button"
                onClick={() =>
                  navigator.clipboard.writeText(shareLink).then(
                    () => setSaid(author.copied),
                    () => setSaid(author.copyFailed),
                  )
                }
              >
                {author.copyShare}
              </button>{" "}
              <a href={embedLink} target="_blank" rel="noopener">
                {author.openShare}
              </a>
            </p>
          </>
        )}
        <p>
          <button type="button" className="author-button" onClick={download}>
            {author.download}
          </button>
        </p>
      </section>
    </main>
  );
}
