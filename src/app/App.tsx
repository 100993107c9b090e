import demoOutput from "virtual:demo-output";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { catalogs } from "../content";
import { chapters } from "../content/chapter";
import { DEFAULT_SCENARIO_ID, type Lang, runScenario, scenarioById } from "../engine";
import teachingCode from "../engine/experiment.ts?raw";
import { Player, type PlayerHandle } from "../player";
import { tokenize } from "./highlight";
import { langFromUrl, stepFromUrl } from "./url";

/** Replace the URL without adding a history entry per step. */
function replaceUrl(mutate: (url: URL) => void): void {
  const url = new URL(window.location.href);
  mutate(url);
  window.history.replaceState(window.history.state, "", url);
}

/** Run `task` after the next frame has painted, so URL bookkeeping never delays the step the reader sees. */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

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

/** The chapter section around figure F22, in the reader's language. */
export function App() {
  const [lang, setLang] = useState<Lang>(() => langFromUrl(window.location.search));
  const text = catalogs[lang];
  const trace = useMemo(() => runScenario(scenarioById(DEFAULT_SCENARIO_ID, lang)), [lang]);
  const [request] = useState(() => stepFromUrl(window.location, trace.steps.length));
  const [linkProblem, setLinkProblem] = useState(request.invalid);
  const player = useRef<PlayerHandle>(null);

  // A `#step-N` link followed on this page (a course author's "see step 6") moves the figure there.
  useEffect(() => {
    const onHashChange = () => {
      const { hash } = window.location;
      if (!hash.startsWith("#step-")) return; // other anchors on the page are not the figure's business
      const next = stepFromUrl({ hash, search: "" }, trace.steps.length);
      if (next.invalid === null) player.current?.goTo(next.index + 1);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [trace.steps.length]);

  useEffect(() => {
    document.documentElement.lang = text.htmlLang;
    document.title = `${chapters[lang].title} · F22`;
  }, [text, lang]);

  const onStepChange = useCallback((n: number) => {
    setLinkProblem(null);
    afterPaint(() =>
      replaceUrl((url) => {
        url.hash = `step-${n}`;
        url.searchParams.delete("step");
      }),
    );
  }, []);
  const onLangChange = useCallback((next: Lang) => {
    setLang(next);
    replaceUrl((url) => {
      if (next === "zh") url.searchParams.delete("lang");
      else url.searchParams.set("lang", next);
    });
  }, []);

  const page = chapters[lang];
  return (
    <main className="page">
      <article>
        <h1>{page.title}</h1>
        <section aria-labelledby="guide-heading" className="page-guide">
          <h2 id="guide-heading">{page.guideHeading}</h2>
          {page.guide.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>

        <section className="page-figure">
          <h2>
            <span className="page-kicker">{text.ui.figureKicker}</span> {text.ui.figureTitle}
          </h2>
          <p className="page-question">{page.question}</p>
          <p>{page.loopsNote}</p>
          <dl className="page-glossary" aria-label={page.glossaryHeading}>
            {page.glossary.map((entry) => (
              <div key={entry.term}>
                <dt>{entry.term}</dt>
                <dd>{entry.definition}</dd>
              </div>
            ))}
          </dl>
          <aside className="page-conditions" aria-labelledby="conditions-heading">
            <h3 id="conditions-heading">{page.conditionsHeading}</h3>
            <p>{page.conditions}</p>
          </aside>

          <Player
            ref={player}
            trace={trace}
            lang={lang}
            defaultStep={request.index + 1}
            onStepChange={onStepChange}
            onLangChange={onLangChange}
          />
          {linkProblem === null ? null : (
            <p className="page-note" role="note">
              {text.ui.stepLinkProblem(linkProblem, trace.steps.length, request.index + 1)}
            </p>
          )}
          <p className="page-hint">{page.narrowHint}</p>
          <p className="page-hint">{page.playerHint}</p>
        </section>

        <div className="page-panels">
          {page.panels.map((panel) => (
            <section key={panel.heading} className="page-panel">
              <h3>{panel.heading}</h3>
              <p>{panel.body}</p>
            </section>
          ))}
        </div>

        <section aria-labelledby="run-heading">
          <h2 id="run-heading">{page.runHeading}</h2>
          <pre className="page-command">
            <code>npm run demo</code>
          </pre>
        </section>
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
      </article>
    </main>
  );
}
