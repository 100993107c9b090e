/** The host page's theme, as the web component and the React component follow it (src/embed/host-theme.ts). */
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AgentLoopFigure } from "../../src/embed/AgentLoopFigure";
import { hostTheme } from "../../src/embed/host-theme";
import { parseCommand } from "../../src/embed/messages";

const html = document.documentElement;
afterEach(() => {
  html.removeAttribute("data-theme");
  html.className = "";
  html.style.colorScheme = "";
});

describe("the host page's theme", () => {
  it("is read from data-theme, a dark or light class, or a single color-scheme on <html>; else none", () => {
    expect(hostTheme()).toBeNull();
    html.dataset.theme = "dark";
    expect(hostTheme()).toBe("dark");
    html.removeAttribute("data-theme");
    html.classList.add("dark");
    expect(hostTheme()).toBe("dark");
    html.className = "light";
    expect(hostTheme()).toBe("light");
    html.className = "";
    html.style.colorScheme = "dark";
    expect(hostTheme()).toBe("dark");
    html.style.colorScheme = "light dark";
    expect(hostTheme()).toBeNull();
  });

  it("is followed by a figure whose theme is auto, as the page toggles it; an explicit theme stays", async () => {
    let view = render(<div />);
    await act(async () => {
      view = render(<AgentLoopFigure lang="en" />); // its words load before it renders
    });
    expect(screen.getByRole("region", { name: /F22/ })).toBeInTheDocument();
    const root = () => view.container.querySelector(".alf-root");
    expect(root()?.getAttribute("data-theme")).toBe("auto");
    await act(async () => {
      html.dataset.theme = "dark";
      await new Promise((done) => setTimeout(done, 0)); // the MutationObserver's callback
    });
    expect(root()?.getAttribute("data-theme")).toBe("dark");
    await act(async () => {
      html.dataset.theme = "light";
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(root()?.getAttribute("data-theme")).toBe("light");
    view.rerender(<AgentLoopFigure lang="en" theme="dark" />);
    expect(root()?.getAttribute("data-theme")).toBe("dark");
  });

  it("reaches a framed figure as a setTheme command, checked like every other", () => {
    expect(parseCommand({ type: "agent-loop-figure:setTheme", version: 1, theme: "dark" })).toEqual({
      name: "setTheme",
      theme: "dark",
    });
    expect(parseCommand({ type: "agent-loop-figure:setTheme", version: 1, theme: "sepia" })).toBeNull();
  });
});
