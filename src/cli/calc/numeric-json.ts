/**
 * Shared helpers for the numeric `calc` commands: zod validation with a
 * readable error, and JSON-safe numbers (NaN / +-Infinity become null, since
 * JSON has no representation for them).
 */
import type { z } from "zod";

/**
 * Validates `input` against `schema`; throws `calc <name>: field "a.b": message` on failure.
 *
 * @example
 * parseCalcInput("ols", z.object({ x: z.array(z.number()) }), { x: [1] }); // { x: [1] }
 */
export function parseCalcInput<T>(name: string, schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `field "${issue.path.map(String).join(".") || "(root)"}": ${issue.message}`).join("; ");
    throw new Error(`calc ${name}: invalid input: ${issues}`);
  }
  return parsed.data;
}

/**
 * A number for JSON output: finite numbers unchanged, NaN and infinities -> null.
 *
 * @example
 * jsonNumber(NaN); // null
 */
export function jsonNumber(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * `jsonNumber` over a series.
 *
 * @example
 * jsonSeries(Float64Array.of(NaN, 1)); // [null, 1]
 */
export function jsonSeries(values: ArrayLike<number>): (number | null)[] {
  return Array.from(values, jsonNumber);
}
