/**
 * The five analysts of the Blackboard paper (§3.2: "analysts (fundamental,
 * macro, market, news, social) collect data"), each an LLM task that writes
 * an AnalysisReport from point-in-time inputs only (agent-inputs.ts). A
 * model is sent the analyst's prompt file (prompts/<set>/analyst-<kind>.md)
 * with the data as JSON and answers only its judgement (AnalystAnswer:
 * signal, stance, confidence, summary, evidence); the code completes the
 * report (`analystReport`) with the analyst, the data window, the metrics it
 * measured on the same data (offline/analysts.ts) and, for evidence whose
 * source is an indicator of the snapshot, the computed value. Offline, the
 * data-grounded analysts of offline/analysts.ts answer instead. A model's
 * answer is checked: its stance against its signal and unique evidence ids.
 */
import type { z } from "zod";
import { renderPrompt, type TemplateValues } from "../llm/index";
import type { AnalystInputBase, FundamentalsAnalystInput, MacroAnalystInput, MarketAnalystInput, TextAnalystInput } from "./agent-inputs";
import { defineBoardTask, type BoardTask } from "./board-task";
import { jsonSafe, shownIndicatorValues } from "./features";
import { STANCE_SIGNAL_RANGES, stanceSignalProblem } from "./meaning";
import { agreeing } from "./shown-schema";
import { AnalysisReportSchema, type AnalysisReport, type AnalystKind, type Evidence } from "./messages";
import {
  finiteMetrics,
  fundamentalsAnalystPolicy,
  fundamentalsMetrics,
  macroAnalystPolicy,
  macroMetrics,
  marketAnalystPolicy,
  marketMetrics,
  newsAnalystPolicy,
  socialAnalystPolicy,
  textMetrics,
} from "./offline/analysts";
import { builtinPrompts, type PromptSource } from "./prompt-set";

/**
 * What an analyst model writes: the report's judgement. The analyst, the
 * window and the metrics are the code's; an evidence id may come with or
 * without the "<analyst>." prefix the board id carries; `value` is a number
 * the model read in its data (replaced by the computed one when the source
 * names an indicator of the market snapshot).
 */
export const AnalystAnswerSchema = AnalysisReportSchema.omit({ analyst: true, metrics: true, window: true });
export type AnalystAnswer = z.infer<typeof AnalystAnswerSchema>;

/**
 * The most evidence items a model is shown it may write: as many as the
 * offline analysts ever write (the market analyst's six indicators). Without
 * a bound a small model under constrained decoding can append items until the
 * token limit cuts its answer off (SmolLM2-135M did, in two of five analyst
 * answers); the task's own schema keeps no bound, so a longer list from
 * elsewhere is still read.
 */
export const MAX_SHOWN_EVIDENCE = 6;

/** The answer schema as a model is shown it: one branch per stance with the signal it allows (the stance check, said in the schema), at most MAX_SHOWN_EVIDENCE evidence items. */
const ShownAnalystAnswerSchema = agreeing<AnalystAnswer>(
  AnalystAnswerSchema.extend({ evidence: AnalystAnswerSchema.shape.evidence.max(MAX_SHOWN_EVIDENCE) }),
  "stance",
  "signal",
  STANCE_SIGNAL_RANGES,
);

/**
 * The answer part of a report (what a model would have written), for the offline analysts.
 *
 * @example
 * analystAnswer(marketAnalystPolicy(input)).evidence[0].id; // "market.rsi"
 */
export function analystAnswer(report: AnalysisReport): AnalystAnswer {
  const { signal, stance, confidence, summary, evidence } = report;
  return { signal, stance, confidence, summary, evidence };
}

/** The board id of an evidence item: the model's id under the analyst's prefix (kept when it already has it). */
function boardEvidenceId(analyst: AnalystKind, id: string): string {
  return id.startsWith(`${analyst}.`) ? id : `${analyst}.${id}`;
}

/**
 * The AnalysisReport posted on the board: the answer's judgement with the
 * code's analyst, window {from: windowFrom, to: date} and metrics; evidence
 * ids carry the "<analyst>." prefix; an evidence item whose source names one
 * of `computed` gets that value (and none when it is not finite).
 *
 * @example
 * analystReport("market", { signal: 0.3, stance: "bullish", ... }, input, { rsi_14: 61.2 }, { rsi_14: 61.2 }).window; // { from: input.windowFrom, to: input.date }
 */
export function analystReport(
  analyst: AnalystKind,
  answer: AnalystAnswer,
  input: AnalystInputBase,
  metrics: Record<string, number>,
  computed: Readonly<Record<string, number>> | null,
): AnalysisReport {
  const evidence = answer.evidence.map((e): Evidence => {
    const { value, ...rest } = e;
    const item: Evidence = { ...rest, id: boardEvidenceId(analyst, e.id) };
    const known = computed && Object.prototype.hasOwnProperty.call(computed, e.source) ? computed[e.source] : undefined;
    if (known !== undefined) {
      if (Number.isFinite(known)) item.value = known;
    } else if (value !== undefined) item.value = value;
    return item;
  });
  return {
    analyst,
    signal: answer.signal,
    stance: answer.stance,
    confidence: answer.confidence,
    summary: answer.summary,
    evidence,
    metrics: finiteMetrics(metrics),
    window: { from: input.windowFrom, to: input.date },
  };
}

/**
 * The meaning checks of an analyst's answer: the stance agrees with the
 * signal (`stanceSignalProblem`) and the evidence ids are unique on the board.
 *
 * @example
 * checkAnalystAnswer("news", { stance: "bullish", signal: -0.3, ... }); // 'stance "bullish" contradicts signal -0.3: ...'
 */
export function checkAnalystAnswer(analyst: AnalystKind, out: AnalystAnswer): string | null {
  const stance = stanceSignalProblem(out.stance, out.signal);
  if (stance) return stance;
  const ids = new Set<string>();
  for (const e of out.evidence) {
    const id = boardEvidenceId(analyst, e.id);
    if (ids.has(id)) return `duplicate evidence id "${e.id}": give each item its own id`;
    ids.add(id);
  }
  return null;
}

/**
 * The values an analyst prompt file may use (prompt-set.ts): the thread and
 * window, the point-in-time input as one line of JSON, and what every
 * ticker's analyst of this kind shares that day (`sharedJson`, the macro
 * analyst's benchmark; "" for the others), for the system message.
 *
 * @example
 * analystValues(input, []).inputJson; // '{"ticker":"AAPL","date":"2025-01-02","window":{...},"data":[]}'
 */
export function analystValues(input: AnalystInputBase, data: unknown, shared: unknown = null): TemplateValues {
  const window = { from: input.windowFrom, to: input.date };
  return {
    ticker: input.ticker,
    date: input.date,
    windowFrom: input.windowFrom,
    sharedJson: shared === null ? "" : JSON.stringify(shared),
    inputJson: JSON.stringify({ ticker: input.ticker, date: input.date, window, data }),
  };
}

/** How one analyst kind reads its input: the data shown, what all tickers share, the policy, the metrics and the computed values. */
interface AnalystSpec<I extends AnalystInputBase> {
  data: (input: I) => unknown;
  shared?: (input: I) => unknown;
  policy: (input: I) => AnalysisReport;
  metrics: (input: I) => Record<string, number>;
  computed?: (input: I) => Readonly<Record<string, number>> | null;
}

function analystTask<I extends AnalystInputBase>(
  analyst: AnalystKind,
  prompts: PromptSource,
  spec: AnalystSpec<I>,
): BoardTask<I, AnalystAnswer, AnalysisReport> {
  return defineBoardTask<I, AnalystAnswer, AnalysisReport>({
    name: `blackboard.analyst.${analyst}`,
    // 2: the model answers only its judgement (no analyst, window or metrics to copy); the input no longer repeats the analyst.
    // 3: the shown schema bounds the evidence list (MAX_SHOWN_EVIDENCE).
    version: 3,
    schema: AnalystAnswerSchema as z.ZodType<AnalystAnswer>,
    schemaFor: () => ShownAnalystAnswerSchema,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), `analyst-${analyst}`, analystValues(input, spec.data(input), spec.shared?.(input) ?? null)),
    offline: (input) => analystAnswer(spec.policy(input)),
    validate: (out) => checkAnalystAnswer(analyst, out),
    complete: (answer, input) => analystReport(analyst, answer, input, spec.metrics(input), spec.computed?.(input) ?? null),
  });
}

/** The five analyst tasks of one prompt set. */
export interface AnalystTasks {
  market: BoardTask<MarketAnalystInput, AnalystAnswer, AnalysisReport>;
  news: BoardTask<TextAnalystInput, AnalystAnswer, AnalysisReport>;
  social: BoardTask<TextAnalystInput, AnalystAnswer, AnalysisReport>;
  fundamentals: BoardTask<FundamentalsAnalystInput, AnalystAnswer, AnalysisReport>;
  macro: BoardTask<MacroAnalystInput, AnalystAnswer, AnalysisReport>;
}

/** An indicator snapshot's values as JSON (NaN as null). */
const indicatorsJson = (values: Record<string, number>, factor?: number) => jsonSafe(shownIndicatorValues(values, factor));

/**
 * The five analyst tasks (`blackboard.analyst.<kind>`) rendering from a
 * prompt set: prompt = `analyst-<kind>.md` with the point-in-time data as
 * JSON; answer = AnalystAnswer, completed into the AnalysisReport by
 * `analystReport`; offline = the analysts of offline/analysts.ts.
 * What each analyst's JSON `data` holds: market = the indicator snapshot
 * (as_of, bars, price_basis: how its price levels are stated, indicators), news = [{date, text}], social = [{date, text,
 * score}], fundamentals = the filings, macro = {sector: {name, etf,
 * indicators}} with the sector the universe lists (indicators null when its
 * ETF has no prices); the macro benchmark, the same for every ticker, is
 * `sharedJson` ({benchmark: {ticker, indicators}}) in the system message.
 *
 * @example
 * analystTasks(() => myFolder).market.name; // "blackboard.analyst.market"
 */
export function analystTasks(prompts: PromptSource): AnalystTasks {
  return {
    market: analystTask<MarketAnalystInput>("market", prompts, {
      data: (i) =>
        i.indicators
          ? {
              as_of: i.indicators.date,
              bars: i.indicators.bars,
              ...(i.indicators.price_basis ? { price_basis: i.indicators.price_basis } : {}),
              indicators: indicatorsJson(i.indicators.values, i.indicators.level_factor),
            }
          : null,
      policy: marketAnalystPolicy,
      metrics: marketMetrics,
      computed: (i) => (i.indicators ? i.indicators.values : null),
    }),
    news: analystTask<TextAnalystInput>("news", prompts, {
      data: (i) => i.items.map((n) => ({ date: n.date, text: n.text })),
      policy: newsAnalystPolicy,
      metrics: (i) => textMetrics("news", i),
    }),
    social: analystTask<TextAnalystInput>("social", prompts, {
      data: (i) => i.items.map((p) => ({ date: p.date, text: p.text, score: p.score })),
      policy: socialAnalystPolicy,
      metrics: (i) => textMetrics("social", i),
    }),
    fundamentals: analystTask<FundamentalsAnalystInput>("fundamentals", prompts, {
      data: (i) => i.filings,
      policy: fundamentalsAnalystPolicy,
      metrics: fundamentalsMetrics,
    }),
    macro: analystTask<MacroAnalystInput>("macro", prompts, {
      data: (i) => ({
        sector: i.macro.listedSector
          ? {
              name: i.macro.listedSector.name,
              etf: i.macro.listedSector.etf,
              indicators: i.macro.sector ? indicatorsJson(i.macro.sector.indicators.values, i.macro.sector.indicators.level_factor) : null,
            }
          : null,
      }),
      shared: (i) => ({
        benchmark: i.macro.benchmark
          ? { ticker: i.macro.benchmark.ticker, indicators: indicatorsJson(i.macro.benchmark.indicators.values, i.macro.benchmark.indicators.level_factor) }
          : null,
      }),
      policy: macroAnalystPolicy,
      metrics: macroMetrics,
    }),
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
