/**
 * The host's checklist at the finish says why a check did not hold when the tool it is about never ran, rather than
 * naming a result that does not exist; in Chinese, its verdicts are the same word as the step checks' (通过 / 未通过).
 */
import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import { runScenario } from "../../src/engine";
import { Player } from "../../src/player";
import { SCENARIOS, scenarioById } from "../../src/scenarios";
import { HOOK_MS, loadLaterParts } from "./later-parts";

// What these tests read of the panels and the question is there a moment after the first render.
beforeAll(loadLaterParts, HOOK_MS);

function finishOf(id: "claimed-done" | "f22", lang: "en" | "zh") {
  const trace = runScenario(scenarioById(id, lang));
  render(
    <Player
      trace={trace}
      text={storyCatalog(catalogs[lang], SCENARIOS[id].stories[lang])}
      defaultStep={trace.steps.length}
    />,
  );
  return screen.getAllByRole("list", { name: catalogs[lang].ui.doneChecksHeading })[0];
}

describe("given claimed-done's last step", () => {
  it("says the check on test's result does not hold because test never ran", () => {
    const checks = finishOf("claimed-done", "en");
    expect(checks?.textContent).toMatch(/: does not hold \(test never ran\)/);
  });

  it("says so in Chinese with the step checks' verdict words", () => {
    const checks = finishOf("claimed-done", "zh");
    expect(checks?.textContent).toContain("：未通过（test 从未执行）");
    expect(checks?.textContent).not.toContain("成立");
  });
});

describe("given F22's last step", () => {
  it("says each check holds, and names no tool as never run", () => {
    const checks = finishOf("f22", "en");
    expect(checks?.textContent).toContain(": holds");
    expect(checks?.textContent).not.toContain("never ran");
  });
});

describe("given F22's reply and finish (steps 7 and 8)", () => {
  it("shows call_1 as an earlier step's id, not as a call in play", () => {
    for (const step of [7, 8]) {
      const trace = runScenario(scenarioById("f22", "en"));
      const { unmount } = render(
        <Player trace={trace} text={storyCatalog(catalogs.en, SCENARIOS.f22.stories.en)} defaultStep={step} />,
      );
      const panel = document.querySelector(".alf-panel-call");
      expect(panel?.textContent).toMatch(/^Call IDcall_1 earlier/);
      expect(panel?.querySelector(".alf-settled")).toHaveAttribute(
        "title",
        "From an earlier step: no call is in play at this one.",
      );
      unmount();
    }
  });

  it("shows call_1 plainly while it is in play (step 5, its result)", () => {
    const trace = runScenario(scenarioById("f22", "en"));
    render(<Player trace={trace} text={storyCatalog(catalogs.en, SCENARIOS.f22.stories.en)} defaultStep={5} />);
    expect(document.querySelector(".alf-panel-call")?.textContent).not.toContain("earlier");
  });
});
