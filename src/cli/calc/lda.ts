import { z } from "zod";
import { fitLda, contentTokens } from "../../text/index";
import { CalcInputError, firstIssue } from "./numeric-json";
import type { CalcCommand } from "./types";

const Input = z
  .object({
    docs: z.array(z.union([z.string(), z.array(z.string())])).min(1),
    k: z.number().int().positive(),
    iterations: z.number().int().positive().default(500),
    seed: z.number().int().default(0),
    alpha: z.number().positive().optional(),
    beta: z.number().positive().optional(),
    topN: z.number().int().positive().default(10),
  })
  .strict();

/**
 * `consilium calc lda`: collapsed-Gibbs LDA. Text documents are tokenised
 * with `contentTokens` (lowercase, no stopwords, no numbers); token arrays are
 * used as given.
 *
 * @example
 * // stdin:  {"docs": ["cloud cost cloud", "plant recycling plant"], "k": 2, "iterations": 100, "seed": 1}
 * // stdout: {"topics": [{"terms": [...], "weights": [...]}, ...], "docTopics": [[...], [...]], "perplexity": ..., ...}
 */
export const calc: CalcCommand = {
  name: "lda",
  description:
    'LDA topics (collapsed Gibbs): {"docs": [[tokens...] | "text"], "k", "iterations"?, "seed"?, "alpha"?, "beta"?, "topN"?} -> {"topics": [{"terms","weights"}], "docTopics": [[...]]}',
  run(input: unknown) {
    const parsed = Input.safeParse(input);
    if (!parsed.success) {
      const { where, message } = firstIssue(parsed.error);
      throw new CalcInputError(`calc lda: invalid input at ${where}: ${message}`);
    }
    const { docs, k, iterations, seed, alpha, beta, topN } = parsed.data;
    const tokenised = docs.map((d) => (typeof d === "string" ? contentTokens(d) : d));
    const model = fitLda(tokenised, { k, iterations, seed, alpha, beta, topN });
    return {
      topics: model.topics,
      docTopics: model.docTopics,
      perplexity: model.perplexity,
      coherence: { umass: model.coherence.umass, npmi: model.coherence.npmi },
      alpha: model.alpha,
      beta: model.beta,
      vocabularySize: model.vocabulary.length,
    };
  },
};
