// Source of notebooks/01-sentimental-agents.ipynb. Cells start at "// %%" lines; markdown cells are comment lines.
// npm run notebooks:build writes the notebook from this file; npm run notebooks:sync pulls edits made in Jupyter back.

// %% [markdown]
// # Sentimental Agents: deliberation, opinion dynamics and cognitive biases
//
// Ondula, Orner, Mwangi & Rusti, *Sentimental Agents: Exploring Deliberation, Cognitive Biases, and Decision-making
// in LLM-based Multiagent Systems*, KiL'24 (KDD workshop), CEUR-WS Vol-3894 paper 18.
//
// **What the paper does.** Three advisor agents — a Chief Financial Officer (CFO), a VP of Engineering (VPE) and a
// Recycling Plant Manager (RPM), each with a *Mental Model of Self* — deliberate round-robin about each of 10
// candidates for *Head of Technology* in a recycling-plant scale-up in Kenya (gpt-3.5-turbo-0613; alpha = 0.5,
// tolerance = 0.00001, temperature = 1.5, at most 5 rounds; §6.1).
//
// - Each statement is split into arguments $A$, each scored $f(A) \in [-1, 1]$; the agent's opinion follows the
//   non-Bayesian update $S^O_i(t) = \alpha \cdot \tfrac{1}{|A|}\sum_A f(A) + (1-\alpha) \cdot S^O_i(t-1)$ (eq. 4) with
//   change $\Delta S^O_i(t) = |S^O_i(t) - S^O_i(t-1)|$ (eq. 5); a conversation stops when every agent's change is below
//   the tolerance, or at the last round (Algorithm 1).
// - Collective decisions (§3.2): **Borda count** (Def. 3), **tiered list** from valence (Def. 4), **gut feeling**
//   from conviction = final sentiment / volatility (Def. 5) — Tables 3–9.
// - Evaluation (§5.6, §6.2.1): **drift** of each agent from its Mental Model (Table 2), **platitudinal** score
//   (Figure 5), **nuance** from LDA topics (Figure 6), **defensibility** of arguments against the resume.
// - Cognitive bias (§6.2.2, Figure 7): OLS through the origin of an agent's opinion change on its peers' recent
//   sentiment, separately for negative and positive peers. The paper reports a *modest positivity bias* (positive
//   slope about 29% steeper), *no saliency bias* (all slopes below 1), and sentiments from −0.76 to 0.62.
//
// Where the paper text and the authors' code differ (stop rule, conviction, Borda direction, drift as distance or
// similarity), both are config options; the defaults follow the text. See `src/sentimental/config.ts`.
//
// **What this run shows.** The same pipeline on the bundled hiring data (resumes and the job description in
// `datasets/`), so the candidates are not the paper's; the tables have the paper's shape and can be read side by
// side with it, but the values are this run's.
//
// > **Offline agents are not the paper's LLM.** Without `OPENAI_API_KEY` every number below comes from the
// > embedded *offline agents*: deterministic, seeded stand-ins that answer the same tasks without a language model,
// > so that the notebook runs anywhere with no key and no network. Every table carries a `model` column and every
// > figure title says *"offline agents — not LLM results"*. They exercise the exact pipeline, formulas and
// > statistics of the paper, but they are **not** the paper's LLM results and must not be cited as such.
// > Set `OPENAI_API_KEY` (and optionally `OPENAI_MODEL`) before starting Jupyter to run the same notebook on a real model;
// > answers are then cached in `../runs/notebook-cache` so a re-run costs nothing.

// %% tags=["parameters"]
// ---- Parameters: the only cell you need to edit ----
const seed = 7; // every random choice (offline agents, sampling) derives from this seed

// "openai" when OPENAI_API_KEY is set, otherwise the embedded offline agents (no key, no network).
const llm: "openai" | "offline" = process.env.OPENAI_API_KEY ? "openai" : "offline";
const model = process.env.OPENAI_MODEL ?? "gpt-4o-mini"; // used only when llm is "openai"
// Real-model answers are cached here (record / replay); offline runs need no cache.
const cacheDir: string | undefined = llm === "openai" ? "../runs/notebook-cache" : undefined;

// Data folder: undefined = the bundled datasets/ (synthetic market + hand-written hiring files).
// For the real data set beside the project, use e.g. "../../shared/datasets".
const dataDir: string | undefined = undefined;

// Sizes and the paper's parameters (§6.1).
const candidates = 10; // paper: 10
const maxRounds = 5; // paper: at most 5
const alpha = 0.5; // weight of the newest statement in eq. 4
const tolerance = 0.00001; // stop threshold of Algorithm 1
const temperature = 1.5; // sampling temperature of the statements
const runs = 2; // repeated deliberations for the between-run platitudinal score

// %%
import { runExperiment } from "../src/run/runner";
import { showFigure, showFrame, showMarkdown, showRun, showTable } from "../src/notebook/display";
import { frameFigure } from "../src/notebook/frames";
import { toDataFrame } from "../src/notebook/dataframe";

// What the run shares with the parameters, spelled `seed: seed`: tslab does not resolve the `{ seed }` shorthand across cells.
const runOptions = { seed: seed, llm: llm, model: model, dataDir: dataDir, cacheDir: cacheDir };

// %%
const config = { candidates: candidates, maxRounds: maxRounds, alpha: alpha, tolerance: tolerance, temperature: temperature, runs: runs };
const run = await runExperiment("sentimental", { ...runOptions, config: config });
await showRun(run);

// %% [markdown]
// ## Look inside: eq. 4 and a Borda count on toy numbers
//
// The run above calls these kernels for every statement and candidate; here they are on inputs small enough to check
// by hand. One advisor's opinion after three statements with sentiments 0.8, −0.2 and 0.5 ($\alpha = 0.5$, prior 0):
// $S = 0.5 \cdot 0.8 = 0.4$, then $0.5 \cdot (-0.2) + 0.5 \cdot 0.4 = 0.1$, then $0.3$. Then the Borda count of
// Definition 3 (the top item of each advisor gets $n$ points) over three advisors' scores for four candidates.

// %%
import { bordaCount, opinionPath } from "../src/sentimental/index";

const toyPath = opinionPath([0.8, -0.2, 0.5], 0.5);
for (const [i, u] of toyPath.entries()) console.log(`after statement ${i + 1}: S = ${u.opinion.toFixed(3)}, change |ΔS| = ${u.change.toFixed(3)}`);
const toyScores = [
  [0.9, 0.1, -0.2, 0.5],
  [0.3, 0.6, -0.8, 0.0],
  [0.7, -0.1, 0.2, 0.4],
];
const toyBorda = bordaCount(toyScores, "paper");
console.log(`Borda points per candidate: ${toyBorda.totals.join(", ")}; positions: ${toyBorda.rank.join(", ")}`);

// %% [markdown]
// ## The Mental Models of Self
//
// Each advisor's profile (description, priorities, evaluation criteria) is generated once from its job title and the
// job description (paper Figures 2–3). Drift (below) measures how far the agent's statements move away from it.

// %%
await showTable(run.table("mental_models"));

// %% [markdown]
// ## Figure 4 — sentiment and opinion change per round
//
// For each candidate, the sentiment of every statement (mean $f(A)$ over its arguments) and the resulting opinion
// $S^O$ after the non-Bayesian update. The paper shows five candidates and notes that opinions keep moving until the
// last round (its conversations all ran five rounds). The table below is the full per-turn log.

// %%
await showFigure(run.figure("figure4_sentiment_change"));
await showTable(run.table("sentiment_by_round"), 15);
await showTable(run.table("conversations"));

// %% [markdown]
// ## Table 2 — drift
//
// Drift of each agent per candidate: one minus the cosine similarity between its statements and its Mental Model of
// Self (the paper's reading; `driftMeasure: "similarity"` gives the authors' code's raw similarity). The paper sees
// moderate drift for the CFO and higher drift for VPE and RPM.

// %%
await showTable(run.table("table2_drift"));

// %% [markdown]
// ## Tables 4–9 — from final sentiments to collective decisions
//
// - **Table 4**: each agent's final opinion $S^O$ per candidate — the input of every protocol.
// - **Table 5**: each agent's rank (1 = most positive) and the Borda-count rank (Def. 3: $n$ points for the top).
// - **Table 6**: valence (−1 below −0.5, +1 above 0.5, else 0) and the collective tier (any −1 → Tier 3).
// - **Table 7**: volatility — population standard deviation of the agent's statement sentiments.
//   (Note that the paper's Table 7 prints negative volatilities, which a standard deviation cannot be; notebook 05
//   audits this.)
// - **Table 8**: conviction = decision score / volatility (the paper's text); the authors' code's Table 8 is
//   `decisionBasis: "mean", conviction: "code"`, i.e. Table 4 × Table 7.
// - **Table 9**: gut-feeling rank, a Borda count over convictions.
// - **Table 3**: the three protocols side by side.
//
// Where the text and the authors' code differ (Borda direction, conviction as quotient or product) the defaults follow
// the text; notebook 05 checks which reading the *published* tables were computed with, so set `borda: "code"` or
// `conviction: "code"` in the run's `config` to compare like with like.

// %%
await showTable(run.table("table4_final_sentiment"));
await showTable(run.table("table5_borda_ranks"));
await showTable(run.table("table6_valence"));
await showTable(run.table("table7_volatility"));
await showTable(run.table("table8_conviction"));
await showTable(run.table("table9_gut_feeling"));
await showTable(run.table("table3_ranking_metrics"));

// %% [markdown]
// ## Figure 5 — platitudinal score
//
// Cosine similarity between the agents' contributions about a candidate (a lower score is a more original
// contribution), and between repeated runs (`runs` in the parameters). The paper shows the inter-agent heatmaps for
// five candidates.

// %%
await showFigure(run.figure("figure5_platitudinal"));
await showTable(run.table("platitudinal"));

// %% [markdown]
// ## Figure 6 — nuance, and defensibility
//
// Nuance: LDA with 5 topics and the top 10 words per topic on each candidate's conversation; the score is the number
// of unique words across topics (paper Figure 6). Defensibility: for every argument, the most similar resume passage;
// an argument whose best passage is below the threshold counts as unsupported (score 0).

// %%
await showFigure(run.figure("figure6_nuance"));
await showTable(run.table("nuance"));
await showTable(run.table("defensibility"), 15);

// %% [markdown]
// ## Drift and defensibility under three embedders
//
// Drift and defensibility are cosines between sentence vectors, so their values depend on the embedder. The run above
// uses the embedded hashing embedder (no model). The authors' code embeds statements with **all-MiniLM-L6-v2** for
// drift and retrieves resume passages with all-mpnet-base-v2 for defensibility; `embedder: "minilm"` (or
// `--embedder minilm`) runs all-MiniLM-L6-v2 on the CPU from `bash scripts/setup-minilm.sh` — the authors' model for
// drift, a labelled stand-in for theirs in defensibility. `retrieval: "tfidf"` retrieves passages by TF-IDF instead.
// A small run (3 candidates, 3 rounds, one run; the conversations do not depend on the embedder, so the three
// variants score the same statements) keeps this cell to about ten CPU seconds. The defensibility threshold (0.1) is
// on each embedder's own cosine scale: MiniLM's cosines between related sentences sit higher than hashing's.

// %%
import { compareSentimentalEmbedders } from "../src/notebook/embedder-comparison";

const comparison = await compareSentimentalEmbedders(runOptions, { candidates: 3, maxRounds: 3, runs: 1 });
if ("skipped" in comparison) await showMarkdown(`**Skipped: ${comparison.skipped}.**`);
else for (const table of [comparison.drift, comparison.defensibility]) await showTable(table);

// %% [markdown]
// ## Figure 7 — cognitive bias
//
// Each agent's opinion change from the second round on, against its peers' most recent sentiment, fitted by OLS
// through the origin separately for negative and positive peer sentiment (statsmodels conventions: uncentred $R^2$).
// Reading the slopes as the paper does: the steeper side is the bias (positive steeper = positivity bias), and a slope
// magnitude above 1 would be a saliency bias. The paper (default parameters, 10 candidates) finds the positive slope
// about 29% steeper than the negative one and no saliency bias.

// %%
await showFigure(run.figure("figure7_bias"));
await showTable(run.table("bias_regression"));
await showTable(run.table("bias_summary"));

// %%
const s = run.result.summary;
await showMarkdown(
  `**This run (${run.modelLabel}).** Pooled slopes: negative peers ${Number(s.slope_negative).toFixed(3)} ` +
    `(R² ${Number(s.r2_negative).toFixed(2)}), positive peers ${Number(s.slope_positive).toFixed(3)} (R² ${Number(s.r2_positive).toFixed(2)}); ` +
    `bias label: **${s.bias}**; saliency bias: **${s.saliency_bias}**; statement sentiments from ${s.sentiment_min} to ${s.sentiment_max} ` +
    `(paper: −0.76 to 0.62). Compare the *direction* of these findings with the paper, not the numbers.`,
);

// %% [markdown]
// ## Your own cuts: the deliberation as a DataFrame
//
// `toDataFrame(run.table(name))` gives any table as a danfojs DataFrame (typed columns, rounded display). One worked
// example on the per-turn log `sentiment_by_round`: leave out the opening round (every agent starts from its first
// impression there), compare the advisors — how positive they speak, where their opinion sits, how much it still
// moves — and summarise the changes. Then group by advisor and round and plot the mean opinion per round: the
// paper's observation that opinions keep moving until the last round, averaged over the candidates.

// %%
const rounds = toDataFrame(run.table("sentiment_by_round"));
const afterOpening = rounds.query(rounds.column("round").gt(1));
await showFrame(afterOpening.groupby(["agent"]).col(["sentiment", "opinion", "change"]).mean(), { title: "Per advisor, rounds 2 and later: means" });
await showFrame(afterOpening.loc({ columns: ["sentiment", "opinion", "change"] }).describe(), { title: "Rounds 2 and later, described" });

// %%
const byRound = rounds.groupby(["agent", "round"]).col(["opinion"]).mean();
const opinionFigure = frameFigure(byRound, {
  x: "round",
  y: "opinion_mean",
  groupBy: "agent",
  name: "opinion_by_round",
  title: "Mean opinion per round and advisor",
  label: run.modelLabel,
  yTitle: "mean opinion S^O over the candidates",
});
await showFigure(opinionFigure);

// %% [markdown]
// ## Things to try
//
// - Change `alpha`, `tolerance` or `temperature` in the parameters cell (notebook 02 sweeps the paper's grid).
// - Add `stopRule: "first-below-tolerance"`, `decisionBasis: "mean"` with `conviction: "code"`, or `borda: "code"` to
//   the `config` of the run cell to use the authors' code's reading of the protocol instead of the paper's text.
// - Set `dataDir` to a folder with `jobs/` and `resumes/`: it is used as your scenario automatically (a folder with
//   resumes only needs `resumes: "data"`).
