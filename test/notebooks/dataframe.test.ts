/**
 * Tables as danfojs DataFrames (src/notebook/dataframe.ts): typed columns,
 * missing numbers as NaN, and the rounded display every frame gets; the pure
 * display and plotting helpers of src/notebook/frames.ts.
 */
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Table } from "../../src/core/contract";
import { columnDtype, setFrameDisplay, toDataFrame } from "../../src/notebook/dataframe";
import { showFrame } from "../../src/notebook/display";
import { displayCell, frameFigure, frameHtml, frameText, type FrameLike } from "../../src/notebook/frames";

const rounds: Table = {
  name: "sentiment_by_round",
  title: "Sentiment by round",
  columns: ["agent", "round", "sentiment", "opinion", "valid", "note"],
  rows: [
    { agent: "CFO", round: 1, sentiment: -0.43305999999999, opinion: -0.2, valid: true, note: "x" },
    { agent: "VPE", round: 1, sentiment: 0.5, opinion: 0.25, valid: false, note: 3 },
    { agent: "CFO", round: 2, sentiment: 0.1, opinion: null, valid: true, note: null },
    { agent: "VPE", round: 2, sentiment: 0.3, opinion: 0.35, valid: null, note: "y" },
  ],
};

describe("columnDtype", () => {
  it("types a column from its values", () => {
    expect(columnDtype([1, 2, 3])).toBe("int32");
    expect(columnDtype([1, 2.5])).toBe("float32");
    expect(columnDtype([1, 2, null])).toBe("float32"); // NaN has no int32
    expect(columnDtype([null, undefined])).toBe("float32");
    expect(columnDtype([true, null, false])).toBe("boolean");
    expect(columnDtype(["a", 1])).toBe("string");
  });
});

describe("toDataFrame", () => {
  const df = toDataFrame(rounds);

  it("keeps the table's column order and gives each column its type", () => {
    expect(df.columns).toEqual(["agent", "round", "sentiment", "opinion", "valid", "note"]);
    expect(df.dtypes).toEqual(["string", "int32", "float32", "float32", "boolean", "string"]);
    expect(df.shape).toEqual([4, 6]);
  });

  it("stores a missing number as NaN, mixed text as strings, and full precision", () => {
    const values = df.values as unknown[][];
    expect(values[0]?.[2]).toBe(-0.43305999999999);
    expect(values[2]?.[3]).toBeNaN();
    expect(values[1]?.[5]).toBe("3");
    expect(values[2]?.[5]).toBeNull();
  });

  it("groups, filters and describes with the missing value left out of counts", () => {
    const byAgent = df.groupby(["agent"]).col(["sentiment"]).mean();
    expect(byAgent.values).toEqual([
      ["CFO", expect.closeTo((-0.43305999999999 + 0.1) / 2, 12)],
      ["VPE", 0.4],
    ]);
    const later = df.query(df.column("round").gt(1));
    expect(later.shape).toEqual([2, 6]);
    const described = df.loc({ columns: ["opinion"] }).describe();
    expect(described.index[0]).toBe("count");
    expect((described.values as number[][])[0]?.[0]).toBe(3);
  });

  it("turns an empty table into an empty frame with the table's columns", () => {
    const empty = toDataFrame({ name: "e", title: "E", columns: ["a", "b"], rows: [] });
    expect(empty.shape).toEqual([0, 2]);
    expect(empty.columns).toEqual(["a", "b"]);
  });
});

describe("the display every frame gets", () => {
  afterEach(() => setFrameDisplay({ digits: 4, maxRows: 20 }));
  const df = toDataFrame(rounds);

  it("prints results of danfojs operations rounded, with the column types (print, console.log, a cell's value)", () => {
    const byAgent = df.groupby(["agent"]).col(["sentiment"]).mean();
    const expected = [
      "   agent   sentiment_mean",
      "   string         float32",
      "0  CFO            -0.1665",
      "1  VPE             0.4000",
      "DataFrame: 2 rows x 2 columns",
    ].join("\n");
    expect(String(byAgent)).toBe(expected);
    expect(inspect(byAgent)).toBe(expected);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    byAgent.print();
    expect(log).toHaveBeenCalledWith(expected);
    log.mockRestore();
  });

  it("shows a Series, and follows setFrameDisplay", () => {
    setFrameDisplay({ digits: 2, maxRows: 1 });
    expect(String(df.column("sentiment"))).toBe(["   sentiment", "     float32", "0      -0.43", "Series: 4 rows, first 1 shown"].join("\n"));
  });

  it("showFrame prints the grid, titled, outside a notebook kernel", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await showFrame(df.loc({ columns: ["agent", "round"] }).head(1), { title: "First row" });
    expect(log).toHaveBeenCalledWith("First row\n   agent   round\n   string  int32\n0  CFO         1\nDataFrame: 1 rows x 2 columns");
    log.mockRestore();
  });
});

describe("frame display helpers", () => {
  const frame: FrameLike = {
    columns: ["agent", "opinion", "n"],
    dtypes: ["string", "float32", "int32"],
    index: [0, 1, 2],
    values: [
      ["CFO <lead>", -0.43306, 3],
      ["VPE", 0.000001, 12],
      ["RPM", Number.NaN, 7],
    ],
  };

  it("rounds floats, keeps integers, writes tiny numbers in exponent form and cuts long text", () => {
    const o = { digits: 4, maxWidth: 8 };
    expect(displayCell(-0.43306, "float32", o)).toBe("-0.4331");
    expect(displayCell(2, "float32", o)).toBe("2.0000");
    expect(displayCell(2, "int32", o)).toBe("2");
    expect(displayCell(0.000001, "float32", o)).toBe("1.00e-6");
    expect(displayCell(0, "float32", o)).toBe("0.0000");
    expect(displayCell(Number.NaN, "float32", o)).toBe("NaN");
    expect(displayCell(null, "string", o)).toBe("NaN");
    expect(displayCell(Number.NEGATIVE_INFINITY, "float32", o)).toBe("-inf");
    expect(displayCell("a rather long name", "string", o)).toBe("a rathe…");
  });

  it("aligns text left and numbers right", () => {
    expect(frameText(frame)).toBe(
      [
        "   agent       opinion      n",
        "   string      float32  int32",
        "0  CFO <lead>  -0.4331      3",
        "1  VPE         1.00e-6     12",
        "2  RPM             NaN      7",
        "DataFrame: 3 rows x 3 columns",
      ].join("\n"),
    );
  });

  it("renders HTML with the types in a second header row, escaped", () => {
    const html = frameHtml(frame, { title: "A & B", maxRows: 2 });
    expect(html).toContain("<h4>A &amp; B</h4>");
    expect(html).toContain('<th style="color:#777;font-weight:normal">string</th>');
    expect(html).toContain("<td>CFO &lt;lead&gt;</td>");
    expect(html).toContain('<td style="text-align:right">-0.4331</td>');
    expect(html).not.toContain("RPM");
    expect(html).toContain("DataFrame: 3 rows x 3 columns, first 2 shown");
    const long: FrameLike = { columns: ["paper"], dtypes: ["string"], index: [0], values: [["Sentimental Agents (Ondula et al., KiL'24)"]] };
    expect(frameHtml(long)).toContain("<td>Sentimental Agents (Ondula et al., KiL&#39;24)</td>");
    expect(frameText(long)).toContain("Sentimental Agents (Ondula …");
  });
});

describe("frameFigure", () => {
  const byRound: FrameLike = {
    columns: ["agent", "round", "opinion_mean"],
    dtypes: ["string", "int32", "float32"],
    index: [0, 1, 2, 3],
    values: [
      ["CFO", 2, 0.2],
      ["VPE", 1, 0.5],
      ["CFO", 1, 0.1],
      ["VPE", 2, 0.4],
    ],
  };

  it("draws one trace per group in ascending x, and puts the model label in the title", () => {
    const fig = frameFigure(byRound, {
      x: "round",
      y: "opinion_mean",
      groupBy: "agent",
      name: "f",
      title: "Opinion",
      label: "offline agents — not LLM results",
    });
    expect(fig.data.map((t) => [t.name, t.x, t.y])).toEqual([
      ["agent = CFO", [1, 2], [0.1, 0.2]],
      ["agent = VPE", [1, 2], [0.5, 0.4]],
    ]);
    expect(fig.data[0]).toMatchObject({ type: "scatter", mode: "lines+markers" });
    expect(fig.title).toBe("Opinion — offline agents — not LLM results");
    expect((fig.layout.title as { text: string }).text).toBe("Opinion<br><sup>offline agents — not LLM results</sup>");
  });

  it("draws grouped bars, one per y column, without a group", () => {
    const fig = frameFigure(byRound, { kind: "bar", x: "agent", y: ["round", "opinion_mean"], name: "f", title: "T", label: "model: gpt-4o" });
    expect(fig.data.map((t) => [t.type, t.name, t.y])).toEqual([
      ["bar", "round", [2, 1, 1, 2]],
      ["bar", "opinion_mean", [0.2, 0.5, 0.1, 0.4]],
    ]);
    expect(fig.layout.barmode).toBe("group");
  });

  it("names a missing column and lists the frame's columns", () => {
    expect(() => frameFigure(byRound, { x: "rounds", y: "opinion_mean", name: "f", title: "T", label: "l" })).toThrow(
      'frameFigure: the frame has no column "rounds" (columns: agent, round, opinion_mean)',
    );
  });
});
