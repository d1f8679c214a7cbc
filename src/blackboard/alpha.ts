/**
 * Chain-of-Alpha (Blackboard paper, abstract and §1: "volatility,
 * directional, hedging [chains] with classical indicators (e.g., MACD, RSI)
 * as checkable features") and the trader that turns the research manager's
 * FinalReport into a TradeProposal. Each chain step cites one named
 * indicator value on the decision date; `verifyCitations` recomputes nothing
 * itself but checks every citation against the facts the tools computed, so
 * a hallucinated number is caught (and triggers a repair round for a model).
 *
 * Offline chains:
 * - volatility: 20-day vs 60-day annualised volatility and Bollinger %b;
 *   value = position scale clip(0.25 / vol_20d, 0.3, 1.5) (25% vol target);
 * - directional: MACD histogram sign, RSI(14) vs 50, 20-day return, close vs
 *   50-day SMA; value = mean of the signs in [-1, 1];
 * - hedging: drawdown from the 252-day high, 60-day beta vs SPY and the
 *   directional tilt; value = hedge ratio in [0, 1].
 */
import { type z } from "zod";
import { defineTask, type Task } from "../llm/index";
import { citationMatches, jsonSafe } from "./features";
import { clamp, round6 } from "./numbers";
import { TradeProposalSchema, type Chain, type ChainStep, type FinalReport, type TradeProposal } from "./messages";
import type { AlphaFacts } from "./tools";

export interface TraderInput {
  ticker: string;
  date: string;
  report: Pick<FinalReport, "view" | "confidence" | "score" | "thesis">;
  facts: AlphaFacts | null;
}

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
 * The hedge ratio of a proposal: the hedging chain's value clipped to [0, 1] (0 without a hedging chain).
 *
 * @example
 * hedgeRatio(traderPolicy(input)); // e.g. 0.25
 */
export function hedgeRatio(proposal: TradeProposal): number {
  return clamp(proposal.chains.find((c) => c.chain === "hedging")?.value ?? 0, 0, 1);
}

/**
 * The trader without Chain-of-Alpha (ablate=alpha): the research view passes
 * through at its confidence and full size, with no chains.
 *
 * @example
 * passThroughProposal({ view: "BUY", confidence: 0.7, score: 0.3, thesis: "..." }).size_scale; // 1
 */
export function passThroughProposal(report: TraderInput["report"]): TradeProposal {
  return {
    action: report.view,
    conviction: round6(report.confidence),
    size_scale: 1,
    rationale: `Chain-of-Alpha ablated: the research view ${report.view} (confidence ${report.confidence.toFixed(2)}) passes through unchanged.`,
    chains: [],
  };
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
 * Problems with a chain's citations: unknown indicator, wrong date, or a value
 * that does not match the computed one (`citationMatches`). Empty when all check out.
 *
 * @example
 * verifyCitations(alphaChains(facts), facts); // []
 */
export function verifyCitations(chains: readonly Chain[], facts: AlphaFacts): string[] {
  const problems: string[] = [];
  for (const c of chains) {
    c.steps.forEach((s, i) => {
      const where = `${c.chain} step ${i + 1}`;
      const actual = facts.values[s.citation.indicator];
      if (actual === undefined) problems.push(`${where}: unknown indicator "${s.citation.indicator}" (known: ${Object.keys(facts.values).join(", ")})`);
      else if (s.citation.date !== facts.date) problems.push(`${where}: cites date ${s.citation.date}, facts are as of ${facts.date}`);
      else if (!citationMatches(s.citation.value, actual)) problems.push(`${where}: ${s.citation.indicator} cited as ${s.citation.value}, computed ${actual}`);
    });
  }
  return problems;
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

/**
 * The trader as an LLM task: FinalReport + indicator facts -> TradeProposal
 * with the three Chain-of-Alpha chains; `validate` rejects citations that do
 * not match the computed indicators (a model then gets one repair round).
 *
 * @example
 * const { output } = await model.run(traderTask, { ticker, date, report, facts });
 */
export const traderTask: Task<TraderInput, TradeProposal> = defineTask<TraderInput, TradeProposal>({
  name: "blackboard.trader",
  version: 2,
  schema: TradeProposalSchema as z.ZodType<TradeProposal>,
  temperature: 0.2,
  render: (input) => [
    {
      role: "system",
      content:
        `You are the trader. Turn the research manager's view on ${input.ticker} (${input.date}) into a TradeProposal, reasoning in three Chain-of-Alpha chains: ` +
        '"volatility" (position scale; value = scale factor), "directional" (value = tilt in [-1, 1]) and "hedging" (value = hedge ratio in [0, 1]). ' +
        "Every step must cite exactly one indicator from the facts as {indicator, date, value}, copying the name, the facts' date and the value verbatim. " +
        "Fields: action BUY/HOLD/SELL, conviction in [0, 1], size_scale in [0, 2] (the position scale before any hedge; the hedging chain's value is the hedge ratio, applied separately), rationale, chains.",
    },
    {
      role: "user",
      content: JSON.stringify({
        ticker: input.ticker,
        report: input.report,
        facts: input.facts ? { date: input.facts.date, values: jsonSafe(input.facts.values) } : null,
      }),
    },
  ],
  offline: (input) => traderPolicy(input),
  validate: (out, input) => {
    if (!input.facts) return null;
    const names = out.chains
      .map((c) => c.chain)
      .sort()
      .join(",");
    if (names !== "directional,hedging,volatility") return `chains must be exactly volatility, directional and hedging (got ${names || "none"})`;
    const problems = verifyCitations(out.chains, input.facts);
    return problems.length ? `citations do not match the computed indicators: ${problems.join("; ")}` : null;
  },
});
