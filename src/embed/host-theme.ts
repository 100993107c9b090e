/**
 * The host page's own theme, when it says what it is: `data-theme="dark"` or `"light"` on `<html>` (Docusaurus),
 * a `dark` or `light` class on it (VitePress, Tailwind), or a single `color-scheme` set on it. A page that says
 * nothing gives `null`: the figure then follows the reader's system setting. Framework-free: the web component,
 * the React component and embed-host.js (for framed figures) all use it.
 */

/** A theme the host page sets, or null when it sets none. */
export type HostTheme = "light" | "dark" | null;

/** What `root` (the page's `<html>`) says its theme is. */
export function hostTheme(
  root: Element | null = typeof document === "undefined" ? null : document.documentElement,
): HostTheme {
  if (root === null) return null;
  const data = root.getAttribute("data-theme");
  if (data === "dark" || data === "light") return data;
  if (root.classList.contains("dark")) return "dark";
  if (root.classList.contains("light")) return "light";
  const scheme = (root instanceof HTMLElement ? root.style.colorScheme : "").trim();
  if (scheme === "dark" || scheme === "light") return scheme;
  return null;
}

/**
 * Call `changed` whenever the page's theme changes (a site's theme toggle); returns the unsubscribe function.
 * Watches only `<html>`'s attributes: no work at all on a page that never touches them.
 */
export function watchHostTheme(
  changed: () => void,
  root: Element | null = typeof document === "undefined" ? null : document.documentElement,
): () => void {
  if (root === null || typeof MutationObserver === "undefined") return () => {};
  const observer = new MutationObserver(changed);
  observer.observe(root, { attributes: true, attributeFilter: ["data-theme", "class", "style"] });
  return () => observer.disconnect();
}
