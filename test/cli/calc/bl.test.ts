/**
 * `consilium calc bl` with the long-only options: "optimize" against scipy
 * solutions of the same Black-Litterman problems (numpy posterior, then the
 * QP; test/portfolio/fixtures/gen_qp_cases.py), clipping as the default, and
 * clear errors for bounds no fully invested book can meet.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../../../src/cli/main";

interface BlCase {
  sigma: number[][];
  wMkt: number[];
  q: number[];
  maxWeight: number;
  weightsLongOnly: number[];
}

const fixture = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "portfolio", "fixtures", "bl_optimize_cases.json"), "utf8")) as { cases: BlCase[] };

async function calcBl(input: Record<string, unknown>): Promise<{ code: number; out: Record<string, unknown>; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => JSON.stringify(input) };
  const code = await main(["calc", "bl"], io);
  return { code, out: code === 0 ? (JSON.parse(out) as Record<string, unknown>) : {}, err };
}

const maxAbsDiff = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));

describe("calc bl, long-only", () => {
  it("has cases with and without a binding maxWeight", () => {
    expect(fixture.cases.filter((c) => c.maxWeight === 1).length).toBeGreaterThanOrEqual(4);
    expect(fixture.cases.filter((c) => c.maxWeight < 1 && Math.max(...c.weightsLongOnly) > c.maxWeight - 1e-9).length).toBeGreaterThanOrEqual(3);
  });

  it.each(fixture.cases.map((c, i) => [i, c] as const))('"optimize" matches the scipy solution of case %i to 1e-6', async (_i, c) => {
    const { code, out } = await calcBl({ sigma: c.sigma, wMkt: c.wMkt, q: c.q, longOnly: "optimize", maxWeight: c.maxWeight });
    expect(code).toBe(0);
    expect(out.longOnly).toBe("optimize");
    expect(maxAbsDiff(out.weightsLongOnly as number[], c.weightsLongOnly)).toBeLessThan(1e-6);
  });

  it("clips by default (and for true), which is not the optimum", async () => {
    let differ = 0;
    for (const c of fixture.cases.filter((x) => x.maxWeight === 1)) {
      const clip = await calcBl({ sigma: c.sigma, wMkt: c.wMkt, q: c.q });
      const alias = await calcBl({ sigma: c.sigma, wMkt: c.wMkt, q: c.q, longOnly: true });
      expect(clip.out.longOnly).toBe("clip");
      expect(alias.out.weightsLongOnly).toEqual(clip.out.weightsLongOnly);
      const raw = clip.out.rawWeights as number[];
      const positive = raw.map((w) => Math.max(0, w));
      const total = positive.reduce((a, b) => a + b, 0);
      expect(
        maxAbsDiff(
          clip.out.weightsLongOnly as number[],
          positive.map((w) => w / total),
        ),
      ).toBeLessThan(1e-15);
      if (maxAbsDiff(clip.out.weightsLongOnly as number[], c.weightsLongOnly) > 1e-4) differ++;
    }
    expect(differ).toBeGreaterThanOrEqual(2);
  });

  it("returns no long-only book for none / false", async () => {
    const c = fixture.cases[0]!;
    for (const longOnly of ["none", false]) {
      const { out } = await calcBl({ sigma: c.sigma, wMkt: c.wMkt, q: c.q, longOnly });
      expect(out.weightsLongOnly).toBeNull();
      expect((out.weights as number[]).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it("rejects infeasible bounds in both modes and a turnover penalty without previous weights", async () => {
    const input = {
      sigma: [
        [0.04, 0],
        [0, 0.09],
      ],
      wMkt: [0.5, 0.5],
      q: [0.02, -0.02],
    };
    for (const longOnly of ["clip", "optimize"]) {
      const { code, err } = await calcBl({ ...input, longOnly, maxWeight: 0.4 });
      expect(code).toBe(2); // input the caller fixes
      expect(err).toMatch(/calc bl: infeasible weight bounds: 2 assets x maxWeight 0.4 = 0.8 < 1; raise maxWeight to at least 0.5/);
    }
    expect((await calcBl({ ...input, longOnly: "optimize", turnoverPenalty: 0.01 })).err).toMatch(/"turnoverPenalty" needs "previous"/);
    expect((await calcBl({ ...input, turnoverPenalty: 0.01, previous: [0.5, 0.5] })).err).toMatch(/needs "longOnly": "optimize"/);
  });

  it("holds the previous book under a large turnover penalty", async () => {
    const input = {
      sigma: [
        [0.04, 0],
        [0, 0.09],
      ],
      wMkt: [0.5, 0.5],
      q: [0.02, -0.02],
      longOnly: "optimize",
      turnoverPenalty: 5,
      previous: [0.45, 0.55],
    };
    const { out } = await calcBl(input);
    expect(maxAbsDiff(out.weightsLongOnly as number[], [0.45, 0.55])).toBeLessThan(1e-12);
  });
});
