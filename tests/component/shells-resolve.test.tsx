/**
 * Every shell reaches a built-in through the one resolver (src/figure/source.ts): with its `resolveSource` replaced
 * by a spy that calls the real one, each shell is asked for a built-in by id and the spy is seen to resolve it,
 * and what the shell then shows is that built-in. The default figure, which a shell is given at once (pre-rendered,
 * or the build's, for a server render), is the resolver's resolution too: the chapter page's opening resolves it.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../src/app/App";
import { pageOpening } from "../../src/app/opening";
import { runCli } from "../../src/cli/cli";
import { AgentLoopFigure } from "../../src/embed/AgentLoopFigure";
import { showSource } from "../../src/embed/packs";
import * as source from "../../src/figure/source";

vi.mock("../../src/figure/source", async (importOriginal) => {
  const real = await importOriginal<typeof source>();
  return { ...real, resolveSource: vi.fn(real.resolveSource) };
});

const resolved = () => vi.mocked(source.resolveSource);
/** The figure shown (not the hidden copy an idle rehearsal may mount). */
const figure = () => document.querySelector<HTMLElement>(":not(.alf-rehearsal) > .alf-root > .alf-figure");
/** The built-ins the resolver was asked for, as `id lang`. */
const builtinsAsked = () =>
  resolved().mock.calls.flatMap(([asked, lang]) => (asked.kind === "builtin" ? [`${asked.id} ${lang}`] : []));

afterEach(() => {
  resolved().mockClear();
  window.history.replaceState(null, "", "/");
});

describe("each shell resolves a built-in through the one resolver", () => {
  it("the chapter page: its opening (the pre-rendered figure and the link's), and the picker", async () => {
    window.history.replaceState(null, "", "/?scenario=claimed-done&lang=en");
    const opening = await pageOpening(window.location.search, false);
    expect(builtinsAsked()).toEqual(["f22 zh", "claimed-done en"]);
    const user = userEvent.setup();
    render(<App {...opening} />);
    await waitFor(() => expect(figure()).toHaveAccessibleName(/claim/i));
    await user.selectOptions(screen.getByRole("combobox", { name: /Scenario/ }), "mcp-hop");
    await waitFor(() => expect(builtinsAsked()).toContain("mcp-hop en"));
    await waitFor(() => expect(figure()).toHaveAccessibleName(/MCP/));
  });

  it("the React component (and the web component, which renders it): a built-in by its `scenario`", async () => {
    await act(async () => {
      render(<AgentLoopFigure scenario="unauthorized-tool" lang="en" />);
    });
    await waitFor(() => expect(builtinsAsked()).toEqual(["unauthorized-tool en"]));
    await waitFor(() => expect(figure()).toHaveAccessibleName(/unauthori[sz]ed/i));
  });

  it("the embed page: a built-in by its `scenario`, from its entry", async () => {
    const shown = await showSource({ kind: "builtin", id: "f22" }, "zh");
    expect(builtinsAsked()).toEqual(["f22 zh"]);
    expect(shown.kind === "figure" ? shown.figure.trace.steps.length : 0).toBe(8);
  });

  it("the command line: --scenario", async () => {
    const out = await runCli(["--scenario", "missing-feedback", "--lang", "en"]);
    expect(out.exitCode).toBe(0);
    expect(builtinsAsked()).toEqual(["missing-feedback en"]);
    expect(JSON.parse(out.stdout).scenario).toBe("missing-feedback");
  });
});
