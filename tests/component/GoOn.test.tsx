/**
 * A story's links onward ("Two calls, results out of order →"): shown under the figure where the page says how to
 * open them, at every step; followed in place when the page can, else by their address.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import type { Lang } from "../../src/content/languages";
import { runScenario } from "../../src/engine";
import { Player } from "../../src/player/Player";
import type { ScenarioLinks } from "../../src/player/scenario-links";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

function renderF22(lang: Lang, scenarioLinks?: ScenarioLinks) {
  const { unmount } = render(
    <Player
      trace={runScenario(scenarioById("f22", lang))}
      text={storyCatalog(catalogs[lang], SCENARIOS.f22.stories[lang])}
      {...(scenarioLinks === undefined ? {} : { scenarioLinks })}
    />,
  );
  return Object.assign(screen.getByRole("region", { name: /F22/ }), { unmount });
}

describe("F22's links onward", () => {
  it("are two links under the figure, in each language, with the page's addresses", () => {
    for (const [lang, name, texts] of [
      ["en", "Go on:", ["Two calls, results out of order →", "Who writes the file →"]],
      ["zh", "接着看：", ["两个调用，结果乱序回来 →", "谁来写文件 →"]],
    ] as const) {
      const figure = renderF22(lang, { href: (id) => `?scenario=${id}` });
      const nav = within(figure).getByRole("navigation", { name });
      const links = within(nav).getAllByRole("link");
      expect(links.map((link) => link.textContent)).toEqual(texts);
      expect(links.map((link) => link.getAttribute("href"))).toEqual([
        "?scenario=out-of-order",
        "?scenario=experiment-07",
      ]);
      figure.unmount();
    }
  });

  it("are not shown on a page that cannot open them", () => {
    const figure = renderF22("en");
    expect(within(figure).queryByRole("navigation")).toBeNull();
    expect(within(figure).queryByText("Who writes the file →")).toBeNull();
  });

  it("leave out a built-in the page cannot open", () => {
    const figure = renderF22("en", { href: (id) => (id === "out-of-order" ? `?scenario=${id}` : undefined) });
    expect(
      within(within(figure).getByRole("navigation"))
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Two calls, results out of order →"]);
  });

  it("stay at every step, so nothing moves when the figure reaches its end", async () => {
    const user = userEvent.setup();
    const figure = renderF22("en", { href: (id) => `?scenario=${id}` });
    for (let step = 1; step < 8; step += 1) {
      expect(within(figure).getAllByRole("link")).toHaveLength(2);
      await user.click(within(figure).getByRole("button", { name: "Next" }));
    }
    expect(within(figure).getAllByRole("link")).toHaveLength(2);
  });

  it("are followed in place on a plain click, and left to the browser with a modifier (a new tab)", async () => {
    const user = userEvent.setup();
    const follow = vi.fn();
    const figure = renderF22("en", { href: (id) => `?scenario=${id}`, follow });
    const link = within(figure).getByRole("link", { name: "Two calls, results out of order →" });
    await user.click(link);
    expect(follow).toHaveBeenCalledWith("out-of-order");
    follow.mockClear();
    await user.keyboard("{Control>}");
    await user.click(link);
    await user.keyboard("{/Control}");
    expect(follow).not.toHaveBeenCalled();
  });

  it("are buttons where the page opens a built-in without an address (the web component)", async () => {
    const user = userEvent.setup();
    const follow = vi.fn();
    const figure = renderF22("en", { follow, opens: (id) => id === "experiment-07" });
    const nav = within(figure).getByRole("navigation", { name: "Go on:" });
    expect(within(nav).queryAllByRole("link")).toEqual([]);
    await user.click(within(nav).getByRole("button", { name: "Who writes the file →" }));
    expect(follow).toHaveBeenCalledWith("experiment-07");
    expect(within(nav).queryByRole("button", { name: /out of order/ })).toBeNull();
  });
});
