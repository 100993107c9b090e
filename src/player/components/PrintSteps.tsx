import { useCatalog } from "../catalog";
import { usePlayer } from "../store/context";
import type { PlayerState } from "../store/createPlayerStore";
import { StepPanels } from "./StepPanels";

const selectTrace = (s: PlayerState) => s.trace;

/** Every step as a numbered frame with its panels: shown only when the page is printed. */
export function PrintSteps() {
  const text = useCatalog();
  const trace = usePlayer(selectTrace);
  return (
    <section className="alf-print" aria-hidden="true">
      <h3>{text.ui.printStepsHeading}</h3>
      <ol className="alf-print-steps">
        {trace.steps.map((step) => (
          <li key={step.number} className="alf-print-frame">
            <h4 className="alf-step-title">
              {step.number}. {text.stepTitle(step)} <span className="alf-print-lane">· {text.lanes[step.lane]}</span>
            </h4>
            <p className="alf-step-caption">{text.stepCaption(step, trace)}</p>
            <StepPanels step={step} tools={trace.tools} messages={trace.messages} />
          </li>
        ))}
      </ol>
    </section>
  );
}
