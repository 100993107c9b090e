/**
 * The viewer's page: its runs (a picker when there are several), the chosen one in the player, its import's summary
 * and the problems and notes at its steps, kept in step with its file. A recorded run is read and imported off the
 * main thread (the chapter page's worker, src/app/import-client.ts), through the one resolver; a figure file is
 * opened by the figure-file reader. While a file changes to something that cannot be shown, the last version that
 * could be stays, and the page says so.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ExportBar } from "../app/ExportBar";
import { FailureNote, type LoadFailure } from "../app/FailureNote";
import { loadRunWords, loadStepPhrases } from "../app/languages";
import * as runViews from "../app/RunViews";
import { runNotes } from "../app/RunViews";
import { runStoryIn } from "../app/run-story";
import { loadTranscript } from "../app/TranscriptPanel";
import { type Lang, languageOf } from "../content/languages";
import {
  type Catalog,
  type ExportText,
  type PageText,
  type RunText,
  type StepPhrasing,
  type Story,
  storyCatalog,
} from "../content/types";
import { defined, type Trace } from "../engine";
import { resolveSource } from "../figure/source";
import { formatName } from "../formats";
import type { LiveFacts } from "../formats/live-facts";
import { FigureProblems, Player, type PlayerHandle, type ShownProblem, type StepNote } from "../player";
import { liveHead, liveNotes } from "./live-notes";

/** `?find=…` in the viewer's address: what each run's overview finds at first. */
const findInUrl = (): string | undefined => new URLSearchParams(window.location.search).get("find") ?? undefined;

/** How often, at most, a changing run is read again (ms). */
const SETTLE_MS = 100;

const CATALOGS = import.meta.glob<Catalog>("../content/catalog.*.ts", { import: "catalog" });
const CHAPTERS = import.meta.glob<PageText>("../content/chapter.*.ts", { import: "chapter" });

/** A run as the server lists it. */
export interface ListedRun {
  readonly id: number;
  readonly name: string;
  /** A file of a recorded run, a figure file, or a run recorded as it happens (`agent-loop-figure live`). */
  readonly kind: "run" | "figure" | "live";
  readonly revision: number;
}

/** What the page shows of a run: its trace, told, with its notes; or a figure file's problems. */
type Shown =
  | {
      readonly ok: true;
      readonly id: number;
      readonly trace: Trace;
      readonly story: Story;
      readonly notes: readonly StepNote[];
      readonly summary: string;
      readonly at: Date;
      /** The step a reader following the run sits at: its last, or the reply still streaming in. */
      readonly head: number;
    }
  | { readonly ok: false; readonly id: number; readonly problems: readonly ShownProblem[] };

interface Words {
  readonly lang: Lang;
  readonly catalog: Catalog;
  readonly steps: StepPhrasing;
  readonly runs: RunText;
  /** The export bar's words (the chapter page's). */
  readonly exporting: ExportText;
}

async function wordsIn(lang: Lang): Promise<Words> {
  const catalog = CATALOGS[`../content/catalog.${lang}.ts`];
  const chapter = CHAPTERS[`../content/chapter.${lang}.ts`];
  if (catalog === undefined || chapter === undefined) throw new Error(`no catalog for ${lang}`);
  const [text, steps, runs, page] = await Promise.all([
    catalog(),
    loadStepPhrases(lang),
    loadRunWords(lang),
    chapter(),
  ]);
  return { lang, catalog: text, steps, runs, exporting: page.exporting };
}

/** Why a recorded run cannot be shown: what the import found (the chapter page says it the same way). */
interface Failed {
  readonly id: number;
  readonly failure: LoadFailure;
}

/** What the proxy saw of a live run besides its document (none when it cannot be fetched). */
async function liveFacts(run: ListedRun, revision: number): Promise<LiveFacts> {
  const none: LiveFacts = { streaming: false, events: [] };
  try {
    const response = await fetch(new URL(`api/runs/${run.id}/facts?v=${revision}`, window.location.href));
    return response.ok ? ((await response.json()) as LiveFacts) : none;
  } catch {
    return none;
  }
}

/**
 * A run's file as it is now, read and shown; why the import cannot read it; or null when it could not be fetched
 * (the page keeps what it had).
 */
async function read(run: ListedRun, revision: number, words: Words): Promise<Shown | Failed | null> {
  const url = new URL(`api/runs/${run.id}?v=${revision}`, window.location.href);
  if (run.kind === "figure") {
    const response = await fetch(url);
    if (!response.ok) return null;
    const resolved = await resolveSource({ kind: "file", file: await response.text() }, words.lang, {
      figures: () => import("../figure").then((module) => ({ open: module.openFigure })),
      words: async () => words.steps,
    });
    if (resolved.status !== "shown") return { ok: false, id: run.id, problems: resolved.problems };
    return {
      ok: true,
      id: run.id,
      trace: resolved.trace,
      story: resolved.story,
      notes: [],
      summary: "",
      at: new Date(),
      head: resolved.trace.steps.length,
    };
  }
  const live = run.kind === "live";
  const [result, facts] = await Promise.all([
    loadTranscript({ kind: live ? "live" : "transcriptUrl", url: url.href }, words.lang, runStoryIn(words.runs)),
    live ? liveFacts(run, revision) : null,
  ]);
  if (typeof result === "object" && !("loaded" in result)) return { id: run.id, failure: result };
  if (typeof result !== "object") return null;
  const { loaded } = result;
  const said = facts === null ? null : liveNotes(words.runs.viewer.live, loaded.trace, loaded.problems, facts);
  return {
    ok: true,
    id: run.id,
    trace: loaded.trace,
    story: runStoryIn(words.runs)(run.name, loaded.summary, words.lang),
    notes:
      said === null
        ? runNotes(words.runs, loaded, null)
        : [...runNotes(words.runs, { ...loaded, problems: said.problems }, null), ...said.notes],
    summary: words.runs.importing.summary(loaded.summary, formatName(loaded.summary.format)),
    at: new Date(),
    head: facts === null ? loaded.trace.steps.length : liveHead(loaded.trace, facts),
  };
}

/** What a viewer records runs from as they happen (`/api/runs` says). */
interface Receiving {
  readonly proxy: boolean;
  readonly telemetry: boolean;
}

export function Viewer(props: { lang: Lang }) {
  const [lang, setLang] = useState(props.lang);
  const [words, setWords] = useState<Words | null>(null);
  const [runs, setRuns] = useState<readonly ListedRun[] | null>(null);
  // What the server records runs from as they happen: the proxy, the OTLP receiver.
  const [receiving, setReceiving] = useState<Receiving>({ proxy: true, telemetry: false });
  const [access, setAccess] = useState<"ok" | "denied" | "gone">("ok");
  const [chosen, setChosen] = useState(0);
  const [revisions, setRevisions] = useState<Readonly<Record<number, number>>>({});
  const [shown, setShown] = useState<Shown | null>(null);
  const [stale, setStale] = useState(false);
  // The run's file could never be read as a run (nothing of it was shown): why.
  const [failed, setFailed] = useState<Failed | null>(null);
  const [step, setStep] = useState(1);
  // Keep the figure at the run's newest step as it goes on (on for a live run); stepping back turns it off.
  const [follow, setFollow] = useState(false);

  useEffect(() => {
    let live = true;
    void wordsIn(lang).then((loaded) => live && setWords(loaded));
    document.documentElement.lang = languageOf(lang).htmlLang;
    return () => {
      live = false;
    };
  }, [lang]);

  // The runs, and again whenever the server has a new one (a live run beginning); each change of a run, as told.
  // The list is read again once the event stream is open (a run begun before it connected was told to no one), and
  // only the newest read is kept (two reads may answer out of order).
  useEffect(() => {
    let asked = 0;
    const list = () => {
      const mine = ++asked;
      void fetch("api/runs").then(
        async (response) => {
          if (response.status === 401 || response.status === 403) setAccess("denied");
          else if (!response.ok) setAccess("gone");
          else {
            const answer = (await response.json()) as { runs: ListedRun[]; receiving?: Receiving };
            if (mine === asked) {
              setRuns(answer.runs);
              setReceiving(answer.receiving ?? { proxy: true, telemetry: false });
            }
          }
        },
        () => setAccess("gone"),
      );
    };
    list();
    const events = new EventSource("api/events");
    events.addEventListener("open", list);
    events.addEventListener("runs", list);
    events.addEventListener("change", (event) => {
      const { id, revision } = JSON.parse((event as MessageEvent<string>).data) as { id: number; revision: number };
      setRevisions((known) => ({ ...known, [id]: revision }));
    });
    return () => events.close();
  }, []);

  const run = runs?.[chosen];
  const revision = run === undefined ? 0 : Math.max(revisions[run.id] ?? 0, run.revision);
  // The step the reader is at, read when a new version arrives: at the end, the figure follows the run's end.
  const where = useRef(step);
  where.current = step;
  const following = useRef(follow);
  following.current = follow;
  const kind = run?.kind;
  useEffect(() => setFollow(kind === "live"), [kind]);
  const shownNow = useRef<Shown | null>(null);
  const lastRead = useRef(0);
  useEffect(() => {
    if (run === undefined || words === null) return;
    let live = true;
    // A run that changes many times a second (a file written line after line, an answer streaming) is read at most
    // once every SETTLE_MS, and never later than that after a change (the first version at once).
    const wait = shownNow.current?.id === run.id ? Math.max(0, lastRead.current + SETTLE_MS - Date.now()) : 0;
    const timer = window.setTimeout(() => {
      lastRead.current = Date.now();
      void reading();
    }, wait);
    const reading = () =>
      read(run, revision, words).then(
        (next) => {
          if (!live) return;
          const before = shownNow.current;
          if (next === null || "failure" in next) {
            // What was shown of this run stays; a run never shown says why it cannot be.
            if (before?.id === run.id) setStale(true);
            else if (next === null) setAccess("gone");
            else setFailed(next);
            return;
          }
          setStale(false);
          setFailed(null);
          if (next.ok) {
            if (following.current) setStep(next.head);
            else if (before?.id !== next.id) setStep(1);
            // At the end of the run as it was, the figure follows the run's new end.
            else if (before.ok && where.current >= before.head) setStep(next.head);
          }
          shownNow.current = next;
          setShown(next);
        },
        () => live && setStale(true),
      );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [run, revision, words]);

  const text = useMemo(
    () =>
      words === null || shown === null || !shown.ok
        ? null
        : storyCatalog({ ...words.catalog, ...words.steps }, shown.story),
    [words, shown],
  );
  const onLangChange = useCallback((next: Lang) => setLang(next), []);
  const handle = useRef<PlayerHandle | null>(null);
  const noop = useCallback(() => {}, []);
  const head = shown?.ok ? shown.head : 0;
  const onStepChange = useCallback(
    (next: number) => {
      setStep(next);
      if (next < head) setFollow(false);
    },
    [head],
  );
  const onFollowChange = useCallback(
    (on: boolean) => {
      setFollow(on);
      if (on && head > 0) setStep(head);
    },
    [head],
  );

  if (words === null) return null;
  const viewer = words.runs.viewer;
  return (
    <main className="viewer">
      <header className="viewer-header">
        <h1>{viewer.title}</h1>
        {runs !== null && runs.length > 1 ? (
          <label className="viewer-pick">
            {viewer.pick}{" "}
            <select value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
              {runs.map((listed) => (
                <option key={listed.id} value={listed.id}>
                  {listed.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </header>
      <p className="viewer-status" role="status">
        {access === "denied"
          ? viewer.noAccess
          : access === "gone"
            ? viewer.gone
            : run === undefined
              ? runs === null
                ? ""
                : viewer.waiting(receiving)
              : failed?.id === run.id
                ? viewer.notDrawn(run.name, run.kind === "live")
                : stale
                  ? viewer.stale(run.name)
                  : shown === null || shown.id !== run.id
                    ? viewer.reading(run.name)
                    : shown.ok
                      ? viewer.following(run.name, shown.at.toLocaleTimeString(languageOf(lang).htmlLang))
                      : viewer.figureProblems(run.name)}
      </p>
      {shown?.ok && shown.summary !== "" ? <p className="viewer-summary">{shown.summary}</p> : null}
      {shown?.ok && shown.id === run?.id ? <h2 className="viewer-run">{run?.name}</h2> : null}
      {shown?.ok && shown.id === run?.id ? (
        <label className="viewer-follow">
          <input type="checkbox" checked={follow} onChange={(event) => onFollowChange(event.target.checked)} />{" "}
          {viewer.follow}
        </label>
      ) : null}
      {failed !== null && failed.id === run?.id ? (
        <FailureNote failure={failed.failure} text={words.runs.importing} heading={viewer.notDrawnReasons} />
      ) : null}
      {shown !== null && shown.id === run?.id && !shown.ok ? (
        <FigureProblems text={words.catalog} problems={shown.problems} />
      ) : null}
      {shown?.ok && shown.id === run?.id && text !== null ? (
        <Player
          trace={shown.trace}
          text={text}
          step={Math.min(step, shown.trace.steps.length)}
          onStepChange={onStepChange}
          onLangChange={onLangChange}
          notes={shown.notes}
          {...defined({ find: findInUrl() })}
        />
      ) : null}
      {shown?.ok && shown.id === run?.id && run !== undefined ? (
        <ExportBar
          text={words.exporting}
          report={{ runs: words.runs, views: runViews }}
          onNeedRuns={noop}
          trace={shown.trace}
          figure={handle}
          builtin={null}
          name={run.name.replace(/[^\w.-]+/g, "-").replace(/^-|-$/g, "")}
        />
      ) : null}
    </main>
  );
}
