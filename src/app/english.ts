/** The chapter page in English: a chunk of its own, loaded only when a reader asks for English. */
import { chapterEn } from "../content/chapter.en";
import { en } from "../content/en";
import type { PageLanguage } from "./languages";

/** The figure's catalog and the page's text, in English. */
export const ENGLISH: PageLanguage = { text: en, page: chapterEn };
