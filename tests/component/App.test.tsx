/**
 * The chapter page's App in its states, as a reader meets them: the default built-in, another built-in from the
 * picker, a language switch, a figure file by link (`?figure=`) and a recorded run by link (`?transcript=`), each
 * fetched from the page's own origin. They hold the page's behaviour while the shells move to the one resolver
 * (issue 40).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../src/app/App";
import { pageOpening } from "../../src/app/opening";

const weather = readFileSync(resolve(import.meta.dirname, "../../examples/figures/weather.json"), "utf8");
const chat = JSON.stringify({
  messages: [
    { role: "user", content: "What is the weather in Paris?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_9", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
      ],
    },
    { role: "tool", tool_call_id: "call_9", content: "18 °C, light rain" },
    { role: "assistant", content: "It is 18 °C in Paris, with light rain." },
  ],
});

/** Open the page at `search`, as main.tsx does (./opening.ts: the languages and the figures resolved first). */
async function openPage(search = "") {
  window.history.replaceState(null, "", `/${search}`);
  const opening = await pageOpening(search, false);
  const user = userEvent.setup();
  render(<App {...opening} />);
  return user;
}

/** The figure shown (not the hidden copy an idle rehearsal may mount). */
const figure = () => document.querySelector<HTMLElement>(":not(.alf-rehearsal) > .alf-root > .alf-figure");
const counter = async (text: string) =>
  waitFor(() =>
    expect(within(figure() as HTMLElement).getByText(text, { ignore: "[aria-hidden='true'] *" })).toBeInTheDocument(),
  );

describe("the chapter page's App", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string | URL) => {
        const url = new URL(String(input), window.location.href);
        if (url.pathname === "/figures/weather.json")
          return new Response(weather, { headers: { "content-type": "application/json" } });
        if (url.pathname === "/runs/paris.json")
          return new Response(chat, { headers: { "content-type": "application/json" } });
        return new Response("not found", { status: 404, headers: { "content-type": "text/plain" } });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, "", "/");
  });

  it("opens on the default built-in, F22, at step 1, in Chinese", async () => {
    await openPage();
    expect(figure()).toHaveAccessibleName(/F22/);
    await counter("1 / 8");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("模型提议与程序执行分离");
  });

  it("shows another built-in chosen in the picker, with its own steps, and writes it into the URL", async () => {
    const user = await openPage();
    await user.selectOptions(screen.getByRole("combobox", { name: /场景/ }), "experiment-07");
    await waitFor(() => expect(window.location.search).toContain("scenario=experiment-07"));
    await waitFor(() => expect(figure()).not.toHaveAccessibleName(/F22/), { timeout: 10_000 });
    expect(within(figure() as HTMLElement).getAllByText(/\d+ \/ \d+/).length).toBeGreaterThan(0);
  });

  it("switches language: the page, the figure and the URL", async () => {
    const user = await openPage();
    await user.click(within(figure() as HTMLElement).getByRole("button", { name: "English" }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1 })).not.toHaveTextContent("模型提议与程序执行分离"),
    );
    expect(window.location.search).toContain("lang=en");
    expect(within(figure() as HTMLElement).getByRole("button", { name: /Next/ })).toBeInTheDocument();
  });

  it("shows a figure file its link names, fetched from the page's origin", async () => {
    await openPage("?figure=/figures/weather.json&lang=en");
    await waitFor(() => expect(figure()).toHaveAccessibleName(/Two calls in one turn/), { timeout: 10_000 });
    await counter("1 / 10");
    expect(fetch).toHaveBeenCalled();
  });

  it("plays a recorded run its link names, call_ids paired", async () => {
    await openPage("?transcript=/runs/paris.json&lang=en");
    await waitFor(() => expect(figure()).not.toHaveAccessibleName(/F22/), { timeout: 10_000 });
    expect(within(figure() as HTMLElement).getAllByText("call_9").length).toBeGreaterThan(0);
  });
});
