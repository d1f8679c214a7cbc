/**
 * Config resolution shared by `consilium run`, `consilium sweep`, notebooks and
 * the reproduction script: schema defaults < data-dependent defaults < config
 * file < `--set key=value` pairs. Unknown keys and invalid values are rejected
 * with the key's name, the value given and what the key accepts.
 *
 * What a key accepts, its default and its documentation (src/core/config) are
 * read from the schema's JSON Schema (`z.toJSONSchema`), not from zod internals.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { READING_LABELS, type Reading } from "../core/index";

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** The part of a JSON Schema node that config keys use. */
export interface JsonSchemaNode {
  type?: string;
  /** "date" (isoDateKey) or "date-or-empty" (isoDateOrEmptyKey) for calendar-date keys. */
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchemaNode[];
  items?: JsonSchemaNode;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  default?: unknown;
  description?: string;
  source?: Reading;
  readings?: Record<string, Reading>;
}

/** One config key as `consilium keys` shows it. */
export interface ConfigKey {
  key: string;
  /** Human description of the values accepted, e.g. `a number in [0, 1]`. */
  accepts: string;
  /** The schema default (data-dependent defaults are the experiment's `defaults(dataDir)`). */
  default: unknown;
  description: string;
  /** Whose reading the default follows. */
  source: Reading | null;
  /** For enums: the options, and whose reading each is. */
  options: unknown[] | null;
  readings: Record<string, Reading>;
}

type AnySchema = z.ZodType<unknown>;
const schemaCache = new WeakMap<AnySchema, Record<string, JsonSchemaNode>>();

/** The JSON Schema of each top-level key (input side: what a user may write). */
function keyNodes(schema: AnySchema): Record<string, JsonSchemaNode> {
  const cached = schemaCache.get(schema);
  if (cached) return cached;
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { type?: string; properties?: Record<string, JsonSchemaNode> };
  if (json.type !== "object" || !json.properties) throw new Error("config schema must be a zod object");
  schemaCache.set(schema, json.properties);
  return json.properties;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function range(node: JsonSchemaNode): string {
  const lo = node.minimum ?? node.exclusiveMinimum;
  const hi = node.maximum !== undefined && node.maximum < MAX_SAFE ? node.maximum : node.exclusiveMaximum;
  if (lo === undefined && hi === undefined) return "";
  if (lo !== undefined && hi !== undefined) {
    return ` in ${node.exclusiveMinimum !== undefined ? "(" : "["}${lo}, ${hi}${node.exclusiveMaximum !== undefined ? ")" : "]"}`;
  }
  if (lo !== undefined) return node.exclusiveMinimum !== undefined ? ` > ${lo}` : ` >= ${lo}`;
  return node.exclusiveMaximum !== undefined ? ` < ${hi}` : ` <= ${hi}`;
}

/**
 * Human description of what a JSON Schema node accepts, used in error messages and `consilium keys`.
 *
 * @example
 * allowedValues({ type: "string", enum: ["paper", "code"] }); // 'one of "paper", "code"'
 * allowedValues({ type: "number", minimum: 0, maximum: 1 }); // "a number in [0, 1]"
 * allowedValues({ type: "string", format: "date" }); // "a calendar date YYYY-MM-DD"
 */
export function allowedValues(node: JsonSchemaNode): string {
  if (node.enum) return `one of ${node.enum.map((o) => JSON.stringify(o)).join(", ")}`;
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.anyOf) return node.anyOf.map(allowedValues).join(" or ");
  switch (node.type) {
    case "number":
      return `a number${range(node)}`;
    case "integer":
      return `an integer${range(node)}`;
    case "boolean":
      return "true or false";
    case "string":
      if (node.format === "date") return "a calendar date YYYY-MM-DD";
      if (node.format === "date-or-empty") return "a calendar date YYYY-MM-DD, or empty";
      return "a string";
    case "array":
      return `a comma-separated list${node.minItems ? ` (at least ${node.minItems})` : ""}, each ${node.items ? allowedValues(node.items) : "a value"}`;
    default:
      return node.type ?? "a value";
  }
}

function coerce(raw: string, node: JsonSchemaNode): unknown {
  if (node.anyOf) {
    const arrayMember = node.anyOf.find((m) => m.type === "array");
    if (arrayMember && raw.includes(",")) return coerce(raw, arrayMember);
    const scalar = node.anyOf.find((m) => m.type !== "array") ?? node.anyOf[0];
    return scalar ? coerce(raw, scalar) : raw;
  }
  switch (node.type) {
    case "number":
    case "integer": {
      const n = Number(raw);
      return raw.trim() === "" || Number.isNaN(n) ? raw : n;
    }
    case "boolean":
      return raw === "true" ? true : raw === "false" ? false : raw;
    case "array":
      return raw === "" ? [] : raw.split(",").map((part) => (node.items ? coerce(part.trim(), node.items) : part.trim()));
    default:
      return raw;
  }
}

/**
 * The config keys of a schema: what each accepts, its default, what it does and
 * whose reading it follows (for `consilium keys`, the README and errors).
 *
 * @example
 * configKeys(z.object({ alpha: z.number().default(0.5) }))[0]; // { key: "alpha", accepts: "a number", default: 0.5, ... }
 */
export function configKeys(schema: AnySchema): ConfigKey[] {
  return Object.entries(keyNodes(schema)).map(([key, node]) => ({
    key,
    accepts: allowedValues(node),
    default: node.default,
    description: node.description ?? "",
    source: node.source ?? null,
    options: node.enum ?? null,
    readings: node.readings ?? {},
  }));
}

/**
 * `consilium keys` as text: per key its name, what it accepts with whose
 * reading each option is, the default (and whose reading it follows), then the
 * description. `defaults` overrides schema defaults (data-dependent ones).
 *
 * @example
 * formatConfigKeys(configKeys(schema)); // "alpha  a number in [0, 1]\n  default 0.5 (paper text)\n  Weight of ..."
 */
export function formatConfigKeys(keys: readonly ConfigKey[], defaults: Readonly<Record<string, unknown>> = {}): string {
  const lines: string[] = [];
  for (const k of keys) {
    const accepts = k.options && Object.keys(k.readings).length ? `one of ${k.options.map((o) => optionWithReading(o, k.readings)).join(", ")}` : k.accepts;
    const value = k.key in defaults ? defaults[k.key] : k.default;
    const fromData = k.key in defaults && defaults[k.key] !== undefined;
    const reading = fromData ? "data" : (k.source ?? (typeof value === "string" ? k.readings[value] : undefined));
    const from = reading ? READING_LABELS[reading] : null;
    lines.push(`${k.key}  ${accepts}`);
    lines.push(`    default: ${value === undefined ? "(none)" : JSON.stringify(value)}${from ? ` (${from})` : ""}`);
    if (k.description) lines.push(`    ${k.description}`);
  }
  return lines.join("\n") + "\n";
}

function optionWithReading(option: unknown, readings: Readonly<Record<string, Reading>>): string {
  const reading = typeof option === "string" ? readings[option] : undefined;
  return reading ? `${JSON.stringify(option)} (${READING_LABELS[reading]})` : JSON.stringify(option);
}

/**
 * Parse `key=value` pairs into a partial config, coercing each value to its
 * key's type (numbers, booleans, comma-separated lists). Unknown keys throw a
 * ConfigError listing the allowed keys.
 *
 * @example
 * parseSetPairs(schema, ["alpha=0.3", "advisors=CFO,VPE"]); // { alpha: 0.3, advisors: ["CFO", "VPE"] }
 */
export function parseSetPairs(schema: AnySchema, pairs: readonly string[]): Record<string, unknown> {
  const nodes = keyNodes(schema);
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new ConfigError(`--set expects key=value, got "${pair}"`);
    const key = pair.slice(0, eq).trim();
    const node = nodes[key];
    if (!node) throw new ConfigError(`unknown config key "${key}"; allowed keys: ${Object.keys(nodes).join(", ")}`);
    out[key] = coerce(pair.slice(eq + 1), node);
  }
  return out;
}

/**
 * Read a JSON config file (an object of config keys); a missing file or bad
 * JSON is a ConfigError naming the file.
 *
 * @example
 * readConfigFile("my-run.json"); // { alpha: 0.3 }
 */
export function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("top level must be a JSON object");
    return parsed as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(`config file ${path} is not valid: ${(error as Error).message}`);
  }
}

/**
 * Merge the layers and validate. Errors name the offending key, the value
 * given and what the key accepts.
 *
 * @example
 * resolveConfig(schema, [{ alpha: 0.3 }, parseSetPairs(schema, ["tolerance=0.001"])]);
 */
export function resolveConfig<C>(schema: z.ZodType<C>, layers: ReadonlyArray<Record<string, unknown>>): C {
  const nodes = keyNodes(schema as AnySchema);
  const merged: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (!(key in nodes)) throw new ConfigError(`unknown config key "${key}"; allowed keys: ${Object.keys(nodes).join(", ")}`);
      if (value !== undefined) merged[key] = value;
    }
  }
  const parsed = schema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = String(issue?.path[0] ?? "");
  const node = nodes[key];
  const accepts = node ? allowedValues(node) : "";
  const got = key in merged ? JSON.stringify(merged[key]) : "nothing";
  throw new ConfigError(`invalid value for config key "${key}": got ${got}; allowed: ${accepts}${issue?.message ? ` (${issue.message})` : ""}`);
}
