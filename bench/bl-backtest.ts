/**
 * Benchmark: a full daily-rebalanced Black-Litterman backtest over 60 tickers
 * and 166 test days (plus the 252-day covariance lookback) with cached views,
 * i.e. the optimizer and accounting of the Blackboard experiment without the
 * agents. Prices are a seeded synthetic market (one-factor model), so the
 * benchmark needs no data folder. Prints the median and the spread of the wall time.
 *
 *   npx tsx bench/bl-backtest.ts [runs]
 */
import { runBacktest, type AlignedMarket } from "../src/backtest/engine";
import { blWeightRule, type Decision } from "../src/blackboard/allocator";
import { Rng } from "../src/stats/rng";
import { timeIt } from "./lib";

const TICKERS = 60;
const LOOKBACK = 252;
const TEST_DAYS = 166;

/** Seeded one-factor market: r_it = beta_i m_t + e_it. */
function syntheticMarket(seed: number): AlignedMarket {
  const rng = new Rng(seed);
  const days = LOOKBACK + TEST_DAYS + 1;
  const dates: string[] = [];
  const d = new Date(Date.UTC(2024, 0, 2));
  while (dates.length < days) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) dates.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  const market = Array.from({ length: days }, () => rng.normal(0.0004, 0.01));
  const tickers = Array.from({ length: TICKERS }, (_, i) => `T${String(i).padStart(2, "0")}`);
  const close = tickers.map(() => {
    const beta = rng.uniform(0.5, 1.5);
    const idio = rng.uniform(0.008, 0.025);
    const col = new Float64Array(days);
    col[0] = 100;
    for (let t = 1; t < days; t++) col[t] = col[t - 1]! * (1 + beta * market[t]! + rng.normal(0, idio));
    return col;
  });
  return { dates, tickers, close };
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5);
  const market = syntheticMarket(7);
  const start = market.dates[LOOKBACK + 1]!;
  const end = market.dates.at(-1)!;
  const actions = ["BUY", "HOLD", "SELL"] as const;
  // Cached views: one fixed decision per ticker, looked up (not recomputed) on each date.
  const cache = new Map<string, Decision>(market.tickers.map((t, i) => [t, { action: actions[i % 3]!, confidence: 0.6 }]));
  const options = { lookback: LOOKBACK, delta: 3, tau: 0.025, omegaScale: 0.5, longOnly: true, viewMode: "fixed" as const, marketWeights: "equal" as const };
  let finalValue = 0;
  let rebalances = 0;
  const timing = await timeIt(async () => {
    const rule = blWeightRule(market, options, (_date, tickers) => tickers.map((t) => cache.get(t)!));
    const result = await runBacktest(market, { start, end, rebalanceEvery: 1, feesBps: 5, slippageBps: 5 }, rule);
    finalValue = result.values.at(-1)!;
    rebalances = result.rebalances.length;
  }, runs, 1);
  console.log(
    `bl-backtest: ${TICKERS} tickers x ${rebalances} daily rebalances (lookback ${LOOKBACK}): ` +
      `median ${timing.medianMs.toFixed(1)} ms, IQR ${timing.iqrMs.toFixed(1)} ms, min ${timing.minMs.toFixed(1)} ms, max ${timing.maxMs.toFixed(1)} ms over ${timing.runs} runs ` +
      `(final value ${finalValue.toFixed(2)})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
