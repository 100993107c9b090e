/**
 * Where each language of the registry (./languages.ts) has its words: its catalog (`./catalog.<code>.ts`, joining
 * its labels `./labels.<code>.ts`, its step phrases `./steps.<code>.ts` and its later parts' words
 * `./later.<code>.ts`), its
 * chapter page (`./chapter.<code>.ts`, its prose `./prose.<code>.ts` and its words for recorded runs
 * `./runs.<code>.ts`) and its authoring page (`./author.<code>.ts`), one entry in each record below; the type
 * checker refuses a language the registry has and a record lacks. Shells that load a language on demand (the chapter page, the embed's packs) find the same files
 * by the same names instead of importing this module.
 */
import { author as authorEn } from "./author.en";
import { author as authorZh } from "./author.zh";
import { catalog as en } from "./catalog.en";
import { catalog as zh } from "./catalog.zh";
import { chapter as chapterEn } from "./chapter.en";
import { chapter as chapterZh } from "./chapter.zh";
import type { Lang } from "./languages";
import { prose as proseEn } from "./prose.en";
import { prose as proseZh } from "./prose.zh";
import { runs as runsEn } from "./runs.en";
import { runs as runsZh } from "./runs.zh";
import type { AuthorText, Catalog, ChapterProse, PageText, RunText } from "./types";

/** Every language's figure catalog, loaded together (the CLI, the web component, the npm package, the pre-render). */
export const CATALOGS: Readonly<Record<Lang, Catalog>> = { zh, en };

/** Every language's chapter page text (the CLI, the pre-render). */
export const CHAPTERS: Readonly<Record<Lang, PageText>> = { zh: chapterZh, en: chapterEn };

/** Every language's chapter prose (the CLI, the pre-render). */
export const PROSE: Readonly<Record<Lang, ChapterProse>> = { zh: proseZh, en: proseEn };

/** Every language's words for recorded runs on the chapter page (the CLI, the tests). */
export const RUNS: Readonly<Record<Lang, RunText>> = { zh: runsZh, en: runsEn };

/** Every language's authoring page text (the type checker keeps it complete; the page loads them by name). */
export const AUTHORS: Readonly<Record<Lang, AuthorText>> = { zh: authorZh, en: authorEn };
