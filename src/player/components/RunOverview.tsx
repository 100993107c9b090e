/**
 * Where a run's overview is drawn (./../dom/run-overview.ts, framework-free): its code and its words load when a
 * figure first shows one (a chunk in the module builds, a pack of embed.html), then it follows the figure's store by
 * itself; the figure's language and notes reach it here.
 */
import { useEffect, useRef } from "react";
import { useCatalog } from "../catalog";
import type { OverviewWidget } from "../dom/run-overview";
import type { NotesByStep } from "../notes";
import { loadOverview, type OverviewCode } from "../overview-loader";
import { usePlayerStore } from "../store/context";
import { useLatest } from "../useLatest";

/** `open`: shown open at first (a run longer than a screen); `find`: a find to start with (the page's address's). */
export function RunOverview(props: { notes: NotesByStep; open: boolean; find?: string | undefined }) {
  const text = useCatalog();
  const store = usePlayerStore();
  const host = useRef<HTMLDivElement>(null);
  const given = { lang: text.lang, outcomes: text.outcomes, notes: props.notes };
  const latest = useLatest({ ...given, open: props.open, find: props.find });
  const made = useRef<{ code: OverviewCode; widget: OverviewWidget } | null>(null);
  useEffect(() => {
    let live = true;
    let widget: OverviewWidget | null = null;
    void loadOverview()
      .then(async (code) => {
        const words = await code.words(latest.current.lang);
        // In a task of its own: working out a long run's overview (tens of milliseconds for 100,000 messages) is not
        // added to the task that drew the run.
        await new Promise((next) => setTimeout(next, 0));
        if (!live || host.current === null) return;
        const { open, find, ...input } = latest.current;
        widget = code.create(host.current, store, { ...input, words }, { open, find });
        made.current = { code, widget };
      })
      // Its code did not arrive (the network went): the figure goes on without an overview, as it did before one.
      .catch(() => undefined);
    return () => {
      live = false;
      widget?.destroy();
      made.current = null;
    };
  }, [store, latest]);
  const { lang, outcomes, notes } = given;
  useEffect(() => {
    const held = made.current;
    if (held === null) return;
    let live = true;
    void held.code.words(lang).then((words) => live && held.widget.update({ lang, outcomes, notes, words }));
    return () => {
      live = false;
    };
  }, [lang, outcomes, notes]);
  return <div ref={host} />;
}
