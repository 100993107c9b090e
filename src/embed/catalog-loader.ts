/**
 * The npm package's catalogs, one chunk per language of the registry (found by the translation files' names, as
 * the chapter page finds them): a figure loads the words of its language when it first needs them, and keeps them.
 * Built by Vite only (import.meta.glob); the CLI and the web component carry every catalog instead.
 */
import type { Lang } from "../content/languages";
import type { Catalog } from "../content/types";

const FILES = import.meta.glob<Catalog>("../content/catalog.*.ts", { import: "catalog" });

/** Loaded catalogs, and the loads in flight, for the page's lifetime (shared by every figure on it). */
const loaded = new Map<Lang, Catalog>();
const loading = new Map<Lang, Promise<Catalog>>();

/** The catalog of `lang` when it has loaded already. */
export const catalogNow = (lang: Lang): Catalog | undefined => loaded.get(lang);

/**
 * The catalog of `lang`, loaded once.
 * @throws {Error} (rejects) when the language has no catalog file or its chunk cannot be loaded.
 */
export function loadCatalog(lang: Lang): Promise<Catalog> {
  let pending = loading.get(lang);
  if (pending === undefined) {
    const file = FILES[`../content/catalog.${lang}.ts`];
    pending =
      file === undefined
        ? Promise.reject(new Error(`no catalog for ${lang}`))
        : file().then((catalog) => {
            loaded.set(lang, catalog);
            // Marked as React's use() reads a settled promise: a figure rendering after the load never suspends.
            Object.assign(pending as Promise<Catalog>, { status: "fulfilled", value: catalog });
            return catalog;
          });
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}
