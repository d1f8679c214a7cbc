/**
 * Sensitivity sweep of Sentimental Agents (§6.2.2): the deliberation is rerun
 * for every cell of a parameter grid (the paper: alpha 0.3/0.5/0.7, tolerance
 * 0.001/0.005/0.0001, temperature 0.7/1/1.5) and one tidy row per cell
 * reports the bias slopes, R^2 and sentiment range.
 *
 * Every model call of a cell is keyed by (task, input, temperature, run seed)
 * only — never by time or completion order — so a crashed sweep rerun with the
 * same record/replay cache answers the finished cells' calls from the cache.
 */
import type { Row, RunContext } from "../core/index";
import { mean } from "../stats/index";
import { biasOf } from "./analysis";
import type { SentimentalConfig } from "./config";
import { deliberate, loadScenario } from "./pipeline";
import { num } from "./report";

/**
 * The sweep row of one cell: the bias regression per sign (slope, R^2, p, n),
 * the slope ratio, the permutation p-values and the tested bias label, saliency, and the range of statement
 * sentiments and opinions. Only the deliberation runs (no LDA / retrieval
 * evaluation), which keeps a 27-cell grid fast. The grid itself, its
 * concurrency and its resumability live in src/run/sweep.
 *
 * @example
 * const row = await sentimentalSweepCell(defaultSentimentalConfig({ alpha: 0.3 }), ctx);
 * row.slope_negative; // OLS slope for negative peer sentiment
 */
export async function sentimentalSweepCell(config: SentimentalConfig, ctx: RunContext): Promise<Row> {
  const scenario = loadScenario(config, ctx.dataDir, ctx.seed);
  const deliberation = await deliberate(scenario, config, ctx, ctx.seed);
  const bias = biasOf(deliberation, config).pooled;
  const opinions = deliberation.conversations.flatMap((c) => c.turns.map((t) => t.opinion));
  return {
    slope_negative: num(bias.negative.slope),
    r2_negative: num(bias.negative.r2),
    p_negative: num(bias.negative.p),
    n_negative: bias.negative.n,
    slope_positive: num(bias.positive.slope),
    r2_positive: num(bias.positive.r2),
    p_positive: num(bias.positive.p),
    n_positive: bias.positive.n,
    slope_ratio: num(bias.slopeRatio),
    p_null_negative: num(bias.negative.pNull),
    p_null_positive: num(bias.positive.pNull),
    p_null_log_ratio: num(bias.pLogRatio),
    steeper_side: bias.steeperSide,
    bias: bias.bias,
    saliency_bias: bias.saliencyBias,
    sentiment_min: num(bias.sentimentMin),
    sentiment_max: num(bias.sentimentMax),
    sentiment_range: num(bias.sentimentMax - bias.sentimentMin),
    opinion_min: num(Math.min(...opinions)),
    opinion_max: num(Math.max(...opinions)),
    opinion_range: num(Math.max(...opinions) - Math.min(...opinions)),
    mean_rounds: num(mean(deliberation.conversations.map((c) => c.rounds))),
  };
}
