/**
 * agent-loop-figure.js: defines <agent-loop-figure>, the figure as a custom element. One self-contained ES
 * module (it brings its own React). It renders into an open shadow root with its styles inside, so a host page's
 * rules reach neither its layout nor its text; attributes are observed live; it fires `ready`, `stepchange`,
 * `play`, `pause` and `ended` as DOM CustomEvents whose details match the iframe's messages. A course author's
 * figure file comes from a `src` attribute or an inline `<script type="application/json">` child; the code that
 * opens it, embed-figure.js, loads from beside this module when one is given (`loaded` or `loaderror` then).
 */

import FIRST from "virtual:builtins/first.all.js";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { catalogs } from "../content";
import type { Lang } from "../content/languages";
import type { Statement } from "../course/xapi";
import { defined } from "../engine";
import type { SourceLoaders } from "../figure/source";
import type { PlayerHandle, ScenarioLinks } from "../player";
import playerCss from "../player/player.css?inline";
import { isScenarioId } from "../scenarios/ids";
import { FigureFrom } from "./AgentLoopFigure";
import { completedFields, progressFields } from "./course-events";
import type { FigureEvents } from "./messages";
import {
  checkStep,
  DEFAULT_OPTIONS,
  type FigureOptions,
  OPTION_EXPECTS,
  type OptionName,
  optionWarning,
  readOptions,
} from "./options";
import { loadBuiltinsPack, loadFigurePack } from "./pack-loader";

/** The attributes the element observes (all but `autoplay` and `present`, read once when it first connects). */
const ATTRIBUTES = [
  "step",
  "lang",
  "dwell",
  "theme",
  "controls",
  "scenario",
  "checkpoints",
] as const satisfies readonly OptionName[];

/**
 * Every attribute the element reads but `step` and `lang`, settable as a property too: Vue, React 19 and Lit assign
 * a property when an element has one. A property write sets the attribute (which the element observes), a read
 * gives the attribute's value; `null` or `undefined` removes it. `checkpoints` and `autoplay` are booleans
 * (`"1"`/`"0"`), `dwell` a number, the rest strings. (`lang` is every element's own reflected property already.)
 */
const REFLECTED = {
  dwell: "number",
  theme: "string",
  controls: "string",
  scenario: "string",
  checkpoints: "boolean",
  autoplay: "boolean",
  present: "boolean",
  src: "string",
  activity: "string",
  reader: "string",
  find: "string",
} as const;

/** A property's value as its attribute's text (null: no attribute). */
function attributeText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? "1" : "0";
  return String(value);
}

/** Where this module was loaded from: embed-figure.js is beside it. */
const HERE = import.meta.url;

/**
 * The element's loaders for the one resolver: the default built-in in every language is in this module; the other
 * built-ins come from the embed pages' packs beside it (embed-builtins-<code>.js), and a figure file's reader from
 * embed-figure.js, so that a page showing the default loads nothing more.
 */
const ELEMENT_LOADERS: SourceLoaders = {
  builtin: async (id, lang) => FIRST[lang]?.[id] ?? (await loadBuiltinsPack(lang, HERE))[lang]?.[id] ?? null,
  figures: () => loadFigurePack(HERE),
};

const HOST_CSS = `
:host { all: initial; display: block; contain: content; width: 100%; box-sizing: border-box; }
:host([hidden]) { display: none; }
`;

/** One stylesheet object for every element on the page (constructable sheets are not inline styles: CSP allows them). */
let sharedSheet: CSSStyleSheet | null = null;
function stylesheet(): CSSStyleSheet {
  if (sharedSheet === null) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(HOST_CSS + playerCss);
  }
  return sharedSheet;
}

/** `<agent-loop-figure step="3" lang="en">`: see docs/embedding.md. */
export class AgentLoopFigureElement extends HTMLElement {
  static readonly observedAttributes = [...ATTRIBUTES, "src", "reader", "find"];

  // The properties that mirror attributes, defined on the prototype below (see REFLECTED).
  declare dwell: number | null;
  declare theme: string | null;
  declare controls: string | null;
  declare scenario: string | null;
  declare checkpoints: boolean;
  declare autoplay: boolean;
  declare present: boolean;
  declare src: string | null;
  declare activity: string | null;
  declare reader: string | null;
  declare find: string | null;

  #root: Root | null = null;
  #handle: PlayerHandle | null = null;
  #options: FigureOptions = DEFAULT_OPTIONS;
  /** The language the reader chose with the figure's own switch, until the `lang` attribute changes. */
  #lang: Lang | null = null;
  #readyFired = false;
  /** The inline figure file's text, read when the element first connects. */
  #inline: string | null = null;

  connectedCallback(): void {
    // A property set before the element was defined (a framework that rendered it first) shadows the accessor:
    // take it off the instance and set it again through the accessor.
    for (const name of [...Object.keys(REFLECTED), "step", "lang"]) {
      if (!Object.hasOwn(this, name)) continue;
      const value: unknown = Reflect.get(this, name);
      Reflect.deleteProperty(this, name);
      Reflect.set(this, name, value);
    }
    if (this.#root === null) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      shadow.adoptedStyleSheets = [stylesheet()];
      const container = document.createElement("div");
      shadow.replaceChildren(container);
      const options = this.#read([...ATTRIBUTES, "autoplay", "present"]);
      // An inline figure file: the first <script type="application/json"> child's text (never run, never markup).
      this.#inline = this.querySelector(':scope > script[type="application/json"]')?.textContent ?? null;
      // A figure's steps are known once it has resolved: its step is checked then (#setHandle), and clamped.
      this.#options = options;
      this.#root = createRoot(container);
    }
    this.#render();
  }

  disconnectedCallback(): void {
    // Moving an element disconnects and reconnects it: only unmount when it is really gone.
    queueMicrotask(() => {
      if (this.isConnected || this.#root === null) return;
      this.#root.unmount();
      this.#root = null;
      this.#handle = null;
      this.#readyFired = false;
    });
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (this.#root === null || previous === value) return;
    if (name === "src") {
      this.#readyFired = false;
      this.#render();
      return;
    }
    if (name === "reader" || name === "find") {
      this.#render();
      return;
    }
    const attribute = name as (typeof ATTRIBUTES)[number];
    const { options } = this.#readSilently([attribute]);
    if (attribute === "step") {
      this.#warnAbout([attribute]);
      const step = options.step;
      if (step !== undefined && this.#handle !== null && !this.#handle.goTo(step)) {
        console.warn(optionWarning("step", OPTION_EXPECTS.step));
      }
      return;
    }
    this.#warnAbout([attribute]);
    this.#options = { ...this.#options, [attribute]: options[attribute] };
    if (attribute === "lang") this.#lang = null;
    this.#render();
  }

  /** Show step `step` (1-based); false for a step that does not exist. */
  goTo(step: number): boolean {
    return this.#handle?.goTo(step) ?? false;
  }
  next(): void {
    this.#handle?.next();
  }
  prev(): void {
    this.#handle?.prev();
  }
  play(): void {
    this.#handle?.play();
  }
  pause(): void {
    this.#handle?.pause();
  }
  /** The step shown now (1-based). */
  get step(): number {
    return this.#handle?.step ?? this.#options.step ?? 1;
  }
  /** Show a step, as the `step` attribute does (a framework may set either). */
  set step(value: number | string | null | undefined) {
    const text = attributeText(value);
    if (text === null) this.removeAttribute("step");
    else this.setAttribute("step", text);
  }
  /** How many steps the figure has. */
  get total(): number {
    return this.#handle?.total ?? 0;
  }

  #readSilently(names: readonly OptionName[]) {
    return readOptions((name) => this.getAttribute(name), names);
  }
  #warnAbout(names: readonly OptionName[]): void {
    for (const warning of this.#readSilently(names).warnings) console.warn(warning);
  }
  #read(names: readonly OptionName[]): FigureOptions {
    const { options, warnings } = this.#readSilently(names);
    for (const warning of warnings) console.warn(warning);
    return options;
  }

  #emit<N extends Exclude<keyof FigureEvents, "resize" | "xapi"> | "statement">(
    name: N,
    detail: N extends keyof FigureEvents ? FigureEvents[N] : Statement,
  ): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }
  #where() {
    return { step: this.step, total: this.total, lang: this.#currentLang() };
  }
  #currentLang(): Lang {
    return this.#lang ?? this.#options.lang;
  }

  /** Another built-in, opened in this element from a story's link: its `scenario` attribute set, as a host would. */
  readonly #scenarioLinks: ScenarioLinks = {
    opens: isScenarioId,
    follow: (scenario) => {
      if (isScenarioId(scenario)) this.setAttribute("scenario", scenario);
    },
  };

  /** React's ref: the handle arrives once the figure has rendered; that is when it is ready. */
  readonly #setHandle = (handle: PlayerHandle | null) => {
    this.#handle = handle;
    if (handle !== null && !this.#readyFired) {
      this.#readyFired = true;
      const checked = checkStep(this.#options.step, handle.total);
      if (checked.warning !== undefined) console.warn(checked.warning);
      this.#emit("ready", this.#where());
    }
  };

  #render(): void {
    const options = this.#options;
    const src = this.getAttribute("src");
    const file =
      this.#inline !== null
        ? { figure: this.#inline }
        : src !== null
          ? { figureUrl: new URL(src, document.baseURI).href }
          : {};
    this.#root?.render(
      <StrictMode>
        <FigureFrom
          loaders={ELEMENT_LOADERS}
          text={catalogs[this.#currentLang()]}
          {...file}
          onFigureLoaded={({ id, total }) =>
            this.#emit("loaded", { id, step: this.step, total, lang: this.#currentLang() })
          }
          onFigureError={(problems) => this.#emit("loaderror", { problems })}
          checkpoints={options.checkpoints}
          onProgress={(progress) => this.#emit("progress", progressFields(progress))}
          onCompleted={(progress) => this.#emit("completed", completedFields(progress))}
          onStatement={(statement) => this.#emit("statement", statement)}
          {...(this.getAttribute("activity") === null ? {} : { xapiActivity: this.getAttribute("activity") ?? "" })}
          {...(this.getAttribute("reader") === null ? {} : { reader: this.getAttribute("reader") ?? "" })}
          {...(this.getAttribute("find") === null ? {} : { find: this.getAttribute("find") ?? "" })}
          ref={this.#setHandle}
          scenario={options.scenario}
          lang={this.#currentLang()}
          {...defined({ defaultStep: options.step })}
          {...defined({ dwell: options.dwell })}
          autoplay={options.autoplay}
          present={options.present}
          theme={options.theme}
          controls={options.controls}
          onLangChange={(lang) => {
            this.#lang = lang;
            this.#render();
          }}
          onStepChange={(step) => this.#emit("stepchange", { ...this.#where(), step })}
          onPlay={() => this.#emit("play", {})}
          onPause={() => this.#emit("pause", {})}
          onEnded={() => this.#emit("ended", {})}
          // The story's links onward open another built-in in this element, as setting its attribute does.
          scenarioLinks={this.#scenarioLinks}
        />
      </StrictMode>,
    );
  }
}

for (const [name, kind] of Object.entries(REFLECTED)) {
  Object.defineProperty(AgentLoopFigureElement.prototype, name, {
    configurable: true,
    enumerable: true,
    get(this: HTMLElement) {
      const text = this.getAttribute(name);
      if (kind === "boolean") return text === "1";
      if (kind === "number") return text === null ? null : Number(text);
      return text;
    },
    set(this: HTMLElement, value: unknown) {
      const text = attributeText(value);
      if (text === null) this.removeAttribute(name);
      else this.setAttribute(name, text);
    },
  });
}

if (customElements.get("agent-loop-figure") === undefined) {
  customElements.define("agent-loop-figure", AgentLoopFigureElement);
}

declare global {
  interface HTMLElementTagNameMap {
    "agent-loop-figure": AgentLoopFigureElement;
  }
}
