/**
 * The codecs of every format in the registry (./index.ts), by id: what the import, the export, the format view and
 * the CLI run. Kept apart from the registry's names so a figure that never reads or writes a transcript does not
 * load them.
 */
import { codec as anthropic } from "./anthropic";
import { codec as chat } from "./chat";
import type { FormatId } from "./index";
import { codec as neutral } from "./neutral";
import { codec as responses } from "./responses";
import type { Codec } from "./types";

/** Each format's codec; a format in the registry without one here does not type-check. */
export const CODECS: { readonly [Id in FormatId]: Codec<Id> } = { neutral, chat, responses, anthropic };
