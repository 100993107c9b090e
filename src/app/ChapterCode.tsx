/**
 * The chapter's teaching code and its sample output: the longest part of the page, pre-rendered into the built
 * page, and loaded (React.lazy) only when the reader switches to another language, to show it in that one.
 */
import demoOutput from "virtual:demo-output";
import { memo, useMemo } from "react";
import type { Lang } from "../content/languages";
import type { ChapterProse } from "../content/types";
import teachingCode from "../engine/experiment.ts?raw";
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
export default memo(function ChapterCode(props: { prose: ChapterProse; lang: Lang }) {
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
