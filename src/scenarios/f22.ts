/** F22: read `timeout` from config.txt, the chapter's figure. The run and its own narrative, in both languages. */

import type { Story } from "../content/types";
import type { Lang } from "../engine";
import { f22Scenario } from "../engine";
import type { ScenarioEntry } from "./types";

/** The scenario's narrative in Chinese (apart from its run, for shells that carry a ready-made trace). */
export const f22StoryZh: Story = {
  name: "F22：读取 config.txt 中的 timeout",
  kicker: "动态图解 · F22",
  title: "把一个Agent任务拆成真正发生的几轮",
  lesson: "模型只提出调用；宿主程序检查、执行，再用同一个 call_id 把结果交还模型。",
  input: "config.txt 的内容固定为 timeout=30；只声明并允许一个只读工具 read_file；预算 4 次模型调用。",
  captions: {},
};

/** The scenario's narrative in English (embed.html carries it in its English pack, not in its entry). */
export const f22StoryEn: Story = {
  name: "F22: read timeout from config.txt",
  kicker: "Animated figure · F22",
  title: "One agent task, broken into the rounds that really happen",
  lesson:
    "The model only proposes a call; the host program checks and runs it, and hands the result back under the same call_id.",
  input:
    "config.txt always contains timeout=30; one read-only tool, read_file, is declared and allowed; a budget of 4 model calls.",
  captions: {},
};

/** The scenario's narrative in each language. */
export const f22Stories: Readonly<Record<Lang, Story>> = { zh: f22StoryZh, en: f22StoryEn };

export const f22: ScenarioEntry = { id: "f22", build: f22Scenario, stories: f22Stories };
