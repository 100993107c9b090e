/**
 * The chapter's teaching code and its sample output: the longest part of the page, loaded after the figure
 * (React.lazy). The built page has it pre-rendered, so it is readable before this chunk arrives.
 */
import demoOutput from "virtual:demo-output";
import { memo, useMemo } from "react";
import type { Lang } from "../content/languages";
import type { PageText } from "../content/types";
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
export default memo(function ChapterCode(props: { page: PageText; lang: Lang }) {
  const { page, lang } = props;
  return (
    <>
      <section aria-labelledby="code-heading" className="page-below">
        <h2 id="code-heading">{page.codeHeading}</h2>
        <p>{page.codeNote}</p>
        <Code source={teachingCode} />
      </section>
      <section aria-labelledby="output-heading" className="page-below">
        <h2 id="output-heading">{page.outputHeading}</h2>
        <p>{page.outputNote}</p>
        <pre className="page-code" tabIndex={0}>
          <code>{demoOutput[lang]}</code>
        </pre>
      </section>
    </>
  );
});
