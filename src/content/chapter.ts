import type { Lang } from "../engine";
import { chapterEn } from "./chapter.en";
import { chapterZh } from "./chapter.zh";
import type { PageText } from "./types";

/** The chapter page's text by language (kept apart from the figure's catalogs). */
export const chapters: Readonly<Record<Lang, PageText>> = { zh: chapterZh, en: chapterEn };
