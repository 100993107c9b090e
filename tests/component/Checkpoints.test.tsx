/**
 * A checkpoint as a reader meets it: its options in the order shuffled for that reader — the tab order, the names
 * read out, the marks and the verdict follow what is shown — graded by the option chosen, the same in presenter
 * mode, and the same again for the same reader on the next visit.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import { checkpointKey, optionOrder, READER_STORAGE_KEY } from "../../src/course/reader";
import { runScenario } from "../../src/engine";
import { Player } from "../../src/player/Player";
import { SCENARIOS, scenarioById } from "../../src/scenarios";
import { HOOK_MS, loadLaterParts } from "./later-parts";

// What these tests read of the panels and the question is there a moment after the first render.
beforeAll(loadLaterParts, HOOK_MS);

const story = SCENARIOS.f22.stories.en;
const checkpoints = story.checkpoints ?? [];
const first = checkpoints[0];
if (first === undefined) throw new Error("F22 asks checkpoints");
const texts = first.options.map((o) => o.text);
const rightText = first.options.find((o) => o.correct === true)?.text ?? "";
const QUESTION = "The model has proposed read_file (call_1). What happens next?";
/** What `reader` is shown at F22's first checkpoint, in order. */
const shownTo = (reader: string) => optionOrder(reader, checkpointKey("f22", 0), texts.length).map((i) => texts[i]);

function renderAt(props: { reader?: string; onAnswer?: (answer: unknown) => void } = {}) {
  const user = userEvent.setup();
  const view = render(
    <Player
      trace={runScenario(scenarioById("f22", "en"))}
      text={storyCatalog(catalogs.en, story)}
      checkpoints={checkpoints}
      defaultStep={3}
      {...props}
    />,
  );
  const figure = screen.getByRole("region", { name: /F22/ });
  return { user, figure, view };
}
/** The options' texts as shown, in order (without the symbol and the marks a settled option gains). */
const optionsIn = (scope: HTMLElement) =>
  within(within(scope).getByRole("group", { name: QUESTION }))
    .getAllByRole("button")
    .map((button) => button.textContent?.replace(/^[✓✗] /, "").replace(/ \([^)]*\)$/, ""));

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("given two readers", () => {
  // Two seeds that F22's first checkpoint shows differently (checked here, so a change to the shuffle says so).
  const [ana, ben] = ["reader-a", "reader-c"] as const;

  it("shows each the options in the order shuffled for them", () => {
    expect(shownTo(ana)).not.toEqual(shownTo(ben));
    const a = renderAt({ reader: ana });
    expect(optionsIn(a.figure)).toEqual(shownTo(ana));
    a.view.unmount();
    const b = renderAt({ reader: ben });
    expect(optionsIn(b.figure)).toEqual(shownTo(ben));
  });

  it("tabs through the options in the order shown", async () => {
    const { user, figure } = renderAt({ reader: ana });
    const buttons = within(within(figure).getByRole("group", { name: QUESTION })).getAllByRole("button");
    buttons[0]?.focus();
    for (const button of buttons.slice(1)) {
      await user.tab();
      expect(button).toHaveFocus();
    }
  });

  it("grades the option chosen, wherever it was shown: its mark, its name, the verdict said, the index reported", async () => {
    const onAnswer = vi.fn();
    const { user, figure } = renderAt({ reader: ben, onAnswer });
    const group = within(figure).getByRole("group", { name: QUESTION });
    const right = within(group).getByRole("button", { name: rightText });
    await user.click(right);
    expect(onAnswer).toHaveBeenCalledWith({ checkpoint: 0, option: texts.indexOf(rightText), right: true });
    expect(right).toHaveAccessibleName(/^The host checks the call first: .* ?\(your choice, the right answer\)$/);
    expect(group).toHaveTextContent("✓ Right. The model only proposes.");
    expect(within(figure).getByText(/^Right\. The model only proposes\./, { selector: "[aria-live]" })).toBeVisible();
    // The options keep their places once answered.
    expect(optionsIn(figure)).toEqual(shownTo(ben));
  });

  it("shows the same order in presenter mode", async () => {
    const { user, figure } = renderAt({ reader: ana });
    await user.click(within(figure).getByRole("button", { name: /^Present/ }));
    // (The dialog's code loads when it is first opened.)
    const dialog = await screen.findByRole("dialog", { name: /presenter mode/ }, { timeout: 15_000 });
    expect(optionsIn(dialog)).toEqual(shownTo(ana));
  });

  it("has no axe violations in the question", async () => {
    const { figure } = renderAt({ reader: ana });
    const group = within(figure).getByRole("group", { name: QUESTION });
    const result = await axe.run(group, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});

describe("given no reader from the host", () => {
  it("keeps a seed in local storage, and shows the same order on the next visit", () => {
    const a = renderAt();
    const kept = window.localStorage.getItem(READER_STORAGE_KEY);
    expect(kept).toMatch(/^[0-9a-f]{32}$/);
    expect(optionsIn(a.figure)).toEqual(shownTo(kept ?? ""));
    a.view.unmount();
    const again = renderAt();
    expect(window.localStorage.getItem(READER_STORAGE_KEY)).toBe(kept);
    expect(optionsIn(again.figure)).toEqual(shownTo(kept ?? ""));
  });

  it("where storage is refused, keeps one of its own: the same order from step to step", async () => {
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("The document is sandboxed", "SecurityError");
    });
    const { user, figure } = renderAt();
    const before = optionsIn(figure);
    expect([...before].sort()).toEqual([...texts].sort());
    // The question waits: Next says it skips it.
    await user.click(within(figure).getByRole("button", { name: "Skip this question" }));
    await user.click(within(figure).getByRole("button", { name: "Previous" }));
    expect(optionsIn(figure)).toEqual(before);
  });
});
