/**
 * Audit of FinMem's headline TSLA numbers (reference notes): the buy-and-hold
 * cumulative return is recomputed from the real prices when available; the
 * agent's own CR and Sharpe need its trades, which are not published.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadPrices } from "../data/index";
import { FM_PAPER, FM_REPORTED as R } from "./data/finmem";
import { judgeCell } from "./judge";
import type { Finding } from "./types";

/** FinMem findings; `realDataDir` = the shared datasets folder (optional). */
export function auditFinmem(realDataDir?: string): Finding[] {
  const out: Finding[] = [];
  const file = realDataDir ? path.join(realDataDir, "prices", `${R.ticker}.csv`) : "";
  if (realDataDir && existsSync(file)) {
    const s = loadPrices(file, R.ticker).series;
    const i0 = s.dates.indexOf(R.testStart);
    const i1 = s.dates.indexOf(R.testEnd);
    if (i0 > 0 && i1 > i0 && i1 + 1 < s.dates.length) {
      // loadPrices gives one adjusted close per date, so the date checks above cover these; a short column fails by name.
      const p = (i: number): number => {
        const value = s.adjClose[i];
        if (value === undefined) throw new RangeError(`audit: ${R.ticker}.csv has no adjusted close at row ${i} (of ${s.adjClose.length})`);
        return value;
      };
      const readings: Record<string, number> = {
        // Code: r_t = ln(P_{t+1}/P_t) for every test day t, summed -> ln(P_{end+1} / P_start).
        [`code: Σ ln(P[t+1]/P[t]) for t in ${R.testStart}..${R.testEnd} (= ln P ${s.dates[i1 + 1]} / P ${R.testStart})`]: Math.log(p(i1 + 1) / p(i0)),
        [`Σ ln(P[t]/P[t−1]) over the window (= ln P ${R.testEnd} / P ${R.testStart})`]: Math.log(p(i1) / p(i0)),
        [`simple return P ${R.testEnd} / P ${R.testStart} − 1`]: p(i1) / p(i0) - 1,
        [`Σ ln returns from the first day after the start (${s.dates[i0 + 1]})`]: Math.log(p(i1) / p(i0 + 1)),
        [`Σ ln returns from the day before the start (${s.dates[i0 - 1]})`]: Math.log(p(i1) / p(i0 - 1)),
      };
      out.push(
        judgeCell({
          paper: FM_PAPER,
          table: "headline (TSLA)",
          check: "buy-and-hold cumulative return vs real prices",
          row: "buy-and-hold CR",
          column: `${R.testStart}..${R.testEnd}`,
          published: R.buyAndHoldCr.value,
          decimals: R.buyAndHoldCr.decimals,
          inputs: `${path.basename(realDataDir)}/prices/${R.ticker}.csv (adjusted close)`,
          readings,
          note: "The authors' price data is not public; a constant adjustment factor does not change these ratios.",
        }),
      );
    }
  }
  for (const [row, fact] of [
    ["FinMem CR", R.finmemCr],
    ["FinMem Sharpe ratio", R.finmemSharpe],
  ] as const) {
    out.push(
      judgeCell({
        paper: FM_PAPER,
        table: "headline (TSLA)",
        check: "needs the agent's daily positions (not published)",
        row,
        column: `${R.testStart}..${R.testEnd}`,
        published: fact.value,
        decimals: fact.decimals,
        inputs: "daily positions (not published)",
        readings: {},
        verdict: "unverifiable",
      }),
    );
  }
  return out;
}
