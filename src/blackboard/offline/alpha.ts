/**
 * The offline Chain-of-Alpha trader of the Blackboard paper: a data-grounded
 * stand-in for the model (results labelled offline) that reasons in the
 * three chains over the indicator facts the tools computed, each step citing
 * one named indicator value on the decision date:
 * - volatility: 20-day vs 60-day annualised volatility and Bollinger %b;
 *   value = position scale clip(0.25 / vol_20d, 0.3, 1.5) (25% vol target);
 * - directional: MACD histogram sign, RSI(14) vs 50, 20-day return, close vs
 *   50-day SMA; value = mean of the signs in [-1, 1];
 * - hedging: drawdown from the 252-day high, 60-day beta vs SPY and the
 *   directional tilt; value = hedge ratio in [0, 1].
 */
import type { TraderInput } from "../agent-inputs";
import type { Chain, ChainStep, TradeProposal } from "../messages";
import { clamp, round6 } from "../numbers";
import type { AlphaFacts } from "../tools";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function step(facts: AlphaFacts, indicator: string, statement: (v: number) => string): ChainStep | null {
  const value = facts.values[indicator];
  if (value === undefined || !Number.isFinite(value)) return null;
  return { statement: statement(value), citation: { indicator, date: facts.date, value } };
}

function chain(name: Chain["chain"], steps: Array<ChainStep | null>, fallback: ChainStep, conclusion: string, value: number): Chain {
  const kept = steps.filter((s): s is ChainStep => s !== null);
  return { chain: name, steps: kept.length ? kept : [fallback], conclusion, value: round6(value) };
}

/**
 * The three offline chains from the facts (see module doc).
 *
 * @example
 * alphaChains(facts).map((c) => c.chain); // ["volatility", "directional", "hedging"]
 */
export function alphaChains(facts: AlphaFacts): [volatility: Chain, directional: Chain, hedging: Chain] {
  const v = facts.values;
  const close = v.close;
  // The tools always report the last close; without it there is nothing to cite or compare the SMA with.
  if (close === undefined) throw new RangeError(`alphaChains: the facts of ${facts.ticker} on ${facts.date} have no close`);
  const fallback: ChainStep = { statement: `Last close ${close}`, citation: { indicator: "close", date: facts.date, value: close } };

  const vol20 = v.vol_20d ?? NaN;
  const vol60 = v.vol_60d ?? NaN;
  const scale = Number.isFinite(vol20) && vol20 > 0 ? clamp(0.25 / vol20, 0.3, 1.5) : 1;
  const rising = Number.isFinite(vol60) && vol20 > vol60 * 1.1;
  const volatility = chain(
    "volatility",
    [
      step(facts, "vol_20d", (x) => `20-day annualised volatility is ${pct(x)}`),
      step(facts, "vol_60d", (x) => `against ${pct(x)} over 60 days: volatility is ${rising ? "rising" : "stable or falling"}`),
      step(facts, "pct_b", (x) => `Bollinger %b ${x.toFixed(2)} ${x > 1 || x < 0 ? "is outside the bands (stretched)" : "is inside the bands"}`),
    ],
    fallback,
    `Scale the position by ${scale.toFixed(2)} to target 25% annualised volatility${rising ? "; volatility regime is rising" : ""}.`,
    scale,
  );

  const signs: number[] = [];
  const dirSteps = [
    step(facts, "macdh", (x) => {
      signs.push(Math.sign(x));
      return `MACD histogram ${x.toFixed(3)} is ${x >= 0 ? "positive (bullish crossover)" : "negative (bearish crossover)"}`;
    }),
    step(facts, "rsi_14", (x) => {
      signs.push(x > 70 ? -1 : x < 30 ? 1 : Math.sign(x - 50));
      return `RSI(14) ${x.toFixed(2)} ${x > 70 ? "is overbought" : x < 30 ? "is oversold" : x >= 50 ? "shows positive momentum" : "shows negative momentum"}`;
    }),
    step(facts, "ret_20d", (x) => {
      signs.push(Math.sign(x));
      return `20-day return ${pct(x)}`;
    }),
    step(facts, "sma_50", (x) => {
      signs.push(Math.sign(close - x));
      return `close ${close} is ${close >= x ? "above" : "below"} the 50-day SMA ${x}`;
    }),
  ];
  const tilt = signs.length ? signs.reduce((a, b) => a + b, 0) / signs.length : 0;
  const directional = chain(
    "directional",
    dirSteps,
    fallback,
    `Directional tilt ${tilt >= 0 ? "+" : ""}${tilt.toFixed(2)} (${tilt > 0.3 ? "up" : tilt < -0.3 ? "down" : "flat"}).`,
    tilt,
  );

  const dd = v.drawdown_252d ?? NaN;
  const beta = v.beta_60d ?? NaN;
  const hedge = clamp((dd < -0.15 ? 0.5 : 0) + (beta > 1.2 ? 0.25 : 0) + (tilt < -0.3 ? 0.25 : 0), 0, 1);
  const hedging = chain(
    "hedging",
    [
      step(facts, "drawdown_252d", (x) => `price is ${pct(-x)} below its 252-day high`),
      step(facts, "beta_60d", (x) => `60-day beta to SPY is ${x.toFixed(2)}`),
    ],
    fallback,
    hedge > 0 ? `Hedge ${pct(hedge)} of the exposure (index or sector ETF).` : "No hedge needed.",
    hedge,
  );
  return [volatility, directional, hedging];
}

/**
 * Offline trader: the research view, downgraded to HOLD when the directional
 * chain clearly disagrees (|tilt| > 0.5 against it); size = the volatility
 * chain's scale (the hedge ratio is the hedging chain's value, applied
 * separately when sizing reaches the weights: size x (1 - hedge)).
 *
 * @example
 * traderPolicy({ ticker: "AAPL", date, report, facts }).chains.length; // 3
 */
export function traderPolicy(input: TraderInput): TradeProposal {
  const { report } = input;
  if (!input.facts) {
    return { action: "HOLD", conviction: 0, size_scale: 0, rationale: `No price history for ${input.ticker}: no trade.`, chains: [] };
  }
  const chains = alphaChains(input.facts);
  const [{ value: scale }, { value: tilt }, { value: hedge }] = chains;
  const opposed = (report.view === "BUY" && tilt < -0.5) || (report.view === "SELL" && tilt > 0.5);
  const action = opposed ? "HOLD" : report.view;
  return {
    action,
    conviction: round6(clamp(report.confidence * (opposed ? 0.5 : 1), 0, 1)),
    size_scale: round6(clamp(scale, 0, 2)),
    rationale:
      `Research view ${report.view} (confidence ${report.confidence.toFixed(2)}); directional tilt ${tilt.toFixed(2)}` +
      (opposed ? " contradicts it, so the proposal is HOLD" : " does not contradict it") +
      `; volatility scale ${scale.toFixed(2)}, hedge ratio ${hedge.toFixed(2)}.`,
    chains,
  };
}
