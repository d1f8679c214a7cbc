import { describe, expect, it } from "vitest";
import { sideBySide } from "../../src/notebook/index";
import type { Table } from "../../src/core/index";

const table = (rows: Table["rows"], note?: string): Table => ({ name: "defensibility", title: "Defensibility", rows, note });

describe("sideBySide", () => {
  it("joins the variants on the keys, one column per value and variant", () => {
    const a = table([
      { candidate: "A", agent: "CFO", score: 0.1, model: "offline" },
      { candidate: "A", agent: "VPE", score: 0.2, model: "offline" },
    ]);
    const b = table(
      [
        { candidate: "A", agent: "VPE", score: 0.4, model: "offline" },
        { candidate: "B", agent: "CFO", score: 0.5, model: "offline" },
      ],
      "Embeddings: MiniLM.",
    );
    const t = sideBySide(
      [
        { label: "hashing", table: a },
        { label: "minilm", table: b },
      ],
      ["candidate", "agent"],
    );
    expect(t.columns).toEqual(["candidate", "agent", "score (hashing)", "score (minilm)"]);
    expect(t.rows).toEqual([
      { candidate: "A", agent: "CFO", "score (hashing)": 0.1, "score (minilm)": null },
      { candidate: "A", agent: "VPE", "score (hashing)": 0.2, "score (minilm)": 0.4 },
      { candidate: "B", agent: "CFO", "score (hashing)": null, "score (minilm)": 0.5 },
    ]);
    expect(t.note).toBe("minilm: Embeddings: MiniLM.");
    expect(t.title).toBe("Defensibility: hashing vs minilm");
  });
  it("takes the value columns it is given", () => {
    const t = sideBySide([{ label: "x", table: table([{ candidate: "A", CFO: 1, VPE: 2 }]) }], ["candidate"], ["VPE"]);
    expect(t.rows).toEqual([{ candidate: "A", "VPE (x)": 2 }]);
  });
});
