/**
 * A long run's overview in the player (issue 57): open above the stage for a run longer than a screen, closed in the
 * drawer for a lesson; its jumps by button and by key, Find with Enter, and the summary's ways to a first step.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRef } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import { runScenario } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { Player, type PlayerHandle, type StepNote } from "../../src/player";
import { scenarioById } from "../../src/scenarios";
import { largeCodexRollout } from "../fixtures/large-log";
import { HOOK_MS, loadLaterParts } from "./later-parts";

beforeAll(loadLaterParts, HOOK_MS);

const result = importTranscript(largeCodexRollout(100), undefined, "rollout-day.jsonl");
if (!result.ok) throw new Error("the rollout imports");
const { trace } = result;
const notes: StepNote[] = result.notes.map((note) => ({
  step: note.step,
  text: note.kind,
  info: true,
  kind: note.kind,
}));
/** The 1-based steps of the run's error results. */
const errors = trace.steps.flatMap((step) =>
  step.kind === "execution" && step.toolResult?.status === "error" ? [step.number] : [],
);

const counter = (container: HTMLElement) => container.querySelector(".alf-counter > [aria-hidden]")?.textContent;

describe("a long run's overview", () => {
  it("is open above the stage, and its jumps go to the next problem, round and call of the same tool", async () => {
    const handle = createRef<PlayerHandle>();
    const { container } = render(<Player ref={handle} trace={trace} text={catalogs.en} notes={notes} />);
    const next = await screen.findByRole("button", { name: "Next problem" }, { timeout: 10_000 });
    const overview = container.querySelector("details.alf-overview");
    expect(overview).toHaveProperty("open", true);
    // Above the stage: before it in the document.
    const stage = container.querySelector(".alf-stage");
    expect(stage !== null && overview !== null && overview.compareDocumentPosition(stage) & 4).toBeTruthy();
    expect(overview?.querySelector(".alf-ov-glance")?.textContent).toBe(
      `110 model calls · 100 tool calls · ${errors.length} problems`,
    );
    expect(screen.getByRole("button", { name: "Previous problem" })).toHaveAttribute("aria-disabled", "true");

    fireEvent.click(next);
    expect(counter(container)).toBe(`${errors[0]} / ${trace.steps.length}`);
    fireEvent.click(screen.getByRole("button", { name: "Next problem" }));
    expect(counter(container)).toBe(`${errors[1]} / ${trace.steps.length}`);

    // The keys, pressed on the figure.
    const figure = container.querySelector(".alf-figure") as HTMLElement;
    fireEvent.keyDown(figure, { key: "P", shiftKey: true });
    expect(counter(container)).toBe(`${errors[0]} / ${trace.steps.length}`);
    fireEvent.keyDown(figure, { key: "r" });
    const at = Number(counter(container)?.split(" / ")[0]);
    expect(trace.steps[at - 1]?.kind).toBe("model_call");
    // From a shell call's result, the next shell call.
    act(() => handle.current?.goTo(errors[0] ?? 1));
    fireEvent.keyDown(figure, { key: "t" });
    const call = trace.steps[Number(counter(container)?.split(" / ")[0]) - 1];
    expect(call?.kind === "proposal" && call.calls[0]?.name).toBe("shell");
    expect(screen.getByRole("group", { name: "shell calls" })).toBeTruthy();
    // The strip, a slider over the run, says where the reader is.
    const strip = screen.getByRole("slider", { name: "Position in the run" });
    act(() => handle.current?.goTo(errors[0] ?? 1));
    expect(strip.getAttribute("aria-valuetext")).toMatch(
      new RegExp(`^Step ${errors[0]} of ${trace.steps.length}, round \\d+ of 110: tool errors$`),
    );
    fireEvent.keyDown(strip, { key: "End" });
    expect(counter(container)).toBe(`${trace.steps.length} / ${trace.steps.length}`);
  });

  it("finds a call by its argument, marks how many it found, and goes to each with Enter", async () => {
    const { container } = render(<Player trace={trace} text={catalogs.en} notes={notes} find="packages/p20" />);
    const status = await waitFor(
      () => {
        const said = container.querySelector(".alf-ov-said");
        expect(said?.textContent).toMatch(/found$/);
        return said;
      },
      { timeout: 10_000 },
    );
    const box = screen.getByRole("searchbox", { name: "Find" });
    expect(box).toHaveValue("packages/p20");
    fireEvent.keyDown(box, { key: "Enter" });
    const at = Number(counter(container)?.split(" / ")[0]);
    const step = trace.steps[at - 1];
    expect(step?.kind === "proposal" && JSON.stringify(step.calls[0]?.args)).toContain("packages/p20");
    expect(status?.textContent).toMatch(/^1 of \d+$/);
    // The drawn row says what it found.
    expect(container.querySelector('[data-row="found"]')?.textContent).toMatch(/Found \d+/);
  });

  it("sums the run up, each item a way to its first step", async () => {
    const { container } = render(<Player trace={trace} text={catalogs.en} notes={notes} />);
    const summary = await screen.findByText("Summary", {}, { timeout: 10_000 });
    fireEvent.click(summary);
    fireEvent.click(screen.getByRole("button", { name: `${errors.length} tool errors (the tool ran and failed)` }));
    expect(counter(container)).toBe(`${errors[0]} / ${trace.steps.length}`);
    fireEvent.click(screen.getByRole("button", { name: "shell ×100" }));
    expect(trace.steps[Number(counter(container)?.split(" / ")[0]) - 1]?.kind).toBe("proposal");
    fireEvent.click(screen.getByRole("button", { name: "Ended: not recorded" }));
    expect(counter(container)).toBe(`${trace.steps.length} / ${trace.steps.length}`);
  });

  it("follows a run that grows (a live one): its marks and counts worked out again with each new trace", async () => {
    const earlier = importTranscript(largeCodexRollout(30), undefined, "rollout-day.jsonl");
    if (!earlier.ok) throw new Error("the rollout imports");
    const view = render(<Player trace={earlier.trace} text={catalogs.en} />);
    const glance = (text: string) =>
      waitFor(() => expect(view.container.querySelector(".alf-ov-glance")?.textContent).toBe(text), {
        timeout: 10_000,
      });
    await glance("33 model calls · 30 tool calls · 1 problem");
    view.rerender(<Player trace={trace} text={catalogs.en} />);
    await glance(`110 model calls · 100 tool calls · ${errors.length} problems`);
    expect(view.container.querySelectorAll(".alf-overview")).toHaveLength(1);
  });

  it("for a lesson no longer than a screen, waits closed in the figure's drawer", async () => {
    const { container } = render(<Player trace={runScenario(scenarioById("f22", "zh"))} text={catalogs.zh} />);
    expect(container.querySelector(".alf-overview")).toBeNull();
    const drawer = await screen.findByText("运行概览、请求格式与 token 估算", {}, { timeout: 10_000 });
    expect(container.querySelector(".alf-overview")).toBeNull();
    fireEvent.click(drawer);
    (drawer.parentElement as HTMLDetailsElement).open = true;
    fireEvent(drawer.parentElement as HTMLElement, new Event("toggle"));
    expect(await screen.findByRole("button", { name: "下一个问题" }, { timeout: 10_000 })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("searchbox", { name: "查找" })).toBeTruthy();
  });
});
