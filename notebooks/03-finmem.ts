// Source of notebooks/03-finmem.ipynb. Cells start at "// %%" lines; markdown cells are comment lines.
// npm run notebooks:build writes the notebook from this file; npm run notebooks:sync pulls edits made in Jupyter back.

// %% [markdown]
// # FinMem: a trading agent with layered memory and character design
//
// Yu et al., *FinMem: A Performance-Enhanced LLM Trading Agent with Layered Memory and Character Design*,
// arXiv 2311.13743 (code: pipiku915/FinMem-LLM-StockTrading).
//
// **What the paper does.** A single LLM trading agent with three modules:
//
// - **Profiling**: the stock's sectors and a summary of its history, plus a risk inclination — risk-seeking,
//   risk-averse, or **self-adaptive** (risk-seeking while the last 3 days' cumulative return is positive).
// - **Memory**: working memory (summarise, observe, reflect) and a layered long-term memory — *shallow* (daily news),
//   *intermediate* (10-Q), *deep* (10-K) and *reflection* layers. A memory event's retrieval score is
//   recency $e^{-\delta/Q}$ + relevancy (cosine) + importance/100; the top-$K$ events per layer (the *cognitive
//   span*) go to the reflection; importance decays, memories are promoted / demoted between layers and cleaned up.
// - **Decision**: in *training* the agent sees the next day's price move and explains it, citing memory ids (those
//   memories are then rewarded or penalised by the position's P&L); in *testing* it decides buy / sell / hold from
//   memory and momentum only.
//
// **What the paper claims.** On its headline test window (2022-10-06 .. 2023-04-10) it compares FinMem with
// buy-and-hold and other agents on TSLA, NFLX, AMZN, MSFT and COIN — e.g. TSLA: cumulative return 0.618 and Sharpe
// 2.679 for FinMem vs −0.186 for buy-and-hold — and argues that a short, daily training period suffices. Its
// ablations (TSLA, 2022-06-16 .. 2022-12-28) vary the cognitive span $K \in \{1, 3, 5, 10\}$, the risk inclination
// and the backbone model. The authors' data is not public.
//
// **What this run shows.** The full train/test loop on one ticker of the data folder: with the bundled synthetic
// market the default is the ticker with filings and the most news, with the real data (`../../shared/datasets`)
// it is MSFT 2020-03-13 .. 2021-05-06 (the span of its news; the paper's window has no news in that data). Metrics
// follow the FinMem code: daily return $r_t = \text{direction}_t \cdot \ln(P_{t+1}/P_t)$, cumulative return
// $\sum_t r_t$, Sharpe = annualised mean / annualised volatility.
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

// %%
import { prepareRun, runExperiment } from "../src/run/runner";
import { runSweep } from "../src/run/sweep";
import { finmemAblationFigure, runFinMemAblation, type FinMemConfig } from "../src/finmem/index";
import { showFigure, showFrame, showRun, showTable } from "../src/notebook/display";
import { frameFigure } from "../src/notebook/frames";
import { toDataFrame } from "../src/notebook/dataframe";

// What every run below shares, spelled `seed: seed`: tslab does not resolve the `{ seed }` shorthand across cells.
const runOptions = { seed: seed, llm: llm, model: model, dataDir: dataDir, cacheDir: cacheDir };

// %%
const windows = { trainStart: trainStart, trainEnd: trainEnd, testStart: testStart, testEnd: testEnd };
const run = await runExperiment("finmem", { ...runOptions, config: { ...windows, ticker: ticker, topK: topK, riskMode: riskMode } });
await showRun(run);

// %% [markdown]
// ## Look inside: one memory's retrieval score
//
// Every day the agent ranks each layer's memories by $\gamma = $ relevancy + recency + importance and shows the top
// $K$. Here is that score for one shallow-layer news memory stored 2 trading days ago (recency constant $Q = 3$ in the
// authors' code), importance 70 and cosine 0.42 to the agent's profile: $0.42 + e^{-2/3} + 70/100 \approx 1.6334$.

// %%
import { importanceScore, recencyScore, retrievalScore } from "../src/finmem/index";

const toyRecency = recencyScore(2, 3);
const toyImportance = importanceScore(70);
const toyScore = retrievalScore(0.42, toyRecency, toyImportance);
console.log(`relevancy 0.42 + recency ${toyRecency.toFixed(4)} + importance ${toyImportance.toFixed(2)} = score ${toyScore.toFixed(4)}`);

// %% [markdown]
// ## Main result — FinMem vs buy-and-hold on the test window
//
// The paper's main results table reports, per stock, cumulative return, Sharpe ratio, annualised volatility and
// maximum drawdown of FinMem and of buy-and-hold (and other agents). `finmem_metrics` uses the FinMem code's
// definitions; `finmem_risk_report` recomputes the project's standard risk report (simple returns, rf 2%, Sortino,
// Calmar, VaR / CVaR, deflated Sharpe) for the same positions.

// %%
await showTable(run.table("finmem_metrics"));
await showTable(run.table("finmem_risk_report"));

// %% [markdown]
// ## Point in time: items dated the same day, and what a model remembers
//
// Two controls of look-ahead that the paper does not run. **A date without a time**: most news summaries and every
// filing in `../shared/datasets` carry a date only, and results are usually released after the close, so by default
// (`dateOnly=next-session`, our reading, departing from the authors on purpose) such an item counts on the session
// *after* its date; `dateOnly=same-session` is what the authors' pipelines do (`consilium lookahead` lists it as a
// declared read). The first sweep runs both on the same windows: the gap between the rows is how much of the result
// rests on information that may not have been public at the decision's close.
//
// **A model's memory**: a model trained on later text may recall what happened to a named firm on a named day.
// `anonymize=true` masks every prompt (the ticker becomes a stable pseudonym such as `ZZQEK`, the company's names and
// aliases "Company ZZQEK", calendar dates "session t-3", price levels rebased to 100 at the training window's start).
// The offline agents read the unmasked inputs, so their two rows are identical by design; with `OPENAI_API_KEY` set
// the same cell compares a real model with and without its memory of the firm and the dates (both answers cached).

// %%
const controlOptions = { seed: seed, llm: llm, model: model, dataDir: dataDir, config: run.config, concurrency: 1, cacheDir: cacheDir };
const dateOnlyGrid = { dateOnly: ["same-session", "next-session"] };
const dateOnlySweep = await runSweep("finmem", dateOnlyGrid, { ...controlOptions, outDir: "../runs/notebook-finmem-dateonly" });
await showTable(dateOnlySweep.table);

// %%
const anonymizeSweep = await runSweep("finmem", { anonymize: ["false", "true"] }, { ...controlOptions, outDir: "../runs/notebook-finmem-anonymize" });
await showTable(anonymizeSweep.table);

// %% [markdown]
// ## Cumulative return over the test window
//
// The paper's cumulative-return figure: FinMem's position (+1 buy, −1 sell, 0 hold) applied to each day's log
// return, summed, against buy-and-hold.

// %%
await showFigure(run.figure("finmem_cumulative_return"));
await showTable(run.table("finmem_cumulative_returns"), 10);

// %% [markdown]
// ## Inside the agent: decisions and memory layers
//
// Every day of training and testing: the decision, the risk state of the self-adaptive character, momentum, how many
// memory events were new and shown, which ones the reflection cited, and the feedback the cited memories received.
// The memory figure shows the number of events per layer and their mean retrieval score over time: news enters the
// shallow layer and decays fast, filings sit deeper, and reflections accumulate.

// %%
await showTable(run.table("finmem_decisions"), 12);
await showFigure(run.figure("finmem_memory_layers"));
await showTable(run.table("finmem_memory_layers"), 12);

// %% [markdown]
// ## Your own cuts: where the test return came from
//
// `toDataFrame(run.table("finmem_decisions"))` gives the daily log as a danfojs DataFrame (typed columns, rounded
// display). Keep the test days, then group them by decision and by the character's risk state: how many days each,
// and the sum and mean of the strategy's daily log return $r_t$ (a hold earns 0). `describe` summarises momentum,
// the number of memory events shown and the return; the bars split the test window's cumulative return (the sum of
// $r_t$) by decision and risk state.

// %%
const decisions = toDataFrame(run.table("finmem_decisions"));
const testDays = decisions.query(decisions.column("phase").values.map((phase) => phase === "test"));
const byDecision = testDays.groupby(["decision", "risk_state"]).agg({ strategy_return: ["count", "sum", "mean"] });
await showFrame(byDecision, { title: "Test days per decision and risk state: count, sum and mean of r_t" });
await showFrame(testDays.loc({ columns: ["momentum", "shown_events", "strategy_return"] }).describe(), { title: "Test days, described" });

// %%
const returnFigure = frameFigure(byDecision, {
  kind: "bar",
  x: "decision",
  y: "strategy_return_sum",
  groupBy: "risk_state",
  name: "finmem_return_by_decision",
  title: "Sum of daily log returns on the test days, per decision",
  label: run.modelLabel,
  yTitle: "sum of r_t",
});
await showFigure(returnFigure);

// %% [markdown]
// ## Ablations — cognitive span K and risk inclination
//
// As in the paper, each sweep varies one factor with the other at the base config (the run above): $K \in$
// `ablationKs` with the base risk mode, then each risk mode with the base $K$. Compare the settings with each other
// and with buy-and-hold (dotted line), and remember that offline agents answer from simple rules, not from reading
// the memories as an LLM would: how the span or the character changes an LLM's decisions is exactly what an offline
// run cannot show.

// %%
const prepared = await prepareRun("finmem", { ...runOptions, config: run.config });
const ablation = await runFinMemAblation(prepared.ctx, { base: prepared.config as Partial<FinMemConfig>, ks: ablationKs, riskModes: ablationRiskModes });
await showTable(ablation.table);
await showFigure(finmemAblationFigure(ablation.table, "cumulative_return"));
await showFigure(finmemAblationFigure(ablation.table, "sharpe"));

// %% [markdown]
// ## Model ablation — the backbone LLM
//
// The paper compares FinMem on several backbone models. Each cell of this sweep is one full train/test run with one
// model (same data, windows, $K$ and risk mode); with a key every answer is recorded in the sweep's cache, and a rerun
// — or `consilium sweep finmem --grid model=... --llm replay --cache <dir>` — replays it with no network. Without a key
// only the offline agents ("offline") run: they are the baseline, not an LLM result.

// %%
const ablationModels = llm === "openai" ? ["offline", model, "gpt-4.1-mini"] : ["offline"];
const sweepOptions = { seed: seed, llm: llm, dataDir: dataDir, config: run.config, concurrency: 1, outDir: "../runs/notebook-finmem-models" };
const modelSweep = await runSweep("finmem", { model: ablationModels }, { ...sweepOptions, cacheDir: `${sweepOptions.outDir}/llm-cache` });
await showTable(modelSweep.table);
