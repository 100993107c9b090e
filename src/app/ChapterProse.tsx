/**
 * The chapter page's prose around the figure, in four parts: pre-rendered for the default language (and kept as it
 * is when it hydrates), rendered afresh in a language switched to, by the code that comes with that language's
 * prose (./ChapterCode.tsx, `renderProse`).
 */
import { type ReactNode, useMemo } from "react";
import type { Lang } from "../content/languages";
import type { ChapterProse } from "../content/types";

/** The prose's parts, in the page's order around the figure. */
export type ProsePartName = "guide" | "intro" | "hints" | "closing";

/** A language's prose, with the code that renders it. */
export interface ProsePage {
  readonly words: ChapterProse;
  readonly render: (words: ChapterProse, lang: Lang) => Readonly<Record<ProsePartName, ReactNode>>;
}

/** What a part of the prose without its words renders inside: nothing (see ProsePart). */
const KEEP: { __html: string } = { __html: "" };

/**
 * A part of the page's prose (in a wrapper that CSS lays out as if it were not there). Without its words (the
 * language the page was pre-rendered in, not loaded again), the wrapper's content is the pre-rendered HTML, which
 * hydration leaves as it is: React does not hydrate the inside of an element given its inner HTML, and in
 * production never writes it at hydration (the empty string is never set). With words, a new wrapper (another key)
 * replaces it, rendered from them.
 */
function ProsePart(props: { rendered: ReactNode | undefined }) {
  return props.rendered === undefined ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: no HTML is ever set: the pre-rendered prose is kept
    <div key="pre-rendered" className="page-prose" dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
  ) : (
    <div key="rendered" className="page-prose">
      {props.rendered}
    </div>
  );
}

/**
 * The page's prose, in four parts around the figure. The language the page was pre-rendered in hydrates without
 * its prose (there is nothing in it to hydrate), which stays as pre-rendered; a language switched to brings its
 * prose, and each part is rendered afresh in it.
 */
export function useChapterProse(prose: ProsePage | undefined, lang: Lang): Readonly<Record<ProsePartName, ReactNode>> {
  return useMemo(() => {
    const rendered = prose?.render(prose.words, lang);
    return {
      guide: <ProsePart rendered={rendered?.guide} />,
      intro: <ProsePart rendered={rendered?.intro} />,
      hints: <ProsePart rendered={rendered?.hints} />,
      closing: <ProsePart rendered={rendered?.closing} />,
    };
  }, [prose, lang]);
}
