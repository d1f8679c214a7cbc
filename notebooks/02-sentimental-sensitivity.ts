// Source of notebooks/02-sentimental-sensitivity.ipynb. Cells start at "// %%" lines; markdown cells are comment lines.
// npm run notebooks:build writes the notebook from this file; npm run notebooks:sync pulls edits made in Jupyter back.

// %% [markdown]
// # Sentimental Agents: sensitivity of the cognitive-bias findings
//
// Ondula et al., KiL'24, §6.2.2. **What the paper claims.** Varying alpha ∈ {0.3, 0.5, 0.7}, tolerance ∈ {0.001,
// 0.005, 0.0001} and temperature ∈ {0.7, 1, 1.5} on ten random candidates, and fitting the bias regressions of
// Figure 7 (opinion change on peers' negative / positive sentiment, OLS through the origin) in every cell:
//
// 1. a **modest positivity bias**: the positive slope about 29% steeper than the negative one;
// 2. the bias direction persists across settings, and alpha = 0.3, tolerance = 0.005, temperature = 1.5 shows a
//    **positive slope more than twice as steep** as the negative one;
// 3. **no saliency bias** in any experiment: every slope below 1;
// 4. agents express **stronger negative** sentiments (down to −0.76, up to 0.62);
// 5. **alpha drives the sentiment range**: lower alpha gives more constrained ranges.
//
// The paper reports these in prose only (no per-cell table). Its tolerances are not consistent: the grid uses 0.001 /
// 0.005 / 0.0001, the headline run 0.00001, and the authors' public code and docs use 0.01, 1e-4 and 0.005.
//
// **What this notebook shows.** The same 27-cell grid run through `runSweep`, one tidy row per cell (slopes, R²,
// p-values, slope ratio, bias label, saliency, sentiment and opinion ranges), and three figures that put claims 1–3
// and 5 side by side with this run. Finished cells are saved in `outDir` and reused when the notebook is re-run
// (delete that folder after changing the code).
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

// The paper's grid (§6.2.2): 3 x 3 x 3 = 27 cells.
const alphas = [0.3, 0.5, 0.7];
const tolerances = [0.001, 0.005, 0.0001];
const temperatures = [0.7, 1, 1.5];
// Per-cell sizes (paper: 10 candidates, at most 5 rounds).
const candidates = 10;
const maxRounds = 5;
const outDir = `../runs/notebook-sweep/${llm}`; // finished cells are kept here
const concurrency = 2; // cells in parallel

// %%
import { runSweep } from "../src/run/sweep";
import { showFigure, showFrame, showTable } from "../src/notebook/display";
import { frameFigure } from "../src/notebook/frames";
import { toDataFrame } from "../src/notebook/dataframe";
import { modelLabelOf } from "../src/core/index";
import { sentimentalBiasSlopesFigure, sentimentalOpinionRangeFigure, sentimentalSlopeRatioFigure } from "../src/sentimental/index";

// What every cell's run shares, spelled `seed: seed`: tslab does not resolve the `{ seed }` shorthand across cells.
const runOptions = { seed: seed, llm: llm, model: model, dataDir: dataDir, cacheDir: cacheDir };

// %%
const grid = { alpha: alphas.map(String), tolerance: tolerances.map(String), temperature: temperatures.map(String) };
const sizes = [`candidates=${candidates}`, `maxRounds=${maxRounds}`];
const sweep = await runSweep("sentimental", grid, { ...runOptions, outDir: outDir, concurrency: concurrency, set: sizes });
console.log(`${sweep.table.rows.length} cells (${sweep.resumed} reused from ${outDir}); written to ${sweep.files.csv}`);

// %% [markdown]
// ## The tidy sweep table
//
// One row per grid cell: the grid values, then the cell's measurements — for each sign of peer sentiment the OLS
// slope, $R^2$, p-value and number of observations; the slope ratio |slope+| / |slope−| and the bias label; whether
// any |slope| exceeds 1 (saliency); the range of statement sentiments and of opinions $S^O$; the mean number of
// rounds. The same table is written as CSV, Markdown and JSON next to the cells.
//
// The tolerance only matters when a conversation stops early. If every conversation uses all its rounds
// (`mean_rounds` equals `maxRounds`), the three tolerance cells of each (alpha, temperature) are identical — a
// finding in itself: at these tolerances the stop rule never fires — and the figures below lose nothing by averaging
// over them.

// %%
await showTable(sweep.table, 27);

// %% [markdown]
// ## Claims 1–2: positivity or negativity bias?
//
// The slope ratio per cell, averaged over the tolerances. Above the dotted line at 1 the positive slope is steeper
// (positivity bias, as in the paper: about 1.29, and above 2 for alpha 0.3 / tolerance 0.005 / temperature 1.5);
// below it the agents react more to negative peers (negativity bias).

// %%
await showFigure(sentimentalSlopeRatioFigure(sweep.table));

// %% [markdown]
// ## Claim 3: saliency bias
//
// Both slope magnitudes against alpha, one colour per temperature (solid: positive peers, dashed: negative peers).
// The paper's criterion for *no saliency bias* is every slope below the dotted line at 1.

// %%
await showFigure(sentimentalBiasSlopesFigure(sweep.table));

// %% [markdown]
// ## Claim 5: alpha and the range of opinions
//
// The range (max − min) of the opinions $S^O$ against alpha. With the update of eq. 4 a larger alpha lets the newest
// statement move the opinion further, so the paper's claim reads: the range grows with alpha. (The range of the
// statement sentiments themselves, `sentiment_range` in the table, depends on alpha only through the stop rule —
// how many rounds are held — because under the default `opinionMemory: "none"` no advisor, offline or real, is ever
// shown an opinion: alpha and the opinion series are computed after the fact. With `opinionMemory: "log"` a real
// model is shown its own opinion series and alpha can then change what is said; the offline agents react to
// statement sentiments only, so for them alpha acts through the stop rule alone.)

// %%
await showFigure(sentimentalOpinionRangeFigure(sweep.table));

// %% [markdown]
// ## Claim 4 and your own cuts, with danfojs
//
// The sweep table as a DataFrame (typed columns, rounded display): filter the cells that show a positivity bias,
// group the grid by alpha, describe the slopes and the sentiment extremes. Claim 4 compares the most negative and
// the most positive statement sentiment: the bars below put the two extremes side by side for each alpha (paper:
// −0.76 and 0.62, i.e. the negative extreme is the larger one).

// %%
const cells = toDataFrame(sweep.table);
const positivity = cells.query(cells.column("slope_ratio").gt(1));
console.log(`${positivity.shape[0]} of ${cells.shape[0]} cells have a steeper positive slope (slope ratio above 1)`);
const described = cells.loc({ columns: ["slope_negative", "slope_positive", "slope_ratio", "sentiment_min", "sentiment_max"] }).describe();
await showFrame(described, { title: "All cells, described" });

// %%
const byAlpha = cells.groupby(["alpha"]).col(["slope_ratio", "sentiment_min", "sentiment_max", "opinion_range"]).mean();
await showFrame(byAlpha, { title: "Per alpha: means over its tolerance x temperature cells" });
const extremes = frameFigure(byAlpha, {
  kind: "bar",
  x: "alpha",
  y: ["sentiment_min_mean", "sentiment_max_mean"],
  name: "sweep_sentiment_extremes",
  title: "Most negative and most positive statement sentiment per alpha",
  label: modelLabelOf(sweep.table),
  yTitle: "statement sentiment (mean over the cells)",
});
await showFigure(extremes);
