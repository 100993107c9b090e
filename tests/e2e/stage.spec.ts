import AxeBuilder from "@axe-core/playwright";
/**
 * One screen per step (issue 41): on the chapter page, with the figure scrolled into view, the diagram's acting
 * row, the step's caption and Next are all inside the viewport, at every step of every built-in, in both
 * languages, on the screens a reader or a teacher has (1280×720, 1366×768, a 375×667 phone); on the phone, every
 * lane is on screen with its whole name. And at each of those steps, and in presenter mode, no line of the diagram
 * is drawn over one of its words (issue 54).
 */
import { SCENARIO_IDS } from "../../src/scenarios/ids";
import { counterOf, expect, test, untilHydrated } from "./fixtures";

const SCREENS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 375, height: 667 },
] as const;
/** Next, or at a checkpoint whose question waits, the same button saying that it skips the question. */
const NEXT = { zh: /^(下一步|跳过这道题)$/, en: /^(Next|Skip this question)$/ } as const;

/** Two frames after a step: what the reader sees once it has painted (a long diagram's box follows in a frame). */
const PAINTED = "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))";

/**
 * The diagram's words that a line is drawn over, as "word × line": every word a reader can see (a label, a round's
 * name, a lane's), against every line drawn in the diagram (the lanes' lifelines, the arrows). Where a line runs
 * through a word's glyph box, what is on top at that point must be the word on an opaque backdrop of its own (its
 * halo), never the line: the lines are made hit-testable for the measure, then left as they were.
 */
const CROSSED = `(figure) => {
  // Every word of the diagram a reader can see, against every line drawn in it (the lanes' lifelines, the arrows):
  // where a line runs through a word's glyph box, the first thing over that point must be the word itself or an
  // opaque backdrop behind it (its halo), never the line.
  const diagram = figure.querySelector(".alf-scroll");
  // A backdrop that hides what is under it: any colour (rgb(), color(srgb …)) with an alpha of at least 0.9.
  const opaque = (el) => {
    const colour = getComputedStyle(el).backgroundColor;
    const inner = colour.match(/\\(([^)]*)\\)/)?.[1] ?? "";
    const alpha = inner.includes("/")
      ? Number(inner.split("/")[1])
      : colour.startsWith("rgba")
        ? Number(inner.split(",")[3])
        : colour.startsWith("rgb") || colour.startsWith("color")
          ? 1
          : 0;
    return alpha >= 0.9;
  };
  // Each line as the segment it draws: a lifeline its left border, an arrow its own box.
  const lines = [...figure.querySelectorAll(".alf-lifeline, .alf-arrow-line")].flatMap((line) => {
    const r = line.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return [];
    if (line.classList.contains("alf-lifeline")) {
      const w = parseFloat(getComputedStyle(line).borderLeftWidth) || 1;
      return [{ line, left: r.left, right: r.left + w, top: r.top, bottom: r.bottom }];
    }
    return [{ line, left: r.left, right: r.right, top: r.top, bottom: r.bottom }];
  });
  const hittable = [...figure.querySelectorAll(".alf-lifelines, .alf-lifeline, .alf-arrow-line")];
  for (const el of hittable) el.style.pointerEvents = "auto";
  const crossed = [];
  const walker = document.createTreeWalker(diagram, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const element = node.parentElement;
    if (node.textContent.trim() === "" || element.closest(".alf-sr-only, .alf-swap-reserve, [aria-hidden='true']")) continue;
    if (getComputedStyle(element).visibility === "hidden") continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      for (const seg of lines) {
        const left = Math.max(r.left, seg.left), right = Math.min(r.right, seg.right);
        const top = Math.max(r.top, seg.top), bottom = Math.min(r.bottom, seg.bottom);
        if (right - left < 0.5 || bottom - top < 0.5) continue;
        const x = (left + right) / 2, y = (top + bottom) / 2;
        for (const el of document.elementsFromPoint(x, y)) {
          if (el === seg.line) { crossed.push(\`"\${node.textContent.trim().slice(0, 30)}" × \${seg.line.className}\`); break; }
          if (el.contains(element) && opaque(el)) break;
          if (el === element) { /* the word over the line, on no backdrop: the line still shows between glyphs */ }
        }
      }
    }
  }
  for (const el of hittable) el.style.pointerEvents = "";
  return [...new Set(crossed)];
}`;

/** Where the acting row and the caption are, against the viewport (in CSS px). */
const PLACES = `(() => {
  const figure = document.querySelector(":not(.alf-rehearsal) > .alf-root > .alf-figure");
  // The first one a reader sees (not a hidden stand-in that keeps the room of the longest words).
  const box = (selector) => {
    const found = [...figure.querySelectorAll(selector)].find((el) => el.closest("[aria-hidden='true']") === null) ?? null;
    if (found === null) return null;
    const r = found.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
  };
  // A lane whose header or name is cut: outside the diagram's visible box, or its name wider than its place.
  const scroller = figure.querySelector(".alf-scroll").getBoundingClientRect();
  const cut = [...figure.querySelectorAll(".alf-lane")].flatMap((lane) => {
    const name = lane.querySelector(".alf-lane-name");
    const r = lane.getBoundingClientRect();
    const inside = r.left >= scroller.left - 1 && r.right <= scroller.right + 1 && r.right <= window.innerWidth;
    return inside && name.scrollWidth <= name.clientWidth + 1 ? [] : [name.textContent];
  });
  // The smallest text a reader can see in the diagram, with what it says.
  let small = null;
  const walker = document.createTreeWalker(figure.querySelector(".alf-scroll"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const element = node.parentElement;
    if (node.textContent.trim() === "" || element.closest(".alf-sr-only, .alf-swap-reserve, [aria-hidden='true']"))
      continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || element.getClientRects().length === 0) continue;
    const size = parseFloat(style.fontSize);
    if (small === null || size < small.size) small = { size, text: node.textContent.trim().slice(0, 40) };
  }
  return {
    viewport: window.innerHeight,
    row: box('.alf-row[data-status="current"]'),
    caption: box(".alf-step-caption"),
    change: box("section.alf-change"),
    changeKind: figure.querySelector("section.alf-change [data-change]")?.dataset.change ?? (figure.querySelector("section.alf-change .alf-checkpoint") ? "checkpoint" : null),
    cut,
    small,
    crossed: (${CROSSED})(figure),
  };
})()`;

for (const screen of SCREENS) {
  test.describe(`at ${screen.width}×${screen.height}`, () => {
    test.use({ viewport: screen });
    for (const lang of ["zh", "en"] as const) {
      test(`every step of every built-in shows its acting row, its caption, what it changed (or its question) and Next on one screen (${lang})`, async ({
        page,
      }) => {
        test.setTimeout(240_000); // every step of every built-in, measured
        const misses: string[] = [];
        for (const id of SCENARIO_IDS) {
          // With the checkpoints on: a checkpoint's question is what its step shows in the stage's box.
          await page.goto(`./?scenario=${id}&lang=${lang}&checkpoints=1`);
          const figure = page.locator(":not(.alf-rehearsal) > .alf-root > .alf-figure").first();
          const counter = counterOf(figure);
          // The page hydrates on its first figure, then shows the link's (resolved before hydration) at once.
          await untilHydrated(figure);
          await expect(page.locator(".page-tools select").first()).toHaveValue(id);
          await expect(counter).toHaveText(/^1 \/ \d+$/);
          const total = Number((await counter.textContent())?.split("/")[1]);
          // The reader brings the figure into view; on a phone, where it is taller than the screen, its diagram
          // (the title and lesson above it read and scrolled past).
          const phone = screen.width < 600;
          await (phone ? figure.locator(".alf-scroll") : figure).evaluate((element) =>
            element.scrollIntoView({ block: "start" }),
          );
          const next = figure.getByRole("button", { name: NEXT[lang] });
          for (let step = 1; step <= total; step += 1) {
            await expect(counter).toHaveText(`${step} / ${total}`);
            await page.evaluate(PAINTED);
            const at = (await page.evaluate(PLACES)) as {
              viewport: number;
              row: { top: number; bottom: number } | null;
              caption: { top: number; bottom: number } | null;
              change: { top: number; bottom: number } | null;
              changeKind: string | null;
              cut: string[];
              small: { size: number; text: string } | null;
              crossed: string[];
            };
            // No word of the diagram with a line drawn over it.
            if (at.crossed.length > 0) misses.push(`${id} step ${step}: lines over words: ${at.crossed.join("; ")}`);
            // No diagram text under 11 px, at any width.
            if (at.small !== null && at.small.size < 11)
              misses.push(`${id} step ${step}: "${at.small.text}" is ${at.small.size} px`);
            const nextBox = await next.boundingBox();
            const inView = (place: { top: number; bottom: number } | null) =>
              place !== null && place.top >= 0 && place.bottom <= at.viewport;
            const nextIn = nextBox !== null && nextBox.y >= 0 && nextBox.y + nextBox.height <= at.viewport;
            // On a phone the bar with Next stays at the foot of the screen: it must not cover the caption.
            const covered = phone && nextBox !== null && at.caption !== null && at.caption.bottom > nextBox.y;
            if (covered)
              misses.push(
                `${id} step ${step}: the bar (at ${Math.round(nextBox.y)}) covers the caption (to ${at.caption?.bottom})`,
              );
            if (at.cut.length > 0) misses.push(`${id} step ${step}: lanes cut: ${at.cut.join(", ")}`);
            // What the step changed (or its question), whole on the screen under (or beside) the words, above Next.
            if (at.changeKind === null) misses.push(`${id} step ${step}: the stage's box shows nothing`);
            if (!inView(at.change) || (nextBox !== null && (at.change?.bottom ?? 0) > nextBox.y + 1))
              misses.push(`${id} step ${step}: the change's box ${JSON.stringify(at.change)} (${at.changeKind})`);
            if (!inView(at.row) || !inView(at.caption) || !nextIn)
              misses.push(
                `${id} step ${step}: row ${JSON.stringify(at.row)}, caption ${JSON.stringify(at.caption)}, Next ${
                  nextBox === null ? "none" : `${Math.round(nextBox.y)}+${Math.round(nextBox.height)}`
                } (viewport ${at.viewport})`,
              );
            if (step < total) await next.click();
          }
        }
        expect(misses).toEqual([]);
      });
    }
  });
}

/** In the presenter's frame: the smallest size of any word of the diagram a reader can see, and where things are. */
const PRESENTED = `(() => {
  const frame = document.querySelector("dialog .alf-figure");
  const diagram = frame.querySelector(".alf-scroll");
  let smallest = Infinity;
  const walker = document.createTreeWalker(diagram, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const element = node.parentElement;
    if (node.textContent.trim() === "" || element.closest(".alf-sr-only, .alf-swap-reserve, [aria-hidden='true']"))
      continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden") continue;
    smallest = Math.min(smallest, parseFloat(style.fontSize));
  }
  const box = (element) => {
    if (element === null) return null;
    const r = element.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  return {
    smallest,
    frame: box(frame),
    viewport: { right: window.innerWidth, bottom: window.innerHeight },
    row: box(frame.querySelector('.alf-row[data-status="current"]')),
    caption: box(frame.querySelector(".alf-step-caption")),
    next: box([...frame.querySelectorAll(".alf-controls button")].at(-1)),
    crossed: (${CROSSED})(frame),
  };
})()`;

test.describe("presenter mode at 1280×720", () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  for (const lang of ["zh", "en"] as const) {
    test(`?present=1: one 16:9 frame holds the diagram's acting row, the caption and Next at every step of every built-in; no diagram word under 18 px (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(240_000); // every step of eight built-ins, measured
      const misses: string[] = [];
      for (const id of SCENARIO_IDS) {
        await page.goto(`./?scenario=${id}&lang=${lang}&present=1`);
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        const frame = dialog.locator(".alf-figure");
        await expect(frame).toBeFocused();
        const counter = counterOf(frame);
        await expect(counter).toHaveText(/^1 \/ \d+$/);
        const total = Number((await counter.textContent())?.split("/")[1]);
        for (let step = 1; step <= total; step += 1) {
          await expect(counter).toHaveText(`${step} / ${total}`);
          await page.evaluate(PAINTED);
          type Box = { left: number; top: number; right: number; bottom: number };
          const at = (await page.evaluate(PRESENTED)) as {
            smallest: number;
            frame: Box;
            viewport: { right: number; bottom: number };
            row: Box | null;
            caption: Box | null;
            next: Box | null;
            crossed: string[];
          };
          if (at.crossed.length > 0) misses.push(`${id} step ${step}: lines over words: ${at.crossed.join("; ")}`);
          const within = (inner: Box | null) =>
            inner !== null &&
            inner.left >= at.frame.left - 1 &&
            inner.top >= at.frame.top - 1 &&
            inner.right <= at.frame.right + 1 &&
            inner.bottom <= at.frame.bottom + 1;
          const ratio = (at.frame.right - at.frame.left) / (at.frame.bottom - at.frame.top);
          if (Math.abs(ratio - 16 / 9) > 0.02 || at.frame.right > at.viewport.right + 1)
            misses.push(`${id} step ${step}: frame ${JSON.stringify(at.frame)}`);
          if (at.smallest < 18) misses.push(`${id} step ${step}: a diagram word at ${at.smallest} px`);
          for (const [name, place] of [
            ["row", at.row],
            ["caption", at.caption],
            ["Next", at.next],
          ] as const)
            if (!within(place)) misses.push(`${id} step ${step}: ${name} ${JSON.stringify(place)} outside the frame`);
          // The keys are the controls.
          if (step < total) await page.keyboard.press("ArrowRight");
        }
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }
      expect(misses).toEqual([]);
    });
  }
});

test.describe("presenter mode asked for by a host", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("embed.html?present=1 opens the figure in presenter mode at its step; Escape leaves it", async ({ page }) => {
    await page.goto("./embed.html?lang=en&present=1&step=8");
    const dialog = page.getByRole("dialog", { name: /presenter mode/ });
    await expect(dialog).toBeVisible();
    await expect(counterOf(dialog.locator(".alf-figure"))).toHaveText("8 / 8");
    await expect(dialog.getByRole("list", { name: "The host checks the environment" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Present" })).toBeFocused();
  });

  test('the element\'s present="1" opens it in presenter mode, in its shadow root', async ({ page }) => {
    await page.route("http://127.0.0.1:4174/hosts/present.html", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A lecture</title>
<script type="module" src="/agent-loop-figure.js"></script></head>
<body><h1>A lecture</h1><agent-loop-figure lang="en" scenario="out-of-order" present="1"></agent-loop-figure></body></html>`,
      }),
    );
    await page.goto("http://127.0.0.1:4174/hosts/present.html");
    const dialog = page.locator("agent-loop-figure").getByRole("dialog");
    await expect(dialog).toBeVisible();
    const frame = dialog.locator(".alf-figure");
    await expect(counterOf(frame)).toHaveText("1 / 10");
    const box = await frame.boundingBox();
    expect(box !== null && Math.abs(box.width / box.height - 16 / 9) < 0.02).toBe(true);
  });
});

test.describe("on a screen under 520 px tall (a 720p projector at 150 % zoom)", () => {
  test.use({ viewport: { width: 853, height: 480 } });

  test("presenter mode is offered in so many words, and opens to a frame that holds the step", async ({ page }) => {
    await page.goto("./?lang=en#step-6");
    const figure = page.locator(":not(.alf-rehearsal) > .alf-root > .alf-figure").first();
    await untilHydrated(figure);
    const present = figure.getByRole("button", { name: "Present (fits this short screen)" });
    await expect(present).toBeVisible();
    await present.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(counterOf(dialog.locator(".alf-figure"))).toHaveText("6 / 8");
    const caption = await dialog.locator(".alf-step-caption").boundingBox();
    expect(caption !== null && caption.y + caption.height <= 480).toBe(true);
  });

  test("a screen of ordinary height is not told so", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("./?lang=en");
    await expect(page.getByRole("button", { name: "Present", exact: true }).first()).toBeVisible();
  });
});

test.describe("on a 375×667 phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the figure is axe clean, its bar one named group of controls, in both languages", async ({ page }) => {
    for (const [link, controls, next] of [
      ["./?lang=en#step-5", "Step controls", "Next"],
      ["./?lang=zh&scenario=out-of-order#step-6", "步骤控制", "下一步"],
    ] as const) {
      await page.goto(link);
      const figure = page.locator(":not(.alf-rehearsal) > .alf-root > .alf-figure").first();
      await untilHydrated(figure);
      // The bar's buttons stick to the screen's foot through a group that lends them its box: still a group.
      const group = figure.getByRole("group", { name: controls, exact: true });
      await expect(group.getByRole("button", { name: next, exact: true })).toBeVisible();
      const results = await new AxeBuilder({ page }).include(".alf-figure").analyze();
      expect(results.violations, link).toEqual([]);
    }
  });

  test("presenter mode, a projector's slide, is not offered, and a host's present=1 leaves the phone layout", async ({
    page,
  }) => {
    await page.goto("./?lang=en");
    const figure = page.locator(":not(.alf-rehearsal) > .alf-root > .alf-figure").first();
    await untilHydrated(figure);
    await expect(figure.getByRole("button", { name: "Present" })).toBeHidden();
    await page.goto("./embed.html?lang=en&present=1&step=3");
    await expect(counterOf(page.locator(".alf-figure").first())).toHaveText("3 / 8");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Next" }).first()).toBeVisible();
  });
});

test.describe("on a tablet held upright (768×1024)", () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  for (const lang of ["zh", "en"] as const) {
    test(`each of F22's questions shows whole in the stage's box, every option above the bar with Next (${lang})`, async ({
      page,
    }) => {
      await page.goto(`./?lang=${lang}&checkpoints=1`);
      const figure = page.locator(":not(.alf-rehearsal) > .alf-root > .alf-figure").first();
      await untilHydrated(figure);
      await figure.evaluate((element) => element.scrollIntoView({ block: "start" }));
      const counter = counterOf(figure);
      const next = figure.getByRole("button", { name: NEXT[lang] });
      const total = Number((await counter.textContent())?.split("/")[1]);
      let asked = 0;
      for (let step = 1; step <= total; step += 1) {
        await expect(counter).toHaveText(`${step} / ${total}`);
        await page.evaluate(PAINTED);
        const options = figure.locator("section.alf-change .alf-checkpoint-option");
        const count = await options.count();
        if (count > 0) {
          asked += 1;
          const bar = await next.boundingBox();
          const box = await figure.locator("section.alf-change").boundingBox();
          for (let i = 0; i < count; i += 1) {
            const option = await options.nth(i).boundingBox();
            // Whole, inside the box (not scrolled out of it), and above the bar that holds Next.
            expect(option, `step ${step}, option ${i + 1}`).not.toBeNull();
            if (option === null || box === null || bar === null) continue;
            expect(option.y, `step ${step}, option ${i + 1}`).toBeGreaterThanOrEqual(box.y);
            expect(option.y + option.height, `step ${step}, option ${i + 1}`).toBeLessThanOrEqual(box.y + box.height);
            expect(option.y + option.height, `step ${step}, option ${i + 1}`).toBeLessThanOrEqual(bar.y);
          }
        }
        if (step < total) await next.click();
      }
      expect(asked).toBe(3);
    });
  }
});
