/**
 * author.html's script: the page in the language its link asks for (`?lang=`), opening the figure file a share
 * link carries (`#figureData=`), else the draft kept from the last visit, else F22.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_LANG, isLang, type Lang, languageOf } from "../content/languages";
import type { AuthorText, Catalog } from "../content/types";
import { readShare, SHARE_PARAM } from "../figure/share";
import { AuthorPage, type AuthorWords, DRAFT_KEY } from "./AuthorPage";
import { TEMPLATES } from "./templates";
import "../player/player.css";
import "./author.css";
import { defined } from "../engine";

const CATALOGS = import.meta.glob<Catalog>("../content/catalog.*.ts", { import: "catalog" });
const AUTHORS = import.meta.glob<AuthorText>("../content/author.*.ts", { import: "author" });

async function wordsIn(lang: Lang): Promise<AuthorWords> {
  const catalog = CATALOGS[`../content/catalog.${lang}.ts`];
  const author = AUTHORS[`../content/author.${lang}.ts`];
  if (catalog === undefined || author === undefined) throw new Error(`no translation files for ${lang}`);
  const [text, words] = await Promise.all([catalog(), author()]);
  return { text, author: words };
}

/** A share link's payload in the page's fragment, if any. */
const sharedPayload = (): string | null => new URLSearchParams(window.location.hash.slice(1)).get(SHARE_PARAM);

/** The text the editor opens with, and what to say of it. */
function opening(words: AuthorWords): { text: string; note?: string } {
  const shared = sharedPayload();
  if (shared !== null) {
    const read = readShare(shared);
    if (read.ok) return { text: read.text };
    // A link that does not decode never lands in the editor: the draft or a template does, and the page says why.
    return {
      text: kept(words)?.text ?? TEMPLATES.f22,
      note: read.why === "damaged" ? words.author.linkDamaged : words.author.linkTooLong,
    };
  }
  return kept(words) ?? { text: TEMPLATES.f22 };
}

/** The draft kept from the last visit, if any. */
function kept(words: AuthorWords): { text: string; note: string } | null {
  try {
    const draft = window.localStorage.getItem(DRAFT_KEY);
    if (draft !== null && draft.trim() !== "") return { text: draft, note: words.author.draftRestored };
  } catch {
    // storage refused: start afresh
  }
  return null;
}

async function start(): Promise<void> {
  const container = document.getElementById("author");
  if (container === null) throw new Error("author.html has no #author element");
  const asked = new URLSearchParams(window.location.search).get("lang");
  const root = createRoot(container);
  let initial: { text: string; note?: string } | null = null;
  let lang: Lang = isLang(asked) ? asked : DEFAULT_LANG;
  /** Which opening the editor shows: a new share link in the fragment makes a new one. */
  let opened = 0;
  // A share link pasted over this page's own (only the fragment changes, so the page does not reload): open it.
  window.addEventListener("hashchange", () => {
    const shared = sharedPayload();
    if (shared === null) return;
    void wordsIn(lang).then((words) => {
      const next = opening(words);
      initial = next.note === undefined ? { text: next.text, note: words.author.linkOpened } : next;
      opened += 1;
      void render(lang);
    });
  });
  const render = async (next: Lang) => {
    lang = next;
    const words = await wordsIn(lang);
    initial ??= opening(words);
    document.documentElement.lang = languageOf(lang).htmlLang;
    document.title = `${words.author.title} · agent-loop-figure`;
    const url = new URL(window.location.href);
    if (lang === DEFAULT_LANG) url.searchParams.delete("lang");
    else url.searchParams.set("lang", lang);
    window.history.replaceState(window.history.state, "", url);
    const { text, note } = initial;
    root.render(
      <StrictMode>
        <AuthorPage
          key={`author-${opened}`}
          words={words}
          initial={text}
          {...defined({ note })}
          onLang={(next) => void render(next)}
        />
      </StrictMode>,
    );
  };
  await render(lang);
}

void start();
