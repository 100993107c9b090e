import { useMemo } from "react";
import { catalogs } from "../content";
import { f22Scenario, runScenario } from "../engine";

/** The chapter page. For now: the F22 trace as a plain list (the player comes with issue 3). */
export function App() {
  const text = catalogs.zh;
  const trace = useMemo(() => runScenario(f22Scenario("zh")), []);
  return (
    <main>
      <h1>动态图解 · F22</h1>
      <ol aria-label="F22">
        {trace.steps.map((step) => (
          <li key={step.number}>
            {step.number}. {text.stepTitle(step)}（{text.lanes[step.lane]}）
          </li>
        ))}
      </ol>
    </main>
  );
}
