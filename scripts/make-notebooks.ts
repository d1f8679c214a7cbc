/**
 * The source of the six tslab notebooks in notebooks/. `npx tsx
 * scripts/make-notebooks.ts` (re)writes them deterministically: nbformat 4.5,
 * the tslab kernel, stable cell ids, no outputs. Edit the notebooks here, not
 * in Jupyter, and regenerate; test/notebooks checks the committed files equal
 * this script's output.
 *
 * Every notebook starts with a parameters cell (the only cell a student edits),
 * then imports, then runs through src/ functions only (runExperiment, runSweep,
 * the ablation and audit APIs) and shows tables with showTable and figures with
 * showFigure, with markdown tying each one to the paper's Table / Figure.
 *
 * tslab (TypeScript 5.0, non-strict, CommonJS) has quirks the cells avoid:
 * - a variable from an earlier cell must be written \`key: value\` in an object
 *   literal; the \`{ seed }\` shorthand throws "seed is not defined";
 * - folder imports need their index spelled out ("./src/plot/index");
 * - literal types do not survive between cells, so parameters that feed a
 *   union-typed option carry an explicit annotation (\`llm: "openai" | "offline"\`).
 * test/notebooks/notebooks.test.ts checks all three.
 *
 * Options: --out <dir> (default notebooks/ in the working directory: run it from the project root),
 * --check (exit 1 if a committed notebook differs; writes nothing).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type CellKind = "markdown" | "code";

interface CellSpec {
  kind: CellKind;
  source: string;
  tags?: string[];
}

export interface NotebookSpec {
  file: string;
  cells: CellSpec[];
}

const md = (source: string): CellSpec => ({ kind: "markdown", source: source.trim() });
const code = (source: string, tags?: string[]): CellSpec => ({ kind: "code", source: source.trim(), ...(tags ? { tags } : {}) });
const parameters = (source: string): CellSpec => code(source, ["parameters"]);

/** The warning every notebook carries near its top. */
const OFFLINE_WARNING = `
> **Offline agents are not the paper's LLM.** Without \`OPENAI_API_KEY\` every number below comes from the
> embedded *offline agents*: deterministic, seeded stand-ins that answer the same tasks without a language model,
> so that the notebook runs anywhere with no key and no network. Every table carries a \`model\` column and every
> figure title says *"offline agents — not LLM results"*. They exercise the exact pipeline, formulas and
> statistics of the paper, but they are **not** the paper's LLM results and must not be cited as such.
> Set \`OPENAI_API_KEY\` (and optionally \`OPENAI_MODEL\`) before starting Jupyter to run the same notebook on a real model;
> answers are then cached in \`../runs/notebook-cache\` so a re-run costs nothing.`;

/** Lines shared by every parameters cell: seed, model, data folder, cache. */
const COMMON_PARAMETERS = `
// ---- Parameters: the only cell you need to edit ----
const seed = 7; // every random choice (offline agents, sampling) derives from this seed

// "openai" when OPENAI_API_KEY is set, otherwise the embedded offline agents (no key, no network).
const llm: "openai" | "offline" = process.env.OPENAI_API_KEY ? "openai" : "offline";
const model = process.env.OPENAI_MODEL ?? "gpt-4o-mini"; // used only when llm is "openai"
// Real-model answers are cached here (record / replay); offline runs need no cache.
const cacheDir = llm === "openai" ? "../runs/notebook-cache" : undefined;

// Data folder: undefined = the bundled datasets/ (synthetic market + hand-written hiring files).
// For the real data set beside the project, use e.g. "../../shared/datasets".
const dataDir: string | undefined = undefined;`;

/** Lookup helpers defined once per notebook (tables and figures by name). */
const LOOKUP_HELPERS = `
// Tables and figures of a run, by name (names are listed by \`run.result.tables.map((t) => t.name)\`).
const table = (outcome: RunOutcome, name: string) => outcome.result.tables.find((t) => t.name === name)!;
const figure = (outcome: RunOutcome, name: string) => outcome.result.figures.find((f) => f.name === name)!;`;

/**
 * The run cell of an experiment notebook: the parameters cell's model and data
 * settings, the experiment's own config, and a one-line provenance print.
 */
function runCell(experiment: string, config: string): string {
  return `
const run = await runExperiment("${experiment}", {
  seed: seed,
  llm: llm,
  model: model,
  dataDir: dataDir,
  cacheDir: cacheDir,
  config: ${config},
});
console.log(\`\${run.description}\\n\\n\${run.modelLabel}; data: \${run.dataDir}; \${(run.timings.totalMs / 1000).toFixed(1)} s\`);
run.result.summary;
`;
}

// ---------------------------------------------------------------------------
// 00 — quickstart
// ---------------------------------------------------------------------------

const quickstart: NotebookSpec = {
  file: "00-quickstart.ipynb",
  cells: [
    md(`
# Consilium quickstart

Consilium reproduces three papers on LLM multi-agent systems as TypeScript experiments that run the same way from
the CLI (\`npx consilium run <name>\`), from \`npm run reproduce\` and from these notebooks:

| experiment | paper | notebook |
|---|---|---|
| \`sentimental\` | Ondula et al., *Sentimental Agents: Exploring Deliberation, Cognitive Biases, and Decision-making in LLM-based Multiagent Systems* (KiL'24) | 01, 02 |
| \`finmem\` | Yu et al., *FinMem: A Performance-Enhanced LLM Trading Agent with Layered Memory and Character Design* (arXiv 2311.13743) | 03 |
| \`blackboard\` | *Blackboard + structured debate + Black–Litterman* multi-agent portfolio construction | 04 |

Notebook 05 audits each paper's own published tables. This quickstart runs **tiny** versions of the three
experiments (a few seconds in total), shows one table and one figure of each, explores a table as a danfojs
DataFrame and exports figures to SVG / PNG at 300 DPI.

${OFFLINE_WARNING}
`),
    parameters(`
${COMMON_PARAMETERS}

// Tiny sizes so that the whole notebook runs in seconds (the other notebooks use the papers' sizes).
const sentimentalCandidates = 3; // paper: 10
const sentimentalRounds = 3; // paper: at most 5
const finmemTopK = 3; // memory events retrieved per layer (paper ablates 1 / 3 / 5 / 10)
const blackboardTickers = 8; // stocks in the universe (bundled data: 30)
const blackboardEnd = "2025-04-30"; // paper: 2025-01-01 .. 2025-08-29
const exportDir = "../figures/quickstart";
`),
    code(`
import { runExperiment, type RunOutcome } from "./src/run/runner";
import { showFigure, showMarkdown, showTable } from "./src/notebook/display";
import { toDataFrame } from "./src/notebook/dataframe";
import { chromiumAvailable } from "./src/plot/index";
import { closeSharedChromium } from "./src/plot/browser";
import { exportFigures } from "./src/plot/export";
${LOOKUP_HELPERS}
`),
    md(`
## 1. Sentimental Agents — three advisors deliberate about candidates

\`runExperiment(name, options)\` resolves the experiment's config (the paper's defaults, overridden by \`config\`),
builds the model (offline agents or OpenAI) and returns a \`RunOutcome\`: \`result.tables\`, \`result.figures\`,
\`result.summary\`, the resolved \`config\` and the \`modelLabel\`.
`),
    code(`
const sentimental = await runExperiment("sentimental", {
  seed: seed,
  llm: llm,
  model: model,
  dataDir: dataDir,
  cacheDir: cacheDir,
  config: { candidates: sentimentalCandidates, maxRounds: sentimentalRounds, runs: 1 },
});
console.log(\`\${sentimental.modelLabel}; tables: \${sentimental.result.tables.map((t) => t.name).join(", ")}\`);
sentimental.result.summary;
`),
    md(`
The paper's **Table 4** — each advisor's final opinion $S^O$ about each candidate (eq. 4, non-Bayesian update) —
and **Figure 4**, statement sentiment and opinion per round.
`),
    code(`
await showTable(table(sentimental, "table4_final_sentiment"));
await showFigure(figure(sentimental, "figure4_sentiment_change"));
`),
    md(`
## 2. FinMem — a trading agent with layered memory

Trained on a window where the next day's price move is visible, then tested on later days against buy-and-hold.
The metrics table corresponds to the paper's main results table (cumulative return, Sharpe ratio, volatility,
maximum drawdown); the figure to its cumulative-return plot.
`),
    code(`
const finmem = await runExperiment("finmem", { seed: seed, llm: llm, model: model, dataDir: dataDir, cacheDir: cacheDir, config: { topK: finmemTopK } });
await showTable(table(finmem, "finmem_metrics"));
await showFigure(figure(finmem, "finmem_cumulative_return"));
`),
    md(`
## 3. Blackboard + debate + Black–Litterman

Per-ticker agent threads post typed messages on a blackboard, debate, and their BUY / HOLD / SELL views become
Black–Litterman views; the portfolio is rebalanced every 10 trading days and compared with SPY and an
equal-weight book.
`),
    code(`
const blackboard = await runExperiment("blackboard", {
  seed: seed,
  llm: llm,
  model: model,
  dataDir: dataDir,
  cacheDir: cacheDir,
  config: { maxTickers: blackboardTickers, end: blackboardEnd },
});
await showTable(table(blackboard, "bb_performance"));
await showFigure(figure(blackboard, "bb_equity_curve"));
`),
    md(`
## 4. Tables as danfojs DataFrames

\`toDataFrame(table)\` turns any result table into a [danfojs](https://danfo.jsdata.org) DataFrame for your own
exploration: select columns, describe, group.
`),
    code(`
const rounds = toDataFrame(table(sentimental, "sentiment_by_round"));
console.log(\`shape: \${rounds.shape.join(" x ")}\`);
rounds.loc({ columns: ["candidate_name", "agent", "round", "sentiment", "opinion", "change"] }).head(6).print();
rounds.loc({ columns: ["sentiment", "opinion", "change"] }).describe().print();
rounds.groupby(["agent"]).col(["sentiment", "opinion"]).mean().print();
`),
    md(`
## 5. Export figures for a paper

\`exportFigures(figures, outDir, { formats, dpi })\` renders figures in one headless Chromium (Debian's
\`chromium\`) to SVG, PDF, PNG (300 DPI at the figure's print size, by default 6.5 × 4 in) and self-contained HTML.
\`npm run reproduce\` does this for every figure of the three papers into \`figures/\`.
`),
    code(`
if (chromiumAvailable()) {
  const files = await exportFigures(
    [figure(sentimental, "figure4_sentiment_change"), figure(finmem, "finmem_cumulative_return"), figure(blackboard, "bb_equity_curve")],
    exportDir,
    { formats: ["svg", "png"], dpi: 300 },
  );
  await closeSharedChromium();
  for (const file of files) console.log(\`\${file.format.padEnd(4)} \${file.bytes.toString().padStart(8)} bytes  \${file.path}\`);
} else {
  console.log("Chromium not found (install Debian's chromium or set CHROMIUM_PATH) - skipping the export.");
}
`),
    md(`
## Next

- **01-sentimental-agents**: the full Sentimental Agents run (Tables 2–9, Figures 4–7).
- **02-sentimental-sensitivity**: the paper's 27-cell sensitivity grid of the bias analysis.
- **03-finmem**: FinMem on a ticker, its memory layers and the cognitive-span / risk ablations.
- **04-blackboard-black-litterman**: the Black–Litterman portfolio, its risk report, a view perturbation and an agent trace.
- **05-paper-audit**: which of the papers' published numbers their own inputs reproduce.
`),
  ],
};

// ---------------------------------------------------------------------------
// 01 — Sentimental Agents
// ---------------------------------------------------------------------------

const sentimentalAgents: NotebookSpec = {
  file: "01-sentimental-agents.ipynb",
  cells: [
    md(`
# Sentimental Agents: deliberation, opinion dynamics and cognitive biases

Ondula, Orner, Mwangi & Rusti, *Sentimental Agents: Exploring Deliberation, Cognitive Biases, and Decision-making
in LLM-based Multiagent Systems*, KiL'24 (KDD workshop), CEUR-WS Vol-3894 paper 18.

**What the paper does.** Three advisor agents — a Chief Financial Officer (CFO), a VP of Engineering (VPE) and a
Recycling Plant Manager (RPM), each with a *Mental Model of Self* — deliberate round-robin about each of 10
candidates for *Head of Technology* in a recycling-plant scale-up in Kenya (gpt-3.5-turbo-0613; alpha = 0.5,
tolerance = 0.00001, temperature = 1.5, at most 5 rounds; §6.1).

- Each statement is split into arguments $A$, each scored $f(A) \\in [-1, 1]$; the agent's opinion follows the
  non-Bayesian update $S^O_i(t) = \\alpha \\cdot \\tfrac{1}{|A|}\\sum_A f(A) + (1-\\alpha) \\cdot S^O_i(t-1)$ (eq. 4) with
  change $\\Delta S^O_i(t) = |S^O_i(t) - S^O_i(t-1)|$ (eq. 5); a conversation stops when every agent's change is below
  the tolerance, or at the last round (Algorithm 1).
- Collective decisions (§3.2): **Borda count** (Def. 3), **tiered list** from valence (Def. 4), **gut feeling**
  from conviction = final sentiment / volatility (Def. 5) — Tables 3–9.
- Evaluation (§5.6, §6.2.1): **drift** of each agent from its Mental Model (Table 2), **platitudinal** score
  (Figure 5), **nuance** from LDA topics (Figure 6), **defensibility** of arguments against the resume.
- Cognitive bias (§6.2.2, Figure 7): OLS through the origin of an agent's opinion change on its peers' recent
  sentiment, separately for negative and positive peers. The paper reports a *modest positivity bias* (positive
  slope about 29% steeper), *no saliency bias* (all slopes below 1), and sentiments from −0.76 to 0.62.

Where the paper text and the authors' code differ (stop rule, conviction, Borda direction, drift as distance or
similarity), both are config options; the defaults follow the text. See \`src/sentimental/config.ts\`.

**What this run shows.** The same pipeline on the bundled hiring data (resumes and the job description in
\`datasets/\`), so the candidates are not the paper's; the tables have the paper's shape and can be read side by
side with it, but the values are this run's.

${OFFLINE_WARNING}
`),
    parameters(`
${COMMON_PARAMETERS}

// Sizes and the paper's parameters (§6.1).
const candidates = 10; // paper: 10
const maxRounds = 5; // paper: at most 5
const alpha = 0.5; // weight of the newest statement in eq. 4
const tolerance = 0.00001; // stop threshold of Algorithm 1
const temperature = 1.5; // sampling temperature of the statements
const runs = 2; // repeated deliberations for the between-run platitudinal score
`),
    code(`
import { runExperiment, type RunOutcome } from "./src/run/runner";
import { showFigure, showMarkdown, showTable } from "./src/notebook/display";
${LOOKUP_HELPERS}
`),
    code(runCell("sentimental", `{ candidates: candidates, maxRounds: maxRounds, alpha: alpha, tolerance: tolerance, temperature: temperature, runs: runs }`)),
    md(`
## The Mental Models of Self

Each advisor's profile (description, priorities, evaluation criteria) is generated once from its job title and the
job description (paper Figures 2–3). Drift (below) measures how far the agent's statements move away from it.
`),
    code(`
await showTable(table(run, "mental_models"));
`),
    md(`
## Figure 4 — sentiment and opinion change per round

For each candidate, the sentiment of every statement (mean $f(A)$ over its arguments) and the resulting opinion
$S^O$ after the non-Bayesian update. The paper shows five candidates and notes that opinions keep moving until the
last round (its conversations all ran five rounds). The table below is the full per-turn log.
`),
    code(`
await showFigure(figure(run, "figure4_sentiment_change"));
await showTable(table(run, "sentiment_by_round"), 15);
await showTable(table(run, "conversations"));
`),
    md(`
## Table 2 — drift

Drift of each agent per candidate: one minus the cosine similarity between its statements and its Mental Model of
Self (the paper's reading; \`driftMeasure: "similarity"\` gives the authors' code's raw similarity). The paper sees
moderate drift for the CFO and higher drift for VPE and RPM.
`),
    code(`
await showTable(table(run, "table2_drift"));
`),
    md(`
## Tables 4–9 — from final sentiments to collective decisions

- **Table 4**: each agent's final opinion $S^O$ per candidate — the input of every protocol.
- **Table 5**: each agent's rank (1 = most positive) and the Borda-count rank (Def. 3: $n$ points for the top).
- **Table 6**: valence (−1 below −0.5, +1 above 0.5, else 0) and the collective tier (any −1 → Tier 3).
- **Table 7**: volatility — population standard deviation of the agent's statement sentiments.
  (Note that the paper's Table 7 prints negative volatilities, which a standard deviation cannot be; notebook 05
  audits this.)
- **Table 8**: conviction = final sentiment / volatility (the paper's text; the code uses mean × std).
- **Table 9**: gut-feeling rank, a Borda count over convictions.
- **Table 3**: the three protocols side by side.

Where the text and the authors' code differ (Borda direction, conviction as quotient or product) the defaults follow
the text; notebook 05 checks which reading the *published* tables were computed with, so set \`borda: "code"\` or
\`conviction: "code"\` in the run's \`config\` to compare like with like.
`),
    code(`
await showTable(table(run, "table4_final_sentiment"));
await showTable(table(run, "table5_borda_ranks"));
await showTable(table(run, "table6_valence"));
await showTable(table(run, "table7_volatility"));
await showTable(table(run, "table8_conviction"));
await showTable(table(run, "table9_gut_feeling"));
await showTable(table(run, "table3_ranking_metrics"));
`),
    md(`
## Figure 5 — platitudinal score

Cosine similarity between the agents' contributions about a candidate (a lower score is a more original
contribution), and between repeated runs (\`runs\` in the parameters). The paper shows the inter-agent heatmaps for
five candidates.
`),
    code(`
await showFigure(figure(run, "figure5_platitudinal"));
await showTable(table(run, "platitudinal"));
`),
    md(`
## Figure 6 — nuance, and defensibility

Nuance: LDA with 5 topics and the top 10 words per topic on each candidate's conversation; the score is the number
of unique words across topics (paper Figure 6). Defensibility: for every argument, the most similar resume passage;
an argument whose best passage is below the threshold counts as unsupported (score 0).
`),
    code(`
await showFigure(figure(run, "figure6_nuance"));
await showTable(table(run, "nuance"));
await showTable(table(run, "defensibility"), 15);
`),
    md(`
## Figure 7 — cognitive bias

Each agent's opinion change from the second round on, against its peers' most recent sentiment, fitted by OLS
through the origin separately for negative and positive peer sentiment (statsmodels conventions: uncentred $R^2$).
Reading the slopes as the paper does: the steeper side is the bias (positive steeper = positivity bias), and a slope
magnitude above 1 would be a saliency bias. The paper (default parameters, 10 candidates) finds the positive slope
about 29% steeper than the negative one and no saliency bias.
`),
    code(`
await showFigure(figure(run, "figure7_bias"));
await showTable(table(run, "bias_regression"));
await showTable(table(run, "bias_summary"));
`),
    code(`
const s = run.result.summary;
await showMarkdown(
  \`**This run (\${run.modelLabel}).** Pooled slopes: negative peers \${Number(s.slope_negative).toFixed(3)} \` +
    \`(R² \${Number(s.r2_negative).toFixed(2)}), positive peers \${Number(s.slope_positive).toFixed(3)} (R² \${Number(s.r2_positive).toFixed(2)}); \` +
    \`bias label: **\${s.bias}**; saliency bias: **\${s.saliency_bias}**; statement sentiments from \${s.sentiment_min} to \${s.sentiment_max} \` +
    \`(paper: −0.76 to 0.62). Compare the *direction* of these findings with the paper, not the numbers.\`,
);
`),
    md(`
## Things to try

- Change \`alpha\`, \`tolerance\` or \`temperature\` in the parameters cell (notebook 02 sweeps the paper's grid).
- Add \`stopRule: "first-below-tolerance"\`, \`conviction: "code"\` or \`borda: "code"\` to the \`config\` of the run
  cell to use the authors' code's reading of the protocol instead of the paper's text.
- Set \`dataDir\` to a folder with \`resumes/*.jsonl\` and add \`resumes: "data"\` to evaluate your own candidates.
`),
  ],
};

// ---------------------------------------------------------------------------
// 02 — Sentimental Agents sensitivity sweep
// ---------------------------------------------------------------------------

const sentimentalSensitivity: NotebookSpec = {
  file: "02-sentimental-sensitivity.ipynb",
  cells: [
    md(`
# Sentimental Agents: sensitivity of the cognitive-bias findings

Ondula et al., KiL'24, §6.2.2. **What the paper claims.** Varying alpha ∈ {0.3, 0.5, 0.7}, tolerance ∈ {0.001,
0.005, 0.0001} and temperature ∈ {0.7, 1, 1.5} on ten random candidates, and fitting the bias regressions of
Figure 7 (opinion change on peers' negative / positive sentiment, OLS through the origin) in every cell:

1. a **modest positivity bias**: the positive slope about 29% steeper than the negative one;
2. the bias direction persists across settings, and alpha = 0.3, tolerance = 0.005, temperature = 1.5 shows a
   **positive slope more than twice as steep** as the negative one;
3. **no saliency bias** in any experiment: every slope below 1;
4. agents express **stronger negative** sentiments (down to −0.76, up to 0.62);
5. **alpha drives the sentiment range**: lower alpha gives more constrained ranges.

The paper reports these in prose only (no per-cell table). Its tolerances are not consistent: the grid uses 0.001 /
0.005 / 0.0001, the headline run 0.00001, and the authors' public code and docs use 0.01, 1e-4 and 0.005.

**What this notebook shows.** The same 27-cell grid run through \`runSweep\`, one tidy row per cell (slopes, R²,
p-values, slope ratio, bias label, saliency, sentiment and opinion ranges), and three figures that put claims 1–3
and 5 side by side with this run. Finished cells are saved in \`outDir\` and reused when the notebook is re-run
(delete that folder after changing the code).

${OFFLINE_WARNING}
`),
    parameters(`
${COMMON_PARAMETERS}

// The paper's grid (§6.2.2): 3 x 3 x 3 = 27 cells.
const alphas = [0.3, 0.5, 0.7];
const tolerances = [0.001, 0.005, 0.0001];
const temperatures = [0.7, 1, 1.5];
// Per-cell sizes (paper: 10 candidates, at most 5 rounds).
const candidates = 10;
const maxRounds = 5;
const outDir = \`../runs/notebook-sweep/\${llm}\`; // finished cells are kept here
const concurrency = 2; // cells in parallel
`),
    code(`
import { runSweep } from "./src/run/sweep";
import { showFigure, showTable } from "./src/notebook/display";
import { toDataFrame } from "./src/notebook/dataframe";
import { sentimentalBiasSlopesFigure, sentimentalOpinionRangeFigure, sentimentalSlopeRatioFigure } from "./src/sentimental/index";
`),
    code(`
const started = performance.now();
const sweep = await runSweep(
  "sentimental",
  { alpha: alphas.map(String), tolerance: tolerances.map(String), temperature: temperatures.map(String) },
  {
    outDir: outDir,
    seed: seed,
    llm: llm,
    model: model,
    dataDir: dataDir,
    cacheDir: cacheDir,
    concurrency: concurrency,
    set: [\`candidates=\${candidates}\`, \`maxRounds=\${maxRounds}\`],
  },
);
console.log(
  \`\${sweep.table.rows.length} cells (\${sweep.resumed} reused from \${outDir}) in \${((performance.now() - started) / 1000).toFixed(1)} s; \` +
    \`written to \${sweep.files.csv}\`,
);
`),
    md(`
## The tidy sweep table

One row per grid cell: the grid values, then the cell's measurements — for each sign of peer sentiment the OLS
slope, $R^2$, p-value and number of observations; the slope ratio |slope+| / |slope−| and the bias label; whether
any |slope| exceeds 1 (saliency); the range of statement sentiments and of opinions $S^O$; the mean number of
rounds. The same table is written as CSV, Markdown and JSON next to the cells.

The tolerance only matters when a conversation stops early. If every conversation uses all its rounds
(\`mean_rounds\` equals \`maxRounds\`), the three tolerance cells of each (alpha, temperature) are identical — a
finding in itself: at these tolerances the stop rule never fires — and the figures below lose nothing by averaging
over them.
`),
    code(`
await showTable(sweep.table, 27);
`),
    md(`
## Claims 1–2: positivity or negativity bias?

The slope ratio per cell, averaged over the tolerances. Above the dotted line at 1 the positive slope is steeper
(positivity bias, as in the paper: about 1.29, and above 2 for alpha 0.3 / tolerance 0.005 / temperature 1.5);
below it the agents react more to negative peers (negativity bias).
`),
    code(`
await showFigure(sentimentalSlopeRatioFigure(sweep.table));
`),
    md(`
## Claim 3: saliency bias

Both slope magnitudes against alpha, one colour per temperature (solid: positive peers, dashed: negative peers).
The paper's criterion for *no saliency bias* is every slope below the dotted line at 1.
`),
    code(`
await showFigure(sentimentalBiasSlopesFigure(sweep.table));
`),
    md(`
## Claim 5: alpha and the range of opinions

The range (max − min) of the opinions $S^O$ against alpha. With the update of eq. 4 a larger alpha lets the newest
statement move the opinion further, so the paper's claim reads: the range grows with alpha. (The range of the
statement sentiments themselves, \`sentiment_range\` in the table, depends on alpha only through what the agents
say.)
`),
    code(`
await showFigure(sentimentalOpinionRangeFigure(sweep.table));
`),
    md(`
## Claim 4 and your own cuts, with danfojs

The sweep table as a DataFrame: pick columns, sort, describe. For example the sentiment extremes per cell
(claim 4 compares the most negative and most positive statement sentiment).
`),
    code(`
const df = toDataFrame(sweep.table);
df.loc({ columns: ["alpha", "tolerance", "temperature", "sentiment_min", "sentiment_max", "slope_ratio", "bias"] }).head(9).print();
df.loc({ columns: ["slope_negative", "slope_positive", "slope_ratio", "sentiment_min", "sentiment_max", "opinion_range"] }).describe().print();
`),
  ],
};

// ---------------------------------------------------------------------------
// 03 — FinMem
// ---------------------------------------------------------------------------

const finmemNotebook: NotebookSpec = {
  file: "03-finmem.ipynb",
  cells: [
    md(`
# FinMem: a trading agent with layered memory and character design

Yu et al., *FinMem: A Performance-Enhanced LLM Trading Agent with Layered Memory and Character Design*,
arXiv 2311.13743 (code: pipiku915/FinMem-LLM-StockTrading).

**What the paper does.** A single LLM trading agent with three modules:

- **Profiling**: the stock's sectors and a summary of its history, plus a risk inclination — risk-seeking,
  risk-averse, or **self-adaptive** (risk-seeking while the last 3 days' cumulative return is positive).
- **Memory**: working memory (summarise, observe, reflect) and a layered long-term memory — *shallow* (daily news),
  *intermediate* (10-Q), *deep* (10-K) and *reflection* layers. A memory event's retrieval score is
  recency $e^{-\\delta/Q}$ + relevancy (cosine) + importance/100; the top-$K$ events per layer (the *cognitive
  span*) go to the reflection; importance decays, memories are promoted / demoted between layers and cleaned up.
- **Decision**: in *training* the agent sees the next day's price move and explains it, citing memory ids (those
  memories are then rewarded or penalised by the position's P&L); in *testing* it decides buy / sell / hold from
  memory and momentum only.

**What the paper claims.** On its headline test window (2022-10-06 .. 2023-04-10) it compares FinMem with
buy-and-hold and other agents on TSLA, NFLX, AMZN, MSFT and COIN — e.g. TSLA: cumulative return 0.618 and Sharpe
2.679 for FinMem vs −0.186 for buy-and-hold — and argues that a short, daily training period suffices. Its
ablations (TSLA, 2022-06-16 .. 2022-12-28) vary the cognitive span $K \\in \\{1, 3, 5, 10\\}$, the risk inclination
and the backbone model. The authors' data is not public.

**What this run shows.** The full train/test loop on one ticker of the data folder: with the bundled synthetic
market the default is the ticker with filings and the most news, with the real data (\`../../shared/datasets\`)
it is MSFT 2020-03-13 .. 2021-05-06 (the span of its news; the paper's window has no news in that data). Metrics
follow the FinMem code: daily return $r_t = \\text{direction}_t \\cdot \\ln(P_{t+1}/P_t)$, cumulative return
$\\sum_t r_t$, Sharpe = annualised mean / annualised volatility.

${OFFLINE_WARNING}
`),
    parameters(`
${COMMON_PARAMETERS}

// Ticker and windows: "" = chosen from the data folder (see the markdown above).
const ticker = ""; // e.g. "MSFT" with the real data
const trainStart = ""; // YYYY-MM-DD
const trainEnd = "";
const testStart = "";
const testEnd = "";
const topK = 5; // cognitive span: memory events retrieved per layer
const riskMode: "seeking" | "averse" | "adaptive" = "adaptive";

// Ablation (paper §4): K values and risk inclinations, each varied with the other at the base config.
const ablationKs = [1, 3, 5, 10];
const ablationRiskModes: Array<"seeking" | "averse" | "adaptive"> = ["seeking", "averse", "adaptive"];
`),
    code(`
import { prepareRun, runExperiment, type RunOutcome } from "./src/run/runner";
import { runFinMemAblation, type FinMemConfig } from "./src/finmem/index";
import { showFigure, showTable } from "./src/notebook/display";
import { finmemAblationFigure } from "./src/finmem/index";
${LOOKUP_HELPERS}
`),
    code(
      runCell(
        "finmem",
        `{
    ticker: ticker,
    trainStart: trainStart,
    trainEnd: trainEnd,
    testStart: testStart,
    testEnd: testEnd,
    topK: topK,
    riskMode: riskMode,
  }`,
      ),
    ),
    md(`
## Main result — FinMem vs buy-and-hold on the test window

The paper's main results table reports, per stock, cumulative return, Sharpe ratio, annualised volatility and
maximum drawdown of FinMem and of buy-and-hold (and other agents). \`finmem_metrics\` uses the FinMem code's
definitions; \`finmem_risk_report\` recomputes the project's standard risk report (simple returns, rf 2%, Sortino,
Calmar, VaR / CVaR, deflated Sharpe) for the same positions.
`),
    code(`
await showTable(table(run, "finmem_metrics"));
await showTable(table(run, "finmem_risk_report"));
`),
    md(`
## Cumulative return over the test window

The paper's cumulative-return figure: FinMem's position (+1 buy, −1 sell, 0 hold) applied to each day's log
return, summed, against buy-and-hold.
`),
    code(`
await showFigure(figure(run, "finmem_cumulative_return"));
await showTable(table(run, "finmem_cumulative_returns"), 10);
`),
    md(`
## Inside the agent: decisions and memory layers

Every day of training and testing: the decision, the risk state of the self-adaptive character, momentum, how many
memory events were new and shown, which ones the reflection cited, and the feedback the cited memories received.
The memory figure shows the number of events per layer and their mean retrieval score over time: news enters the
shallow layer and decays fast, filings sit deeper, and reflections accumulate.
`),
    code(`
await showTable(table(run, "finmem_decisions"), 12);
await showFigure(figure(run, "finmem_memory_layers"));
await showTable(table(run, "finmem_memory_layers"), 12);
`),
    md(`
## Ablations — cognitive span K and risk inclination

As in the paper, each sweep varies one factor with the other at the base config (the run above): $K \\in$
\`ablationKs\` with the base risk mode, then each risk mode with the base $K$. Compare the settings with each other
and with buy-and-hold (dotted line), and remember that offline agents answer from simple rules, not from reading
the memories as an LLM would: how the span or the character changes an LLM's decisions is exactly what an offline
run cannot show.
`),
    code(`
const prepared = await prepareRun("finmem", { seed: seed, llm: llm, model: model, dataDir: dataDir, cacheDir: cacheDir, config: run.config });
const ablation = await runFinMemAblation(prepared.ctx, {
  base: prepared.config as Partial<FinMemConfig>,
  ks: ablationKs,
  riskModes: ablationRiskModes,
});
await showTable(ablation.table);
await showFigure(finmemAblationFigure(ablation.table, "cumulative_return"));
await showFigure(finmemAblationFigure(ablation.table, "sharpe"));
`),
  ],
};

// ---------------------------------------------------------------------------
// 04 — Blackboard + debate + Black-Litterman
// ---------------------------------------------------------------------------

const blackboardNotebook: NotebookSpec = {
  file: "04-blackboard-black-litterman.ipynb",
  cells: [
    md(`
# Blackboard, structured debate and Black–Litterman portfolios

**What the paper does.** Each stock gets a thread of agents that communicate only through a schema-constrained
*blackboard* (an append-only JSONL log of typed messages: AnalysisReport, TradeProposal, DebateComment,
FinalReport, RiskAssessment, …): analysts (fundamental, macro, market, news, social) report; bull and bear
researchers cross-examine for 2–3 rounds and a research manager writes the FinalReport; aggressive, conservative
and neutral risk managers debate and a judge writes the RiskAssessment with a BUY / HOLD / SELL view. The views
enter a **Black–Litterman** optimiser: prior $\\pi = \\delta \\Sigma w_{mkt}$ ($\\delta = 3$, 252-day sample
covariance), absolute views $P = I$, $Q = +2\\% / 0 / -2\\%$, $\\Omega = 0.5\\,\\mathrm{diag}(P \\tau \\Sigma P^\\top)$,
$\\tau = 0.025$, weights $(\\delta \\Sigma)^{-1} \\mu_{BL}$ normalised, long-only by clipping. The portfolio is
rebalanced every 10 trading days, net of 5 bps fees + 5 bps slippage.

**What the paper claims** (S&P 500 constituents, 2025-01-01 .. 2025-08-29, 166 trading days): a total return of
**13.43%** vs **10.08%** for the S&P 500; annualised return 21.09%, volatility 19.30%, **Sharpe 1.0** (rf 2%),
Sortino 1.28, maximum drawdown −15.33%; a 20-day rolling Sharpe between −2.42 and 5.27 (mean 1.41, sd 2.63 — and
elsewhere 1.60 ± 3.28). A one-view perturbation (WAB BUY → HOLD) moves WAB's weight from 0.112 to 0.087 and the
freed weight to SPY and XLI. Notebook 05 checks these numbers against each other.

**What this run shows.** The same pipeline on the data folder: the bundled synthetic market (30 stocks, SPY and
sector ETFs) by default, or the real data with \`dataDir = "../../shared/datasets"\`. The benchmark and the
equal-weight book are computed from the same prices, so the comparison is like for like.

${OFFLINE_WARNING}
`),
    parameters(`
${COMMON_PARAMETERS}

// Universe, window and cadence (paper: S&P 500 constituents, 2025-01-01 .. 2025-08-29, every 10 trading days).
const maxTickers = 30; // stocks in the universe (bundled data: 30; the real data: 59)
const start = "2025-01-01";
const end = "2025-08-29";
const rebalanceEvery = 10; // trading days between rebalances (1 = the main text's daily re-run)
const debateRounds = 2; // bull / bear cross-examination rounds per side
const marketWeights: "marketCap" | "holdings" | "equal" = "marketCap"; // w_mkt: text (market cap) vs code (holdings)
const traceTicker = ""; // ticker of the perturbation and the trace ("" = chosen by the run)
`),
    code(`
import { runExperiment, type RunOutcome } from "./src/run/runner";
import { showFigure, showTable } from "./src/notebook/display";
${LOOKUP_HELPERS}
`),
    code(
      runCell(
        "blackboard",
        `{
    maxTickers: maxTickers,
    start: start,
    end: end,
    rebalanceEvery: rebalanceEvery,
    debateRounds: debateRounds,
    marketWeights: marketWeights,
    traceTicker: traceTicker,
  }`,
      ),
    ),
    md(`
## Risk report — BL portfolio vs equal weight and the benchmark

The paper's performance paragraph and its robustness analysis in one table: total and annualised return,
volatility, Sharpe (on CAGR and on mean excess return), Sortino, maximum drawdown, Calmar, historical VaR / CVaR,
beta, alpha, tracking error, information ratio, probabilistic and deflated Sharpe (Bailey & López de Prado, with
the number of trials in the config), turnover and costs. Paper: 13.43% vs 10.08%, Sharpe 1.0, Sortino 1.28, max
drawdown −15.33%.
`),
    code(`
await showTable(table(run, "bb_performance"));
`),
    md(`
## Figure 2 — growth of 1 vs SPY and equal weight; rolling Sharpe; drawdown

The paper's cumulative-return figure, its 20-day rolling Sharpe (paper: range −2.42 to 5.27) and the drawdown from
the running peak.
`),
    code(`
await showFigure(figure(run, "bb_equity_curve"));
await showFigure(figure(run, "bb_rolling_sharpe"));
await showFigure(figure(run, "bb_drawdown"));
await showTable(table(run, "bb_daily_values"), 10);
`),
    md(`
## Views and Black–Litterman weights per rebalance

For every rebalance and ticker: the research view and the debate (rounds, why it stopped), the trader's proposal
and the final risk-adjusted action with its confidence; then the BL inputs and outputs — the view $Q$, the market
weight, the prior $\\pi$, the posterior mean $\\mu_{BL}$ and the weight before and after.
`),
    code(`
await showTable(table(run, "bb_views"), 15);
await showTable(table(run, "bb_weights"), 15);
`),
    md(`
## Interpretability — a one-view perturbation

The paper's case study: flip one ticker's view (e.g. BUY → HOLD) with everything else fixed and report the top
weight shifts. Black–Litterman should lower (or raise) that ticker's weight and move the freed weight towards the
prior and close substitutes (paper: WAB 0.112 → 0.087, Δ = −0.025; SPY +0.008, XLI +0.006).
`),
    code(`
await showTable(table(run, "bb_perturbation"));
await showFigure(figure(run, "bb_perturbation"));
`),
    md(`
## A redacted blackboard trace

The appendix's single-day, single-ticker trace: the messages the agents wrote on the blackboard, in order, from the
analyst reports through the bull / bear cross-examination and the research manager's FinalReport to the risk
debate and the RiskAssessment that became the view. The whole log of the run is in its artifacts
(\`npx consilium run blackboard --out <dir>\` writes it as JSONL).
`),
    code(`
await showTable(table(run, "bb_trace"), 40);
`),
  ],
};

// ---------------------------------------------------------------------------
// 05 — paper audit
// ---------------------------------------------------------------------------

const auditNotebook: NotebookSpec = {
  file: "05-paper-audit.ipynb",
  cells: [
    md(`
# Paper audit: do the papers' own tables reproduce from their own inputs?

Each paper publishes derived numbers next to the inputs they come from. Sentimental Agents derives per-agent ranks,
Borda counts, valences, tiers, convictions and gut-feeling ranks (Tables 3, 5, 6, 8, 9) from its final sentiments
(Table 4) and volatilities (Table 7), and quotes some of them again in its text. The Blackboard / Black–Litterman
paper derives total, excess and annualised return and the Sharpe ratio from the portfolio values it reports, states
its rolling Sharpe twice, and reports a perturbation's weight change. FinMem's headline buy-and-hold return on TSLA
can be recomputed from market prices (when a real price folder is given); its agent's own returns need trades that
are not published.

The audit encodes the published tables as data (each value with its table and column), recomputes every derived
cell from the paper's *own* inputs under each reading of the formulas that the paper text and the authors' code
allow (e.g. Borda with $n$ points to the top vs the code's rank sums; conviction as sentiment / volatility vs mean ×
std; geometric vs simple annualisation), and reports cell by cell which reading reproduces the printed number —
exactly, or within the rounding of the printed digits — and which cells no reading reproduces.

This notebook involves **no model at all**: no offline agents, no LLM. Everything below is arithmetic on numbers
printed in the papers, so the findings can be cited.
`),
    parameters(`
// ---- Parameters: the only cell you need to edit ----
// The audit is arithmetic on the papers' published numbers: no seed, no model.
// Real market prices (prices/SPY.csv, prices/TSLA.csv) enable the extra checks against market data;
// undefined = look for CONSILIUM_REAL_DATA or ../../shared/datasets, and skip those checks if neither exists.
const realDataDir: string | undefined = undefined; // e.g. "../../shared/datasets"
const maxRowsPerTable = 60; // rows shown of the long tables (the returned tables have every row)
`),
    code(`
import { auditMarkdown, auditTables, findRealDataDir, runAudit } from "./src/audit/index";
import { showMarkdown, showTable } from "./src/notebook/display";
`),
    code(`
const audit = runAudit({ realDataDir: realDataDir ?? findRealDataDir() ?? undefined });
const tables = auditTables(audit);
const totals = audit.summary.totals;
console.log(
  \`\${audit.findings.length} cells audited: \${totals.reproduced} reproduced, \${totals["within-rounding"]} within rounding, \` +
    \`\${totals["not-reproduced"]} not reproduced, \${totals.impossible} impossible, \${totals.inconsistent} inconsistent, \${totals.unverifiable} unverifiable\` +
    \` (real-data checks: \${audit.summary.realDataChecked ? "run" : "not run"})\`,
);
console.log(tables.map((t) => \`\${t.name}: \${t.rows.length} rows\`).join("\\n"));
`),
    md(`
## Summary per check

One row per recomputed table and check: how many of its cells each verdict got, and the readings of the formula
that reproduce the most cells (with their count). A check where the best reading is the authors' *code* rather than
the paper's *text* (or the other way round) tells you which one the published numbers were computed with.
`),
    code(`
await showTable(tables.find((t) => t.name === "audit_summary")!, maxRowsPerTable);
`),
    md(`
## The findings report

The citable report: method, the summary, every cell that no reading reproduces (with the published value and what
each reading gives), and per-table details. \`npx consilium audit\` prints the same Markdown.
`),
    code(`
await showMarkdown(auditMarkdown(audit));
`),
    md(`
## Every audited cell, and every reading of it

\`audit_findings\`: one row per published cell — paper, table, row, column, published value, verdict, the readings
that reproduce it exactly or within rounding, and the inputs it was recomputed from. \`audit_readings\`: the same
cells in long format, one row per reading with its value. Use \`toDataFrame\` (see the quickstart) to filter them.
`),
    code(`
await showTable(tables.find((t) => t.name === "audit_findings")!, maxRowsPerTable);
await showTable(tables.find((t) => t.name === "audit_readings")!, maxRowsPerTable);
`),
  ],
};

export const NOTEBOOKS: readonly NotebookSpec[] = [quickstart, sentimentalAgents, sentimentalSensitivity, finmemNotebook, blackboardNotebook, auditNotebook];

/** Jupyter's source format: a list of lines, each but the last ending in "\n". */
function sourceLines(text: string): string[] {
  const lines = text.split("\n");
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line));
}

/**
 * A notebook as nbformat 4.5 JSON text (Jupyter's own layout: one-space indent,
 * trailing newline), with ids "<notebook number>-<cell index>".
 *
 * @example
 * renderNotebook(NOTEBOOKS[0]!).startsWith("{"); // true
 */
export function renderNotebook(spec: NotebookSpec): string {
  const prefix = spec.file.slice(0, 2);
  const cells = spec.cells.map((cell, i) => {
    const id = `c${prefix}-${String(i).padStart(2, "0")}`;
    const metadata = cell.tags ? { tags: cell.tags } : {};
    return cell.kind === "markdown"
      ? { cell_type: "markdown", id, metadata, source: sourceLines(cell.source) }
      : { cell_type: "code", execution_count: null, id, metadata, outputs: [], source: sourceLines(cell.source) };
  });
  const notebook = {
    cells,
    metadata: {
      kernelspec: { display_name: "TypeScript", language: "typescript", name: "tslab" },
      language_info: {
        codemirror_mode: { mode: "typescript", name: "javascript", typescript: true },
        file_extension: ".ts",
        mimetype: "text/typescript",
        name: "typescript",
      },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
  return `${JSON.stringify(notebook, null, 1)}\n`;
}

/**
 * Every notebook as { file, text }.
 *
 * @example
 * buildNotebooks().map((n) => n.file); // ["00-quickstart.ipynb", ...]
 */
export function buildNotebooks(): Array<{ file: string; text: string }> {
  return NOTEBOOKS.map((spec) => ({ file: spec.file, text: renderNotebook(spec) }));
}

function main(argv: string[]): number {
  const outIndex = argv.indexOf("--out");
  const outDir = path.resolve(outIndex >= 0 && argv[outIndex + 1] ? argv[outIndex + 1]! : path.join(process.cwd(), "notebooks"));
  const check = argv.includes("--check");
  let stale = 0;
  if (!check) mkdirSync(outDir, { recursive: true });
  for (const { file, text } of buildNotebooks()) {
    const target = path.join(outDir, file);
    const current = existsSync(target) ? readFileSync(target, "utf8") : null;
    if (check) {
      if (current !== text) {
        stale++;
        process.stderr.write(`${path.relative(process.cwd(), target)} differs from scripts/make-notebooks.ts (run: npx tsx scripts/make-notebooks.ts)\n`);
      }
    } else if (current !== text) {
      writeFileSync(target, text);
      process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
    } else {
      process.stdout.write(`unchanged ${path.relative(process.cwd(), target)}\n`);
    }
  }
  return stale > 0 ? 1 : 0;
}

if (process.argv[1] && /make-notebooks\.[cm]?[jt]s$/.test(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
