// @vitest-environment node
/**
 * The diagram's graphics are seen, not guessed at: every lane's colour, and a past arrow (its lane's colour at the
 * opacity the stylesheet gives it) keep at least 3:1 against the figure's background, in the light theme and the
 * dark one (WCAG 1.4.11, non-text contrast), read from the player's stylesheet itself.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const css = readFileSync("src/player/player.css", "utf8");

/** A `light-dark(#light, #dark)` custom property's two colours. */
function themes(name: string): readonly [string, string] {
  const match = new RegExp(`--alf-${name}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)`).exec(css);
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`player.css has no --alf-${name}`);
  return [match[1], match[2]];
}

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const luminance = (rgb: readonly number[]) => {
  const [r = 0, g = 0, b = 0] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};
/** `fg` at `alpha` over `bg`. */
const over = (fg: readonly number[], bg: readonly number[], alpha: number) =>
  fg.map((v, i) => v * alpha + (bg[i] ?? 0) * (1 - alpha));

const pastOpacity = Number(
  /\.alf-row\[data-status="past"\] \.alf-arrow-line \{\s*opacity: ([0-9.]+);/.exec(css)?.[1] ?? Number.NaN,
);

describe("the diagram's graphics against the background", () => {
  const background = themes("bg");
  it.each(["user", "model", "host", "tool", "mcp"])("the %s lane: ≥ 3:1, a past arrow too, light and dark", (lane) => {
    expect(pastOpacity).toBeGreaterThan(0);
    const colours = themes(lane);
    for (const theme of [0, 1] as const) {
      const bg = channels(background[theme]);
      const fg = channels(colours[theme]);
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(3);
      expect(contrast(over(fg, bg, pastOpacity), bg)).toBeGreaterThanOrEqual(3);
    }
  });
});
