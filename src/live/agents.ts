/**
 * How each agent is pointed at the recording proxy (./proxy.ts), as its own docs say: the environment variables the
 * SDKs and agents read their base URL from, and Codex CLI's provider, which it reads from config.toml (or `-c`).
 */
import { basename } from "node:path";
import type { Provider } from "./proxy";

/** The environment variables each SDK reads its base URL from, with the proxy's values. */
export function proxyEnvironment(bases: Readonly<Record<Provider, string>>): Record<string, string> {
  return {
    OPENAI_BASE_URL: bases.openai,
    ANTHROPIC_BASE_URL: bases.anthropic,
    GOOGLE_GEMINI_BASE_URL: bases.gemini,
  };
}

/** Codex CLI's provider for the proxy: its config.toml settings (the Responses API over HTTP, the key from the environment). */
export function codexSettings(openaiBase: string): readonly (readonly [string, string])[] {
  const provider = "model_providers.agent_loop_figure";
  return [
    ["model_provider", '"agent_loop_figure"'],
    [`${provider}.name`, '"agent-loop-figure live"'],
    [`${provider}.base_url`, JSON.stringify(openaiBase)],
    [`${provider}.wire_api`, '"responses"'],
    [`${provider}.env_key`, '"OPENAI_API_KEY"'],
  ];
}

/** The lines a reader adds to ~/.codex/config.toml (the first among its top-level keys, before any table). */
export function codexConfig(openaiBase: string): string {
  const [[key, value] = ["", ""], ...table] = codexSettings(openaiBase);
  return [
    `${key} = ${value}`,
    "[model_providers.agent_loop_figure]",
    ...table.map(([name, setting]) => `${name.split(".").pop()} = ${setting}`),
  ].join("\n");
}

/** The agent's command line: Codex CLI gets the proxy's provider as `-c` overrides, any other command as it is. */
export function agentCommand(command: readonly string[], openaiBase: string): readonly string[] {
  const [name, ...args] = command;
  if (name === undefined || !/^codex(\.exe|\.cmd)?$/i.test(basename(name))) return command;
  return [name, ...codexSettings(openaiBase).flatMap(([key, value]) => ["-c", `${key}=${value}`]), ...args];
}

/** Gemini CLI's settings for the proxy: API-key sign-in, the one its `GOOGLE_GEMINI_BASE_URL` applies to. */
export const GEMINI_SETTINGS = '{ "security": { "auth": { "selectedType": "gemini-api-key" } } }';

/**
 * pi's `models.json` lines for the proxy: its built-in Anthropic provider at the proxy's origin (pi reads no base URL
 * from the environment; the Anthropic SDK it uses adds `/v1/messages`).
 */
export function piModels(anthropicBase: string): string {
  return `{ "providers": { "anthropic": { "baseUrl": ${JSON.stringify(anthropicBase)} } } }`;
}
