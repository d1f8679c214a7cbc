// Source of notebooks/04-blackboard-black-litterman.ipynb. Cells start at "// %%" lines; markdown cells are comment lines.
// npm run notebooks:build writes the notebook from this file; npm run notebooks:sync pulls edits made in Jupyter back.

// %% [markdown]
// # Blackboard, structured debate and Black–Litterman portfolios
//
// **What the paper does.** Each stock gets a thread of agents that communicate only through a schema-constrained
// *blackboard* (an append-only JSONL log of typed messages: AnalysisReport, TradeProposal, DebateComment,
// FinalReport, RiskAssessment, …): analysts (fundamental, macro, market, news, social) report; bull and bear
// researchers cross-examine for 2–3 rounds and a research manager writes the FinalReport; aggressive, conservative
// and neutral risk managers debate and a judge writes the RiskAssessment with a BUY / HOLD / SELL view. The views
// enter a **Black–Litterman** optimiser: prior $\pi = \delta \Sigma w_{mkt}$ ($\delta = 3$, 252-day sample
// covariance), absolute views $P = I$, $Q = +2\% / 0 / -2\%$, $\Omega = 0.5\,\mathrm{diag}(P \tau \Sigma P^\top)$,
// $\tau = 0.025$, weights $(\delta \Sigma)^{-1} \mu_{BL}$ normalised, long-only by clipping. The portfolio is
// rebalanced every 10 trading days, net of 5 bps fees + 5 bps slippage.
//
// **What the paper claims** (S&P 500 constituents, 2025-01-01 .. 2025-08-29, 166 trading days): a total return of
// **13.43%** vs **10.08%** for the S&P 500; annualised return 21.09%, volatility 19.30%, **Sharpe 1.0** (rf 2%),
// Sortino 1.28, maximum drawdown −15.33%; a 20-day rolling Sharpe between −2.42 and 5.27 (mean 1.41, sd 2.63 — and
// elsewhere 1.60 ± 3.28). A one-view perturbation (WAB BUY → HOLD) moves WAB's weight from 0.112 to 0.087 and the
// freed weight to SPY and XLI. Notebook 05 checks these numbers against each other.
//
// **What this run shows.** The same pipeline on the data folder: the bundled synthetic market (30 stocks, SPY and
// sector ETFs) by default, or the real data with `dataDir = "../../shared/datasets"`. The benchmark and the
// equal-weight book are computed from the same prices, so the comparison is like for like.
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

// Universe, window and cadence (paper: S&P 500 constituents, 2025-01-01 .. 2025-08-29, every 10 trading days).
const maxTickers = 30; // stocks in the universe (bundled data: 30; the real data: 59)
const start = "2025-01-01";
const end = "2025-08-29";
const rebalanceEvery = 10; // trading days between rebalances (1 = the main text's daily re-run)
const debateRounds = 2; // bull / bear cross-examination rounds per side
const marketWeights: "marketCap" | "holdings" | "equal" = "marketCap"; // w_mkt: text (market cap) vs code (holdings)
const traceTicker = ""; // ticker of the perturbation and the trace ("" = chosen by the run)

// A window with real text (the last section): the InvestorBench news and filings of ../shared/datasets.
const realTextTickers = ["MSFT", "NFLX", "JNJ", "HON", "AAPL", "JPM"]; // the first four have news and filings there
const realTextStart = "2020-10-01";
const realTextEnd = "2021-04-30";

// %%
import { runExperiment } from "../src/run/runner";
import { findRealDataDir } from "../src/audit/index";
import { showFigure, showFrame, showRun, showTable } from "../src/notebook/display";
import { frameFigure } from "../src/notebook/frames";
import { toDataFrame } from "../src/notebook/dataframe";

// What the run shares with the parameters, spelled `seed: seed`: tslab does not resolve the `{ seed }` shorthand across cells.
const runOptions = { seed: seed, llm: llm, model: model, dataDir: dataDir, cacheDir: cacheDir };

// %%
const universe = { maxTickers: maxTickers, start: start, end: end, marketWeights: marketWeights };
const config = { ...universe, rebalanceEvery: rebalanceEvery, debateRounds: debateRounds, traceTicker: traceTicker };
const run = await runExperiment("blackboard", { ...runOptions, config: config });
await showRun(run);

// %% [markdown]
// ## Look inside: Black-Litterman on three assets
//
// What each rebalance does, on inputs small enough to follow: three assets with annual volatilities 20%, 30% and
// 15%, equal prior weights, and the decisions BUY, HOLD, SELL mapped to the views $Q = (+0.02, 0, -0.02)$ with
// $P = I$. The prior $\pi = \delta \Sigma w$, the posterior mean $\mu_{BL}$, and the weights
// $(\delta \Sigma_{BL})^{-1} \mu_{BL}$ normalised to sum 1: the BUY asset gains weight and the SELL asset goes short;
// the paper's long-only option clips the short to 0 and renormalises (`long_only_weight`).

// %%
import { blackLitterman, longOnly, meanVarianceWeights, viewsFromDecisions } from "../src/portfolio/index";

const toySigma = [
  [0.04, 0.006, 0.003],
  [0.006, 0.09, 0.0045],
  [0.003, 0.0045, 0.0225],
];
const toyViews = viewsFromDecisions(["BUY", "HOLD", "SELL"]);
const toyPosterior = blackLitterman({ sigma: toySigma, wMkt: [1 / 3, 1 / 3, 1 / 3], q: toyViews });
const toyRaw = meanVarianceWeights(toyPosterior.muBL, toyPosterior.sigmaBL, 3);
const toyLongOnly = longOnly(toyRaw.raw);
const toyRows = ["A (BUY)", "B (HOLD)", "C (SELL)"].map((asset, i) => ({
  asset: asset,
  prior_pi: toyPosterior.pi[i] ?? NaN,
  view_Q: toyViews[i] ?? NaN,
  posterior_mu_BL: toyPosterior.muBL[i] ?? NaN,
  prior_weight: 1 / 3,
  bl_weight: toyRaw.weights[i] ?? NaN,
  long_only_weight: toyLongOnly[i] ?? NaN,
}));
await showTable({ name: "toy_black_litterman", title: "Black-Litterman on three assets (toy input)", rows: toyRows });

// %% [markdown]
// ## Risk report — BL portfolio vs equal weight and the benchmark
//
// The paper's performance paragraph and its robustness analysis in one table: total and annualised return,
// volatility, Sharpe (on CAGR and on mean excess return), Sortino, maximum drawdown, Calmar, historical VaR / CVaR,
// beta, alpha, tracking error, information ratio, probabilistic and deflated Sharpe (Bailey & López de Prado, with
// the number of trials in the config), turnover and costs. Paper: 13.43% vs 10.08%, Sharpe 1.0, Sortino 1.28, max
// drawdown −15.33%.

// %%
await showTable(run.table("bb_performance"));

// %% [markdown]
// ## Figure 2 — growth of 1 vs SPY and equal weight; rolling Sharpe; drawdown
//
// The paper's cumulative-return figure, its 20-day rolling Sharpe (paper: range −2.42 to 5.27) and the drawdown from
// the running peak.

// %%
await showFigure(run.figure("bb_equity_curve"));
await showFigure(run.figure("bb_rolling_sharpe"));
await showFigure(run.figure("bb_drawdown"));
await showTable(run.table("bb_daily_values"), 10);

// %% [markdown]
// ## Views and Black–Litterman weights per rebalance
//
// For every rebalance and ticker: the research view and the debate (rounds, why it stopped), the trader's proposal
// and the final risk-adjusted action with its confidence; then the BL inputs and outputs — the view $Q$, the market
// weight, the prior $\pi$, the posterior mean $\mu_{BL}$ and the weight before and after.

// %%
await showTable(run.table("bb_views"), 15);
await showTable(run.table("bb_weights"), 15);

// %% [markdown]
// ## Your own cuts: from views to weights
//
// `toDataFrame(run.table("bb_weights"))` gives every (rebalance, ticker) row as a danfojs DataFrame (typed columns,
// rounded display). Group it by the final action: how often each view was taken, and the mean prior $\pi$,
// posterior mean $\mu_{BL}$ and weight that went with it; keep the BUY rows and describe them; then plot each row's
// weight against its posterior mean, one colour per action — Black–Litterman's map from views to the book, with the
// long-only clip at 0 visible as the points on the floor.

// %%
const weights = toDataFrame(run.table("bb_weights"));
const byAction = weights.groupby(["action"]).agg({ weight: ["count", "mean"], pi: "mean", mu_bl: "mean" });
await showFrame(byAction, { title: "Per final action: rows, mean weight, prior and posterior mean" });
const buys = weights.query(weights.column("action").values.map((action) => action === "BUY"));
await showFrame(buys.loc({ columns: ["confidence", "pi", "mu_bl", "weight"] }).describe(), { title: "BUY rows, described" });

// %%
const weightFigure = frameFigure(weights, {
  kind: "scatter",
  x: "mu_bl",
  y: "weight",
  groupBy: "action",
  name: "bb_weight_vs_mu",
  title: "Weight against the posterior mean, per final action",
  label: run.modelLabel,
  xTitle: "posterior mean mu_BL",
  yTitle: "weight after the rebalance",
});
await showFigure(weightFigure);

// %% [markdown]
// ## Interpretability — a one-view perturbation
//
// The paper's case study: flip one ticker's view (e.g. BUY → HOLD) with everything else fixed and report the top
// weight shifts. Black–Litterman should lower (or raise) that ticker's weight and move the freed weight towards the
// prior and close substitutes (paper: WAB 0.112 → 0.087, Δ = −0.025; SPY +0.008, XLI +0.006).

// %%
await showTable(run.table("bb_perturbation"));
await showFigure(run.figure("bb_perturbation"));

// %% [markdown]
// ## A redacted blackboard trace
//
// The appendix's single-day, single-ticker trace: the messages the agents wrote on the blackboard, in order, from the
// analyst reports through the bull / bear cross-examination and the research manager's FinalReport to the risk
// debate and the RiskAssessment that became the view. The whole log of the run is in its artifacts
// (`npx consilium run blackboard --out <dir>` writes it as JSONL).

// %%
await showTable(run.table("bb_trace"), 40);

// %% [markdown]
// ## A window with real text: the InvestorBench news and filings, 2020-10 .. 2021-04
//
// The paper's 2025 window has no news or filings in `../shared/datasets`, so above the news and fundamentals
// analysts read nothing there (and on the bundled data, synthetic text). This run takes the window that the folder's
// InvestorBench text covers: LLM-written news summaries and 10-K / 10-Q summaries for MSFT, NFLX, JNJ and HON (UVV
// has no prices), with AAPL and JPM as stocks without text. Dates without a time count on the session after their
// date (`dateOnly=next-session`, the default), so a quarterly report filed on a day is read from the next one. The
// trace shows MSFT's analysts citing the items they read (a test checks that every cited item is one of the
// folder's). It needs the folder beside the project (`findRealDataDir`); without it the cell says so.

// %%
const realTextDir = findRealDataDir();
const realTextConfig = {
  tickers: realTextTickers,
  start: realTextStart,
  end: realTextEnd,
  rebalanceEvery: rebalanceEvery,
  debateRounds: debateRounds,
  traceTicker: "MSFT",
};

// %%
const realText = realTextDir === null ? null : await runExperiment("blackboard", { ...runOptions, dataDir: realTextDir, config: realTextConfig });
if (realText === null) console.log("../shared/datasets not found beside the project: the real-text window is skipped.");
else {
  await showTable(realText.table("bb_performance"));
  await showTable(realText.table("bb_trace"), 12);
}
