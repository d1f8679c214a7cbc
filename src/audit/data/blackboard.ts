/**
 * Reported numbers of the third paper (multi-agent blackboard + structured
 * debate + Black-Litterman, S&P 500 constituents, 2025-01-01 .. 2025-08-29),
 * §4 "Results" and "Extended Validation and Robustness Analysis", copied from
 * the paper's text. Percentages are stored as fractions; `decimals` is the
 * number of decimals as printed in the unit printed (percent or ratio).
 */

export const BB_PAPER = "Blackboard + debate + Black-Litterman (2025)";

export const BB_REPORTED = {
  startDate: "2025-01-01",
  endDate: "2025-08-29",
  /** "n = 166 trading days" */
  tradingDays: 166,
  startValue: 1_000_000.0,
  endValue: 1_134_348.19,
  /** 13.43 % total return (abstract, §4 and validation paragraph). */
  totalReturn: { value: 0.1343, decimals: 2, unit: "%" },
  /** S&P 500 over the same period: 10.08 %. */
  benchmarkReturn: { value: 0.1008, decimals: 2, unit: "%" },
  /** "an excess of 3.35 percentage points". */
  excessReturn: { value: 0.0335, decimals: 2, unit: "pp" },
  /** Annualized return 21.09 %. */
  annualizedReturn: { value: 0.2109, decimals: 2, unit: "%" },
  /** Annualized volatility 19.30 %. */
  annualizedVolatility: { value: 0.193, decimals: 2, unit: "%" },
  /** Sharpe ratio 1.0 with a risk-free rate of 2.00 %. */
  sharpe: { value: 1.0, decimals: 1, unit: "" },
  riskFree: 0.02,
  sortino: { value: 1.28, decimals: 2, unit: "" },
  maxDrawdown: { value: -0.1533, decimals: 2, unit: "%" },
  /** "annualized over 252 trading days" */
  periodsPerYear: 252,
  /** 20-day rolling Sharpe, §4 Results: range -2.42 .. 5.27, mean 1.41, std 2.63 ("month-to-month"). */
  rollingSharpeResults: { min: -2.42, max: 5.27, mean: 1.41, std: 2.63 },
  /** Same statistic in the validation paragraph: "mean 20-day Sharpe 1.60 ± 3.28". */
  rollingSharpeValidation: { mean: 1.6, std: 3.28 },
  /** WAB perturbation (BUY -> HOLD): weight 0.112 -> 0.087, "Δ = -0.025". */
  wab: { before: 0.112, after: 0.087, delta: -0.025, decimals: 3 },
} as const;
