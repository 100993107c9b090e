/**
 * A long run's diagram keeps seven rows in view, on the current step: the steps above them are counted on a button
 * over the box's top corner, which brings them back a box at a time.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import { runScenario } from "../../src/engine";
import { Player } from "../../src/player/Player";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

function renderReplay(step: number) {
  render(
    <Player
      trace={runScenario(scenarioById("idempotent-replay", "en"))}
      text={storyCatalog(catalogs.en, SCENARIOS["idempotent-replay"].stories.en)}
      defaultStep={step}
    />,
  );
  return screen.getByRole("region", { name: /idempotent replay/i });
}

describe("the steps above a long run's box", () => {
  it("are not mentioned while the box starts at step 1", () => {
    const figure = renderReplay(7);
    expect(within(figure).queryByRole("button", { name: /are above/ })).toBeNull();
  });

  it("are counted at the last step, and come back a box at a time; the last press leaves the focus on the diagram", async () => {
    const user = userEvent.setup();
    const figure = renderReplay(22);
    const above = within(figure).getByRole("button", { name: "Steps 1–15 are above: show them" });
    expect(above).toHaveTextContent("↑ steps 1–15");
    await user.click(above);
    expect(above).toHaveAccessibleName("Steps 1–8 are above: show them");
    await user.click(above);
    expect(above).toHaveAccessibleName("Step 1 is above: show it");
    await user.click(above);
    expect(above).toHaveAttribute("hidden");
    expect(within(figure).getByRole("group", { name: /^Swimlane diagram/ })).toHaveFocus();
    // A step taken brings the box back to the current step, and the count with it.
    await user.keyboard("{ArrowLeft}");
    expect(
      within(figure).getByRole("button", { name: "Steps 1–14 are above: show them", hidden: true }),
    ).not.toHaveAttribute("hidden");
  });

  it("are not in a short run's diagram (F22: eight steps, all in view)", () => {
    render(
      <Player
        trace={runScenario(scenarioById("f22", "en"))}
        text={storyCatalog(catalogs.en, SCENARIOS.f22.stories.en)}
        defaultStep={8}
      />,
    );
    expect(document.querySelector(".alf-rows-above")).toBeNull();
  });
});
