/**
 * The authoring page's editor: CodeMirror 6 with JSON, the schema's completion (./completion.ts) and the figure
 * reader's own problems as diagnostics at their line and column. Framework-free (`create…` with `update` /
 * `destroy`, as the player's DOM modules), so the page only tells it what to show. Loaded only on this page.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import { bracketMatching, foldGutter, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, lintGutter, lintKeymap, setDiagnostics } from "@codemirror/lint";
import { highlightSelectionMatches, search, searchKeymap } from "@codemirror/search";
import { Compartment, EditorState } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { defined } from "../engine";
import { type Schema, schemaCompletion } from "./completion";

/** A problem to mark: 1-based line and column, and what is wrong. */
export interface EditorProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** A problem keeps the figure from playing; a warning does not (default: error). */
  readonly severity?: "error" | "warning";
}

export interface FigureEditor {
  /** Replace the whole text (a template): one transaction, so undo brings the old text back. */
  replace(text: string): void;
  /** Mark these problems (and no others). */
  mark(problems: readonly EditorProblem[]): void;
  /** The text as it is now. */
  text(): string;
  /** Name the editor again (the page's language changed). */
  relabel(label: string): void;
  /** Put the cursor at a line and column, in view, and focus the editor. */
  goTo(line: number, column: number): void;
  destroy(): void;
}

/** The editor's look, inside its shadow root (the page's stylesheet does not reach it): the page's colours. */
const LOOK = EditorView.theme({
  "&": {
    height: "min(70vh, 48rem)",
    fontSize: "0.85rem",
    color: "var(--author-fg, #1c1f24)",
    backgroundColor: "var(--author-bg, #fbfbfc)",
  },
  "&.cm-focused": { outline: "3px solid var(--author-accent, #4338ca)", outlineOffset: "-3px" },
  ".cm-scroller": { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace', lineHeight: "1.5" },
  ".cm-gutters": {
    backgroundColor: "var(--author-box, #f1f3f6)",
    color: "var(--author-muted, #545b66)",
    borderRight: "1px solid var(--author-line, #d9dde3)",
  },
  ".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--author-accent, #4338ca) 7%, transparent)" },
  ".cm-activeLineGutter": { backgroundColor: "color-mix(in srgb, var(--author-accent, #4338ca) 14%, transparent)" },
  ".cm-cursor": { borderLeftColor: "var(--author-fg, #1c1f24)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground": {
    backgroundColor: "color-mix(in srgb, var(--author-accent, #4338ca) 25%, transparent)",
  },
  ".cm-tooltip": {
    backgroundColor: "var(--author-bg, #fbfbfc)",
    color: "var(--author-fg, #1c1f24)",
    border: "1px solid var(--author-line, #d9dde3)",
  },
});

/** JSON's parts in colours that read in both schemes (and not by colour alone: the text says what it is). */
const COLOURS = HighlightStyle.define([
  { tag: tags.propertyName, color: "light-dark(#3730a3, #c7d0ff)" },
  { tag: tags.string, color: "light-dark(#166534, #86efac)" },
  { tag: [tags.number, tags.bool, tags.null], color: "light-dark(#9a5b00, #f2b450)" },
  { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: "light-dark(#545b66, #a9b0bc)" },
]);

/** The offset of a 1-based line and column in the document, clamped to it. */
function offsetOf(state: EditorState, line: number, column: number): number {
  const at = state.doc.line(Math.min(Math.max(1, line), state.doc.lines));
  return Math.min(at.from + Math.max(0, column - 1), at.to);
}

/**
 * An editor for a figure file in `parent`, named `label` for assistive technology, calling `onChange` with the
 * text whenever it changes.
 */
export function createFigureEditor(options: {
  readonly parent: HTMLElement;
  readonly text: string;
  readonly label: string;
  readonly describedBy?: string;
  readonly schema: Schema;
  readonly onChange: (text: string) => void;
}): FigureEditor {
  const named = new Compartment();
  const attributes = (label: string) =>
    EditorView.contentAttributes.of({
      "aria-label": label,
      // Focusable as it is (contenteditable); said outright, so checkers see the scroller's content can take focus.
      tabindex: "0",
      ...defined({ "aria-describedby": options.describedBy }),
    });
  // In a shadow root of its own: there CodeMirror's styles are constructed stylesheets, which the page's strict
  // Content Security Policy allows (in the document it would add <style> elements, which the policy refuses).
  const shadow = options.parent.shadowRoot ?? options.parent.attachShadow({ mode: "open" });
  const mount = document.createElement("div");
  shadow.replaceChildren(mount);
  const view = new EditorView({
    root: shadow,
    parent: mount,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        foldGutter(),
        lintGutter(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        search({ top: true }),
        json(),
        LOOK,
        syntaxHighlighting(COLOURS),
        EditorView.lineWrapping,
        autocompletion({ override: [schemaCompletion(options.schema)] }),
        // No Tab binding: Tab leaves the editor, so it is no keyboard trap.
        keymap.of([
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...searchKeymap,
          ...historyKeymap,
          ...completionKeymap,
          ...lintKeymap,
        ]),
        named.of(attributes(options.label)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    replace(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    mark(problems) {
      const diagnostics: Diagnostic[] = problems.map((problem) => {
        const from = offsetOf(view.state, problem.line, problem.column);
        const end = view.state.doc.lineAt(from).to;
        return {
          from,
          to: Math.max(from, Math.min(end, from + 1)),
          severity: problem.severity ?? "error",
          message: problem.message,
        };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    text: () => view.state.doc.toString(),
    relabel(label) {
      view.dispatch({ effects: named.reconfigure(attributes(label)) });
    },
    goTo(line, column) {
      const at = offsetOf(view.state, line, column);
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}
