/**
 * The drawer's format switch: which request format the context panel shows. Loaded when a reader first opens the
 * figure's drawer (the registry's names with it), not with the figure.
 */
import { REQUEST_FORMATS, type RequestFormatId } from "../../formats";
import { useLater } from "../later";
import { usePlayer, usePlayerStore } from "../store/context";
import type { PlayerState } from "../store/createPlayerStore";

const selectFormat = (s: PlayerState) => s.format;

/** A native select, one per figure (its store). */
export function FormatSwitch() {
  const later = useLater();
  const store = usePlayerStore();
  const format = usePlayer(selectFormat);
  return (
    <label className="alf-format">
      {later.format}{" "}
      <select value={format} onChange={(event) => store.getState().setFormat(event.target.value as RequestFormatId)}>
        {/* The registry's names (its codecs load only when a format is picked); the neutral one in the reader's words. */}
        {REQUEST_FORMATS.map(({ id, name }) => (
          <option key={id} value={id}>
            {id === "neutral" ? later.neutralFormat : name}
          </option>
        ))}
      </select>
    </label>
  );
}
