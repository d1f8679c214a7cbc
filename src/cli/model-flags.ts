/**
 * The flags that shape requests to an endpoint, shared by `run`, `sweep` and
 * `lookahead`: `--timeout SECONDS` (per request, the answer's body included;
 * 60 s and 5 attempts by default) and `--response-format
 * json_schema|json_object|none` (what `response_format` asks of the server).
 */
import { RESPONSE_FORMATS, type ResponseFormat } from "../llm/index";
import { UsageError } from "./usage";

/** parseArgs options of the endpoint flags. */
export const MODEL_FLAG_OPTIONS = {
  timeout: { type: "string" },
  "response-format": { type: "string" },
} as const;

export interface ModelFlags {
  timeoutMs?: number;
  responseFormat?: ResponseFormat;
}

/**
 * The endpoint flags as runner options; a UsageError for a bad value, or for
 * either flag without an endpoint (`--llm offline` or `replay` send no request).
 *
 * @example
 * parseModelFlags({ timeout: "90", "response-format": "none" }, "openai"); // { timeoutMs: 90000, responseFormat: "none" }
 * parseModelFlags({ timeout: "0" }, "openai"); // throws UsageError: --timeout expects a number of seconds > 0, got "0"
 */
export function parseModelFlags(values: { timeout?: string; "response-format"?: string }, llm: string): ModelFlags {
  const flags: ModelFlags = {};
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (!(Number.isFinite(seconds) && seconds > 0)) throw new UsageError(`--timeout expects a number of seconds > 0, got "${values.timeout}"`);
    flags.timeoutMs = Math.round(seconds * 1000);
  }
  const format = values["response-format"];
  if (format !== undefined) {
    if (!(RESPONSE_FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(`--response-format must be one of ${RESPONSE_FORMATS.join(", ")}, got "${format}"`);
    }
    flags.responseFormat = format as ResponseFormat;
  }
  if ((flags.timeoutMs !== undefined || flags.responseFormat !== undefined) && llm !== "openai") {
    throw new UsageError(`--timeout / --response-format shape requests to an endpoint: use them with --llm openai (--llm ${llm} makes none)`);
  }
  return flags;
}
