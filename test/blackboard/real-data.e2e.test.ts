/**
 * The Blackboard experiment on the real folder (../shared/datasets, skipped
 * when absent) against an independent numpy / scipy recomputation
 * (fixtures/gen_real_data.py, committed as fixtures/real_data_reference.json):
 * from the price files and the run's views alone, the BL weights of every
 * rebalance (clipped, and the exact optimiser with maxWeight), the turnover,
 * the costs and the return, with no execution lag and with one session.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runExperiment } from "../../src/run/runner";

interface ReferenceCase {
  name: string;
  set: Record<string, string | number>;
  views: Record<string, Record<string, string>>;
  weights: Record<string, Record<string, number>>;
  totalReturn: number;
  turnover: number;
  costs: number;
  days: number;
}

const shared = path.resolve(process.cwd(), "../shared/datasets");
const reference = JSON.parse(readFileSync(path.join(__dirname, "fixtures", "real_data_reference.json"), "utf8")) as { cases: ReferenceCase[] };

describe.skipIf(!existsSync(shared))("blackboard on ../shared/datasets against numpy", () => {
  it.each(reference.cases.map((c) => [c.name, c] as const))(
    "%s: weights, turnover, costs and return",
    async (_name, c) => {
      const run = await runExperiment("blackboard", { seed: 7, dataDir: shared, set: Object.entries(c.set).map(([k, v]) => `${k}=${v}`) });
      const table = (name: string) => run.result.tables.find((t) => t.name === name)!.rows;
      const views: Record<string, Record<string, string>> = {};
      for (const v of table("bb_views")) (views[v.date as string] ??= {})[v.ticker as string] = v.final_action as string;
      // The reference was computed from these views; if the agents change, regenerate it (see the generator's doc).
      expect(views).toEqual(c.views);

      const optimize = c.set.longOnly === "optimize";
      let compared = 0;
      for (const row of table("bb_weights")) {
        const expected = c.weights[row.date as string]![row.ticker as string]!;
        expect(Math.abs((row.weight as number) - expected), `${row.date} ${row.ticker}`).toBeLessThan(optimize ? 1e-7 : 1e-9);
        compared++;
      }
      expect(compared).toBe(Object.values(c.weights).reduce((n, w) => n + Object.keys(w).length, 0));
      // Some weights are not 1/N and some are 0 (clipping) or at the cap (optimize): the comparison has teeth.
      const all = Object.values(c.weights).flatMap((w) => Object.values(w));
      expect(all.some((w) => Math.abs(w - 1 / 6) > 0.05)).toBe(true);

      const { summary } = run.result;
      expect(summary.days).toBe(c.days);
      expect(summary.turnover as number).toBeCloseTo(c.turnover, optimize ? 6 : 8);
      expect((summary.costs as number) / c.costs).toBeCloseTo(1, optimize ? 6 : 8);
      expect(summary.totalReturn as number).toBeCloseTo(c.totalReturn, optimize ? 7 : 9);
      expect(summary.marketWeightsUsed).toBe("equal");
      // The real folder has no shares outstanding: every rebalance uses equal weights, counted.
      expect(run.result.effective).toEqual({
        config: { marketWeights: "equal", priorRebalances: { equal: summary.rebalances } },
        notes: [expect.stringMatching(/rebalances used equal weights .*no sharesOutstanding/)],
      });
    },
    120_000,
  );
});
