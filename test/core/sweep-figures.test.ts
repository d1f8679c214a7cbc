import { describe, expect, it } from "vitest";
import type { Row, Table } from "../../src/core/contract";
import { sweepLineFigure } from "../../src/core/sweep-chart";
import { finmemAblationFigure } from "../../src/finmem/figures";
import { sentimentalBiasSlopesFigure, sentimentalOpinionRangeFigure, sentimentalSlopeRatioFigure } from "../../src/sentimental/sweep-figures";
import { modelLabelOf } from "../../src/core/labels";

/** A hand-made 2 x 2 x 2 sentimental sweep: alpha x tolerance x temperature. */
function sentimentalSweep(model = "offline"): Table {
  const rows: Row[] = [];
  let cell = 0;
  for (const alpha of [0.3, 0.7]) {
    for (const tolerance of [0.001, 0.005]) {
      for (const temperature of [1, 1.5]) {
        cell++;
        // slopes chosen so that means over tolerance are easy to compute by hand
        const slopeNegative = -(alpha + (tolerance === 0.005 ? 0.2 : 0) + (temperature === 1.5 ? 0.1 : 0));
        const slopePositive = alpha / 2 + (tolerance === 0.005 ? 0.1 : 0);
        rows.push({
          cell,
          alpha,
          tolerance,
          temperature,
          slope_negative: slopeNegative,
          slope_positive: slopePositive,
          slope_ratio: Math.abs(slopePositive) / Math.abs(slopeNegative),
          opinion_range: alpha * 2 + temperature / 10,
          model,
        });
      }
    }
  }
  return { name: "sweep_sentimental", title: "Sensitivity sweep", rows };
}

describe("sweepLineFigure", () => {
  it("averages a metric over the grid keys not shown, one trace per group", () => {
    const fig = sweepLineFigure(sentimentalSweep(), { x: "alpha", y: ["slope_negative"], groupBy: "temperature", name: "f", title: "T" });
    expect(fig.data).toHaveLength(2);
    const t1 = fig.data[0]!;
    expect(t1.name).toBe("slope_negative, temperature = 1");
    expect(t1.x).toEqual([0.3, 0.7]);
    // temperature 1, alpha 0.3: mean of -(0.3) and -(0.3 + 0.2) = -0.4
    const y1 = t1.y as number[];
    expect(y1[0]).toBeCloseTo(-0.4, 12);
    expect(y1[1]).toBeCloseTo(-0.8, 12);
    const y2 = fig.data[1]!.y as number[];
    expect(y2[0]).toBeCloseTo(-0.5, 12);
    expect(y2[1]).toBeCloseTo(-0.9, 12);
  });

  it("takes magnitudes with absolute, and adds the reference line as a last trace", () => {
    const fig = sweepLineFigure(sentimentalSweep(), {
      x: "alpha",
      y: ["slope_negative"],
      absolute: true,
      reference: { y: 1, label: "one" },
      name: "f",
      title: "T",
    });
    expect(fig.data).toHaveLength(2);
    const y = fig.data[0]!.y as number[];
    // alpha 0.3 over all four (tolerance, temperature) cells: 0.3, 0.4, 0.5, 0.6 -> 0.45
    expect(y[0]).toBeCloseTo(0.45, 12);
    expect(y[1]).toBeCloseTo(0.85, 12);
    expect(fig.data[1]).toMatchObject({ name: "one", x: [0.3, 0.7], y: [1, 1] });
  });

  it("sorts numeric x values and leaves gaps for x values without finite data", () => {
    const table: Table = {
      name: "t",
      title: "t",
      rows: [
        { k: 2, v: 4 },
        { k: 1, v: null },
        { k: 3, v: Number.NaN },
        { k: 1, v: null },
      ],
    };
    const fig = sweepLineFigure(table, { x: "k", y: ["v"], name: "f", title: "T" });
    expect(fig.data[0]!.x).toEqual([1, 2, 3]);
    expect(fig.data[0]!.y).toEqual([null, 4, null]);
  });

  it("names the missing column and the table", () => {
    expect(() => sweepLineFigure(sentimentalSweep(), { x: "beta", y: ["slope_ratio"], name: "f", title: "T" })).toThrow(
      /table "sweep_sentimental" has no column "beta"/,
    );
  });
});

describe("model labels in titles", () => {
  it("labels offline tables as offline agents and others by model id", () => {
    expect(modelLabelOf(sentimentalSweep())).toBe("offline agents — not LLM results");
    expect(modelLabelOf(sentimentalSweep("gpt-4o-mini"))).toBe("model: gpt-4o-mini");
    expect(modelLabelOf({ name: "t", title: "t", rows: [{ model: "offline" }, { model: "gpt-4o" }] })).toBe("models: offline agents, gpt-4o");
    expect(sentimentalSlopeRatioFigure(sentimentalSweep()).title).toMatch(/— offline agents — not LLM results$/);
    expect(sentimentalSlopeRatioFigure(sentimentalSweep("gpt-4o")).title).toMatch(/— model: gpt-4o$/);
  });
});

describe("Sentimental Agents sweep figures", () => {
  it("bias slopes: |slope| positive and negative per temperature, then the saliency line at 1", () => {
    const fig = sentimentalBiasSlopesFigure(sentimentalSweep());
    expect(fig.name).toBe("sweep_bias_slopes");
    expect(fig.data).toHaveLength(2 * 2 + 1);
    expect(fig.data.map((t) => t.name)).toEqual([
      "|slope| positive peers, T = 1",
      "|slope| negative peers, T = 1",
      "|slope| positive peers, T = 1.5",
      "|slope| negative peers, T = 1.5",
      "saliency threshold |slope| = 1",
    ]);
    // positive slope at alpha 0.3: mean of 0.15 and 0.25 = 0.2 (temperature does not enter)
    expect((fig.data[0]!.y as number[])[0]).toBeCloseTo(0.2, 12);
    // |negative| at alpha 0.7, temperature 1.5: mean of 0.8 and 1.0 = 0.9
    expect((fig.data[3]!.y as number[])[1]).toBeCloseTo(0.9, 12);
    expect(fig.data[4]!.y).toEqual([1, 1]);
    // 5 legend entries in 3 rows of two: the print size grows by 0.2 in per row, shown at 96 px per inch
    expect(fig.printSize).toEqual({ widthIn: 6.5, heightIn: 4.6 });
    expect(fig.layout.height).toBe(442);
    expect((fig.layout.margin as { b: number }).b).toBe(72 + 3 * 20);
    // positive solid, negative dashed; one colour per temperature
    expect((fig.data[0]!.line as { dash: string }).dash).toBe("solid");
    expect((fig.data[1]!.line as { dash: string }).dash).toBe("dash");
    expect((fig.data[0]!.line as { color: string }).color).toBe((fig.data[1]!.line as { color: string }).color);
    expect((fig.data[0]!.line as { color: string }).color).not.toBe((fig.data[2]!.line as { color: string }).color);
  });

  it("slope ratio: mean ratio per alpha and temperature, and the no-bias line", () => {
    const table = sentimentalSweep();
    const fig = sentimentalSlopeRatioFigure(table);
    expect(fig.data).toHaveLength(3);
    const expected = (alpha: number, temperature: number) => {
      const rows = table.rows.filter((r) => r.alpha === alpha && r.temperature === temperature);
      return rows.reduce((s, r) => s + (r.slope_ratio as number), 0) / rows.length;
    };
    // alpha 0.3, temperature 1: (0.15/0.3 + 0.25/0.5) / 2 = 0.5
    expect(expected(0.3, 1)).toBeCloseTo(0.5, 12);
    expect((fig.data[0]!.y as number[])[0]).toBeCloseTo(0.5, 12);
    expect((fig.data[1]!.y as number[])[1]).toBeCloseTo(expected(0.7, 1.5), 12);
    expect(fig.data[2]).toMatchObject({ name: "no bias (ratio 1)", y: [1, 1] });
  });

  it("opinion range grows with alpha in this table and is drawn per temperature", () => {
    const fig = sentimentalOpinionRangeFigure(sentimentalSweep());
    expect(fig.data).toHaveLength(2);
    expect(fig.data[0]!.y as number[]).toEqual([0.3 * 2 + 0.1, 0.7 * 2 + 0.1].map((v) => expect.closeTo(v, 12)));
    expect(fig.data[1]!.y as number[]).toEqual([0.3 * 2 + 0.15, 0.7 * 2 + 0.15].map((v) => expect.closeTo(v, 12)));
  });
});

describe("finmemAblationFigure", () => {
  const row = (sweep: string, topK: number, riskMode: string, cr: number, sharpe: number): Row => ({
    model: "offline",
    sweep,
    topK,
    riskMode,
    cumulative_return: cr,
    sharpe,
    buy_hold_cumulative_return: -0.2,
    buy_hold_sharpe: -0.5,
  });
  const table: Table = {
    name: "finmem_ablation",
    title: "FinMem ablations",
    rows: [
      row("topK", 1, "adaptive", 0.1, 1),
      row("topK", 5, "adaptive", 0.3, 2),
      row("riskMode", 5, "seeking", 0.2, 1.5),
      row("riskMode", 5, "averse", -0.1, -0.3),
    ],
  };

  it("draws one bar series per sweep and buy-and-hold as a dotted line", () => {
    const fig = finmemAblationFigure(table);
    expect(fig.name).toBe("finmem_ablation_cumulative_return");
    expect(fig.data).toHaveLength(3);
    expect(fig.data[0]).toMatchObject({ type: "bar", name: "cognitive span K", x: ["K = 1", "K = 5"], y: [0.1, 0.3] });
    expect(fig.data[1]).toMatchObject({ type: "bar", name: "risk inclination", x: ["seeking", "averse"], y: [0.2, -0.1] });
    expect(fig.data[2]).toMatchObject({ mode: "lines", name: "buy-and-hold (-0.200)", x: ["K = 1", "averse"], y: [-0.2, -0.2] });
    expect(fig.title).toBe("FinMem ablations — cumulative return (sum of log returns) — offline agents — not LLM results");
    // the plotted title puts the model label on its own line
    expect((fig.layout.title as { text: string }).text).toBe(
      "FinMem ablations — cumulative return (sum of log returns)<br><sup>offline agents — not LLM results</sup>",
    );
  });

  it("plots the Sharpe ratio against buy-and-hold's Sharpe", () => {
    const fig = finmemAblationFigure(table, "sharpe");
    expect(fig.data[0]!.y).toEqual([1, 2]);
    expect(fig.data[2]!.y).toEqual([-0.5, -0.5]);
  });
});
