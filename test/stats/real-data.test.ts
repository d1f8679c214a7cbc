import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bollinger, macd, rsi } from "../../src/stats/indicators";
import { blackLittermanPortfolio, sampleCovarianceOfColumns, simpleReturns, trailingWindow } from "../../src/portfolio";
import { isSpd } from "../../src/stats/linalg";
import { at } from "../helpers/checked";

// Real prices from the shared data folder (read-only, never copied). Skipped when absent.
const PRICES = path.resolve(process.cwd(), "../shared/datasets/prices");
const available = existsSync(path.join(PRICES, "SPY.csv"));

function readCloses(ticker: string): { dates: string[]; close: number[] } {
  const lines = readFileSync(path.join(PRICES, `${ticker}.csv`), "utf8")
    .trim()
    .split(/\r?\n/);
  const header = at(lines, 0).split(",");
  const dateCol = header.indexOf("Date");
  const closeCol = header.indexOf("Close");
  const dates: string[] = [];
  const close: number[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(",");
    dates.push(at(cells, dateCol));
    close.push(Number(at(cells, closeCol)));
  }
  return { dates, close };
}

describe.skipIf(!available)("indicators and BL on real prices (../shared/datasets)", () => {
  it("SPY indicators on 2025-10-07 match a numpy explicit-weights reference", () => {
    // Reference (dev time, numpy): full-history explicit adjust=True weights, first diff 0,
    // window-20 sample std; RSI 66.53492853780523, MACD 6.497525674699887, signal 6.471006378239814,
    // Bollinger 673.7855327673024 / 651.1190205326977.
    const { dates, close } = readCloses("SPY");
    const i = dates.indexOf("2025-10-07");
    expect(i, "SPY.csv has 2025-10-07").toBeGreaterThan(0); // indicators at i depend only on rows <= i
    expect(rsi(close)[i]).toBeCloseTo(66.53492853780523, 8);
    const m = macd(close);
    expect(m.macd[i]).toBeCloseTo(6.497525674699887, 8);
    expect(m.macds[i]).toBeCloseTo(6.471006378239814, 8);
    const b = bollinger(close);
    expect(b.upper[i]).toBeCloseTo(673.7855327673024, 8);
    expect(b.lower[i]).toBeCloseTo(651.1190205326977, 8);
  });

  it("a 252-day covariance before 2025-01-02 is SPD and BL weights are well formed", () => {
    const tickers = ["AAPL", "MSFT", "JPM", "XOM", "JNJ", "SPY"];
    const columns = tickers.map((t) => {
      const { dates, close } = readCloses(t);
      const window = trailingWindow(dates, "2025-01-02", 252);
      if (window === null) throw new Error(`${t}: no 252-day window before 2025-01-02`);
      expect(at(dates, window.end - 1) < "2025-01-02").toBe(true);
      return simpleReturns(close.slice(window.start, window.end));
    });
    const sigma = sampleCovarianceOfColumns(columns);
    expect(isSpd(sigma)).toBe(true);
    // Annualized vols of large caps are between 5% and 80%.
    sigma.forEach((row, i) => {
      expect(Math.sqrt(at(row, i))).toBeGreaterThan(0.05);
      expect(Math.sqrt(at(row, i))).toBeLessThan(0.8);
    });
    const out = blackLittermanPortfolio({ sigma, decisions: ["BUY", "HOLD", "SELL", "HOLD", "BUY", "HOLD"] });
    expect(out.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(out.weightsLongOnly.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (const w of out.weightsLongOnly) expect(w).toBeGreaterThanOrEqual(0);
  });
});
