/**
 * The format registry: every transcript format the figure reads and writes, one module each (Mermaid's diagram
 * registry is the pattern). This list holds only each format's id and name — what a format switch, a picker or a
 * CLI flag needs — so the player can list the formats without loading a codec; `./codecs.ts` holds the codecs
 * themselves, loaded on demand. Adding a format is its module, a line here and a line there (the type checker
 * refuses one without the other), and its tests.
 */
import { meta as anthropic } from "./anthropic";
import { meta as chat } from "./chat";
import { meta as neutral } from "./neutral";
import { meta as responses } from "./responses";

/** Every format, this figure's own (neutral) first. */
export const FORMATS = [neutral, chat, responses, anthropic] as const;

/** A format's id: `neutral`, `chat`, `responses`, `anthropic`. */
export type FormatId = (typeof FORMATS)[number]["id"];

/** Every format's id, in the registry's order. */
export const FORMAT_IDS: readonly FormatId[] = FORMATS.map((format) => format.id);

/** Whether `value` names a format. */
export const isFormatId = (value: string): value is FormatId => (FORMAT_IDS as readonly string[]).includes(value);

/** A format's name, as the people who use it call it. */
export const formatName = (id: FormatId): string => FORMATS.find((format) => format.id === id)?.name ?? id;
