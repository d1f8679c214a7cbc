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

interface FieldInfo {
  kind: string;
  options?: string[];
  element?: FieldInfo;
  members?: FieldInfo[];
}

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
  const kind = inner.def.type;
  if (kind === "enum") return { kind, options: (inner.options as string[]) ?? [] };
  if (kind === "literal") return { kind: "enum", options: (inner.def.values ?? []).map(String) };
  if (kind === "array" && inner.def.element) return { kind, element: describeField(inner.def.element) };
  if (kind === "union" && inner.def.options) return { kind, members: inner.def.options.map(describeField) };
  return { kind };
}

/**
 * Human description of what a key accepts, used in error messages and `--help`.
 *
 * @example
 * allowedValues({ kind: "enum", options: ["paper", "code"] }); // 'one of "paper", "code"'
 */
export function allowedValues(info: FieldInfo): string {
  switch (info.kind) {
    case "enum":
      return `one of ${info.options!.map((o) => `"${o}"`).join(", ")}`;
    case "number":
      return "a number";
    case "int":
      return "an integer";
    case "boolean":
      return "true or false";
    case "string":
      return "a string";
    case "array":
      return `a comma-separated list, each ${allowedValues(info.element!)}`;
    case "union":
      return info.members!.map(allowedValues).join(" or ");
    default:
      return info.kind;
  }
}

function coerce(raw: string, info: FieldInfo): unknown {
  switch (info.kind) {
    case "number":
    case "int": {
      const n = Number(raw);
      return raw.trim() === "" || Number.isNaN(n) ? raw : n;
    }
    case "boolean":
      return raw === "true" ? true : raw === "false" ? false : raw;
    case "array":
      return raw === "" ? [] : raw.split(",").map((part) => coerce(part.trim(), info.element!));
    case "union": {
      const arrayMember = info.members!.find((m) => m.kind === "array");
      if (arrayMember && raw.includes(",")) return coerce(raw, arrayMember);
      const first = info.members!.find((m) => m.kind !== "array") ?? info.members![0]!;
      return coerce(raw, first);
    }
    default:
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
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? "");
  const field = shape[key];
  const accepts = field ? allowedValues(describeField(field)) : "";
  const got = key in merged ? JSON.stringify(merged[key]) : "nothing";
  throw new ConfigError(`invalid value for config key "${key}": got ${got}; allowed: ${accepts}${issue.message ? ` (${issue.message})` : ""}`);
}
