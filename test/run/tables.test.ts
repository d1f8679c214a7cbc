import { describe, expect, it } from "vitest";
import { toCsv, toMarkdown } from "../../src/core/tables";
import { labelResult } from "../../src/run/runner";
import { OFFLINE_LABEL } from "../../src/core/labels";
import { gridCells } from "../../src/run/sweep";

describe("table serialisation", () => {
  const table = {
    name: "t",
    title: "T",
    rows: [
      { a: 1, b: "x,y", c: null },
      { a: 0.123456789, b: 'say "hi"', c: true },
    ],
  };

  it("writes RFC 4180 CSV at full precision", () => {
    expect(toCsv(table)).toBe('a,b,c\n1,"x,y",\n0.123456789,"say ""hi""",true\n');
  });

  it("writes a Markdown table rounded to 4 decimals", () => {
    expect(toMarkdown(table)).toBe('| a | b | c |\n|---|---|---|\n| 1 | x,y |  |\n| 0.1235 | say "hi" | true |\n');
  });
});

describe("offline labelling", () => {
  it("adds the model to every table and the offline notice to every figure title", () => {
    const labelled = labelResult(
      {
        tables: [{ name: "t", title: "T", rows: [{ x: 1 }] }],
        figures: [{ name: "f", title: "Figure 4", data: [], layout: { title: { text: "Figure 4", x: 0 } } }],
        summary: { n: 1 },
      },
      "offline",
      OFFLINE_LABEL,
    );
    expect(labelled.tables[0]!.rows[0]).toEqual({ x: 1, model: "offline" });
    expect(labelled.tables[0]!.columns).toEqual(["x", "model"]);
    expect(labelled.figures[0]!.title).toBe(`Figure 4 — ${OFFLINE_LABEL}`);
    expect(labelled.figures[0]!.layout.title as { text: string; x: number }).toEqual({ text: `Figure 4<br><sup>${OFFLINE_LABEL}</sup>`, x: 0 });
    expect(labelled.summary.model).toBe("offline");
  });
});

describe("sweep grid", () => {
  it("enumerates the cartesian product in key order", () => {
    expect(gridCells({ alpha: ["0.3", "0.5"], tolerance: ["0.001", "0.005", "0.0001"] })).toHaveLength(6);
    expect(gridCells({ a: ["1", "2"], b: ["x", "y"] })).toEqual([
      { a: "1", b: "x" },
      { a: "1", b: "y" },
      { a: "2", b: "x" },
      { a: "2", b: "y" },
    ]);
  });
});
