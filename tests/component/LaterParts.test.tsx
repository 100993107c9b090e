/**
 * What the figure loads a moment after its first render (src/player/components/LazyPanels.tsx): the stage is there
 * at once, the full panels follow by themselves, and once they are in, a print draws every step's frame in the
 * same task as `beforeprint` (the browser lays the page out for print right after it).
 */
import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import { runScenario } from "../../src/engine";
import { Player } from "../../src/player/Player";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

describe("the figure's later parts", () => {
  it("shows the stage at once, the panels a moment later, and every step's frame as a print begins", async () => {
    render(
      <Player
        trace={runScenario(scenarioById("f22", "en"))}
        text={storyCatalog(catalogs.en, SCENARIOS.f22.stories.en)}
      />,
    );
    const figure = screen.getByRole("region", { name: /F22/ });
    // The stage: the step's words and what it changed, in the first render.
    expect(within(figure).getByRole("group", { name: "What this step changed" })).toHaveTextContent("config.txt");
    // The full panels, with no reader action.
    const context = await within(figure).findByRole("region", { name: "Context" });
    expect(context).toHaveTextContent("The model has seen nothing yet.");
    expect(within(figure).getByRole("region", { name: "Tool result" })).toBeInTheDocument();
    // A print: the frames are in the document before the event's task ends.
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    expect(document.querySelectorAll(".alf-print-frame")).toHaveLength(8);
    act(() => {
      window.dispatchEvent(new Event("afterprint"));
    });
  });
});
