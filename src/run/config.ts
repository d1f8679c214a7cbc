/**
 * Config resolution shared by `consilium run`, `consilium sweep`, notebooks and
 * the reproduction script: schema defaults < data-dependent defaults < config
 * file < `--set key=value` pairs. Unknown keys and invalid values are rejected
 * with the key's name and its allowed values.
 */
import { readFileSync } from "node:fs";
import { type z } from "zod";

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

type AnySchema = z.ZodType<unknown>;

/** What a config field accepts, as far as `--set` coercion and help texts need to know. */
export type FieldInfo =
  | { kind: "enum"; options: string[] }
  | { kind: "array"; element: FieldInfo }
  | { kind: "union"; members: FieldInfo[] }
  /** number, int, boolean, string, or the name of any other zod type (accepted as given). */
  | { kind: "scalar"; type: string };

function unwrap(schema: AnySchema): AnySchema {
  let current = schema as unknown as { def: { type: string; innerType?: AnySchema; in?: AnySchema } };
  for (let guard = 0; guard < 10; guard++) {
    const def = current.def;
    if (
      (def.type === "default" ||
        def.type === "optional" ||
        def.type === "nullable" ||
        def.type === "prefault" ||
        def.type === "catch" ||
        def.type === "readonly") &&
      def.innerType
    ) {
      current = def.innerType as unknown as typeof current;
    } else if (def.type === "pipe" && def.in) {
      current = def.in as unknown as typeof current;
    } else break;
  }
  return current as unknown as AnySchema;
}

function describeField(schema: AnySchema): FieldInfo {
  const inner = unwrap(schema) as unknown as { def: { type: string; element?: AnySchema; options?: AnySchema[]; values?: unknown[] }; options?: unknown };
  const type = inner.def.type;
  if (type === "enum") return { kind: "enum", options: (inner.options as string[]) ?? [] };
  if (type === "literal") return { kind: "enum", options: (inner.def.values ?? []).map(String) };
  if (type === "array" && inner.def.element) return { kind: "array", element: describeField(inner.def.element) };
  if (type === "union" && inner.def.options) return { kind: "union", members: inner.def.options.map(describeField) };
  return { kind: "scalar", type };
}

const SCALAR_DESCRIPTIONS: Readonly<Record<string, string>> = { number: "a number", int: "an integer", boolean: "true or false", string: "a string" };

/**
 * Human description of what a key accepts, used in error messages and `--help`.
 *
 * @example
 * allowedValues({ kind: "enum", options: ["paper", "code"] }); // 'one of "paper", "code"'
 */
export function allowedValues(info: FieldInfo): string {
  switch (info.kind) {
    case "enum":
      return `one of ${info.options.map((o) => `"${o}"`).join(", ")}`;
    case "array":
      return `a comma-separated list, each ${allowedValues(info.element)}`;
    case "union":
      return info.members.map(allowedValues).join(" or ");
    case "scalar":
      return SCALAR_DESCRIPTIONS[info.type] ?? info.type;
  }
}

function coerce(raw: string, info: FieldInfo): unknown {
  switch (info.kind) {
    case "array":
      return raw === "" ? [] : raw.split(",").map((part) => coerce(part.trim(), info.element));
    case "union": {
      const arrayMember = info.members.find((m) => m.kind === "array");
      if (arrayMember && raw.includes(",")) return coerce(raw, arrayMember);
      const first = info.members.find((m) => m.kind !== "array") ?? info.members[0];
      return first ? coerce(raw, first) : raw;
    }
    case "scalar":
      if (info.type === "number" || info.type === "int") {
        const n = Number(raw);
        return raw.trim() === "" || Number.isNaN(n) ? raw : n;
      }
      if (info.type === "boolean") return raw === "true" ? true : raw === "false" ? false : raw;
      return raw;
    case "enum":
      return raw;
  }
}

function objectShape(schema: AnySchema): Record<string, AnySchema> {
  const inner = unwrap(schema) as unknown as { shape?: Record<string, AnySchema> };
  if (!inner.shape) throw new Error("config schema must be a zod object");
  return inner.shape;
}

/**
 * The config keys of a schema with what each accepts (for help text and errors).
 *
 * @example
 * configKeys(z.object({ alpha: z.number().default(0.5) })); // [{ key: "alpha", accepts: "a number" }]
 */
export function configKeys(schema: AnySchema): Array<{ key: string; accepts: string }> {
  return Object.entries(objectShape(schema)).map(([key, field]) => ({ key, accepts: allowedValues(describeField(field)) }));
}

/**
 * Parse `key=value` pairs into a partial config, coercing each value to its
 * field's type (numbers, booleans, comma-separated lists). Unknown keys throw a
 * ConfigError listing the allowed keys.
 *
 * @example
 * parseSetPairs(schema, ["alpha=0.3", "advisors=CFO,VPE"]); // { alpha: 0.3, advisors: ["CFO", "VPE"] }
 */
export function parseSetPairs(schema: AnySchema, pairs: readonly string[]): Record<string, unknown> {
  const shape = objectShape(schema);
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new ConfigError(`--set expects key=value, got "${pair}"`);
    const key = pair.slice(0, eq).trim();
    const field = shape[key];
    if (!field) throw new ConfigError(`unknown config key "${key}"; allowed keys: ${Object.keys(shape).join(", ")}`);
    out[key] = coerce(pair.slice(eq + 1), describeField(field));
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
 * Merge the layers and validate. Errors name the offending key and what it accepts.
 *
 * @example
 * resolveConfig(schema, [{ alpha: 0.3 }, parseSetPairs(schema, ["tolerance=0.001"])]);
 */
export function resolveConfig<C>(schema: z.ZodType<C>, layers: ReadonlyArray<Record<string, unknown>>): C {
  const shape = objectShape(schema as AnySchema);
  const merged: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (!(key in shape)) throw new ConfigError(`unknown config key "${key}"; allowed keys: ${Object.keys(shape).join(", ")}`);
      if (value !== undefined) merged[key] = value;
    }
  }
  const parsed = schema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // zod reports at least one issue on failure; the fallback keeps a message even if a version does not
  const issue = parsed.error.issues[0] ?? { path: [], message: parsed.error.message };
  const key = String(issue.path[0] ?? "");
  const field = shape[key];
  const accepts = field ? allowedValues(describeField(field)) : "";
  const got = key in merged ? JSON.stringify(merged[key]) : "nothing";
  throw new ConfigError(`invalid value for config key "${key}": got ${got}; allowed: ${accepts}${issue.message ? ` (${issue.message})` : ""}`);
}
