import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

const EN = storyCatalog(catalogs.en, SCENARIOS.f22.stories.en);
const ZH = storyCatalog(catalogs.zh, SCENARIOS.f22.stories.zh);

import { AgentLoopFigure } from "../../src/embed/AgentLoopFigure";
import { runScenario, type Trace } from "../../src/engine";
import { Player, type PlayerHandle } from "../../src/player";

const f22 = runScenario(scenarioById("f22", "en"));
const counter = (figure: HTMLElement) => within(figure).getByText(/^\d+ \/ \d+$/).textContent;
const figure = () => screen.getByRole("region", { name: /F22/ });

/** A page that keeps the step in its own state. */
function Owner() {
  const [step, setStep] = useState(2);
  return (
    <>
      <output aria-label="owner">{step}</output>
      <Player trace={f22} text={EN} step={step} onStepChange={setStep} />
    </>
  );
}

describe("the player's public API", () => {
  describe("given `step` (controlled)", () => {
    it("shows the owner's step and asks the owner to change it", async () => {
      const user = userEvent.setup();
      const onStepChange = vi.fn();
      const view = render(<Player trace={f22} text={EN} step={4} onStepChange={onStepChange} />);
      expect(counter(figure())).toBe("4 / 8");
      await user.click(within(figure()).getByRole("button", { name: "Next" }));
      expect(onStepChange).toHaveBeenCalledWith(5);
      // The owner did not move: neither does the figure.
      expect(counter(figure())).toBe("4 / 8");
      view.rerender(<Player trace={f22} text={EN} step={7} onStepChange={onStepChange} />);
      expect(counter(figure())).toBe("7 / 8");
      expect(onStepChange).toHaveBeenCalledTimes(1);
    });

    it("follows an owner that keeps state", async () => {
      const user = userEvent.setup();
      render(<Owner />);
      await user.click(within(figure()).getByRole("button", { name: "Next" }));
      expect(counter(figure())).toBe("3 / 8");
      expect(screen.getByLabelText("owner")).toHaveTextContent("3");
    });
  });

  describe("given `defaultStep` (uncontrolled)", () => {
    it("opens there, clamps it, and reports changes 1-based", async () => {
      const user = userEvent.setup();
      const onStepChange = vi.fn();
      render(<Player trace={f22} text={EN} defaultStep={99} onStepChange={onStepChange} />);
      expect(counter(figure())).toBe("8 / 8");
      await user.click(within(figure()).getByRole("button", { name: "Previous" }));
      expect(onStepChange).toHaveBeenCalledWith(7);
    });
  });

  describe("given a new trace", () => {
    it("keeps the same store, keeps the step where it exists and clamps it otherwise", () => {
      const short: Trace = { ...f22, steps: f22.steps.slice(0, 3) };
      const view = render(<Player trace={f22} text={EN} defaultStep={6} />);
      view.rerender(<Player trace={runScenario(scenarioById("f22", "zh"))} text={ZH} defaultStep={6} />);
      expect(counter(figure())).toBe("6 / 8");
      expect(within(figure()).getByRole("heading", { level: 3 })).toHaveTextContent(/^6\. 宿主/);
      view.rerender(<Player trace={short} text={EN} defaultStep={6} />);
      expect(counter(figure())).toBe("3 / 3");
    });
  });

  it("offers an imperative handle that takes only real steps", () => {
    const handle = createRef<PlayerHandle>();
    render(<Player ref={handle} trace={f22} text={EN} />);
    expect([handle.current?.step, handle.current?.total]).toEqual([1, 8]);
    const goTo = (step: number) => {
      let accepted: boolean | undefined;
      act(() => {
        accepted = handle.current?.goTo(step);
      });
      return accepted;
    };
    for (const bad of [0, 9, 2.5, Number.NaN]) expect(goTo(bad)).toBe(false);
    expect(counter(figure())).toBe("1 / 8");
    expect(goTo(5)).toBe(true);
    act(() => handle.current?.next());
    expect(counter(figure())).toBe("6 / 8");
    act(() => handle.current?.prev());
    expect(handle.current?.step).toBe(5);
  });

  it("fires play, pause, and pause then ended when playback reaches the end by itself", () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const handle = createRef<PlayerHandle>();
    render(
      <Player
        ref={handle}
        trace={f22}
        text={EN}
        defaultStep={7}
        dwell={1}
        onPlay={() => events.push("play")}
        onPause={() => events.push("pause")}
        onEnded={() => events.push("ended")}
      />,
    );
    act(() => handle.current?.play());
    act(() => handle.current?.pause());
    act(() => handle.current?.play());
    act(() => vi.advanceTimersByTime(1000));
    expect(counter(figure())).toBe("8 / 8");
    expect(events).toEqual(["play", "pause", "play", "pause", "ended"]);
    vi.useRealTimers();
  });

  it("hides the dwell slider, the enlarge button and the language switch with minimal controls", () => {
    render(<Player trace={f22} text={EN} controls="minimal" onLangChange={() => {}} />);
    expect(within(figure()).queryByRole("slider")).toBeNull();
    expect(within(figure()).queryByRole("button", { name: "Present" })).toBeNull();
    expect(within(figure()).queryByRole("button", { name: "中文" })).toBeNull();
    expect(within(figure()).getByRole("button", { name: "Next" })).toBeInTheDocument();
  });

  it("sets the theme on its root, and scopes everything under it", () => {
    const { container } = render(<Player trace={f22} text={EN} theme="dark" />);
    const root = container.querySelector(".alf-root");
    expect(root).toHaveAttribute("data-theme", "dark");
    expect(root?.contains(figure())).toBe(true);
  });

  it("keeps two figures on one page independent", async () => {
    const user = userEvent.setup();
    // The figure's words load (a chunk of their own in the package) before it renders: within act, so React
    // retries the suspended figure once they are in.
    await act(async () => {
      render(
        <>
          <AgentLoopFigure lang="en" defaultStep={2} />
          <AgentLoopFigure lang="en" defaultStep={5} />
        </>,
      );
    });
    const [first, second] = screen.getAllByRole("region", { name: /F22/ });
    if (first === undefined || second === undefined) throw new Error("two figures expected");
    await user.click(within(first).getByRole("button", { name: "Next" }));
    expect([counter(first), counter(second)]).toEqual(["3 / 8", "5 / 8"]);
  });
});
