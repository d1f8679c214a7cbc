/**
 * Configuration of the Sentimental Agents experiment. Every default is the
 * paper's value (§6.1: alpha 0.5, tolerance 0.00001, temperature 1.5, 5
 * rounds, 3 advisors, 10 candidates); where the authors' code differs the
 * code's behaviour is a named option.
 */
import { z } from "zod";

export const DEFAULT_ADVISORS = ["Chief Financial Officer", "VP of Engineering", "Recycling Plant Manager"] as const;

export const sentimentalConfigSchema = z.object({
  /** Weight of the newest statement in the non-Bayesian update (eq. 4). */
  alpha: z.number().min(0).max(1).default(0.5),
  /** Opinion-change threshold of the stop rule (Algorithm 1). */
  tolerance: z.number().min(0).default(0.00001),
  /** Sampling temperature of the statements (the profile uses 1.0, argumentation 0). */
  temperature: z.number().min(0).max(2).default(1.5),
  maxRounds: z.number().int().min(1).max(50).default(5),
  /** How many candidates to evaluate. */
  candidates: z.number().int().min(1).default(10),
  /** "all-below-tolerance" (Algorithm 1) or "first-below-tolerance" (authors' code). */
  stopRule: z.enum(["all-below-tolerance", "first-below-tolerance"]).default("all-below-tolerance"),
  /** "paper": final sentiment / volatility; "code": mean sentiment x volatility. */
  conviction: z.enum(["paper", "code"]).default("paper"),
  /** Volatility floor of the "paper" conviction (avoids dividing by 0). */
  volatilityFloor: z.number().positive().default(0.01),
  /** f(A): "vader" (default) or "llm" (the sentiment task). */
  sentiment: z.enum(["vader", "llm"]).default("vader"),
  /** "paper": Definition 3 (n points to the top); "code": rank sums, position 1 = largest sum. */
  borda: z.enum(["paper", "code"]).default("paper"),
  /** Collective tier: "veto" (any -1 -> Tier 3, else any +1 -> Tier 1), "mean", "majority". */
  tierRule: z.enum(["veto", "mean", "majority"]).default("veto"),
  /** "dynamic": agents hear their peers; "independent": they do not. */
  opinionFormation: z.enum(["dynamic", "independent"]).default("dynamic"),
  /** Where the resumes come from: the bundled hiring file, or the data folder's resumes/*.jsonl. */
  resumes: z.enum(["bundled", "data"]).default("bundled"),
  /** Which resumes: the first N by id, or a seeded sample of N. */
  selection: z.enum(["first", "sample"]).default("first"),
  /** Job description id (jobs/*.json); "" = the first one (bundled if the data folder has none). */
  job: z.string().default(""),
  /** Advisor job titles, in speaking order. */
  advisors: z
    .array(z.string().min(1))
    .min(1)
    .default([...DEFAULT_ADVISORS]),
  /** Runs for the between-run platitudinal score (1 = no comparison). */
  runs: z.number().int().min(1).max(10).default(2),
  /** Drift as 1 - similarity ("distance", paper's reading) or the raw similarity ("similarity", authors' code). */
  driftMeasure: z.enum(["distance", "similarity"]).default("distance"),
  /** Defensibility retrieval: embeddings (ctx.embedder, as the paper's vector index) or TF-IDF. */
  retrieval: z.enum(["embedding", "tfidf"]).default("embedding"),
  /** Best-passage similarity below this counts as unsupported (score 0). */
  defensibilityThreshold: z.number().min(0).max(1).default(0.1),
  ldaTopics: z.number().int().min(1).default(5),
  ldaTopWords: z.number().int().min(1).default(10),
  ldaIterations: z.number().int().min(1).default(200),
  /** Bias regression dependent variable: eq. 5's "absolute" change or the "signed" change. */
  biasChange: z.enum(["absolute", "signed"]).default("absolute"),
  /** Peers' recent sentiment: their last "statement" S_O or their "opinion". */
  biasPeer: z.enum(["statement", "opinion"]).default("statement"),
});

export type SentimentalConfig = z.infer<typeof sentimentalConfigSchema>;

/**
 * The resolved default config.
 *
 * @example
 * defaultSentimentalConfig().alpha; // 0.5
 */
export function defaultSentimentalConfig(overrides: Partial<SentimentalConfig> = {}): SentimentalConfig {
  return sentimentalConfigSchema.parse(overrides);
}
