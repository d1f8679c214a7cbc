import { describe, expect, it } from "vitest";
import { layoutProblems, unevenTickStep } from "../../src/plot/layout-audit";

describe("layout audit rules (the browser measures, these judge)", () => {
  it("accepts round tick steps and rejects the turnover chart's 670 / 961 / 1253", () => {
    expect(unevenTickStep(["0", "0.5", "1", "1.5"])).toBeNull();
    expect(unevenTickStep(["0", "250", "500"])).toBeNull();
    expect(unevenTickStep(["−20%", "0%", "20%"])).toBeNull();
    expect(unevenTickStep(["Jan 2025", "Mar 2025"])).toBeNull();
    expect(unevenTickStep(["670", "961", "1253"])).toMatch(/step 291/);
    expect(unevenTickStep(["0", "1", "3"])).toMatch(/uneven/);
  });

  it("flags text past the edge and text on text, not text side by side", () => {
    const m = {
      width: 100,
      height: 50,
      error: null,
      ticks: {},
      boxes: [
        { role: "title", text: "cut title", x0: 10, y0: 0, x1: 130, y1: 10 },
        { role: "y title", text: "a", x0: 0, y0: 5, x1: 8, y1: 30 },
        { role: "y title", text: "b", x0: 0, y0: 20, x1: 8, y1: 45 },
        { role: "legend", text: "c", x0: 20, y0: 40, x1: 40, y1: 48 },
        { role: "legend", text: "d", x0: 40.5, y0: 40, x1: 60, y1: 48 },
      ],
    };
    const problems = layoutProblems("f", m);
    expect(problems.map((p) => p.kind).sort()).toEqual(["clipped", "overlap"]);
    expect(problems.find((p) => p.kind === "overlap")!.detail).toMatch(/"a".*overlaps y title "b"/);
  });
});
