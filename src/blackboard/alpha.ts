/**
 * Chain-of-Alpha (Blackboard paper, abstract and §1: "volatility,
 * directional, hedging [chains] with classical indicators (e.g., MACD, RSI)
 * as checkable features") and the trader that turns the research manager's
 * FinalReport into a TradeProposal. A model is sent prompts/<set>/trader.md
 * with the view and the indicator facts as JSON; offline, the trader of
 * offline/alpha.ts answers instead. Each chain step names one indicator of
 * the facts; the code attaches its date and computed value
 * (`tradeProposal`), so a step's citation always holds the number the tools
 * computed, and `verifyCitations` checks the posted chains against the facts.
 */
import { z } from "zod";
import { renderPrompt, type TemplateValues } from "../llm/index";
import type { TraderInput } from "./agent-inputs";
import { defineBoardTask, type BoardTask } from "./board-task";
import { citationMatches, jsonSafe, shownIndicatorValues } from "./features";
import { clamp, round6 } from "./numbers";
import { ChainSchema, ChainStepSchema, TradeProposalSchema, type Chain, type TradeProposal } from "./messages";
import { traderPolicy } from "./offline/alpha";
import { builtinPrompts, type PromptSource } from "./prompt-set";
import type { AlphaFacts } from "./tools";

/** A chain step as a model writes it: the statement and the name of the one indicator it relies on. */
const StepAnswerSchema = z.object({ statement: ChainStepSchema.shape.statement, indicator: z.string().min(1) });

/** What the trader model writes: the proposal with each step naming its indicator (date and value are the code's). */
export const TraderAnswerSchema = TradeProposalSchema.extend({
  chains: z.array(ChainSchema.extend({ steps: z.array(StepAnswerSchema).min(1) })),
});
export type TraderAnswer = z.infer<typeof TraderAnswerSchema>;

/** The range of each chain's value (`checkTraderAnswer`): a tilt, a position scale, a hedge ratio. */
const CHAIN_VALUE_RANGES = {
  volatility: z.number().min(0).max(2),
  directional: z.number().min(-1).max(1),
  hedging: z.number().min(0).max(1),
} as const;

/**
 * The trader's answer schema as a model is shown it for these facts: with
 * facts, exactly the three chains (a tuple, one per kind, each value in its
 * range) whose steps name an indicator that has a value (an enum); without
 * facts, no chains. What `checkTraderAnswer` checks besides the action
 * against the tilt.
 *
 * @example
 * traderSchemaFor({ ..., facts: { values: { rsi_14: 61.2, vol_20d: 0.3 } } }); // chains: [volatility, directional, hedging], steps' indicator in {rsi_14, vol_20d}
 */
export function traderSchemaFor(input: TraderInput): z.ZodType<TraderAnswer> {
  const facts = input.facts;
  const usable = facts ? Object.keys(facts.values).filter((k) => Number.isFinite(facts.values[k])) : [];
  if (!facts || usable.length === 0) return TraderAnswerSchema.extend({ chains: z.array(ChainSchema).max(0) }) as unknown as z.ZodType<TraderAnswer>;
  const step = StepAnswerSchema.extend({ indicator: z.enum(usable as [string, ...string[]]) });
  const chain = (kind: keyof typeof CHAIN_VALUE_RANGES) =>
    ChainSchema.extend({ chain: z.literal(kind), steps: z.array(step).min(1), value: CHAIN_VALUE_RANGES[kind] });
  return TraderAnswerSchema.extend({ chains: z.tuple([chain("volatility"), chain("directional"), chain("hedging")]) }) as unknown as z.ZodType<TraderAnswer>;
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
 * The values trader.md may use: the thread, and the view with the indicator
 * facts as JSON (NaN facts as null).
 *
 * @example
 * traderValues({ ticker: "AAPL", date, report, facts: null }).inputJson; // '{"ticker":"AAPL","report":{...},"facts":null}'
 */
export function traderValues(input: TraderInput): TemplateValues {
  return {
    ticker: input.ticker,
    date: input.date,
    inputJson: JSON.stringify({
      ticker: input.ticker,
      report: input.report,
      facts: input.facts ? { date: input.facts.date, values: jsonSafe(shownIndicatorValues(input.facts.values, input.facts.level_factor)) } : null,
    }),
  };
}

/**
 * The TradeProposal posted: the answer's chains with each step's citation
 * {indicator, date, value} from the facts: their date and the computed value
 * (`checkTraderAnswer` lets through only indicators of the facts that have a
 * finite value, and no chain without facts).
 *
 * @example
 * tradeProposal({ ..., chains: [{ chain: "directional", steps: [{ statement: "RSI high", indicator: "rsi_14" }], ... }] }, input).chains[0].steps[0].citation.value; // facts.values.rsi_14
 */
export function tradeProposal(answer: TraderAnswer, input: TraderInput): TradeProposal {
  const date = input.facts?.date ?? input.date;
  const chains = answer.chains.map((c): Chain => ({
    chain: c.chain,
    steps: c.steps.map((s) => ({ statement: s.statement, citation: { indicator: s.indicator, date, value: input.facts?.values[s.indicator] ?? 0 } })),
    conclusion: c.conclusion,
    value: c.value,
  }));
  return { action: answer.action, conviction: answer.conviction, size_scale: answer.size_scale, rationale: answer.rationale, chains };
}

/** The answer part of an offline proposal: each step's indicator name. */
function traderAnswer(proposal: TradeProposal): TraderAnswer {
  return {
    ...proposal,
    chains: proposal.chains.map((c) => ({ ...c, steps: c.steps.map((s) => ({ statement: s.statement, indicator: s.citation.indicator })) })),
  };
}

/** How far the directional tilt may point against the action before the two contradict each other. */
export const OPPOSED_TILT = 0.5;

/**
 * The meaning checks of the trader's answer. With facts: exactly the three
 * chains; every step names an indicator of the facts that has a value; the
 * directional value is a tilt in [-1, 1] and the hedging value a ratio in
 * [0, 1], the volatility value a scale in [0, 2]; and the action does not
 * contradict the tilt (BUY with a tilt below -OPPOSED_TILT, SELL above
 * +OPPOSED_TILT). Without facts there is nothing to cite: no chains.
 *
 * @example
 * checkTraderAnswer({ action: "BUY", chains: [directional tilt -0.8, ...], ... }, input); // "action BUY contradicts the directional tilt -0.8: ..."
 */
export function checkTraderAnswer(out: TraderAnswer, input: TraderInput): string | null {
  const facts = input.facts;
  if (!facts) return out.chains.length ? "there are no indicator facts to cite (no price history): give no chains" : null;
  const names = out.chains
    .map((c) => c.chain)
    .sort()
    .join(",");
  if (names !== "directional,hedging,volatility") return `chains must be exactly volatility, directional and hedging (got ${names || "none"})`;
  const usable = Object.keys(facts.values).filter((k) => Number.isFinite(facts.values[k]));
  for (const c of out.chains) {
    const bad = c.steps.map((s) => s.indicator).filter((name) => !usable.includes(name));
    if (bad.length) return `${c.chain} chain cites ${bad.join(", ")}, not among the facts with a value (${usable.join(", ")})`;
  }
  const value = (name: Chain["chain"]) => out.chains.find((c) => c.chain === name)?.value ?? 0;
  const [tilt, hedge, scale] = [value("directional"), value("hedging"), value("volatility")];
  if (!(tilt >= -1 && tilt <= 1)) return `the directional chain's value is a tilt in [-1, 1], got ${tilt}`;
  if (!(hedge >= 0 && hedge <= 1)) return `the hedging chain's value is a hedge ratio in [0, 1], got ${hedge}`;
  if (!(scale >= 0 && scale <= 2)) return `the volatility chain's value is a position scale in [0, 2], got ${scale}`;
  if (out.action === "BUY" && tilt < -OPPOSED_TILT)
    return `action BUY contradicts the directional tilt ${tilt}: buy on a tilt >= -${OPPOSED_TILT}, else HOLD or SELL`;
  if (out.action === "SELL" && tilt > OPPOSED_TILT)
    return `action SELL contradicts the directional tilt ${tilt}: sell on a tilt <= ${OPPOSED_TILT}, else HOLD or BUY`;
  return null;
}

/**
 * The trader as an LLM task rendering trader.md of a prompt set: FinalReport
 * + indicator facts -> TradeProposal with the three Chain-of-Alpha chains,
 * each step naming the indicator it relies on (`tradeProposal` attaches the
 * computed value); `checkTraderAnswer` sends a contradiction or an unknown
 * indicator to the repair round.
 *
 * @example
 * traderTaskFrom(() => myFolder).name; // "blackboard.trader"
 */
export function traderTaskFrom(prompts: PromptSource): BoardTask<TraderInput, TraderAnswer, TradeProposal> {
  return defineBoardTask<TraderInput, TraderAnswer, TradeProposal>({
    name: "blackboard.trader",
    // 3: steps name their indicator; its date and value are the code's, no longer copied by the model.
    version: 3,
    schema: TraderAnswerSchema as z.ZodType<TraderAnswer>,
    schemaFor: traderSchemaFor,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "trader", traderValues(input)),
    offline: (input) => traderAnswer(traderPolicy(input)),
    validate: checkTraderAnswer,
    complete: tradeProposal,
  });
}

/**
 * The trader task of the built-in "paper" prompt set.
 *
 * @example
 * const { output } = await model.run(traderTask, { ticker, date, report, facts });
 */
export const traderTask = traderTaskFrom(builtinPrompts);
