/**
 * The chapter's prose rendered from its words, with its teaching code and sample output: the longest part of the
 * page, pre-rendered into the built page, and loaded with a language's prose (./languages.ts) only when the reader
 * switches to another language, to show it in that one.
 */
import demoOutput from "virtual:demo-output";
import { memo, type ReactNode, useMemo } from "react";
import type { Lang } from "../content/languages";
import type { ChapterProse } from "../content/types";
import teachingCode from "../engine/experiment.ts?raw";
import type { ProsePartName } from "./ChapterProse";
import { tokenize } from "./highlight";

function Code(props: { source: string }) {
  const tokens = useMemo(() => tokenize(props.source), [props.source]);
  return (
    <pre className="page-code" tabIndex={0}>
      <code>
        {tokens.map(([kind, text], i) =>
          kind === "plain" ? (
            text
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: tokens of a fixed text never reorder
            <span key={i} className={`tok-${kind}`}>
              {text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}

/** The code and output sections. Memoised: a step change on the page never re-renders the long listing. */
const ChapterCode = memo(function ChapterCode(props: { prose: ChapterProse; lang: Lang }) {
  const { prose, lang } = props;
  return (
    <>
      <section aria-labelledby="code-heading" className="page-below">
        <h2 id="code-heading">{prose.codeHeading}</h2>
        <p>{prose.codeNote}</p>
        <Code source={teachingCode} />
      </section>
      <section aria-labelledby="output-heading" className="page-below">
        <h2 id="output-heading">{prose.outputHeading}</h2>
        <p>{prose.outputNote}</p>
        <pre className="page-code" tabIndex={0}>
          <code>{demoOutput[lang]}</code>
        </pre>
      </section>
    </>
  );
});

/** The prose's four parts around the figure, rendered from a language's words (./ChapterProse.tsx places them). */
export function renderProse(words: ChapterProse, lang: Lang): Readonly<Record<ProsePartName, ReactNode>> {
  return {
    guide: (
      <section aria-labelledby="guide-heading" className="page-guide">
        <h2 id="guide-heading">{words.guideHeading}</h2>
        {words.guide.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
    ),
    intro: (
      <>
        <p className="page-question">{words.question}</p>
        <p>{words.loopsNote}</p>
        <dl className="page-glossary" aria-label={words.glossaryHeading}>
          {words.glossary.map((entry) => (
            <div key={entry.term}>
              <dt>{entry.term}</dt>
              <dd>{entry.definition}</dd>
            </div>
          ))}
        </dl>
      </>
    ),
    hints: (
      <>
        <p className="page-hint">{words.narrowHint}</p>
        <p className="page-hint">{words.playerHint}</p>
      </>
    ),
    closing: (
      <>
        <div className="page-panels">
          {words.panels.map((panel) => (
            <section key={panel.heading} className="page-panel">
              <h3>{panel.heading}</h3>
              <p>{panel.body}</p>
            </section>
          ))}
        </div>
        <section aria-labelledby="run-heading">
          <h2 id="run-heading">{words.runHeading}</h2>
          <p>{words.runNote}</p>
          <pre className="page-command">
            <code>{words.runCommand}</code>
          </pre>
        </section>
        <ChapterCode prose={words} lang={lang} />
      </>
    ),
  };
}
