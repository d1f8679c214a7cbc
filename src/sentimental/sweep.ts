/**
 * Sensitivity sweep of Sentimental Agents (§6.2.2): the deliberation is rerun
 * for every cell of a parameter grid (the paper: alpha 0.3/0.5/0.7, tolerance
 * 0.001/0.005/0.0001, temperature 0.7/1/1.5) and one tidy row per cell
 * reports the bias slopes, R^2 and sentiment range.
 *
 * Resumability: every model call of a cell is keyed by (task, input,
 * temperature, run seed) only — never by time or completion order — so a
 * crashed sweep rerun with the same record/replay cache answers the finished
 * cells' calls from the cache.
 */
import { mapConcurrent } from "../llm/limit";
import type { Row, RunContext, Table } from "../run/experiment";
import { biasOf } from "./analysis";
import { sentimentalConfigSchema, type SentimentalConfig } from "./config";
import { deliberate, loadScenario } from "./pipeline";
import { num } from "./report";

export type SweepGrid = Record<string, Array<number | string>>;

/**
 * Cartesian product of a grid, keys in insertion order, the last key varying
 * fastest.
 *
 * @example
 * gridCells({ alpha: [0.3, 0.5], temperature: [1] }); // [{ alpha: 0.3, temperature: 1 }, { alpha: 0.5, temperature: 1 }]
 */
export function gridCells(grid: SweepGrid): Array<Record<string, number | string>> {
  let cells: Array<Record<string, number | string>> = [{}];
  for (const [key, values] of Object.entries(grid)) {
    if (!Array.isArray(values) || values.length === 0) throw new Error(`sweep grid "${key}": needs at least one value`);
    cells = cells.flatMap((cell) => values.map((v) => ({ ...cell, [key]: v })));
  }
  return cells;
}

/**
 * Runs the grid and returns one row per cell: the grid values, the bias
 * regression per sign (slope, R^2, p, n), the slope ratio and bias label,
 * saliency, and the range of statement sentiments. Cells run in parallel up
 * to `concurrency`; rows keep grid order.
 *
 * @example
 * const table = await runSentimentalSweep({ alpha: [0.3, 0.5, 0.7] }, { candidates: 10 }, ctx, { concurrency: 2 });
 * table.rows[0]; // { cell: 1, alpha: 0.3, slope_negative: ..., r2_negative: ..., sentiment_range: ... }
 */
export async function runSentimentalSweep(
  grid: SweepGrid,
  baseConfig: Partial<SentimentalConfig>,
  ctx: RunContext,
  options: { concurrency?: number } = {},
): Promise<Table> {
  const shape = sentimentalConfigSchema.shape as Record<string, unknown>;
  for (const key of Object.keys(grid)) {
    if (!(key in shape)) throw new Error(`sweep grid: unknown config key "${key}"; allowed keys: ${Object.keys(shape).join(", ")}`);
  }
  const cells = gridCells(grid);
  const configs = cells.map((cell, i) => {
    const parsed = sentimentalConfigSchema.safeParse({ ...baseConfig, ...cell });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`sweep cell ${i + 1} (${JSON.stringify(cell)}): invalid "${issue.path.join(".")}": ${issue.message}`);
    }
    return parsed.data;
  });
  const scenarios = configs.map((c) => loadScenario(c, ctx.dataDir, ctx.seed));
  ctx.progress.start("sentimental sweep", cells.length);
  const rows = await mapConcurrent(configs, Math.max(1, options.concurrency ?? 1), async (config, i) => {
    const deliberation = await deliberate(scenarios[i]!, config, { ...ctx, progress: { start() {}, tick() {}, done() {} } }, ctx.seed);
    const bias = biasOf(deliberation, config).pooled;
    const opinions = deliberation.conversations.flatMap((c) => c.turns.map((t) => t.opinion));
    ctx.progress.tick();
    const row: Row = { cell: i + 1, ...cells[i]! };
    return {
      ...row,
      slope_negative: num(bias.negative.slope),
      r2_negative: num(bias.negative.r2),
      p_negative: num(bias.negative.p),
      n_negative: bias.negative.n,
      slope_positive: num(bias.positive.slope),
      r2_positive: num(bias.positive.r2),
      p_positive: num(bias.positive.p),
      n_positive: bias.positive.n,
      slope_ratio: num(bias.slopeRatio),
      bias: bias.bias,
      saliency_bias: bias.saliencyBias,
      sentiment_min: num(bias.sentimentMin),
      sentiment_max: num(bias.sentimentMax),
      sentiment_range: num(bias.sentimentMax - bias.sentimentMin),
      opinion_min: num(Math.min(...opinions)),
      opinion_max: num(Math.max(...opinions)),
      opinion_range: num(Math.max(...opinions) - Math.min(...opinions)),
      mean_rounds: num(deliberation.conversations.reduce((a, c) => a + c.rounds, 0) / deliberation.conversations.length),
    } satisfies Row;
  });
  ctx.progress.done();
  const keys = Object.keys(grid);
  return {
    name: "sentimental_sweep",
    title: "Sentimental Agents sensitivity sweep: bias slopes and sentiment range per cell",
    columns: ["cell", ...keys, "slope_negative", "r2_negative", "p_negative", "n_negative", "slope_positive", "r2_positive", "p_positive", "n_positive", "slope_ratio", "bias", "saliency_bias", "sentiment_min", "sentiment_max", "sentiment_range", "opinion_min", "opinion_max", "opinion_range", "mean_rounds"],
    rows,
    note:
      "One row per grid cell: OLS through the origin of opinion change on peers' recent sentiment, by sign; sentiment = statement S_O, opinion = S_i^O(t) after the update (alpha only acts on the opinion, so it moves the opinion range and the changes, not the statements).",
  };
}
