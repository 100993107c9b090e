/**
 * `--otlp` for `view` and `live`: the OTLP receiver (../live/otlp-receiver.ts) and the runs it gathers
 * (../live/otlp-runs.ts), followed and, with `--save DIR`, saved as the proxy's runs are (../live/save.ts). It prints
 * the lines that point an instrumented agent's SDK at it, each on its own line on stdout:
 * `export OTEL_EXPORTER_OTLP_ENDPOINT=…`, `export OTEL_EXPORTER_OTLP_HEADERS=…` (the receiver's token), and
 * `export OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`, without which the official GenAI
 * instrumentations record no message, so no run can be drawn.
 */
import { OTLP_PORT, startOtlpReceiver } from "../live/otlp-receiver";
import { OtlpRuns } from "../live/otlp-runs";
import { followRuns, type RecordedRun, type RecordedRuns, reasonsLine } from "../live/save";

/** Follow a source's runs: tell when one cannot be drawn (or can be again), save each with `dir`. */
export function followTold<R extends RecordedRun>(
  source: RecordedRuns<R>,
  dir: string | null,
  say: (line: string) => void,
) {
  return followRuns(source, dir, {
    notDrawn: (run, reasons, file) =>
      say(
        `${source.name(run)} cannot be drawn: ${reasonsLine(reasons)}${file === null ? " (run with --save DIR to keep it raw)" : `; saved raw in ${file}`}`,
      ),
    drawn: (run, file) => say(`${source.name(run)} can be drawn now${file === null ? "" : `; saved in ${file}`}`),
    error: say,
  });
}

/** A started receiver with its runs; null when it cannot listen or save (said). */
export async function startOtlp(options: {
  readonly port: number | null;
  readonly save: string | null;
  readonly say: (line: string) => void;
}): Promise<{ runs: OtlpRuns; close(): Promise<void> } | null> {
  const runs = new OtlpRuns(options.say);
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  const port = options.port ?? OTLP_PORT;
  try {
    receiver = await startOtlpReceiver({
      port,
      received: (signal, request) => runs.add(signal, request),
      say: options.say,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    options.say(
      `cannot listen for OTLP on 127.0.0.1:${port}${code === "EADDRINUSE" ? " (in use: a collector or another receiver? --otlp-port N takes another)" : ""}`,
    );
    return null;
  }
  let saving: ReturnType<typeof followRuns>;
  try {
    saving = followTold(runs, options.save, options.say);
  } catch (error) {
    options.say(`cannot save in ${options.save}: ${(error as Error).message}`);
    await receiver.close();
    return null;
  }
  process.stdout.write(`export OTEL_EXPORTER_OTLP_ENDPOINT=${receiver.endpoint}\n`);
  process.stdout.write(`export OTEL_EXPORTER_OTLP_HEADERS=${receiver.headers}\n`);
  process.stdout.write("export OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true\n");
  process.stderr.write(
    `OTLP receiver on ${receiver.endpoint} (/v1/traces, /v1/logs; protobuf or JSON): each trace an instrumented agent sends is drawn as it comes; the token header is required${options.save === null ? "" : `; saving each run in ${options.save} as it goes (readable by you only)`}\n`,
  );
  return {
    runs,
    close: async () => {
      saving.stop();
      runs.close();
      await receiver.close();
    },
  };
}
