/**
 * FinMem (Yu et al., arXiv 2311.13743) headline numbers. The paper file in
 * this project is a Chinese summary that stops before the results, so the
 * numbers come from the project's reference notes (REFERENCE-NOTES.md,
 * "Headline test window"): TSLA over 2022-10-06 .. 2023-04-10.
 */

export const FM_PAPER = "FinMem (Yu et al., arXiv 2311.13743)";

export const FM_REPORTED = {
  ticker: "TSLA",
  testStart: "2022-10-06",
  testEnd: "2023-04-10",
  /** Cumulative return of buy-and-hold (sum of daily log returns). */
  buyAndHoldCr: { value: -0.186, decimals: 3 },
  /** Cumulative return of FinMem. */
  finmemCr: { value: 0.618, decimals: 3 },
  /** Sharpe ratio of FinMem (rf 0, 252 days, per the code). */
  finmemSharpe: { value: 2.679, decimals: 3 },
} as const;
