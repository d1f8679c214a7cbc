/**
 * The answer schemas as a model is shown them for one input (a task's
 * `schemaFor`): a list of evidence ids becomes an array of the ids of the
 * brief (an enum), a decision an enum of the options offered, a choice that
 * must agree with a number (a stance with its signal, a view with its score)
 * one branch per choice with the number's range. Each accepts
 * no answer the task's schema and its meaning check (meaning.ts) would
 * reject, so a model that decodes to the schema cannot cite an id it was not
 * shown or choose an option it was not offered; answers are still checked
 * with the general schema and the check, whose messages say what was wrong.
 */
import { z } from "zod";

/**
 * An array that can hold only the given ids (an empty array when there are none).
 *
 * @example
 * shownIdArray(["market.rsi", "risk.beta"]); // z.array(z.enum(["market.rsi", "risk.beta"]))
 * shownIdArray([]); // z.array(z.string()).max(0)
 */
export function shownIdArray(ids: readonly string[]): z.ZodType<string[]> {
  const unique = [...new Set(ids)];
  return unique.length > 0 ? z.array(z.enum(unique as [string, ...string[]])) : z.array(z.string()).max(0);
}

/**
 * The object schema with some fields narrowed for this input (the other
 * fields as they are). The cast keeps the task's answer type: a narrowed
 * field accepts a subset of the general one.
 *
 * @example
 * narrowed(ResearcherAnswerSchema, { cited_evidence: shownIdArray(brief.evidence.map((e) => e.id)) });
 */
export function narrowed<O>(schema: z.ZodObject, fields: Record<string, z.ZodType>): z.ZodType<O> {
  return schema.extend(fields) as unknown as z.ZodType<O>;
}

/**
 * An enum of the options offered (duplicates dropped, order kept).
 *
 * @example
 * offeredEnum(["BUY", "HOLD", "BUY"]); // z.enum(["BUY", "HOLD"])
 */
export function offeredEnum<T extends string>(offered: readonly T[]): z.ZodType<T> {
  return z.enum([...new Set(offered)] as [T, ...T[]]) as unknown as z.ZodType<T>;
}

/**
 * One object branch per value of a choice field, each with the range its
 * number field must lie in (a union, JSON Schema `anyOf`): the schema says
 * what the meaning check says, e.g. bullish only with a signal above 0.
 *
 * @example
 * agreeing(AnalystAnswerSchema, "stance", "signal", STANCE_SIGNAL_RANGES);
 * // anyOf [{stance: const "bullish", signal: exclusiveMinimum 0, ...}, {stance: const "neutral", ...}, ...]
 */
export function agreeing<O>(schema: z.ZodObject, choice: string, numberField: string, ranges: Readonly<Record<string, z.ZodNumber>>): z.ZodType<O> {
  const branches = Object.entries(ranges).map(([value, range]) => schema.extend({ [choice]: z.literal(value), [numberField]: range }));
  return z.union(branches as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<O>;
}
