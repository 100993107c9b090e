/** The reader a figure's checkpoint options are shuffled for (src/course/reader.ts). */
import { useLayoutEffect, useState } from "react";
import { freshReader, givenReader, keptReader, type SeedStorage } from "../course/reader";

/** The page's local storage, or null where reading it is refused (a sandboxed frame, a privacy setting). */
function localStorageOf(): SeedStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The reader's seed: the host's (`reader`), else the one kept in this browser's local storage (the same for every
 * figure of the site, on every visit), else, where storage is refused, one of this figure's own for as long as it
 * is mounted. It is state of this instance, never of the module: several figures on a page each resolve their own.
 * Until the storage has been read (the first render, and a server's) it is "": a layout effect replaces it before
 * the browser paints.
 */
export function useReader(given: string | undefined): string {
  const named = givenReader(given);
  const [own, setOwn] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (named !== undefined) return;
    setOwn((current) => current ?? keptReader(localStorageOf()) ?? freshReader());
  }, [named]);
  return named ?? own ?? "";
}
