/**
 * Reading a model's JSON the way the task's schema means it. Real models and
 * servers send an enum value in another case or with spaces ("POSITIVE",
 * " strong buy"), a number as a numeric string ("0.8"), a boolean as a string
 * ("true"), a key in another case ("Summary_Reason"), and keys nobody asked
 * for. Each is read here, before the schema check, and only where the task's
 * JSON Schema says what the value must be: an enum or constant the string
 * matches once case and spacing are ignored, a number the string spells, a
 * boolean it names, the one property a key names once case, spaces, `_` and
 * `-` are ignored (when the answer does not also hold that property). A
 * string where the schema takes a string is never touched, and a value the
 * schema already accepts is returned as it came, so a well-formed answer reads
 * exactly as before. Keys the schema has no place for are dropped and
 * reported (the run's manifest counts them).
 */

/** A JSON Schema object, as `taskJsonSchema` produces it. */
export type JsonSchema = Record<string, unknown>;

export interface LenientReading {
  /** The answer with its enum values and numbers read as the schema means them and its extra keys dropped. */
  value: unknown;
  /** Paths of the dropped keys ("evidence.0.note"; "(root)" stands for the top level). */
  extraKeys: string[];
  /** Paths of the values read as the schema's type (an enum value in another case or spacing, a number sent as a string). */
  coerced: string[];
}

/** The result of a coercion that did not apply. */
const NOT_COERCED = Symbol("not coerced");

interface Notes {
  extraKeys: string[];
  coerced: string[];
}

/**
 * The answer as the schema means it (module doc): walks the schema and the
 * value together through objects (properties; a record's or catch-all's
 * `additionalProperties`), arrays (`items`) and unions (`anyOf` / `oneOf`:
 * the branch that accepts the value as it is, else the one a coercion makes
 * accept it; objects only when one branch fits), and reads a string as an
 * enum value when exactly one allowed value equals it up to case, spaces,
 * `_` and `-`, or as a number when the schema takes a number (an integer
 * only if it is one) and the trimmed string is a JSON-style decimal, or as a
 * boolean when the schema takes one and the trimmed string is "true" or
 * "false" in any case; a tuple's items (`prefixItems`) each by its own
 * schema; a key the object's properties lack as the one property it spells
 * in another case or with spaces, `-` for `_` (dropped as extra when the
 * answer also holds that property).
 *
 * @example
 * readLeniently({ type: "object", properties: { sentiment: { type: "string", enum: ["positive", "negative"] }, score: { type: "number" } } },
 *   { sentiment: " POSITIVE", score: "0.8", note: "extra" });
 * // { value: { sentiment: "positive", score: 0.8 }, extraKeys: ["note"], coerced: ["sentiment", "score"] }
 */
export function readLeniently(schema: JsonSchema, value: unknown): LenientReading {
  const notes: Notes = { extraKeys: [], coerced: [] };
  return { value: walk(schema, value, "", notes), ...notes };
}

function walk(schema: unknown, value: unknown, path: string, notes: Notes): unknown {
  if (!isRecord(schema)) return value;
  const branches = Array.isArray(schema["anyOf"]) ? schema["anyOf"] : Array.isArray(schema["oneOf"]) ? schema["oneOf"] : null;
  if (branches) return walkUnion(branches.filter(isRecord), value, path, notes);
  const read = coerceScalar(schema, value);
  if (read !== NOT_COERCED) {
    notes.coerced.push(path || "(root)");
    return read;
  }
  if (isRecord(value) && acceptsType(schema, "object")) return walkObject(schema, value, path, notes);
  if (Array.isArray(value) && acceptsType(schema, "array")) {
    const prefix = Array.isArray(schema["prefixItems"]) ? (schema["prefixItems"] as unknown[]) : [];
    const rest = isRecord(schema["items"]) ? schema["items"] : null;
    if (prefix.length > 0 || rest !== null) return value.map((item, i) => walk(i < prefix.length ? prefix[i] : rest, item, join(path, i), notes));
  }
  return value;
}

function walkUnion(branches: JsonSchema[], value: unknown, path: string, notes: Notes): unknown {
  if (isRecord(value)) {
    // Dropping keys by the wrong branch would lose what another branch needs: only an unambiguous branch reads an object.
    const objects = branches.filter((b) => acceptsType(b, "object"));
    const fitting = objects.length <= 1 ? objects : objects.filter((b) => constantsMatch(b, value));
    return fitting.length === 1 ? walk(fitting[0], value, path, notes) : value;
  }
  const asIs = branches.find((b) => admits(b, value));
  if (asIs) return walk(asIs, value, path, notes);
  for (const branch of branches) {
    const read = coerceScalar(branch, value);
    if (read !== NOT_COERCED && admits(branch, read)) {
      notes.coerced.push(path || "(root)");
      return read;
    }
  }
  return value;
}

function walkObject(schema: JsonSchema, value: Record<string, unknown>, path: string, notes: Notes): Record<string, unknown> {
  const properties = isRecord(schema["properties"]) ? schema["properties"] : null;
  const additional = schema["additionalProperties"];
  // Free-form objects (no properties, or patterns the walk does not interpret) keep every key.
  const keepsUnknown = properties === null || additional === true || schema["patternProperties"] !== undefined;
  const out: Record<string, unknown> = {};
  for (const [given, item] of Object.entries(value)) {
    const key = properties === null ? given : propertyNamed(properties, given, value);
    if (key !== given) notes.coerced.push(join(path, given));
    let read: unknown;
    if (properties !== null && Object.prototype.hasOwnProperty.call(properties, key)) read = walk(properties[key], item, join(path, key), notes);
    else if (isRecord(additional)) read = walk(additional, item, join(path, key), notes);
    else if (keepsUnknown) read = item;
    else {
      notes.extraKeys.push(join(path, key));
      continue;
    }
    // defineProperty: a key named "__proto__" stays a plain key.
    Object.defineProperty(out, key, { value: read, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The property a key means: itself when the schema has it, else the one
 * property it spells up to case, spaces, `_` and `-` that the answer does not
 * already hold (so "Summary Reason" reads as summary_reason); else itself.
 */
function propertyNamed(properties: Record<string, unknown>, key: string, value: Record<string, unknown>): string {
  if (Object.prototype.hasOwnProperty.call(properties, key)) return key;
  const wanted = enumKey(key).replace(/ /g, "");
  const matches = Object.keys(properties).filter((p) => enumKey(p).replace(/ /g, "") === wanted);
  const only = matches.length === 1 ? matches[0]! : null;
  return only !== null && !Object.prototype.hasOwnProperty.call(value, only) ? only : key;
}

/** The value as the schema's enum, constant, number or boolean, when it is a string the schema does not take as it is. */
function coerceScalar(schema: JsonSchema, value: unknown): unknown {
  if (typeof value !== "string" || admits(schema, value)) return NOT_COERCED;
  const allowed = allowedValues(schema);
  if (allowed !== null) {
    const wanted = enumKey(value);
    const strings = allowed.filter((a): a is string => typeof a === "string" && enumKey(a) === wanted);
    if (strings.length === 1) return strings[0];
  }
  const flag = value.trim().toLowerCase();
  if ((flag === "true" || flag === "false") && acceptsType(schema, "boolean") && (allowed === null || allowed.includes(flag === "true")))
    return flag === "true";
  const number = numericString(value);
  if (number === null) return NOT_COERCED;
  if (allowed !== null) return allowed.includes(number) ? number : NOT_COERCED;
  if (acceptsType(schema, "integer") && !acceptsType(schema, "number") && !Number.isInteger(number)) return NOT_COERCED;
  return acceptsType(schema, "number") || acceptsType(schema, "integer") ? number : NOT_COERCED;
}

/** Whether the value passes the schema's type, enum and const (one level deep: nothing inside objects or arrays). */
function admits(schema: JsonSchema, value: unknown): boolean {
  const allowed = allowedValues(schema);
  if (allowed !== null && !allowed.some((a) => a === value)) return false;
  return acceptsType(schema, jsonType(value));
}

/** Whether every property of the branch with a constant or enum has one of its values in `value` (tells union branches apart). */
function constantsMatch(branch: JsonSchema, value: Record<string, unknown>): boolean {
  const properties = isRecord(branch["properties"]) ? branch["properties"] : {};
  return Object.entries(properties).every(([key, sub]) => {
    if (!isRecord(sub) || allowedValues(sub) === null) return true;
    // The answer's key for this property, in whatever case the model wrote it.
    const written = Object.prototype.hasOwnProperty.call(value, key) ? key : Object.keys(value).find((k) => propertyNamed(properties, k, value) === key);
    const given = written === undefined ? undefined : value[written];
    if (admits(sub, given)) return true;
    const read = coerceScalar(sub, given);
    return read !== NOT_COERCED && admits(sub, read);
  });
}

/** The enum's values and the const, or null when the schema lists none. */
function allowedValues(schema: JsonSchema): unknown[] | null {
  const values: unknown[] = [];
  if (Array.isArray(schema["enum"])) values.push(...(schema["enum"] as unknown[]));
  if ("const" in schema) values.push(schema["const"]);
  return values.length > 0 || Array.isArray(schema["enum"]) ? values : null;
}

/** Whether the schema's `type` (a name or a list; inferred from properties/items when absent) takes this JSON type. */
function acceptsType(schema: JsonSchema, type: string): boolean {
  const declared = schema["type"];
  const types = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared : inferredTypes(schema);
  if (types === null) return true;
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function inferredTypes(schema: JsonSchema): string[] | null {
  const allowed = allowedValues(schema);
  if (allowed !== null) return [...new Set(allowed.map(jsonType))];
  if (isRecord(schema["properties"]) || schema["additionalProperties"] !== undefined) return ["object"];
  if (schema["items"] !== undefined) return ["array"];
  return null;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** An enum value's spelling without case, surrounding spaces, or the difference between " ", "_" and "-". */
function enumKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
}

/** The finite number a string spells as a JSON-style decimal ("0.8", " -3 ", "1e-3", "+2"); null otherwise. */
function numericString(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}
