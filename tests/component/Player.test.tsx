import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { catalogs, storyCatalog } from "../../src/content";
import type { Lang } from "../../src/content/languages";
import { runScenario } from "../../src/engine";
import { CatalogContext } from "../../src/player/catalog";
import { Controls } from "../../src/player/components/Controls";
import { Player } from "../../src/player/Player";
import { DWELL, readingSeconds } from "../../src/player/store/createPlayerStore";
import { SCENARIOS, scenarioById } from "../../src/scenarios";
import { HOOK_MS, loadLaterParts } from "./later-parts";

// What these tests read of the panels and the question is there a moment after the first render.
beforeAll(loadLaterParts, HOOK_MS);

function renderPlayer(options: { lang?: Lang; initialIndex?: number; onLangChange?: (lang: Lang) => void } = {}) {
  // initialIndex is 0-based here for the tests' own readability; the player's public API is 1-based.
  const lang = options.lang ?? "zh";
  const user = userEvent.setup();
  const onStepChange = vi.fn();
  const view = render(
    <Player
      trace={runScenario(scenarioById("f22", lang))}
      text={storyCatalog(catalogs[lang], SCENARIOS.f22.stories[lang])}
      onStepChange={onStepChange}
      {...(options.initialIndex === undefined ? {} : { defaultStep: options.initialIndex + 1 })}
      {...(options.onLangChange === undefined ? {} : { onLangChange: options.onLangChange })}
    />,
  );
  const figure = screen.getByRole("region", { name: /F22/ });
  return { user, figure, onStepChange, view };
}
const counter = (figure: HTMLElement) => within(figure).getByText(/^\d \/ 8$/).textContent;
/** Text a reader sees: not the aria-hidden copies that reserve a label's width. */
const SEEN = { ignore: "script, style, [aria-hidden='true']" };
/** A file badge's state as its word (a phone shows its mark alone; the word is still read). */
const FILE_STATE = { ...SEEN, selector: ".alf-file-word" };
const panel = (figure: HTMLElement, name: string) => within(figure).getByRole("region", { name });

/** The dwell's words as shown (not the copies that keep their room). */
const dwellSaid = (figure: HTMLElement) => figure.querySelector(".alf-dwell-said")?.textContent ?? null;
/** While playing: the step's own stay, as the setting says it (null when not playing). */
const dwellNow = (figure: HTMLElement) => figure.querySelector(".alf-dwell-now")?.textContent ?? null;

describe("the F22 player", () => {
  it("is a focusable region named after F22 that starts static at step 1", () => {
    const { figure } = renderPlayer();
    expect(figure).toHaveAttribute("tabindex", "0");
    expect(figure).toHaveAttribute("data-state", "paused");
    expect(counter(figure)).toBe("1 / 8");
    expect(within(figure).getByRole("heading", { level: 3 })).toHaveTextContent(
      "1. 用户任务：读取 config.txt 中的 timeout",
    );
  });

  it("says each drawn arrow's direction in words", async () => {
    const { figure } = renderPlayer({ initialIndex: 4 });
    const rows = within(figure)
      .getAllByRole("listitem")
      .filter((li) => li.hasAttribute("data-step"));
    expect(rows[2]).toHaveTextContent("模型 → 宿主: read_file call_1");
    expect(rows[4]).toHaveTextContent("工具 → 宿主: 结果 timeout=30 call_1");
  });

  it("labels the four lanes in text and marks the acting lane with aria-current", async () => {
    const { figure, user } = renderPlayer();
    const lanes = within(figure).getByRole("list", { name: "泳道" });
    expect(
      within(lanes)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.slice(0, 2)),
    ).toEqual(["用户", "模型", "宿主", "工具"]);
    const current = () => lanes.querySelector('[aria-current="true"]');
    expect(current()).toHaveTextContent("用户");
    await user.click(within(figure).getByRole("button", { name: "下一步" }));
    expect(current()).toHaveTextContent("宿主");
    expect(lanes.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  });

  describe("given step 1", () => {
    it("disables Previous and says the model has seen nothing and no call or result exists yet", () => {
      const { figure } = renderPlayer();
      expect(within(figure).getByRole("button", { name: "上一步" })).toHaveAttribute("aria-disabled", "true");
      expect(panel(figure, "上下文")).toHaveTextContent("模型还没有看到任何内容");
      expect(panel(figure, "调用标识")).toHaveTextContent("暂无");
      expect(panel(figure, "工具结果")).toHaveTextContent("暂无");
      expect(within(figure).getByText("未读写", FILE_STATE)).toBeInTheDocument();
    });
  });

  describe("given step 3", () => {
    it("shows call_1 in play, no result, the file unread, and says nothing has been read", () => {
      const { figure } = renderPlayer({ initialIndex: 2 });
      expect(panel(figure, "调用标识")).toHaveTextContent("call_1");
      expect(panel(figure, "工具结果")).toHaveTextContent("暂无");
      expect(within(figure).getByText("未读写", FILE_STATE)).toBeInTheDocument();
      expect(within(figure).getByText(/什么都还没有执行/)).toBeInTheDocument();
    });
  });

  describe("given step 4 (the host's checks)", () => {
    it("lists every check with its result, and says which do not apply to a read-only tool", () => {
      const { figure } = renderPlayer({ initialIndex: 3 });
      // In the stage's box of what the step changed, under its own heading (and in the Call ID panel below).
      const change = within(figure).getByRole("group", { name: "这一步改变了什么" });
      expect(within(change).getByRole("heading", { name: "宿主的核对" })).toBeInTheDocument();
      const checks = within(change).getByRole("list", { name: "宿主的检查" });
      expect(
        within(checks)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual([
        "✓ 调用格式正确：通过",
        "✓ 工具在允许列表里：通过",
        "✓ 参数没有越出作用域：通过",
        "– 操作 ID 没有被用于不同的动作：不适用",
        "– 前置条件（证据）已满足：不适用",
      ]);
      expect(within(figure).getAllByRole("list", { name: "宿主的检查" })).toHaveLength(2);
    });
  });

  describe("at every step", () => {
    it("shows the running counters with the model-call budget", () => {
      const { figure, user } = renderPlayer({ initialIndex: 4 });
      expect(within(figure).getByText("模型调用 1 / 4 · 工具执行 1 · 模拟写入 0")).toBeInTheDocument();
      return user.click(within(figure).getByRole("button", { name: "下一步" })).then(() => {
        expect(within(figure).getByText("模型调用 2 / 4 · 工具执行 1 · 模拟写入 0")).toBeInTheDocument();
      });
    });

    it("shows the declared tools apart from the messages once the model has been called", () => {
      const { figure } = renderPlayer({ initialIndex: 1 });
      const context = panel(figure, "上下文");
      expect(within(context).getByText("声明的工具")).toBeInTheDocument();
      expect(within(context).getByText("read_file(path)")).toBeInTheDocument();
      expect(within(context).getAllByRole("listitem")).toHaveLength(2);
    });
  });

  describe("given steps 7 and 8", () => {
    it("still shows call_1 and its result, which the model has in its context (never 'none yet')", () => {
      for (const index of [6, 7]) {
        const { figure, view } = renderPlayer({ initialIndex: index });
        expect(panel(figure, "调用标识")).toHaveTextContent("call_1");
        expect(panel(figure, "工具结果")).toHaveTextContent("call_1 timeout=30");
        expect(panel(figure, "工具结果")).not.toHaveTextContent("暂无");
        view.unmount();
      }
    });
  });

  describe("given step 5", () => {
    it("shows the result tagged call_1 and the file read, while the context has not changed", () => {
      const { figure } = renderPlayer({ initialIndex: 4 });
      expect(panel(figure, "工具结果")).toHaveTextContent("call_1 timeout=30");
      expect(within(figure).getByText("已读取", FILE_STATE)).toBeInTheDocument();
      expect(within(panel(figure, "上下文")).getAllByRole("listitem")).toHaveLength(2);
      expect(panel(figure, "上下文")).not.toHaveTextContent("timeout=30");
    });
  });

  describe("given step 6", () => {
    it("lists the tool call and its result in the context, by role", () => {
      const { figure } = renderPlayer({ initialIndex: 5 });
      const items = within(panel(figure, "上下文")).getAllByRole("listitem");
      expect(items.map((li) => li.textContent)).toEqual([
        expect.stringMatching(/^系统/),
        expect.stringMatching(/^用户/),
        expect.stringMatching(/^模型read_file\(\{"path":"config.txt"\}\) call_1 新增$/),
        expect.stringMatching(/^工具结果call_1 timeout=30 新增$/),
      ]);
    });

    it("marks only what the host appended at this model call as new", () => {
      const { figure } = renderPlayer({ initialIndex: 5 });
      const items = within(panel(figure, "上下文")).getAllByRole("listitem");
      expect(items.map((li) => li.getAttribute("data-new"))).toEqual([null, null, "true", "true"]);
    });
  });

  describe("given steps 2 and 3", () => {
    it("marks the first context as new at the model call, and nothing as new once the model has it", async () => {
      const { figure, user } = renderPlayer({ initialIndex: 1 });
      const newOnes = () => within(panel(figure, "上下文")).queryAllByText("新增");
      expect(newOnes()).toHaveLength(2);
      await user.click(within(figure).getByRole("button", { name: "下一步" }));
      expect(newOnes()).toHaveLength(0);
    });
  });

  describe("given the last step", () => {
    it("disables Next, reads as ended, and offers to play from the start", () => {
      const { figure } = renderPlayer({ initialIndex: 7 });
      expect(within(figure).getByRole("button", { name: "下一步" })).toHaveAttribute("aria-disabled", "true");
      expect(figure).toHaveAttribute("data-state", "ended");
      expect(within(figure).getByRole("button", { name: "从头播放" })).toBeInTheDocument();
    });

    it("does not advance on ArrowRight", async () => {
      const { figure, user } = renderPlayer({ initialIndex: 7 });
      figure.focus();
      await user.keyboard("{ArrowRight}");
      expect(counter(figure)).toBe("8 / 8");
    });
  });

  it("steps with the arrow keys, Home and End while it has focus", async () => {
    const { figure, user, onStepChange } = renderPlayer();
    figure.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(counter(figure)).toBe("3 / 8");
    await user.keyboard("{ArrowLeft}");
    expect(counter(figure)).toBe("2 / 8");
    await user.keyboard("{End}");
    expect(counter(figure)).toBe("8 / 8");
    await user.keyboard("{Home}");
    expect(counter(figure)).toBe("1 / 8");
    expect(onStepChange.mock.calls.map(([n]) => n)).toEqual([2, 3, 2, 8, 1]);
  });

  it("ignores keys pressed outside the figure", async () => {
    const { figure, user } = renderPlayer();
    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    await user.keyboard("{ArrowRight}{End} ");
    expect(counter(figure)).toBe("1 / 8");
    outside.remove();
  });

  it("leaves the dwell slider's arrow keys to the slider", () => {
    const { figure } = renderPlayer();
    const slider = within(figure).getByRole("slider", { name: "停留时间" });
    slider.focus();
    // The slider's own default action must survive (jsdom does not move range inputs; Chromium does: e2e).
    expect(fireEvent.keyDown(slider, { key: "ArrowRight" })).toBe(true);
    expect(fireEvent.keyDown(slider, { key: "End" })).toBe(true);
    expect(counter(figure)).toBe("1 / 8");
    fireEvent.change(slider, { target: { value: "5.5" } });
    expect(dwellSaid(figure)).toBe("5.5 秒");
  });

  it("plays one step per dwell time and stops by itself at the last step", async () => {
    vi.useFakeTimers();
    try {
      const { figure } = renderPlayer({ initialIndex: 5 });
      // The reader chooses 2 s: every step then stays 2 s, whatever its words.
      fireEvent.change(within(figure).getByRole("slider"), { target: { value: "2" } });
      expect(dwellSaid(figure)).toBe("2 秒");
      act(() => within(figure).getByRole("button", { name: "播放" }).click());
      expect(figure).toHaveAttribute("data-state", "playing");
      // While playing, the setting says which dwell applies to this step: the reader's 2 s.
      expect(dwellNow(figure)).toBe("本步 2 秒");
      expect(within(figure).getByRole("button", { name: "暂停" })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2000));
      expect(counter(figure)).toBe("7 / 8");
      act(() => vi.advanceTimersByTime(2000));
      expect(counter(figure)).toBe("8 / 8");
      expect(figure).toHaveAttribute("data-state", "ended");
      act(() => vi.advanceTimersByTime(10_000));
      expect(counter(figure)).toBe("8 / 8");
    } finally {
      vi.useRealTimers();
    }
  });

  it("at the default dwell, keeps a step with long words as long as they take to read", async () => {
    vi.useFakeTimers();
    try {
      const { figure } = renderPlayer({ initialIndex: 5 });
      expect(dwellSaid(figure)).toBe("3 秒或按阅读时长");
      expect(dwellNow(figure)).toBeNull();
      const trace = runScenario(scenarioById("f22", "zh"));
      const text = storyCatalog(catalogs.zh, SCENARIOS.f22.stories.zh);
      const six = trace.steps[5];
      if (six === undefined) throw new Error("F22 has no step 6");
      const reading = readingSeconds(`${text.stepTitle(six)} ${text.stepCaption(six, trace)}`);
      expect(reading).toBeGreaterThan(DWELL.initial);
      act(() => within(figure).getByRole("button", { name: "播放" }).click());
      act(() => vi.advanceTimersByTime(DWELL.initial * 1000));
      expect(counter(figure)).toBe("6 / 8");
      // Step 6's words take longer to read than the dwell: the setting says this step stays their reading time.
      expect(dwellNow(figure)).toBe(`本步 ${Number(reading.toFixed(1))} 秒（按阅读时长）`);
      act(() => vi.advanceTimersByTime((reading - DWELL.initial) * 1000 + 10));
      expect(counter(figure)).toBe("7 / 8");
      act(() => within(figure).getByRole("button", { name: "暂停" }).click());
      expect(dwellNow(figure)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("toggles play and pause with Space on the figure", async () => {
    const { figure, user } = renderPlayer();
    figure.focus();
    await user.keyboard(" ");
    expect(figure).toHaveAttribute("data-state", "playing");
    await user.keyboard(" ");
    expect(figure).toHaveAttribute("data-state", "paused");
  });

  it("announces each step change once in a polite live region", async () => {
    const { figure, user } = renderPlayer();
    const regions = document.querySelectorAll("[aria-live]");
    expect(regions).toHaveLength(1);
    await user.click(within(figure).getByRole("button", { name: "下一步" }));
    expect(regions[0]).toHaveTextContent(/^第 2 步，共 8 步：2\. 宿主构建上下文|^第 2 步，共 8 步：宿主构建上下文/);
  });

  it("announces what travels at each step (its arrow's payload and call ids), and the outcome at the end", async () => {
    const { figure, user } = renderPlayer({ lang: "en", initialIndex: 1 });
    const region = document.querySelector("[aria-live]");
    await user.click(within(figure).getByRole("button", { name: "Next" }));
    expect(region).toHaveTextContent(/^Step 3 of 8: .*\. On the arrow: read_file, call_1$/);
    figure.focus();
    await user.keyboard("{End}");
    expect(region).toHaveTextContent(/^Step 8 of 8: .*\. The run is over\. Outcome: completed\.$/);
  });

  it("shows a shell's notes at their step, marks their rows, and says so in the one announcement", async () => {
    const user = userEvent.setup();
    render(
      <Player
        trace={runScenario(scenarioById("f22", "en"))}
        text={storyCatalog(catalogs.en, SCENARIOS.f22.stories.en)}
        notes={[
          { step: 2, text: "<b>call_7</b> has no result" },
          { step: 2, text: "second note" },
          { step: 99, text: "no such step" },
        ]}
      />,
    );
    const figure = screen.getByRole("region", { name: /F22/ });
    expect(within(figure).queryByRole("list", { name: "Warnings at this step" })).toBeNull();
    expect(figure.querySelectorAll(".alf-row-warning")).toHaveLength(1);
    expect(figure.querySelector('.alf-row[data-step="2"] .alf-row-warning')).toHaveTextContent("Warnings at this step");
    await user.click(within(figure).getByRole("button", { name: "Next" }));
    const list = within(figure).getByRole("list", { name: "Warnings at this step" });
    // Plain text, never HTML.
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["⚠ <b>call_7</b> has no result", "⚠ second note"]);
    expect(list.querySelector("b")).toBeNull();
    expect(document.querySelector("[aria-live]")).toHaveTextContent(/\(2 warnings at this step\)$/);
    await user.click(within(figure).getByRole("button", { name: "Next" }));
    expect(within(figure).queryByRole("list", { name: "Warnings at this step" })).toBeNull();
    expect(document.querySelector("[aria-live]")).not.toHaveTextContent(/warning/);
  });

  it("shows a note that informs apart from the warnings, with ℹ, without marking its row, and counts each kind", async () => {
    const user = userEvent.setup();
    render(
      <Player
        trace={runScenario(scenarioById("f22", "en"))}
        text={storyCatalog(catalogs.en, SCENARIOS.f22.stories.en)}
        notes={[
          { step: 2, text: "the log records 1,200 tokens in", info: true },
          { step: 3, text: "call_1 has no result" },
          { step: 3, text: "read_file ran and failed: the log says the error came from the tool", info: true },
        ]}
      />,
    );
    const figure = screen.getByRole("region", { name: /F22/ });
    // Only the step with a warning has its row marked.
    expect(figure.querySelectorAll(".alf-row-warning")).toHaveLength(1);
    expect(figure.querySelector('.alf-row[data-step="3"] .alf-row-warning')).not.toBeNull();
    await user.click(within(figure).getByRole("button", { name: "Next" }));
    expect(within(figure).queryByRole("list", { name: "Warnings at this step" })).toBeNull();
    const told = within(figure).getByRole("list", { name: "Notes at this step" });
    expect(
      within(told)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["ℹ the log records 1,200 tokens in"]);
    expect(document.querySelector("[aria-live]")).toHaveTextContent(/\(1 note at this step\)$/);
    await user.click(within(figure).getByRole("button", { name: "Next" }));
    const warnings = within(figure).getByRole("list", { name: "Warnings at this step" });
    expect(
      within(warnings)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["⚠ call_1 has no result"]);
    expect(
      within(within(figure).getByRole("list", { name: "Notes at this step" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["ℹ read_file ran and failed: the log says the error came from the tool"]);
    expect(document.querySelector("[aria-live]")).toHaveTextContent(/\(1 warning and 1 note at this step\)$/);
  });

  it("speaks English with lang en", () => {
    const { figure } = renderPlayer({ lang: "en" });
    // (Present's hint for a short screen is in its name only where the stylesheet shows it.)
    for (const name of ["Previous", "Next", "Play", /^Present/]) {
      expect(within(figure).getByRole("button", { name })).toBeInTheDocument();
    }
    for (const name of ["Context", "Call ID", "Tool result"]) expect(panel(figure, name)).toBeInTheDocument();
    const lanes = within(within(figure).getByRole("list", { name: "Lanes" }));
    for (const name of ["User", "Model", "Host", "Tool"]) expect(lanes.getByText(name)).toBeInTheDocument();
    expect(within(figure).getByText("not read", FILE_STATE)).toBeInTheDocument();
  });

  it("offers a language switch when the page asks for one", async () => {
    const onLangChange = vi.fn();
    const { figure, user } = renderPlayer({ onLangChange });
    const english = within(figure).getByRole("button", { name: "English" });
    expect(english).toHaveAttribute("aria-pressed", "false");
    await user.click(english);
    expect(onLangChange).toHaveBeenCalledWith("en");
  });

  it("keeps two players on one page independent", async () => {
    const user = userEvent.setup();
    const trace = runScenario(scenarioById("f22", "zh"));
    render(
      <>
        <Player trace={trace} text={storyCatalog(catalogs.zh, SCENARIOS.f22.stories.zh)} />
        <Player trace={trace} text={storyCatalog(catalogs.zh, SCENARIOS.f22.stories.zh)} />
      </>,
    );
    const [first, second] = screen.getAllByRole("region", { name: /F22/ });
    if (first === undefined || second === undefined) throw new Error("two players expected");
    await user.click(within(first).getByRole("button", { name: "下一步" }));
    expect(counter(first)).toBe("2 / 8");
    expect(counter(second)).toBe("1 / 8");
  });

  it("opens the enlarged view with the same state, and closes it with Escape", async () => {
    const { figure, user } = renderPlayer({ initialIndex: 3 });
    const enlarge = within(figure).getByRole("button", { name: /^演示/ });
    await user.click(enlarge);
    // Its code loads on first opening: allow a busy machine time for that.
    const dialog = await screen.findByRole("dialog", { name: "演示模式：动态图解 · F22" }, { timeout: 5000 });
    const big = within(dialog).getByRole("region", { name: /F22/ });
    expect(counter(big)).toBe("4 / 8");
    await user.click(within(big).getByRole("button", { name: "下一步" }));
    expect(counter(figure)).toBe("5 / 8");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(enlarge).toHaveFocus();
  });

  it("has no axe violations", async () => {
    const { view } = renderPlayer({ initialIndex: 5 });
    const result = await axe.run(view.container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});

describe("catalog coverage in the player", () => {
  it("renders no key names or undefined text in either language", () => {
    for (const lang of ["zh", "en"] as const) {
      const { view } = renderPlayer({ lang, initialIndex: 5 });
      expect(view.container.textContent).not.toMatch(/undefined|null|NaN|\[object/);
      expect(view.container.textContent).toContain(catalogs[lang].later.contextHeading);
      view.unmount();
    }
  });
});

describe("usePlayer", () => {
  it("says clearly when it is used outside a PlayerProvider", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      render(
        <CatalogContext.Provider value={catalogs.zh}>
          <Controls mode="full" />
        </CatalogContext.Provider>,
      ),
    ).toThrow(/inside <PlayerProvider>/);
    expect(() => render(<Controls mode="full" />)).toThrow(/inside a <Player>/);
    spy.mockRestore();
  });
});
