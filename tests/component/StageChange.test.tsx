/**
 * The stage's box of what each step changed (issue 54, part 1), as a reader of F22 meets it: the task, the messages
 * landing in the model's context, the proposed call, the host's check, the tool's result, the reply, and at the end
 * the host's check with each check's evidence, the outcome beside the step's title and a mark per check on the host's
 * lane; at a checkpoint, the question itself, with Next saying that it skips it.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import type { Lang } from "../../src/content/languages";
import { runScenario } from "../../src/engine";
import { Player } from "../../src/player/Player";
import { SCENARIOS, scenarioById } from "../../src/scenarios";
import { HOOK_MS, loadLaterParts } from "./later-parts";

// What these tests read of the panels and the question is there a moment after the first render.
beforeAll(loadLaterParts, HOOK_MS);

function renderAt(step: number, options: { lang?: Lang; checkpoints?: boolean } = {}) {
  const lang = options.lang ?? "en";
  const user = userEvent.setup();
  const story = SCENARIOS.f22.stories[lang];
  render(
    <Player
      trace={runScenario(scenarioById("f22", lang))}
      text={storyCatalog(catalogs[lang], story)}
      defaultStep={step}
      {...(options.checkpoints ? { checkpoints: story.checkpoints ?? [] } : {})}
    />,
  );
  const figure = screen.getByRole("region", { name: /F22/ });
  const change = () => within(figure).getByRole("group", { name: catalogs[lang].ui.changedLabel });
  return { user, figure, change };
}
/** The box's heading and its text, as read. */
const said = (box: HTMLElement) => ({
  heading: within(box).getByRole("heading", { level: 4 }).textContent,
  text: box.textContent,
});

describe("the stage's box of what the step changed, in F22 (en)", () => {
  it("at the task: the task, handed to the host", () => {
    const { change } = renderAt(1);
    expect(said(change()).heading).toBe("The task, handed to the host");
    expect(said(change()).text).toContain("config.txt");
  });

  it("at the second model call: the call and its result landing in the context, both new", () => {
    const { change } = renderAt(6);
    expect(said(change()).heading).toBe("New in the model's context");
    const items = within(change()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      'modelread_file({"path":"config.txt"}) call_1 new',
      "tool resultcall_1 timeout=30 new",
    ]);
  });

  it("at the proposal: the call with its call_id", () => {
    const { change } = renderAt(3);
    expect(said(change())).toEqual({
      heading: "The proposed call",
      text: 'The proposed callread_file({"path":"config.txt"}) call_1',
    });
  });

  it("at the host's check: every rule with its result", () => {
    const { change } = renderAt(4);
    const box = change();
    expect(said(box).heading).toBe("The host's check");
    expect(within(within(box).getByRole("list")).getAllByRole("listitem")[0]).toHaveTextContent(
      "✓ call is well formed: passed",
    );
  });

  it("at the tool's step: its result under the call's id", () => {
    const { change } = renderAt(5);
    expect(said(change())).toEqual({ heading: "Tool result", text: "Tool resultcall_1 timeout=30" });
  });

  it("at the end: the host's check, each check's evidence on its own line, the outcome beside the title", () => {
    const { figure, change } = renderAt(8);
    expect(said(change()).heading).toBe("The host's check");
    const checks = within(change()).getAllByRole("listitem");
    expect(checks).toHaveLength(2);
    for (const check of checks) {
      const evidence = check.querySelector(".alf-evidence");
      expect(evidence?.textContent).toBe("evidence: step 5 call_1");
    }
    expect(within(figure).getByRole("heading", { level: 3 })).toHaveTextContent(
      "8. Host checks the environment: done, and delivers the answer ✓ completedOutcome: completed",
    );
    // On the host's lane at row 8: a mark per check, said in words.
    const row = figure.querySelector('.alf-row[data-step="8"]') as HTMLElement;
    expect(row.querySelector(".alf-row-checks")?.textContent).toBe("✓✓The host's check: 2 of 2 hold");
  });

  it("keeps its room at every step: one box, whatever the step", async () => {
    const { user, figure } = renderAt(1);
    for (let step = 1; step < 8; step += 1) {
      expect(within(figure).getAllByRole("group", { name: "What this step changed" })).toHaveLength(1);
      await user.click(within(figure).getByRole("button", { name: "Next" }));
    }
  });
});

describe("at a checkpoint", () => {
  it("shows the question in the box, and Next says it skips it until the reader answers", async () => {
    const { user, figure, change } = renderAt(3, { checkpoints: true });
    const question = within(change()).getByRole("group", {
      name: "The model has proposed read_file (call_1). What happens next?",
    });
    expect(within(figure).queryByRole("button", { name: "Next" })).toBeNull();
    const skip = within(figure).getByRole("button", { name: "Skip this question" });
    const [first] = within(question).getAllByRole("button");
    await user.click(first as HTMLElement);
    expect(skip).toHaveAccessibleName("Next");
  });

  it("says it in Chinese too", () => {
    const { figure } = renderAt(3, { lang: "zh", checkpoints: true });
    expect(within(figure).getByRole("button", { name: "跳过这道题" })).toBeInTheDocument();
    expect(within(figure).getByRole("group", { name: "这一步改变了什么" })).toBeInTheDocument();
  });

  it("a figure without checkpoints never says it", () => {
    const { figure } = renderAt(3);
    expect(within(figure).getByRole("button", { name: "Next" })).toBeInTheDocument();
    expect(figure.textContent).not.toContain("Skip this question");
  });
});

describe("in Chinese", () => {
  it("names the host's check 宿主的核对, with the language's own colon", () => {
    const { change } = renderAt(4, { lang: "zh" });
    expect(said(change()).heading).toBe("宿主的核对");
    expect(within(change()).getAllByRole("listitem")[0]).toHaveTextContent("✓ 调用格式正确：通过");
  });
});

describe("the caption: a first sentence for a newcomer, the practitioner's detail a click away", () => {
  it("shows the first sentence, and the rest under Details, open from then on until closed", async () => {
    const { user, figure } = renderAt(3);
    const caption = figure.querySelector(".alf-step-caption") as HTMLElement;
    const rest = caption.querySelector(".alf-caption-rest") as HTMLElement;
    expect(caption.textContent).toMatch(/^The model only proposes a call, read_file \(call_1\): nothing has run\. /);
    expect(rest).not.toBeVisible();
    const details = within(figure).getByRole("button", { name: "Details" });
    expect(details).toHaveAttribute("aria-expanded", "false");
    await user.click(details);
    expect(details).toHaveAttribute("aria-expanded", "true");
    expect(rest).toBeVisible();
    expect(rest.textContent).toContain("The provider turns the tokens the model generated");
    // Open at the next step too.
    await user.click(within(figure).getByRole("button", { name: "Next" }));
    await user.click(within(figure).getByRole("button", { name: "Next" }));
    const fifth = figure.querySelector(".alf-caption-rest") as HTMLElement;
    expect(fifth).toBeVisible();
    expect(fifth.textContent).toContain("The tool knows nothing of call_ids");
  });

  it("keeps its line at a step of one sentence, with nothing to open there", () => {
    const { figure } = renderAt(4);
    expect(figure.querySelector(".alf-caption-rest")).toBeNull();
    // Laid out, not offered: out of the Tab order and of what is read.
    const details = figure.querySelector(".alf-details") as HTMLElement;
    expect(details).toHaveAttribute("data-none");
    expect(details).toHaveAttribute("tabindex", "-1");
    expect(within(figure).queryByRole("button", { name: "Details" })).toBeNull();
  });
});
