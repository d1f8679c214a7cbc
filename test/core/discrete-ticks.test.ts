import { describe, expect, it } from "vitest";
import { discreteTicks, sweepLineFigure } from "../../src/core/index";
import { frameFigure } from "../../src/notebook/index";

describe("sweep and notebook plots tick whole rounds only", () => {
  it("a few numeric values get one tick each and none between", () => {
    expect(discreteTicks([1, 2, 3, 2])).toEqual({ tickmode: "array", tickvals: [1, 2, 3] });
    expect(discreteTicks([0.3, 0.5, 0.7])).toEqual({ tickmode: "array", tickvals: [0.3, 0.5, 0.7] });
    expect(discreteTicks(Array.from({ length: 40 }, (_, i) => i + 1))).toEqual({ tickformat: "d", tickmode: "auto" });
    expect(discreteTicks(["2025-01-02", "2025-01-03"])).toEqual({});
  });

  it("a sweep over maxRounds and a frame over rounds put ticks at 1, 2, 3", () => {
    const table = {
      name: "sweep",
      title: "Sweep",
      rows: [1, 2, 3].map((r) => ({ maxRounds: r, opinion_range: r / 10, model: "offline" })),
    };
    const sweep = sweepLineFigure(table, { x: "maxRounds", y: ["opinion_range"], name: "s", title: "Range" });
    expect((sweep.layout.xaxis as { tickvals: number[] }).tickvals).toEqual([1, 2, 3]);
    const frame = { columns: ["round", "opinion_mean"], values: [1, 2, 3].map((r) => [r, r / 10]), dtypes: ["int32", "float32"], index: [0, 1, 2] };
    const fig = frameFigure(frame, { x: "round", y: "opinion_mean", name: "f", title: "Opinion", label: "offline agents — not LLM results" });
    expect((fig.layout.xaxis as { tickvals: number[]; title: { text: string } }).tickvals).toEqual([1, 2, 3]);
    expect((fig.layout.xaxis as { title: { text: string } }).title.text).toBe("round");
  });
});
