/**
 * Chain-of-Alpha (Blackboard paper, abstract and §1: "volatility,
 * directional, hedging [chains] with classical indicators (e.g., MACD, RSI)
 * as checkable features") and the trader that turns the research manager's
 * FinalReport into a TradeProposal. A model is sent prompts/<set>/trader.md
 * with the view and the indicator facts as JSON; offline, the trader of
 * offline/alpha.ts answers instead. Each chain step cites one named
 * indicator value on the decision date; `verifyCitations` recomputes nothing
 * itself but checks every citation against the facts the tools computed, so
 * a hallucinated number is caught (and triggers a repair round for a model).
 */
import { type z } from "zod";
import { defineTask, renderPrompt, type Task, type TemplateValues } from "../llm/index";
import type { TraderInput } from "./agent-inputs";
import { citationMatches, jsonSafe } from "./features";
import { clamp, round6 } from "./numbers";
import { TradeProposalSchema, type Chain, type TradeProposal } from "./messages";
import { traderPolicy } from "./offline/alpha";
import { builtinPrompts, type PromptSource } from "./prompt-set";
import type { AlphaFacts } from "./tools";

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
      facts: input.facts ? { date: input.facts.date, values: jsonSafe(input.facts.values) } : null,
    }),
  };
}

/**
 * The trader as an LLM task rendering trader.md of a prompt set: FinalReport
 * + indicator facts -> TradeProposal with the three Chain-of-Alpha chains;
 * `validate` rejects citations that do not match the computed indicators (a
 * model then gets one repair round).
 *
 * @example
 * traderTaskFrom(() => myFolder).name; // "blackboard.trader"
 */
export function traderTaskFrom(prompts: PromptSource): Task<TraderInput, TradeProposal> {
  return defineTask<TraderInput, TradeProposal>({
    name: "blackboard.trader",
    version: 2,
    schema: TradeProposalSchema as z.ZodType<TradeProposal>,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "trader", traderValues(input)),
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
}

/**
 * The trader task of the built-in "paper" prompt set.
 *
 * @example
 * const { output } = await model.run(traderTask, { ticker, date, report, facts });
 */
export const traderTask = traderTaskFrom(builtinPrompts);
