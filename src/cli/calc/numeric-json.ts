/**
 * Shared helpers for the `calc` commands: zod validation with a
 * readable error (a CalcInputError: exit 2), and JSON-safe numbers (NaN / +-Infinity become null, since
 * JSON has no representation for them).
 */
import type { z } from "zod";
import { UsageError } from "../usage";

/**
 * Input that does not fit a calculator (a missing field, lengths that do not
 * match, infeasible bounds): the caller's to fix, so the CLI exits 2.
 *
 * @example
 * throw new CalcInputError('calc ols: "x" has 3 values but "y" has 4');
 */
export class CalcInputError extends UsageError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "CalcInputError";
  }
}

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
    throw new CalcInputError(`calc ${name}: invalid input: ${issues}`);
  }
  return parsed.data;
}

/**
 * Where and why validation failed, from the first zod issue ("(root)" for the
 * whole input). A failed parse always carries an issue; the error's own
 * message stands in should one ever come without.
 *
 * @example
 * const parsed = z.object({ k: z.number() }).safeParse({ k: "2" });
 * if (!parsed.success) firstIssue(parsed.error); // { where: "k", message: "Invalid input: expected number, received string" }
 */
export function firstIssue(error: z.ZodError): { where: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { where: "(root)", message: error.message };
  return { where: issue.path.length ? issue.path.join(".") : "(root)", message: issue.message };
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
