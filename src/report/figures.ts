/**
 * The figures one report shows, in one palette: the run's figures (as the
 * run folder holds them) and, for runs with daily returns, the tear sheet's,
 * so that a series (SPY, equal weight, FinMem, buy and hold) has one colour
 * in the tear sheet, the run's figures and their exported PNGs alike.
 */
import type { Figure } from "../core/index";
import { colourFiguresBySeries, SeriesPalette } from "../plot/index";
import type { RunFolder } from "./run-folder";
import { findDailyReturns, tearSheet, type DailyReturns, type TearSheet } from "./tearsheet";

/** What a report draws: the run's figures and, when it has daily returns, its tear sheet. */
export interface ReportFigures {
  figures: Figure[];
  daily: DailyReturns | null;
  sheet: TearSheet | null;
}

/**
 * The run's figures and tear sheet, coloured by series with one palette (run
 * figures first, so they keep the colours the run folder's exports have).
 * The tear sheet names the benchmark after the run's `benchmark` key.
 * @example const { figures, sheet } = reportFigures(readRunFolder("runs/blackboard-seed7")); // SPY grey in both
 */
export function reportFigures(run: RunFolder): ReportFigures {
  const benchmark = typeof run.config.benchmark === "string" ? run.config.benchmark : undefined;
  const daily = findDailyReturns(run.tables, benchmark ? { benchmark_return: benchmark } : {});
  const palette = new SeriesPalette();
  const figures = colourFiguresBySeries(run.figures, palette);
  if (!daily) return { figures, daily, sheet: null };
  const raw = tearSheet(daily);
  return { figures, daily, sheet: { ...raw, figures: colourFiguresBySeries(raw.figures, palette) } };
}
