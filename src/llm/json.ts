/**
 * JSON utilities for the LLM layer: canonical (sorted-key) serialisation and
 * hashing for cache keys and RNG derivation, and tolerant extraction of one
 * JSON object from a model's free-text answer.
 */
import { createHash } from "node:crypto";

/**
 * JSON.stringify with object keys sorted (recursively), so that equal values
 * always serialise to the same bytes regardless of key insertion order.
 * Follows JSON.stringify for everything else: `undefined`/functions are dropped
 * from objects and become `null` in arrays, non-finite numbers become `null`,
 * `toJSON()` is honoured. Typed arrays serialise as plain number arrays.
 * Throws on bigint and on cycles.
 *
 * @example
 * stableStringify({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function stableStringify(value: unknown): string {
  const out = serialise(value, new Set<object>());
  return out === undefined ? "null" : out;
}

function serialise(value: unknown, seen: Set<object>): string | undefined {
  if (value === null) return "null";
  if (typeof value === "bigint") throw new TypeError("stableStringify: bigint is not JSON-serialisable");
  if (typeof value === "undefined" || typeof value === "function" || typeof value === "symbol") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  const obj = value as { toJSON?: () => unknown };
  if (typeof obj.toJSON === "function") return serialise(obj.toJSON(), seen);
  if (seen.has(value as object)) throw new TypeError("stableStringify: cyclic structure");
  seen.add(value as object);
  try {
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      return serialise(Array.from(value as unknown as ArrayLike<number>), seen);
    }
    if (Array.isArray(value)) {
      return "[" + value.map((item) => serialise(item, seen) ?? "null").join(",") + "]";
    }
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const encoded = serialise(record[key], seen);
      if (encoded !== undefined) parts.push(JSON.stringify(key) + ":" + encoded);
    }
    return "{" + parts.join(",") + "}";
  } finally {
    seen.delete(value as object);
  }
}

/**
 * SHA-256 of a UTF-8 string, as 64 lowercase hex digits.
 *
 * @example
 * sha256Hex("abc"); // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Content hash of any JSON value: sha256(stableStringify(value)). Equal values
 * (up to key order) hash equally; used for cache keys and per-input RNG labels.
 *
 * @example
 * stableHash({ a: 1, b: 2 }) === stableHash({ b: 2, a: 1 }); // true
 */
export function stableHash(value: unknown): string {
  return sha256Hex(stableStringify(value));
}

export type JsonExtraction = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Pull one JSON value out of a model's answer. Tries, in order: the whole
 * trimmed text; then, with reasoning blocks (`<think>...</think>`, as
 * reasoning models on Ollama or vLLM leave them) removed, the body of the
 * first ```json (or bare ```) fence, and the first balanced `{...}` object in
 * the text that parses (string-aware brace scan), so a draft inside the
 * reasoning is never taken for the answer. Never throws: returns `{ ok:
 * false, error }` describing why nothing parsed.
 *
 * @example
 * extractJson('Sure!\n```json\n{"score": 3}\n```'); // { ok: true, value: { score: 3 } }
 * extractJson('<think>maybe {"score": 1}?</think>{"score": 4}'); // { ok: true, value: { score: 4 } }
 * extractJson("no json here");                      // { ok: false, error: "..." }
 */
export function extractJson(text: string): JsonExtraction {
  if (text.trim() === "") return { ok: false, error: "the answer was empty" };
  const whole = tryParse(text.trim());
  if (whole.ok === true) return whole;
  const trimmed = withoutReasoning(text).trim();
  const visible = tryParse(trimmed);
  if (visible.ok === true) return visible;

  const fenced = /```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)```/.exec(trimmed)?.[1];
  if (fenced !== undefined) {
    const inner = tryParse(fenced.trim());
    if (inner.ok === true) return inner;
  }

  for (let start = trimmed.indexOf("{"); start >= 0; start = trimmed.indexOf("{", start + 1)) {
    const end = matchingBrace(trimmed, start);
    // An unclosed "{" (prose such as "use {x" or a cut-off draft) may precede a complete object.
    if (end < 0) continue;
    const candidate = tryParse(trimmed.slice(start, end + 1));
    if (candidate.ok === true) return candidate;
  }
  // (`=== true` comparisons narrow the union under tslab's non-strict compiler too.)
  return { ok: false, error: `the answer is not valid JSON (${whole.error})` };
}

/** The text without its closed reasoning blocks (<think>, <thinking>, <reasoning>). */
function withoutReasoning(text: string): string {
  return text.replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, "");
}

function tryParse(text: string): JsonExtraction {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Index of the `}` closing the `{` at `start`, skipping braces inside strings; -1 if unbalanced. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return i;
  }
  return -1;
}
