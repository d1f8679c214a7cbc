/**
 * Figures of the Sentimental Agents sensitivity sweep (§6.2.2): bias slopes,
 * slope ratio and opinion range against alpha, from the tidy table of
 * `consilium sweep sentimental` (src/sentimental/sweep). Titles carry the
 * table's model label.
 */
import { sweepLineFigure, type Figure, type Table } from "../core/index";

/**
 * Sentimental Agents §6.2.2 (the sensitivity analysis behind Figure 7): the
 * magnitudes |slope| of the two OLS-through-origin bias regressions (opinion
 * change on peers' positive / negative sentiment) against alpha, one colour
 * per temperature, averaged over the tolerances; the dotted line at 1 is the
 * paper's saliency threshold (|slope| < 1 = no saliency bias).
 *
 * @example
 * const fig = sentimentalBiasSlopesFigure(sweep.table); // 2 traces per temperature + the threshold
 */
export function sentimentalBiasSlopesFigure(table: Table): Figure {
  return sweepLineFigure(table, {
    x: "alpha",
    y: ["slope_positive", "slope_negative"],
    groupBy: "temperature",
    groupLabel: "T",
    absolute: true,
    labels: { slope_positive: "|slope| positive peers", slope_negative: "|slope| negative peers" },
    reference: { y: 1, label: "saliency threshold |slope| = 1" },
    name: "sweep_bias_slopes",
    title: "Bias slopes vs alpha (mean over tolerance)",
    xTitle: "alpha",
    yTitle: "|OLS slope|",
  });
}

/**
 * Sentimental Agents §6.2.2: the slope ratio |slope+| / |slope-| against
 * alpha per temperature (mean over tolerance). Above the dotted line at 1 the
 * agents show a positivity bias, below it a negativity bias; the paper reports
 * about 1.29 at its default cell and more than 2 at alpha 0.3, tolerance 0.005,
 * temperature 1.5.
 *
 * @example
 * const fig = sentimentalSlopeRatioFigure(sweep.table); // one trace per temperature + the line at 1
 */
export function sentimentalSlopeRatioFigure(table: Table): Figure {
  return sweepLineFigure(table, {
    x: "alpha",
    y: ["slope_ratio"],
    groupBy: "temperature",
    groupLabel: "T",
    labels: { slope_ratio: "|slope+| / |slope-|" },
    reference: { y: 1, label: "no bias (ratio 1)" },
    name: "sweep_slope_ratio",
    title: "Slope ratio vs alpha (mean over tolerance)",
    xTitle: "alpha",
    yTitle: "|slope+| / |slope-|",
  });
}

/**
 * Sentimental Agents §6.2.2: the range (max - min) of the agents' opinions
 * S_O (eq. 4) against alpha per temperature, averaged over tolerance — the
 * paper's claim that a lower alpha gives a more constrained range.
 *
 * @example
 * const fig = sentimentalOpinionRangeFigure(sweep.table); // one trace per temperature
 */
export function sentimentalOpinionRangeFigure(table: Table): Figure {
  return sweepLineFigure(table, {
    x: "alpha",
    y: ["opinion_range"],
    groupBy: "temperature",
    groupLabel: "T",
    labels: { opinion_range: "opinion range" },
    name: "sweep_opinion_range",
    title: "Opinion range vs alpha (mean over tolerance)",
    xTitle: "alpha",
    yTitle: "max S_O - min S_O",
  });
}
