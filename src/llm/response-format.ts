/**
 * What an OpenAI-compatible request asks of the answer's format. Servers
 * differ in what they honour: OpenAI and recent vLLM and llama.cpp servers
 * constrain decoding to a JSON Schema (`json_schema`); older ones and some
 * forks accept only `json_object` (any JSON) or reject `json_schema` with an
 * error; some accept a format and ignore it. With `none` nothing is sent and
 * the schema is in the prompt only (it always is: `withSchemaInstruction`);
 * the answer is then read as any other (extraction, lenient reading, repair).
 */
import { LlmConfigError } from "./errors";
import type { JsonSchema } from "./lenient";

/** The formats a run can ask for (`--response-format`). */
export const RESPONSE_FORMATS = ["json_schema", "json_object", "none"] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/** Today's default: JSON mode, which every OpenAI-compatible server named in the docs accepts. */
export const DEFAULT_RESPONSE_FORMAT: ResponseFormat = "json_object";

/**
 * A `--response-format` value, checked; undefined stays undefined (the default applies).
 *
 * @example
 * parseResponseFormat("json_schema"); // "json_schema"
 * parseResponseFormat("xml"); // throws LlmConfigError: --response-format must be one of json_schema, json_object, none ...
 */
export function parseResponseFormat(value: string | undefined): ResponseFormat | undefined {
  if (value === undefined) return undefined;
  if ((RESPONSE_FORMATS as readonly string[]).includes(value)) return value as ResponseFormat;
  throw new LlmConfigError(`--response-format must be one of ${RESPONSE_FORMATS.join(", ")}, got ${JSON.stringify(value)}`);
}

/**
 * The request's `response_format` field for a format, or null to send none.
 * `json_schema` names the schema after the task (the name allows letters,
 * digits, "_" and "-", at most 64) and is not `strict`: OpenAI's strict mode
 * wants every property required and no open objects, which optional fields
 * and free-form maps of the tasks' schemas are not.
 *
 * @example
 * responseFormatField("json_object", "finmem.summarize", schema); // { type: "json_object" }
 * responseFormatField("json_schema", "finmem.summarize", schema); // { type: "json_schema", json_schema: { name: "finmem_summarize", schema, strict: false } }
 * responseFormatField("none", "finmem.summarize", schema); // null
 */
export function responseFormatField(
  format: ResponseFormat,
  task: string,
  schema: JsonSchema,
): { type: "json_object" } | { type: "json_schema"; json_schema: { name: string; schema: JsonSchema; strict: false } } | null {
  if (format === "none") return null;
  if (format === "json_object") return { type: "json_object" };
  const name = task.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "answer";
  return { type: "json_schema", json_schema: { name, schema, strict: false } };
}
