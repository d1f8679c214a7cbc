/**
 * The habits of the habit server (habit-server.ts) that change a value
 * valid by the schema into what real models send instead: enum values in
 * another case, numbers and booleans as strings, keys in another case, keys
 * the schema does not have. Each takes the seeded draw of the request.
 */
import type { Rng } from "../../stats/index";

type Schema = Record<string, unknown>;

/** The words the habit server writes its strings and invented values with. */
export const WORDS = [
  "steady",
  "growth",
  "revenue",
  "team",
  "clear",
  "record",
  "risk",
  "budget",
  "leadership",
  "experience",
  "strong",
  "modest",
  "margin",
  "demand",
  "careful",
  "planning",
  "delivery",
  "quality",
  "results",
  "market",
  "outlook",
  "evidence",
  "support",
  "concern",
  "limited",
  "improving",
  "consistent",
  "skills",
  "judgement",
  "shows",
];
const EXTRA_KEYS = ["explanation", "reasoning", "confidence_note", "notes"];

/**
 * Every enum string of the value, in another case or with spaces (the schema says which strings are enums); whether any changed.
 *
 * @example
 * const value = { sentiment: "positive" };
 * changeEnums({ properties: { sentiment: { enum: ["positive", "negative"] } } }, value, rng); // true; value.sentiment is e.g. "POSITIVE"
 */
export function changeEnums(schema: Schema, value: unknown, rng: Rng): boolean {
  let changed = false;
  const visit = (sub: unknown, node: unknown, set: (v: unknown) => void): void => {
    if (!isRecord(sub)) return;
    const branches = Array.isArray(sub["anyOf"]) ? sub["anyOf"] : Array.isArray(sub["oneOf"]) ? sub["oneOf"] : null;
    if (branches) {
      for (const b of branches) visit(b, node, set);
      return;
    }
    if (typeof node === "string" && Array.isArray(sub["enum"]) && sub["enum"].includes(node)) {
      const styles = [node.toUpperCase(), ` ${node.charAt(0).toUpperCase()}${node.slice(1)} `, node.replace(/_/g, " ").toUpperCase(), `\n\n${node}`];
      const next = rng.pick(styles.filter((s) => s !== node));
      if (next !== undefined) {
        set(next);
        changed = true;
      }
      return;
    }
    if (isRecord(node) && isRecord(sub["properties"])) {
      for (const [key, child] of Object.entries(sub["properties"])) if (key in node) visit(child, node[key], (v) => (node[key] = v));
    }
    if (isRecord(node) && isRecord(sub["additionalProperties"])) {
      for (const key of Object.keys(node)) visit(sub["additionalProperties"], node[key], (v) => (node[key] = v));
    }
    const prefix = Array.isArray(sub["prefixItems"]) ? (sub["prefixItems"] as unknown[]) : [];
    if (Array.isArray(node))
      node.forEach((item, i) => {
        const itemSchema = i < prefix.length ? prefix[i] : sub["items"];
        if (isRecord(itemSchema)) visit(itemSchema, item, (v) => (node[i] = v));
      });
  };
  visit(schema, value, () => {});
  return changed;
}

/**
 * The value with every number written as a string.
 *
 * @example
 * numbersAsStrings({ confidence: 0.8 }); // { value: { confidence: "0.8" }, count: 1 }
 */
export function numbersAsStrings(value: unknown): { value: unknown; count: number } {
  let count = 0;
  const convert = (node: unknown): unknown => {
    if (typeof node === "number") {
      count++;
      return String(node);
    }
    if (Array.isArray(node)) return node.map(convert);
    if (isRecord(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, convert(v)]));
    return node;
  };
  const out = convert(value);
  return { value: out, count };
}

/**
 * The value with every boolean written as a string ("true", "False", ...).
 *
 * @example
 * booleansAsStrings({ concedes: true }, rng); // { value: { concedes: "true" } or { concedes: "True" }, count: 1 }
 */
export function booleansAsStrings(value: unknown, rng: Rng): { value: unknown; count: number } {
  let count = 0;
  const convert = (node: unknown): unknown => {
    if (typeof node === "boolean") {
      count++;
      return rng.chance(0.5) ? String(node) : node ? "True" : "False";
    }
    if (Array.isArray(node)) return node.map(convert);
    if (isRecord(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, convert(v)]));
    return node;
  };
  const out = convert(value);
  return { value: out, count };
}

/**
 * The top-level object with its named keys in one other style (UPPER, Title Case, camelCase); null when no key changed.
 *
 * @example
 * keysInAnotherCase({ properties: { summary_reason: {} } }, { summary_reason: "x" }, rng); // e.g. { "Summary Reason": "x" }
 */
export function keysInAnotherCase(schema: Schema, value: unknown, rng: Rng): Record<string, unknown> | null {
  if (!isRecord(value) || !isRecord(schema["properties"])) return null;
  const styles = [
    (k: string) => k.toUpperCase(),
    (k: string) =>
      k
        .split("_")
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(" "),
    (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  ];
  const named = Object.keys(value).filter((k) => k in (schema["properties"] as Schema));
  const changing = styles.filter((f) => named.some((k) => f(k) !== k));
  if (changing.length === 0) return null;
  const style = rng.pick(changing);
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const renamed = key in (schema["properties"] as Schema) ? style(key) : key;
    if (renamed !== key) changed = true;
    out[renamed] = item;
  }
  return changed ? out : null;
}

/**
 * One or two keys the schema does not have, at the top level of an object with named properties; whether any was added.
 *
 * @example
 * const value = { stance: "bullish" };
 * addExtraKeys({ properties: { stance: {} } }, value, rng); // true; value gains e.g. "reasoning"
 */
export function addExtraKeys(schema: Schema, value: unknown, rng: Rng): boolean {
  if (!isRecord(value) || !isRecord(schema["properties"]) || schema["additionalProperties"] !== undefined) return false;
  const free = EXTRA_KEYS.filter((k) => !(k in (schema["properties"] as Schema)));
  const count = Math.min(free.length, rng.int(1, 3));
  for (const key of rng.shuffle(free).slice(0, count)) value[key] = `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
  return count > 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
