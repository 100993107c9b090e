/**
 * A run at a glance, without React: every step of the run along one strip, a row for each kind of thing that happened
 * (a tool's error, a refusal, a call cut short, a warning, a retry, a compaction, a note, what Find found), the current
 * step marked; jumps to the next problem, round and call of the same tool, each with a key; Find over the run's text;
 * and the run's summary, each item a way to its first step. Framework-free so that one module serves every shell: a
 * chunk of the module builds, a classic-script pack of embed.html (src/embed/overview-loader.ts). The strip is one
 * canvas drawn from the overview's sorted step lists (a row's marks counted into columns, a crowded column drawn
 * taller), so a run of any length adds no element per step; a step change moves one line and rewrites a few words.
 */
import { type Lang, languageOf } from "../../content/languages";
import type { OverviewLabels } from "../../content/types";
import { MARK_KINDS, type MarkKind } from "../../content/types";
import type { Outcome, Trace } from "../../engine";
import { type KeyEventLike, typingIn } from "../keyboard/keyToIntent";
import type { NotesByStep } from "../notes";
import { buildOverview, callsOf, countUpTo, findSteps, nextIn, type RunOverview, roundOf } from "../overview";
import type { PlayerStore } from "../store/createPlayerStore";

/** What the overview is given by its figure, and again whenever any of it changes. */
export interface OverviewInput {
  readonly words: OverviewLabels;
  /** The outcomes' words, for how the run ended. */
  readonly outcomes: Readonly<Record<Outcome, string>>;
  readonly lang: Lang;
  readonly notes: NotesByStep;
}

/** The overview's controller: given new words or notes, or taken down. */
export interface OverviewWidget {
  update(input: OverviewInput): void;
  destroy(): void;
}

type RowId = MarkKind | "rounds" | "found";

/** A symbol for each row, so that a row is told by more than its colour. */
const SYMBOLS: Readonly<Record<RowId, string>> = {
  error: "✗",
  refused: "⊘",
  stopped: "■",
  warning: "⚠",
  retry: "↻",
  compaction: "⇣",
  note: "ℹ",
  rounds: "│",
  found: "⌕",
};

/** How far back the same-tool jump looks for the latest call, from a step that is about none (a model call). */
const TOOL_LOOKBACK = 64;

/** How many tools the summary names, the most called first. */
const SUMMARY_TOOLS = 6;

/** Below this width (px) the overview starts closed: a phone's screen is the stage's. */
const PHONE = 560;

/** How long each slice of working out the overview runs (ms). */
const BUILD_SLICE = 12;

/** How long typing pauses before Find searches (ms), and how long each slice of its search runs. */
const FIND_WAIT = 150;
const FIND_SLICE = 8;

/** A run read from a record rather than run by the engine: a transcript records no budget. */
const isRecorded = (trace: Trace) => trace.budget === null;

/** An element with a class, and its text (never HTML: a run's text is the reader's, not ours). */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className !== undefined) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/** The entry of an ascending list nearest to `target`, or null for an empty list. */
function nearest(list: readonly number[], target: number): number | null {
  const after = nextIn(list, target - 1, true);
  const before = nextIn(list, target, false);
  if (after === null) return before;
  if (before === null) return after;
  return after - target < target - before ? after : before;
}

/** One row of the strip: what it marks, and its steps (ascending, 0-based). */
interface Row {
  readonly id: RowId;
  readonly steps: readonly number[];
}

/**
 * How many of `steps` (sorted or not) fall in each of `columns` equal columns of a run of `total` steps: the first
 * step in the first column, the last in the last. What a row's marks are drawn from, so that where they crowd (200
 * errors on a phone's strip of about 150 columns) the strip still shows where there are more.
 * @example columnCounts([0, 1, 9], 10, 2) // Uint32Array [2, 1]
 */
export function columnCounts(steps: readonly number[], total: number, columns: number): Uint32Array {
  const counts = new Uint32Array(Math.max(1, columns));
  const last = counts.length - 1;
  const span = Math.max(1, total - 1);
  for (const step of steps) {
    const column = Math.min(last, Math.max(0, Math.round((step / span) * last)));
    counts[column] = (counts[column] ?? 0) + 1;
  }
  return counts;
}

/**
 * Draw the rows' marks: each row a band with its track, its marks counted into columns of one mark's width, each
 * column's bar as tall as its share of the row's fullest column (on a square-root scale, and never under a third of
 * the band, so a lone mark is seen). A row whose columns each hold at most one mark draws every bar whole. The
 * rounds row is a thin tick per column. A row's colour is its symbol's, as the page's styles resolve it (light or
 * dark); the track's is the canvas's own colour.
 */
function draw(canvas: HTMLCanvasElement, rows: readonly Row[], total: number, colourOf: (id: RowId) => string) {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  // Not laid out (a closed overview, a page without layout): nothing to draw yet.
  if (width === 0 || height === 0) return;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext("2d");
  if (context === null || rows.length === 0) return;
  context.scale(ratio, ratio);
  const rowHeight = height / rows.length;
  const track = getComputedStyle(canvas).color;
  rows.forEach((row, r) => {
    const top = r * rowHeight;
    context.fillStyle = track;
    context.fillRect(0, top + rowHeight / 2 - 0.5, width, 1);
    context.fillStyle = colourOf(row.id);
    const thin = row.id === "rounds";
    const size = Math.max(thin ? 1 : 2, width / total);
    const columns = Math.max(1, Math.floor(width / size));
    const counts = columnCounts(row.steps, total, columns);
    const fullest = counts.reduce((most, count) => Math.max(most, count), 0);
    const band = thin ? rowHeight * 0.4 : rowHeight - 4;
    const pitch = columns > 1 ? (width - size) / (columns - 1) : 0;
    counts.forEach((count, column) => {
      if (count === 0) return;
      const share = thin || fullest <= 1 ? 1 : 1 / 3 + (2 / 3) * Math.sqrt(count / fullest);
      const tall = band * share;
      context.fillRect(Math.floor(column * pitch), top + (rowHeight - tall) / 2, size, tall);
    });
  });
}

/**
 * Build the overview of the figure whose store is `store` into `host`: `open` shows it open at first, `find` starts
 * Find with a query (the page's address's). While it is up, the figure hands it the keys it does not use itself.
 * @example const widget = createRunOverview(div, store, input, { open: true }); widget.update(input); widget.destroy();
 */
export function createRunOverview(
  host: HTMLElement,
  store: PlayerStore,
  first: OverviewInput,
  options: { readonly open: boolean; readonly find?: string | undefined },
): OverviewWidget {
  let input = first;
  let trace = store.getState().trace;
  /** Until the run's overview is worked out (a slice at a time): nothing marked yet. */
  let overview: RunOverview = {
    rounds: [0],
    marks: new Map(),
    problems: [],
    tools: new Map(),
    errors: new Map(),
    modelCalls: { count: 0, first: null },
    usage: null,
  };
  let building: ReturnType<typeof setTimeout> | undefined;
  let query = options.find?.trim() ?? "";
  /** What Find found for `query` in `trace`: null while it searches. */
  let found: readonly number[] | null = query === "" ? [] : null;
  let findTimer: ReturnType<typeof setTimeout> | undefined;
  /** Enter pressed while Find was still searching: where to go once it has found (forward or back). */
  let pendingFind: boolean | null = null;
  let rows: readonly Row[] = [];
  const count = (n: number) => n.toLocaleString(languageOf(input.lang).htmlLang);

  // The parts, made once; their words are written by `words()`, their state by `step()`.
  const root = element("details", "alf-overview");
  // On a phone it would take the screen from the stage: closed at first, unless a find asks for it (the keys still
  // work, and F opens it).
  const width = host.getBoundingClientRect().width;
  root.open = options.open && (query !== "" || width === 0 || width >= PHONE);
  const summary = element("summary");
  const heading = element("span", "alf-ov-heading");
  const glance = element("span", "alf-ov-glance");
  summary.append(heading, " ", glance);
  const strip = element("div", "alf-ov-strip");
  const labels = element("ul", "alf-ov-rows");
  labels.setAttribute("aria-hidden", "true");
  const track = element("div", "alf-ov-track");
  track.setAttribute("role", "slider");
  track.tabIndex = 0;
  track.setAttribute("aria-valuemin", "1");
  const canvas = element("canvas");
  const cursor = element("span", "alf-ov-cursor");
  cursor.setAttribute("aria-hidden", "true");
  track.append(canvas, cursor);
  strip.append(labels, track);
  const tools = element("div", "alf-ov-tools");
  const jumpGroup = () => {
    const group = element("div", "alf-ov-jump");
    group.setAttribute("role", "group");
    const name = element("span");
    name.setAttribute("aria-hidden", "true");
    const back = element("button", "alf-button alf-button-small", "◀");
    const on = element("button", "alf-button alf-button-small", "▶");
    back.type = "button";
    on.type = "button";
    group.append(name, back, on);
    tools.append(group);
    return { group, name, back, on };
  };
  const problemJump = jumpGroup();
  const roundJump = jumpGroup();
  const toolJump = jumpGroup();
  const find = element("div", "alf-ov-find");
  const findBox = element("input");
  findBox.type = "search";
  findBox.value = query;
  // Where Find is ("3 of 12"), the box's description; and what a search found, said once when it settles (a step
  // change is the figure's one announcement, so the place is not said again).
  const said = element("span", "alf-ov-said");
  said.id = `alf-ov-said-${Math.random().toString(36).slice(2)}`;
  findBox.setAttribute("aria-describedby", said.id);
  const settled = element("span", "alf-sr-only");
  settled.setAttribute("role", "status");
  find.append(findBox, said, settled);
  tools.append(find);
  const keys = element("p", "alf-ov-keys");
  keys.setAttribute("aria-hidden", "true");
  const summaryBox = element("details", "alf-ov-summary");
  const summaryHeading = element("summary");
  const summaryList = element("ul");
  summaryBox.append(summaryHeading, summaryList);
  root.append(summary, strip, tools, keys, summaryBox);
  host.append(root);

  const go = (target: number | null | undefined) => {
    if (target !== null && target !== undefined) store.getState().goTo(target);
  };
  const index = () => store.getState().index;
  /** The tool of the call the step is about, or of the latest call before it (a few steps back at most). */
  const toolAt = (at: number): string | null => {
    for (let i = at; i >= 0 && i > at - TOOL_LOOKBACK; i -= 1) {
      const shown = trace.steps[i];
      const name = shown === undefined ? undefined : callsOf(shown)[0]?.name;
      if (name !== undefined) return name;
    }
    return null;
  };
  const jumps = {
    problem: (forward: boolean) => nextIn(overview.problems, index(), forward),
    round: (forward: boolean) => {
      const at = index();
      const round = roundOf(overview, at);
      // Back from inside a round: to its start first.
      if (!forward && (overview.rounds[round] ?? 0) < at) return overview.rounds[round] ?? null;
      return overview.rounds[round + (forward ? 1 : -1)] ?? null;
    },
    tool: (forward: boolean) => {
      const name = toolAt(index());
      return name === null ? null : nextIn(overview.tools.get(name) ?? [], index(), forward);
    },
  };
  const findNext = (forward: boolean) => {
    if (found === null) pendingFind = forward;
    if (found === null || found.length === 0) return;
    go(nextIn(found, index(), forward) ?? (forward ? found[0] : found.at(-1)));
  };

  /** The strip's rows: the rounds, each kind the run has, and Find's when it has a query. */
  const rowsNow = (): readonly Row[] => [
    { id: "rounds", steps: overview.rounds },
    ...MARK_KINDS.flatMap((kind) => {
      const steps = overview.marks.get(kind);
      return steps === undefined ? [] : [{ id: kind, steps }];
    }),
    ...(query === "" ? [] : [{ id: "found" as const, steps: found ?? [] }]),
  ];
  const colourOf = (id: RowId) => {
    const symbol = labels.querySelector(`[data-row="${id}"] .alf-ov-symbol`);
    return symbol === null ? "" : getComputedStyle(symbol).color;
  };
  const redraw = () => draw(canvas, rows, trace.steps.length, colourOf);
  /** Rewrite the rows' names and counts, and draw them. */
  const drawRows = () => {
    rows = rowsNow();
    const { words } = input;
    labels.replaceChildren(
      ...rows.map((row) => {
        const item = element("li");
        item.dataset.row = row.id;
        const name = row.id === "rounds" ? words.rounds : row.id === "found" ? words.matches : words.kinds[row.id];
        item.append(
          element("span", "alf-ov-symbol", SYMBOLS[row.id]),
          ` ${name} `,
          element("span", "alf-ov-count", count(row.steps.length)),
        );
        return item;
      }),
    );
    track.style.height = `calc(${rows.length} * var(--alf-ov-row))`;
    redraw();
  };

  /** The summary: each item a way to its first step. */
  const writeSummary = () => {
    const { words } = input;
    const item = (text: string, step: number | null | undefined) => {
      const li = element("li");
      if (step === null || step === undefined) li.textContent = text;
      else {
        const button = element("button", "alf-link", text);
        button.type = "button";
        button.addEventListener("click", () => go(step));
        li.append(button);
      }
      return li;
    };
    const items: HTMLLIElement[] = [item(words.modelCalls(overview.modelCalls.count), overview.modelCalls.first)];
    const byCount = [...overview.tools].sort((a, b) => b[1].length - a[1].length);
    if (byCount.length > 0) {
      const li = element("li", undefined, `${words.toolCalls(toolCallCount())} `);
      const list = element("ul", "alf-ov-inline");
      list.append(
        ...byCount.slice(0, SUMMARY_TOOLS).map(([name, steps]) => item(words.toolCount(name, steps.length), steps[0])),
      );
      if (byCount.length > SUMMARY_TOOLS) list.append(item(words.moreTools(byCount.length - SUMMARY_TOOLS), null));
      li.append(list);
      items.push(li);
    }
    for (const [by, { count: n, first: at }] of overview.errors) items.push(item(words.errorsBy(by, n), at));
    for (const kind of ["stopped", "warning", "retry", "compaction"] as const) {
      const list = overview.marks.get(kind);
      if (list !== undefined) items.push(item(words.kindCount(kind, list.length), list[0]));
    }
    if (overview.problems.length === 0) items.push(item(words.noProblems, null));
    // The note's words, as a sentence of their own.
    const usage = overview.usage?.text ?? "";
    if (overview.usage !== null)
      items.push(item(`${usage.charAt(0).toLocaleUpperCase(input.lang)}${usage.slice(1)}`, overview.usage.step));
    items.push(item(words.ended(input.outcomes[trace.outcome]), trace.steps.length - 1));
    summaryList.replaceChildren(...items);
  };
  const toolCallCount = () => [...overview.tools.values()].reduce((sum, list) => sum + list.length, 0);

  /** The words that change with the language (or with the run's counts). */
  const words = () => {
    const { words } = input;
    heading.textContent = words.heading;
    // Each count kept on one line, the line wrapping between them.
    glance.replaceChildren(
      ...words
        .glance(overview.modelCalls.count, toolCallCount(), overview.problems.length)
        .split(" · ")
        .flatMap((part, i) => [...(i === 0 ? [] : [" · "]), element("span", "alf-ov-part", part)]),
    );
    track.setAttribute("aria-label", words.position);
    for (const [jump, group, back, on] of [
      [problemJump, words.problemGroup, words.prevProblem, words.nextProblem],
      [roundJump, words.roundGroup, words.prevRound, words.nextRound],
    ] as const) {
      jump.group.setAttribute("aria-label", group);
      jump.name.textContent = group;
      jump.back.setAttribute("aria-label", back);
      jump.on.setAttribute("aria-label", on);
    }
    findBox.setAttribute("aria-label", words.find);
    findBox.placeholder = words.findPlaceholder;
    keys.textContent = `⌨ ${words.keys}`;
    summaryHeading.textContent = words.summary;
    writeSummary();
    drawRows();
    step();
  };

  /** What changes with the step: the cursor, the strip's value, the jumps' states, where Find is. */
  const step = () => {
    const { words } = input;
    const at = index();
    const total = trace.steps.length;
    const round = roundOf(overview, at);
    cursor.style.left = `${(at / Math.max(1, total - 1)) * 100}%`;
    const here = MARK_KINDS.filter((kind) => {
      const list = overview.marks.get(kind);
      return list !== undefined && nextIn(list, at - 1, true) === at;
    });
    track.setAttribute("aria-valuemax", String(total));
    track.setAttribute("aria-valuenow", String(at + 1));
    track.setAttribute("aria-valuetext", words.positionText(at + 1, total, round + 1, overview.rounds.length, here));
    const tool = toolAt(at);
    toolJump.name.textContent = words.toolGroup(tool);
    toolJump.group.setAttribute("aria-label", words.toolGroup(tool));
    toolJump.back.setAttribute("aria-label", words.prevTool(tool ?? ""));
    toolJump.on.setAttribute("aria-label", words.nextTool(tool ?? ""));
    for (const [jump, to] of [
      [problemJump, jumps.problem],
      [roundJump, jumps.round],
      [toolJump, jumps.tool],
    ] as const) {
      jump.back.setAttribute("aria-disabled", String(to(false) === null));
      jump.on.setAttribute("aria-disabled", String(to(true) === null));
    }
    said.textContent =
      query === ""
        ? ""
        : found === null
          ? words.findSearching
          : found.length === 0
            ? words.findNone
            : words.findCount(found[countUpTo(found, at) - 1] === at ? countUpTo(found, at) : 0, found.length);
  };

  /** Search the run for the query, a slice at a time once typing pauses. */
  const search = () => {
    clearTimeout(findTimer);
    if (query === "") {
      found = [];
      settled.textContent = "";
      drawRows();
      step();
      return;
    }
    found = null;
    pendingFind = null;
    step();
    const searching = findSteps(trace, query);
    const slice = () => {
      const done = searching.run(FIND_SLICE);
      if (done === null) findTimer = setTimeout(slice, 0);
      else {
        found = done;
        drawRows();
        step();
        settled.textContent = done.length === 0 ? input.words.findNone : input.words.findCount(0, done.length);
        if (pendingFind !== null) findNext(pendingFind);
        pendingFind = null;
      }
    };
    findTimer = setTimeout(slice, FIND_WAIT);
  };

  for (const [jump, to] of [
    [problemJump, jumps.problem],
    [roundJump, jumps.round],
    [toolJump, jumps.tool],
  ] as const) {
    jump.back.addEventListener("click", () => go(to(false)));
    jump.on.addEventListener("click", () => go(to(true)));
  }
  findBox.addEventListener("input", () => {
    query = findBox.value.trim();
    search();
  });
  findBox.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      findNext(!event.shiftKey);
    } else if (event.key === "Escape" && findBox.value !== "") {
      event.preventDefault();
      findBox.value = "";
      query = "";
      search();
    }
  });
  track.addEventListener("keydown", (event) => {
    const rounds = overview.rounds;
    const round = roundOf(overview, index());
    const to: Record<string, number | null | undefined> = {
      ArrowRight: rounds[round + 1],
      ArrowUp: rounds[round + 1],
      ArrowLeft: jumps.round(false),
      ArrowDown: jumps.round(false),
      PageDown: rounds[Math.min(rounds.length - 1, round + 10)],
      PageUp: rounds[Math.max(0, round - 10)],
      Home: 0,
      End: trace.steps.length - 1,
    };
    if (!(event.key in to)) return;
    event.preventDefault();
    go(to[event.key]);
  });
  track.addEventListener("click", (event) => {
    const box = track.getBoundingClientRect();
    const x = Math.min(1, Math.max(0, (event.clientX - box.left) / Math.max(1, box.width)));
    const y = Math.floor(((event.clientY - box.top) / Math.max(1, box.height)) * rows.length);
    const target = Math.round(x * (trace.steps.length - 1));
    const row = rows[Math.min(rows.length - 1, Math.max(0, y))];
    if (row === undefined || row.id === "rounds") go(overview.rounds[roundOf(overview, target)] ?? target);
    else go(nearest(row.steps, target));
  });

  /** Work the overview out again (a new run, new notes), a slice at a time; then write it, and search it again. */
  const rebuild = () => {
    clearTimeout(building);
    const builder = buildOverview(trace, input.notes, isRecorded(trace));
    const slice = () => {
      const done = builder.run(BUILD_SLICE);
      if (done === null) {
        building = setTimeout(slice, 0);
        return;
      }
      overview = done;
      words();
      if (query !== "") search();
    };
    slice();
  };

  // The figure's keys for the jumps and Find (the figure's root hands on the keys it does not use itself).
  const jump = (event: KeyEventLike): boolean => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target))
      return false;
    const forward = event.key === event.key.toLowerCase();
    switch (event.key.toLowerCase()) {
      case "p":
        go(jumps.problem(forward));
        return true;
      case "r":
        go(jumps.round(forward));
        return true;
      case "t":
        go(jumps.tool(forward));
        return true;
      case "f":
        if (!forward) return false;
        // Open it, and the drawer it is in (a lesson's).
        for (let open: Element | null = root; open !== null; open = open.parentElement?.closest("details") ?? null)
          if (open instanceof HTMLDetailsElement) open.open = true;
        findBox.focus();
        return true;
      default:
        return false;
    }
  };
  store.setState({ jump });
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.trace !== previous.trace) {
      // A run that grew (a live one) or another run: worked out again, and searched again.
      trace = state.trace;
      rebuild();
    } else if (state.index !== previous.index) step();
  });
  const resize =
    typeof ResizeObserver === "undefined"
      ? null
      : new ResizeObserver(() => {
          if (canvas.width !== Math.round(canvas.clientWidth * (window.devicePixelRatio || 1))) redraw();
        });
  resize?.observe(canvas);
  // The reader's colour scheme changed (a figure following it): the marks take the new colours.
  const scheme = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
  scheme?.addEventListener("change", redraw);
  // So does a theme the figure is given (its root's data-theme, set by the host).
  const themed = host.closest(".alf-root");
  const theme = typeof MutationObserver === "undefined" || themed === null ? null : new MutationObserver(redraw);
  if (themed !== null) theme?.observe(themed, { attributes: true, attributeFilter: ["data-theme"] });
  // Drawn once open: a closed one's canvas has no size.
  root.addEventListener("toggle", () => root.open && redraw());
  words();
  rebuild();

  return {
    update(next) {
      const notesChanged = next.notes !== input.notes;
      input = next;
      if (notesChanged) rebuild();
      else words();
    },
    destroy() {
      clearTimeout(findTimer);
      clearTimeout(building);
      unsubscribe();
      resize?.disconnect();
      scheme?.removeEventListener("change", redraw);
      theme?.disconnect();
      if (store.getState().jump === jump) store.setState({ jump: null });
      root.remove();
    },
  };
}
