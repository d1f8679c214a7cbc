/**
 * Configuration of the Sentimental Agents experiment. Every default is the
 * paper's value (§6.1: alpha 0.5, tolerance 0.00001, temperature 1.5, 5
 * rounds, 3 advisors, 10 candidates); where the authors' code differs the
 * code's behaviour is a named option.
 */
import { z } from "zod";
import { documented } from "../core/index";

export const DEFAULT_ADVISORS = ["Chief Financial Officer", "VP of Engineering", "Recycling Plant Manager"] as const;

export const sentimentalConfigSchema = z.object({
  alpha: documented(z.number().min(0).max(1).default(0.5), {
    description: "Weight of the newest statement in the non-Bayesian opinion update S = alpha e + (1 - alpha) prior (eq. 4).",
    source: "paper",
  }),
  tolerance: documented(z.number().min(0).default(0.00001), { description: "Opinion-change threshold of the stop rule (Algorithm 1).", source: "paper" }),
  temperature: documented(z.number().min(0).max(2).default(1.5), {
    description: "Sampling temperature of the statements (the Mental Model uses 1.0, argument splitting 0).",
    source: "paper",
  }),
  maxRounds: documented(z.number().int().min(1).max(50).default(5), {
    description: "Most rounds of a conversation (every advisor speaks once a round).",
    source: "paper",
  }),
  candidates: documented(z.number().int().min(1).default(10), { description: "How many candidates to evaluate.", source: "paper" }),
  stopRule: documented(z.enum(["all-below-tolerance", "first-below-tolerance"]).default("all-below-tolerance"), {
    description:
      "When a conversation ends before maxRounds: when every advisor's opinion change in a round is below the tolerance (Algorithm 1), or at the first change below it (the authors' code).",
    readings: { "all-below-tolerance": "paper", "first-below-tolerance": "code" },
  }),
  conviction: documented(z.enum(["paper", "code"]).default("paper"), {
    description:
      "Conviction (Table 8): the decision score (decisionBasis) / volatility (the text) or the decision score x volatility (the code; the paper's printed Table 8 is its Table 4 x Table 7, a product of this form).",
    readings: { paper: "paper", code: "code" },
  }),
  volatilityFloor: documented(z.number().positive().default(0.01), {
    description: "Volatility floor of the paper's conviction, so that a constant series does not divide by 0.",
    source: "ours",
  }),
  sentiment: documented(z.enum(["vader", "llm", "classifier"]).default("vader"), {
    description:
      "f(A), the sentiment of one argument: VADER's compound score (offline, no model), the LLM sentiment task, or 2p - 1 from a text classifier behind an HTTP endpoint you run (classifierUrl; the authors' code scores with a Hugging Face classifier).",
    readings: { vader: "ours", llm: "ours", classifier: "code" },
  }),
  borda: documented(z.enum(["paper", "code"]).default("paper"), {
    description: "Borda count (Table 5): Definition 3 (n points to the top item) or the code's rank sums, position 1 = the largest sum (what Table 5 prints).",
    readings: { paper: "paper", code: "code" },
  }),
  tierRule: documented(z.enum(["veto", "mean", "majority"]).default("veto"), {
    description:
      "Collective tier from the advisors' valences: veto (any -1 -> Tier 3, else any +1 -> Tier 1; reproduces Tables 3 and 6), the mean valence, or the majority.",
    readings: { veto: "tables", mean: "ours", majority: "ours" },
  }),
  opinionFormation: documented(z.enum(["dynamic", "independent"]).default("dynamic"), {
    description: "dynamic: advisors hear their peers (the paper); independent: each speaks without hearing the others (a control with no peer influence).",
    readings: { dynamic: "paper", independent: "ours" },
  }),
  resumes: documented(z.enum(["auto", "bundled", "data"]).default("auto"), {
    description:
      "Where the scenario comes from: auto = the data folder's own scenario when it holds both jobs/ and resumes/, else the bundled one; bundled = the bundled hiring file; data = the data folder's resumes/*.jsonl (with its jobs/ if any, else the bundled job). The paper's resumes are not published.",
    readings: { auto: "ours", bundled: "ours", data: "ours" },
  }),
  selection: documented(z.enum(["first", "sample"]).default("first"), {
    description: "Which resumes: the first N by id, or a seeded sample of N.",
    source: "ours",
  }),
  job: documented(z.string().default(""), {
    description: 'Job description id (jobs/*.json); "" = the first one (the bundled job if the data folder has none).',
    source: "ours",
  }),
  advisors: documented(
    z
      .array(z.string().min(1))
      .min(1)
      .default([...DEFAULT_ADVISORS]),
    { description: "Advisor job titles, in speaking order (the paper's three advisors by default).", source: "paper" },
  ),
  // ---- Protocol on the real-model path, decisions, transcripts, robustness ----
  prompts: documented(z.enum(["authors", "neutral"]).default("authors"), {
    description:
      "Prompt set a real model is sent (the offline agents read none): authors = the protocol of the authors' code (advisors told to state their feelings strongly, persuade and differ; the whole conversation with speaker names; an emotional argument splitter; the Mental Model of Self in three short word-budgeted parts); neutral = the project's earlier neutral wording. The paper gives no wording, so the code is the authority.",
    readings: { authors: "code", neutral: "ours" },
  }),
  promptDir: documented(z.string().default(""), {
    description:
      'Folder of your own prompt templates (a copy of src/sentimental/prompts/<set>, edited); "" = the built-in set named by prompts. Checked when loaded: an unknown or missing placeholder is an error naming the file.',
    source: "ours",
  }),
  context: documented(z.enum(["transcript", "latest"]).default("transcript"), {
    description:
      "What an advisor is shown of the discussion: transcript = every earlier statement in order with speaker names (the authors' code), latest = each peer's latest statement plus its own previous one.",
    readings: { transcript: "code", latest: "ours" },
  }),
  opinionMemory: documented(z.enum(["none", "log"]).default("none"), {
    description:
      "Whether an advisor is shown its own opinion series (sentiment and eq. 4 opinion per statement). The paper's memory holds qualitative and quantitative opinion logs that the decision module reads; it does not say they enter the prompt, and the code keeps them out (none). With log, alpha can reach what is said.",
    readings: { none: "code", log: "ours" },
  }),
  mentalModelWords: documented(z.number().int().min(1).max(200).default(10), {
    description: "Word budget of each part of the three-part Mental Model of Self (prompt sets with mms-*.md; the authors' code uses 10).",
    source: "code",
  }),
  decisionBasis: documented(z.enum(["opinion", "mean", "last"]).default("opinion"), {
    description:
      "The per-advisor score behind ranks, valence, tiers and conviction (Tables 3-9): the eq. 4 final opinion (the text, §6.2.3), the mean of the advisor's statement sentiments (the code's default) or its last statement's sentiment (the code's option).",
    readings: { opinion: "paper", mean: "code", last: "code" },
  }),
  onInvalid: documented(z.enum(["fail", "skip"]).default("fail"), {
    description:
      "A turn whose model answer stays invalid after the repair round: fail stops the run (the recorded answers stay in the cache, so rerunning resumes), skip records a gap (opinion carried forward, left out of the statistics) and goes on; a Mental Model part whose answer stays invalid is left empty under skip (a gap too).",
    readings: { fail: "ours", skip: "ours" },
  }),
  rescore: documented(z.boolean().default(false), {
    description:
      "consilium evaluate: re-score a recorded transcript's arguments with this run's f(A) (sentiment) instead of using the sentiments recorded in it.",
    source: "ours",
  }),
  classifierUrl: documented(z.string().default(""), {
    description:
      'sentiment=classifier: the endpoint of your text-classification server, e.g. "http://127.0.0.1:8080/predict" (nothing is downloaded; HF_TOKEN is sent if set).',
    source: "ours",
  }),
  classifierFormat: documented(z.enum(["tei", "hf"]).default("tei"), {
    description:
      'sentiment=classifier: wire format. tei = text-embeddings-inference /predict ({"inputs": [["text"], ...]}); hf = Hugging Face Inference API / transformers pipeline ({"inputs": ["text", ...]}); both answer one [{label, score}, ...] list per text.',
    readings: { tei: "ours", hf: "ours" },
  }),
  classifierPositiveLabel: documented(z.string().min(1).default("positive"), {
    description:
      "sentiment=classifier: name of the positive class (servers sort labels by score); f(A) = 2 p - 1 with p its probability, as the authors' code maps its classifier.",
    source: "ours",
  }),
  // ---- end of the issue-12a block ----
  runs: documented(z.number().int().min(1).max(10).default(2), {
    description: "Independent runs of every conversation, for the between-run platitudinal score (1 = no comparison).",
    source: "ours",
  }),
  driftMeasure: documented(z.enum(["distance", "similarity"]).default("distance"), {
    description: "Drift (Table 2) as 1 - similarity between statements and the Mental Model of Self, or the raw similarity the code reports.",
    readings: { distance: "paper", similarity: "code" },
  }),
  embedder: documented(z.enum(["context", "hashing", "minilm"]).default("context"), {
    description:
      "Sentence embedder of drift, defensibility retrieval and the platitudinal score: the run's (--embedder), hashing, or all-MiniLM-L6-v2 on the CPU " +
      "(bash scripts/setup-minilm.sh): the authors' code's model for drift; for defensibility it uses all-mpnet-base-v2, so MiniLM is a labelled stand-in there.",
    readings: { context: "ours", hashing: "ours", minilm: "code" },
  }),
  retrieval: documented(z.enum(["embedding", "tfidf"]).default("embedding"), {
    description: "Defensibility retrieval of resume passages: embeddings (the run's embedder, as the paper's vector index) or TF-IDF.",
    readings: { embedding: "paper", tfidf: "ours" },
  }),
  defensibilityThreshold: documented(z.number().min(0).max(1).default(0.1), {
    description: "A best-passage similarity below this counts as unsupported (defensibility 0); the paper gives none.",
    source: "ours",
  }),
  ldaTopics: documented(z.number().int().min(1).default(5), { description: "Topics of the LDA behind nuance (Figure 6).", source: "ours" }),
  ldaTopWords: documented(z.number().int().min(1).default(10), { description: "Top words per topic counted by nuance.", source: "ours" }),
  ldaIterations: documented(z.number().int().min(1).default(200), { description: "Gibbs sweeps of the LDA.", source: "ours" }),
  biasChange: documented(z.enum(["absolute", "signed"]).default("absolute"), {
    description: "Dependent variable of the bias regressions (Figure 7): eq. 5's absolute opinion change, or the signed change.",
    readings: { absolute: "paper", signed: "ours" },
  }),
  biasPeer: documented(z.enum(["statement", "opinion"]).default("statement"), {
    description: "Peers' recent sentiment in the bias regressions: the sentiment of their last statement, or their opinion S_O.",
    readings: { statement: "paper", opinion: "ours" },
  }),
  biasPermutations: documented(z.number().int().min(19).max(100000).default(999), {
    description:
      "Permutations of the bias null (biasNull), slopes refitted after each; p-values per slope and for log(|b+| / |b-|). 19 is the fewest that can reach p < 0.05.",
    source: "ours",
  }),
  biasNull: documented(z.enum(["candidate-rounds", "conversation"]).default("candidate-rounds"), {
    description:
      "How the bias null breaks the tie between an advisor's changes and its peers' sentiment. candidate-rounds: each candidate's rounds permuted, one permutation for all its advisors, so the statements they share stay aligned (calibrated on runs with no peer influence). conversation: each (advisor, candidate) conversation shuffled on its own (the earlier scheme; it calls too many such runs biased).",
    readings: { "candidate-rounds": "ours", conversation: "ours" },
  }),
  biasFit: documented(z.enum(["origin", "intercept"]).default("origin"), {
    description:
      "Which fit's slope ratio sets the bias label: OLS through the origin (the paper, Figure 7) or with an intercept (the authors' code). Both are tabled.",
    readings: { origin: "paper", intercept: "code" },
  }),
  biasSignificance: documented(z.number().gt(0).lt(1).default(0.05), {
    description: 'Level at which log(|b+| / |b-|) must beat the permutation null for a "positivity" or "negativity" label; otherwise the label is "none".',
    source: "ours",
  }),
  adoptionThreshold: documented(z.number().gt(0).max(1).default(0.5), {
    description:
      "Argument adoption (RQ2/RQ3): an argument takes up a peer's earlier one when their TF-IDF cosine over the conversation's substantive words (resume and job words, not titles or names) is at least this; the paper gives no threshold.",
    source: "ours",
  }),
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
