import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import { longRunScenario, runScenario } from "../../src/engine";
import { Player, type PlayerHandle } from "../../src/player";
import { HOOK_MS, loadLaterParts } from "./later-parts";

// What these tests read of the panels and the question is there a moment after the first render.
beforeAll(loadLaterParts, HOOK_MS);

// 1,000 tool calls: 2,002 messages, 4,004 steps.
const long = runScenario(longRunScenario(1000));

describe("a long trace", () => {
  it("is a real run at the issue's scale", () => {
    expect([long.messages.length, long.steps.length, long.counters.toolExecutions]).toEqual([2002, 4004, 1000]);
  });

  it("mounts only the rows and context messages in view, at the start, the end and in between", () => {
    const handle = createRef<PlayerHandle>();
    const { container } = render(<Player ref={handle} trace={long} text={catalogs.en} />);
    const rows = () => container.querySelectorAll(".alf-figure .alf-row");
    const messages = () => container.querySelectorAll(".alf-figure .alf-context-scroll .alf-messages > li");
    expect(rows().length).toBeLessThanOrEqual(40);
    // The box's room comes from a fixed few of the run's last messages, however long the run.
    expect(container.querySelectorAll(".alf-context-reserve .alf-messages > li")).toHaveLength(12);
    expect(screen.getByText("1 / 4,004")).toBeTruthy();

    act(() => handle.current?.goTo(4004));
    expect(screen.getByText("4,004 / 4,004")).toBeTruthy();
    expect(rows().length).toBeLessThanOrEqual(40);
    const last = container.querySelector('.alf-row[data-step="4004"]');
    expect(last?.getAttribute("data-status")).toBe("current");
    expect(last?.getAttribute("aria-setsize")).toBe("4004");
    expect(messages().length).toBe(60);

    act(() => handle.current?.goTo(2000));
    expect(container.querySelector('.alf-row[data-step="2000"]')?.getAttribute("data-status")).toBe("current");
    expect(rows().length).toBeLessThanOrEqual(40);
  });

  it("shows earlier context messages a page at a time, when asked", () => {
    render(<Player trace={long} text={catalogs.en} defaultStep={4004} />);
    const context = screen.getByRole("group", { name: "Context" });
    const more = within(context).getByRole("button", { name: "Show 60 earlier messages (1,942 not shown)" });
    fireEvent.click(more);
    expect(context.querySelectorAll(".alf-messages > li")).toHaveLength(120);
    // The list keeps its real numbering: the first shown is message 1883.
    expect(context.querySelector(".alf-messages")?.getAttribute("start")).toBe("1883");
  });

  it("writes a long context's request in a provider's format from its newest messages, and more when asked", async () => {
    render(<Player trace={long} text={catalogs.en} defaultStep={4004} />);
    const context = screen.getByRole("group", { name: "Context" });
    fireEvent.change(screen.getByRole("combobox", { name: "Format" }), { target: { value: "anthropic" } });
    expect(
      await within(context).findByText(
        "Shown: the request made of the newest 60 of this context's 2,002 messages (and its system message, if any). The host's request at this step holds all 2,002.",
        {},
        // The Format view's code loads as it is first picked.
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const json = () => context.querySelector(".alf-wire")?.textContent ?? "";
    // The newest messages: the last call's id is there, the first call's is not.
    expect(json()).toContain(
      long.messages[2000]?.role === "assistant" ? long.messages[2000].toolCalls[0]?.callId : "?",
    );
    const firstCall = long.messages.find((m) => m.role === "assistant" && m.toolCalls.length > 0);
    expect(firstCall?.role === "assistant" && json().includes(`"${firstCall.toolCalls[0]?.callId}"`)).toBe(false);
    // It starts at a message the provider would take first: not a tool result without its call.
    const first = JSON.parse(json()).messages[0];
    expect(first.content.some?.((block: { type: string }) => block.type === "tool_result") ?? false).toBe(false);
    fireEvent.click(within(context).getByRole("button", { name: /^Show 60 earlier messages/ }));
    expect(await within(context).findByText(/newest 120 of this context's 2,002 messages/)).toBeTruthy();
  });
});
