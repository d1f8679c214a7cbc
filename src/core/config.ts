/**
 * How an experiment documents its config keys, so that `consilium keys`, the
 * README and error messages explain themselves: each key carries a
 * description, and says whose reading its default (or each of its options)
 * follows — the paper's text, the authors' code, the paper's printed tables,
 * or our own choice where all of them are silent.
 *
 * The metadata rides on zod's `.meta()`, so `z.toJSONSchema` (which
 * src/run/config reads) carries it next to the type, bounds and default.
 */
import type { z } from "zod";

/** Whose reading a default or an option follows. */
export type Reading = "paper" | "code" | "tables" | "ours" | "data";

/** What `consilium keys` prints for a reading. */
export const READING_LABELS: Readonly<Record<Reading, string>> = {
  paper: "paper text",
  code: "authors' code",
  tables: "paper's tables",
  ours: "our choice; paper and code silent",
  data: "from the data folder",
};

export interface KeyDoc {
  /** What the key does, one or two sentences. */
  description: string;
  /** Whose reading the default follows. */
  source?: Reading;
  /** For an enum: whose reading each option is (options not listed are extras of ours). */
  readings?: Readonly<Record<string, Reading>>;
}

/**
 * Attach a key's documentation to its zod schema (returns the same kind of
 * schema, so it composes inside `z.object({...})`).
 *
 * @example
 * const alpha = documented(z.number().min(0).max(1).default(0.5), {
 *   description: "Weight of the newest statement in the non-Bayesian update (eq. 4).",
 *   source: "paper",
 * });
 */
export function documented<T extends z.ZodType>(schema: T, doc: KeyDoc): T {
  return schema.meta({ ...doc }) as T;
}
