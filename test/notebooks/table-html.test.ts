import { describe, expect, it } from "vitest";
import { MAX_CELL_CHARS, tableHtml, textCellHtml } from "../../src/notebook/index";

describe("notebook tables read in HTML", () => {
  it("shortens a long text cell to MAX_CELL_CHARS with the full text on hover", () => {
    const reason = `QNTC fell 0.74 % on the next trading day. ${"In the same direction: a news item. ".repeat(12)}`;
    const html = textCellHtml(reason);
    expect(html).toContain(`title="${reason}"`);
    const shown = /<td[^>]*>([^<]*)<\/td>/.exec(html)![1]!;
    expect([...shown]).toHaveLength(MAX_CELL_CHARS);
    expect(shown.endsWith("…")).toBe(true);
    expect(reason.startsWith(shown.slice(0, -1))).toBe(true);
    expect(textCellHtml("short")).toBe("<td>short</td>");
  });

  it("a decisions-like table keeps numbers whole, shortens the reason, says so, and scrolls sideways", () => {
    const long = "x".repeat(400);
    const html = tableHtml({ name: "finmem_decisions", title: "Decisions", rows: [{ date: "2023-10-05", close: 37.5, reason: long }] });
    expect(html).toContain("<td>2023-10-05</td>");
    expect(html).toContain("<td>37.5000</td>");
    expect(html).toContain(`title="${long}"`);
    expect(html).not.toContain(`>${long}<`);
    expect(html).toMatch(/hover a cell for its full text/);
    expect(html).toContain('style="overflow-x:auto"');
    expect(tableHtml({ name: "t", title: "T", rows: [{ a: "short" }] })).not.toMatch(/hover/);
  });
});
