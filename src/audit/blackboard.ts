/**
 * Audit of the third paper's reported performance numbers (§4): recompute
 * total, excess and annualised return and the Sharpe ratio from the reported
 * portfolio values under each convention (252 vs 365 days, trading vs
 * calendar days, geometric vs simple vs log, rf 0 vs 2 %), check the day
 * count against the NYSE calendar, and — when the real price folder is
 * available — the S&P 500 return against SPY.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { SPECIAL_CLOSURES, closureReason, tradingDays, loadPrices } from "../data/index";
import { BB_PAPER, BB_REPORTED as R } from "./data/blackboard";
import { annualizeGeometric, annualizeLog, annualizeSimple, calendarDaysBetween } from "./formulas";
import { judgeCell } from "./judge";
import type { Finding } from "./types";

/** Percent-valued findings are compared in percent, as printed. */
const pct = (x: number) => x * 100;

export const BB_READINGS = {
  simpleTotal: "end value / start value − 1",
  geo252n: "geometric, (1+R)^(252/n) − 1, n = reported days",
  geo252sessions: "geometric, 252 / NYSE sessions in the window",
  geo365cal: "geometric, (1+R)^(365/calendar days) − 1",
  simple252n: "simple, R × 252 / n",
  log252n: "continuously compounded, ln(1+R) × 252 / n",
  sharpeRf2: "(annualised return − 2 %) / annualised volatility",
  sharpeRf0: "annualised return / annualised volatility (rf 0)",
  sharpeLogRf2: "(log annualised return − 2 %) / annualised volatility",
} as const;

/** Reported-number findings of the third paper. `realDataDir` = the shared datasets folder (optional). */
export function auditBlackboard(realDataDir?: string): Finding[] {
  const out: Finding[] = [];
  const paper = BB_PAPER;
  const total = R.endValue / R.startValue - 1;
  const sessionDates = tradingDays(R.startDate, R.endDate);
  const firstSession = sessionDates[0];
  if (firstSession === undefined) throw new RangeError(`audit: no NYSE session between the reported ${R.startDate} and ${R.endDate}`);
  const sessions = sessionDates.length;

  out.push(
    judgeCell({
      paper,
      table: "§4 Validation",
      check: "total and excess return from the reported portfolio values",
      row: "total return (%)",
      column: "portfolio",
      published: pct(R.totalReturn.value),
      decimals: 2,
      inputs: "$1,000,000.00 -> $1,134,348.19",
      readings: { [BB_READINGS.simpleTotal]: pct(total) },
    }),
    judgeCell({
      paper,
      table: "§4 Results",
      check: "total and excess return from the reported portfolio values",
      row: "excess return (pp)",
      column: "portfolio − S&P 500",
      published: pct(R.excessReturn.value),
      decimals: 2,
      inputs: "13.43 % and 10.08 %",
      readings: {
        "printed returns subtracted": pct(R.totalReturn.value - R.benchmarkReturn.value),
        "unrounded portfolio return − 10.08 %": pct(total - R.benchmarkReturn.value),
      },
    }),
  );

  // Day count: the paper's n = 166 vs the NYSE calendar.
  const weekdaysMinusHolidays = sessions + countSpecialClosures(R.startDate, R.endDate);
  out.push(
    judgeCell({
      paper,
      table: "§4 Validation",
      check: "trading-day count of the window",
      row: "trading days n",
      column: `${R.startDate}..${R.endDate}`,
      published: R.tradingDays,
      decimals: 0,
      inputs: "NYSE calendar (src/data/calendar)",
      readings: { "NYSE sessions in the window": sessions, "NYSE sessions + 1 (start value counted as a day)": sessions + 1 },
      diagnostics: { "weekdays minus regular holidays (ignoring the 2025-01-09 Carter closure)": weekdaysMinusHolidays },
      note: `The first session is ${firstSession}; 2025-01-09 was an unscheduled closure (national day of mourning).`,
    }),
  );

  // Annualised return.
  const calDays = calendarDaysBetween(R.startDate, R.endDate);
  const calDaysFromFirst = calendarDaysBetween(firstSession, R.endDate);
  out.push(
    judgeCell({
      paper,
      table: "§4 Validation",
      check: "annualised return from the total return",
      row: "annualized return (%)",
      column: "portfolio",
      published: pct(R.annualizedReturn.value),
      decimals: 2,
      inputs: "total return 13.4348 %, n = 166, calendar",
      readings: {
        [BB_READINGS.geo252n]: pct(annualizeGeometric(total, R.tradingDays, 252)),
        [BB_READINGS.geo252sessions]: pct(annualizeGeometric(total, sessions, 252)),
        "geometric, 252 / (n − 1) daily returns": pct(annualizeGeometric(total, R.tradingDays - 1, 252)),
        [`${BB_READINGS.geo365cal} (${calDays} days from ${R.startDate})`]: pct(annualizeGeometric(total, calDays, 365)),
        [`${BB_READINGS.geo365cal} (${calDaysFromFirst} days from ${firstSession})`]: pct(annualizeGeometric(total, calDaysFromFirst, 365)),
        [BB_READINGS.simple252n]: pct(annualizeSimple(total, R.tradingDays, 252)),
        [BB_READINGS.log252n]: pct(annualizeLog(total, R.tradingDays, 252)),
      },
    }),
  );

  // Sharpe from the published annualised return and volatility.
  const ann = R.annualizedReturn.value;
  const vol = R.annualizedVolatility.value;
  const logAnn = annualizeLog(total, R.tradingDays, 252);
  out.push(
    judgeCell({
      paper,
      table: "§4 Validation",
      check: "Sharpe ratio from annualised return and volatility",
      row: "Sharpe ratio",
      column: "portfolio (rf 2 %)",
      published: R.sharpe.value,
      decimals: 1,
      inputs: "annualized return 21.09 %, volatility 19.30 %",
      readings: {
        [BB_READINGS.sharpeRf2]: (ann - R.riskFree) / vol,
        [BB_READINGS.sharpeRf0]: ann / vol,
        [BB_READINGS.sharpeLogRf2]: (logAnn - R.riskFree) / vol,
        "(arithmetic mean ≈ log mean + σ²/2 − 2 %) / volatility": (logAnn + (vol * vol) / 2 - R.riskFree) / vol,
      },
    }),
  );

  for (const [row, fact] of [
    ["annualized volatility (%)", R.annualizedVolatility],
    ["Sortino ratio", R.sortino],
    ["maximum drawdown (%)", R.maxDrawdown],
  ] as const) {
    out.push(
      judgeCell({
        paper,
        table: "§4 Validation",
        check: "needs the daily portfolio values (not published)",
        row,
        column: "portfolio",
        published: fact.unit === "%" ? pct(fact.value) : fact.value,
        decimals: fact.decimals,
        inputs: "daily net portfolio values (not published)",
        readings: {},
        verdict: "unverifiable",
      }),
    );
  }

  // Two statements of the 20-day rolling Sharpe.
  for (const stat of ["mean", "std"] as const) {
    out.push(
      judgeCell({
        paper,
        table: "§4 Results vs §4 Validation",
        check: "two statements of the 20-day rolling Sharpe",
        row: `20-day rolling Sharpe ${stat}`,
        column: "portfolio",
        published: R.rollingSharpeValidation[stat],
        decimals: 2,
        inputs: "§4 Results paragraph",
        readings: { "value in the Results paragraph": R.rollingSharpeResults[stat] },
        verdict: (R.rollingSharpeResults[stat] as number) === (R.rollingSharpeValidation[stat] as number) ? undefined : "inconsistent",
        note: `Results: range −2.42..5.27, mean ${R.rollingSharpeResults.mean}, std ${R.rollingSharpeResults.std} ("month-to-month"); Validation: "mean 20-day Sharpe ${R.rollingSharpeValidation.mean} ± ${R.rollingSharpeValidation.std}".`,
      }),
    );
  }

  out.push(
    judgeCell({
      paper,
      table: "§5 WAB case",
      check: "weight change of the BUY→HOLD perturbation",
      row: "Δ weight WAB",
      column: "BUY→HOLD",
      published: R.wab.delta,
      decimals: R.wab.decimals,
      inputs: "weights 0.112 -> 0.087",
      readings: { "after − before": R.wab.after - R.wab.before },
    }),
  );

  out.push(...auditBenchmark(realDataDir));
  return out;
}

function countSpecialClosures(from: string, to: string): number {
  return SPECIAL_CLOSURES.filter((c) => c.date >= from && c.date <= to && closureReason(c.date) !== "weekend").length;
}

/** Price i of a SPY column; loadPrices gives one per date, so a miss means a short column. */
function priceAt(prices: ArrayLike<number>, i: number, column: string): number {
  const value = prices[i];
  if (value === undefined) throw new RangeError(`audit: SPY.csv has no ${column} at row ${i} (of ${prices.length})`);
  return value;
}

/** The S&P 500's 10.08 % against SPY in the real price folder (skipped when absent). */
function auditBenchmark(realDataDir?: string): Finding[] {
  const file = realDataDir ? path.join(realDataDir, "prices", "SPY.csv") : "";
  if (!realDataDir || !existsSync(file)) return [];
  const spy = loadPrices(file, "SPY").series;
  const end = spy.dates.indexOf(R.endDate);
  const first = spy.dates.findIndex((d) => d >= R.startDate);
  const prev = first - 1; // dates ascend (loadPrices checks), so the last bar before the start precedes the first one in it
  if (end < 0 || first < 0 || prev < 0) return [];
  const close = (i: number) => priceAt(spy.adjClose, i, "adjusted close");
  const openPrice = priceAt(spy.open, first, "open");
  return [
    judgeCell({
      paper: BB_PAPER,
      table: "§4 Results",
      check: "S&P 500 return vs SPY (shared datasets, adjusted prices)",
      row: "S&P 500 return (%)",
      column: `${R.startDate}..${R.endDate}`,
      published: pct(R.benchmarkReturn.value),
      decimals: 2,
      inputs: `${path.basename(realDataDir)}/prices/SPY.csv (split- and dividend-adjusted)`,
      readings: {
        [`SPY adj. close ${spy.dates[prev]} -> ${R.endDate}`]: pct(close(end) / close(prev) - 1),
        [`SPY adj. close ${spy.dates[first]} -> ${R.endDate}`]: pct(close(end) / close(first) - 1),
        [`SPY adj. open ${spy.dates[first]} -> close ${R.endDate}`]: pct(close(end) / openPrice - 1),
      },
      note: "SPY is a total-return proxy (dividends reinvested by the adjustment); the paper does not say whether it used SPY or the index, nor which start price.",
    }),
  ];
}
