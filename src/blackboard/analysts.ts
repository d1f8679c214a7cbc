/**
 * The five analysts of the Blackboard paper (§3.2: "analysts (fundamental,
 * macro, market, news, social) collect data"), each an LLM task that writes
 * an AnalysisReport from point-in-time inputs only (agent-inputs.ts). A
 * model is sent the analyst's prompt file (prompts/<set>/analyst-<kind>.md)
 * with the data as JSON; offline, the data-grounded analysts of
 * offline/analysts.ts answer instead. A model's report is checked: its
 * analyst and window, unique `<analyst>.` evidence ids and, for the market
 * analyst, every indicator number it cites.
 */
import { type z } from "zod";
import { defineTask, renderPrompt, type Task, type TemplateValues } from "../llm/index";
import type { AnalystInputBase, FundamentalsAnalystInput, MacroAnalystInput, MarketAnalystInput, TextAnalystInput } from "./agent-inputs";
import { citationMatches, jsonSafe, type IndicatorSnapshot } from "./features";
import { AnalysisReportSchema, type AnalysisReport, type AnalystKind } from "./messages";
import { fundamentalsAnalystPolicy, macroAnalystPolicy, marketAnalystPolicy, newsAnalystPolicy, socialAnalystPolicy } from "./offline/analysts";
import { builtinPrompts, type PromptSource } from "./prompt-set";

function checkReport(analyst: AnalystKind, out: AnalysisReport, input: AnalystInputBase): string | null {
  if (out.analyst !== analyst) return `analyst must be "${analyst}"`;
  if (out.window.from !== input.windowFrom || out.window.to !== input.date) return `window must be {from: "${input.windowFrom}", to: "${input.date}"}`;
  const ids = new Set<string>();
  for (const e of out.evidence) {
    if (!e.id.startsWith(`${analyst}.`)) return `evidence id "${e.id}" must start with "${analyst}."`;
    if (ids.has(e.id)) return `duplicate evidence id "${e.id}"`;
    ids.add(e.id);
  }
  return null;
}

/**
 * The market analyst's numbers are checkable: every metric named like an
 * indicator of the snapshot, and every evidence item whose `source` is such an
 * indicator and carries a value, must match the computed value
 * (`citationMatches`). Returns the first mismatch, or null.
 *
 * @example
 * checkIndicatorNumbers(report, snapshot); // null when every cited number is the computed one
 */
export function checkIndicatorNumbers(out: AnalysisReport, snapshot: IndicatorSnapshot | null): string | null {
  if (!snapshot) return null;
  const actual = snapshot.values as Record<string, number>;
  for (const [name, value] of Object.entries(out.metrics)) {
    const computed = name in actual ? actual[name] : undefined;
    if (computed !== undefined && Number.isFinite(computed) && !citationMatches(value, computed))
      return `metrics.${name} is ${value}, computed ${computed} on ${snapshot.date}`;
  }
  for (const e of out.evidence) {
    const computed = e.source in actual ? actual[e.source] : undefined;
    if (e.value === null || e.value === undefined || computed === undefined || !Number.isFinite(computed)) continue;
    if (!citationMatches(e.value, computed)) return `evidence "${e.id}" cites ${e.source} = ${e.value}, computed ${computed} on ${snapshot.date}`;
  }
  return null;
}

/**
 * The values an analyst prompt file may use (prompt-set.ts): the thread and
 * window, and the point-in-time input as one line of JSON.
 *
 * @example
 * analystValues("news", input, []).inputJson; // '{"analyst":"news","ticker":"AAPL",...,"data":[]}'
 */
export function analystValues(analyst: AnalystKind, input: AnalystInputBase, data: unknown): TemplateValues {
  const window = { from: input.windowFrom, to: input.date };
  return {
    ticker: input.ticker,
    date: input.date,
    windowFrom: input.windowFrom,
    inputJson: JSON.stringify({ analyst, ticker: input.ticker, date: input.date, window, data }),
  };
}

function analystTask<I extends AnalystInputBase>(
  analyst: AnalystKind,
  prompts: PromptSource,
  data: (input: I) => unknown,
  policy: (input: I) => AnalysisReport,
  extraCheck?: (out: AnalysisReport, input: I) => string | null,
): Task<I, AnalysisReport> {
  return defineTask<I, AnalysisReport>({
    name: `blackboard.analyst.${analyst}`,
    version: 1,
    schema: AnalysisReportSchema as z.ZodType<AnalysisReport>,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), `analyst-${analyst}`, analystValues(analyst, input, data(input))),
    offline: (input) => policy(input),
    validate: (out, input) => checkReport(analyst, out, input) ?? extraCheck?.(out, input) ?? null,
  });
}

/** The five analyst tasks of one prompt set. */
export interface AnalystTasks {
  market: Task<MarketAnalystInput, AnalysisReport>;
  news: Task<TextAnalystInput, AnalysisReport>;
  social: Task<TextAnalystInput, AnalysisReport>;
  fundamentals: Task<FundamentalsAnalystInput, AnalysisReport>;
  macro: Task<MacroAnalystInput, AnalysisReport>;
}

/**
 * The five analyst tasks (`blackboard.analyst.<kind>`) rendering from a
 * prompt set: prompt = `analyst-<kind>.md` with the point-in-time data as
 * JSON; output = AnalysisReport; offline = the analysts of offline/analysts.ts.
 * What each analyst's JSON `data` holds: market = the indicator snapshot
 * (as_of, bars, indicators), news = [{date, text}], social = [{date, text,
 * score}], fundamentals = the filings, macro = {benchmark, sector} with
 * their indicators.
 *
 * @example
 * analystTasks(() => myFolder).market.name; // "blackboard.analyst.market"
 */
export function analystTasks(prompts: PromptSource): AnalystTasks {
  return {
    market: analystTask<MarketAnalystInput>(
      "market",
      prompts,
      (i) => (i.indicators ? { as_of: i.indicators.date, bars: i.indicators.bars, indicators: jsonSafe(i.indicators.values) } : null),
      marketAnalystPolicy,
      (out, input) => checkIndicatorNumbers(out, input.indicators),
    ),
    news: analystTask<TextAnalystInput>("news", prompts, (i) => i.items.map((n) => ({ date: n.date, text: n.text })), newsAnalystPolicy),
    social: analystTask<TextAnalystInput>("social", prompts, (i) => i.items.map((p) => ({ date: p.date, text: p.text, score: p.score })), socialAnalystPolicy),
    fundamentals: analystTask<FundamentalsAnalystInput>("fundamentals", prompts, (i) => i.filings, fundamentalsAnalystPolicy),
    macro: analystTask<MacroAnalystInput>(
      "macro",
      prompts,
      (i) => ({
        benchmark: i.macro.benchmark ? { ticker: i.macro.benchmark.ticker, indicators: jsonSafe(i.macro.benchmark.indicators.values) } : null,
        sector: i.macro.sector ? { name: i.macro.sector.name, etf: i.macro.sector.etf, indicators: jsonSafe(i.macro.sector.indicators.values) } : null,
      }),
      macroAnalystPolicy,
    ),
  };
}

const BUILTIN = analystTasks(builtinPrompts);

/**
 * The analyst tasks of the built-in "paper" prompt set.
 *
 * @example
 * const { output } = await model.run(marketAnalystTask, { ticker, date, windowFrom, indicators });
 */
export const marketAnalystTask = BUILTIN.market;
/** @example const { output } = await model.run(newsAnalystTask, { ticker, date, windowFrom, items }); */
export const newsAnalystTask = BUILTIN.news;
/** @example const { output } = await model.run(socialAnalystTask, { ticker, date, windowFrom, items }); */
export const socialAnalystTask = BUILTIN.social;
/** @example const { output } = await model.run(fundamentalsAnalystTask, { ticker, date, windowFrom, filings }); */
export const fundamentalsAnalystTask = BUILTIN.fundamentals;
/** @example const { output } = await model.run(macroAnalystTask, { ticker, date, windowFrom, macro }); */
export const macroAnalystTask = BUILTIN.macro;
