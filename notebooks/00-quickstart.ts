// Source of notebooks/00-quickstart.ipynb. Cells start at "// %%" lines; markdown cells are comment lines.
// npm run notebooks:build writes the notebook from this file; npm run notebooks:sync pulls edits made in Jupyter back.

// %% [markdown]
// # Consilium quickstart
//
// Consilium reproduces three papers on LLM multi-agent systems as TypeScript experiments that run the same way from
// the CLI (`npx consilium run <name>`), from `npm run reproduce` and from these notebooks:
//
// | experiment | paper | notebook |
// |---|---|---|
// | `sentimental` | Ondula et al., *Sentimental Agents: Exploring Deliberation, Cognitive Biases, and Decision-making in LLM-based Multiagent Systems* (KiL'24) | 01, 02 |
// | `finmem` | Yu et al., *FinMem: A Performance-Enhanced LLM Trading Agent with Layered Memory and Character Design* (arXiv 2311.13743) | 03 |
// | `blackboard` | *Blackboard + structured debate + Black–Litterman* multi-agent portfolio construction | 04 |
//
// Notebook 05 audits each paper's own published tables. This quickstart runs **tiny** versions of the three
// experiments (a few seconds in total), shows one table and one figure of each, explores a table as a danfojs
// DataFrame and exports figures to SVG / PNG at 300 DPI.
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

// Tiny sizes so that the whole notebook runs in seconds (the other notebooks use the papers' sizes).
const sentimentalCandidates = 3; // paper: 10
const sentimentalRounds = 3; // paper: at most 5
const finmemTopK = 3; // memory events retrieved per layer (paper ablates 1 / 3 / 5 / 10)
const blackboardTickers = 8; // stocks in the universe (bundled data: 30)
const blackboardEnd = "2025-04-30"; // paper: 2025-01-01 .. 2025-08-29
const exportDir = "../figures/quickstart";

// %%
import { runExperiment } from "../src/run/runner";
import { showFigure, showFrame, showRun, showTable } from "../src/notebook/display";
import { frameFigure } from "../src/notebook/frames";
import { toDataFrame } from "../src/notebook/dataframe";
import { chromiumAvailable } from "../src/plot/index";
import { closeSharedChromium } from "../src/plot/browser";
import { exportFigures } from "../src/plot/export";

// What every run below shares, spelled `seed: seed`: tslab does not resolve the `{ seed }` shorthand across cells.
const runOptions = { seed: seed, llm: llm, model: model, dataDir: dataDir, cacheDir: cacheDir };

// %% [markdown]
// ## 1. Sentimental Agents — three advisors deliberate about candidates
//
// `runExperiment(name, options)` resolves the experiment's config (the paper's defaults, overridden by `config`),
// builds the model (offline agents or OpenAI) and returns a `RunOutcome`: `result.tables`, `result.figures`,
// `result.summary`, the resolved `config` and the `modelLabel`. `run.table(name)` and `run.figure(name)` pick one
// by name (a typo gets an error listing the names there are); `showRun(run)` shows what ran and its summary.

// %%
const sentimental = await runExperiment("sentimental", { ...runOptions, config: { candidates: sentimentalCandidates, maxRounds: sentimentalRounds, runs: 1 } });
await showRun(sentimental);

// %% [markdown]
// The paper's **Table 4** — each advisor's final opinion $S^O$ about each candidate (eq. 4, non-Bayesian update) —
// and **Figure 4**, statement sentiment and opinion per round.

// %%
await showTable(sentimental.table("table4_final_sentiment"));
await showFigure(sentimental.figure("figure4_sentiment_change"));

// %% [markdown]
// ## 2. FinMem — a trading agent with layered memory
//
// Trained on a window where the next day's price move is visible, then tested on later days against buy-and-hold.
// The metrics table corresponds to the paper's main results table (cumulative return, Sharpe ratio, volatility,
// maximum drawdown); the figure to its cumulative-return plot.

// %%
const finmem = await runExperiment("finmem", { ...runOptions, config: { topK: finmemTopK } });
await showTable(finmem.table("finmem_metrics"));
await showFigure(finmem.figure("finmem_cumulative_return"));

// %% [markdown]
// ## 3. Blackboard + debate + Black–Litterman
//
// Per-ticker agent threads post typed messages on a blackboard, debate, and their BUY / HOLD / SELL views become
// Black–Litterman views; the portfolio is rebalanced every 10 trading days and compared with SPY and an
// equal-weight book.

// %%
const blackboard = await runExperiment("blackboard", { ...runOptions, config: { maxTickers: blackboardTickers, end: blackboardEnd } });
await showTable(blackboard.table("bb_performance"));
await showFigure(blackboard.figure("bb_equity_curve"));

// %% [markdown]
// ## 4. Tables as danfojs DataFrames
//
// `toDataFrame(run.table(name))` turns any result table into a [danfojs](https://danfo.jsdata.org) DataFrame for your
// own exploration: filter with `query`, group with `groupby`, summarise with `describe`. Each column keeps its type
// (int32, float32, boolean, string; a missing number is NaN) and every frame prints rounded, with the types under the
// column names — `showFrame` shows the same as an HTML table, `frameFigure` plots a frame's columns. The first call
// loads danfojs (TensorFlow.js underneath), which takes a few seconds.

// %%
const rounds = toDataFrame(sentimental.table("sentiment_by_round"));
const byAgent = rounds.groupby(["agent"]).col(["sentiment", "opinion"]).mean();
await showFrame(byAgent, { title: "Mean statement sentiment and opinion per advisor" });
rounds.loc({ columns: ["sentiment", "opinion", "change"] }).describe();

// %%
const byRound = rounds.groupby(["agent", "round"]).col(["opinion"]).mean();
const opinionFigure = frameFigure(byRound, {
  x: "round",
  y: "opinion_mean",
  groupBy: "agent",
  name: "quickstart_opinion_by_round",
  title: "Mean opinion per round",
  label: sentimental.modelLabel,
  yTitle: "mean opinion S^O",
});
await showFigure(opinionFigure);

// %% [markdown]
// ## 5. Export figures for a paper
//
// `exportFigures(figures, outDir, { formats, dpi })` renders figures in one headless Chromium (Debian's
// `chromium`) to SVG, PDF, PNG (300 DPI at the figure's print size, by default 6.5 × 4 in) and self-contained HTML.
// `npm run reproduce` does this for every figure of the three papers into `figures/`.

// %%
if (chromiumAvailable()) {
  const figures = [
    sentimental.figure("figure4_sentiment_change"),
    finmem.figure("finmem_cumulative_return"),
    blackboard.figure("bb_equity_curve"),
    opinionFigure,
  ];
  const files = await exportFigures(figures, exportDir, { formats: ["svg", "png"], dpi: 300 });
  await closeSharedChromium();
  for (const file of files) console.log(`${file.format.padEnd(4)} ${file.bytes.toString().padStart(8)} bytes  ${file.path}`);
} else {
  console.log("Chromium not found (install Debian's chromium or set CHROMIUM_PATH) - skipping the export.");
}

// %% [markdown]
// ## Next
//
// - **01-sentimental-agents**: the full Sentimental Agents run (Tables 2–9, Figures 4–7).
// - **02-sentimental-sensitivity**: the paper's 27-cell sensitivity grid of the bias analysis.
// - **03-finmem**: FinMem on a ticker, its memory layers and the cognitive-span / risk ablations.
// - **04-blackboard-black-litterman**: the Black–Litterman portfolio, its risk report, a view perturbation and an agent trace.
// - **05-paper-audit**: which of the papers' published numbers their own inputs reproduce.
