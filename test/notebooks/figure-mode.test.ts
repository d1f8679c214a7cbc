/**
 * Notebooks committed with their outputs show figures as PNGs: inlining
 * plotly.js (4.8 MB) into each executed notebook would put every notebook
 * over the 2 MB a repository browser renders, and such a browser runs no
 * scripts anyway. `npm run notebooks` sets CONSILIUM_NOTEBOOK_FIGURES=static.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { figureMode, STATIC_FIGURE_DPI } from "../../src/notebook/display";

describe("figureMode", () => {
  it("is static only when asked, interactive otherwise", () => {
    expect(figureMode({ CONSILIUM_NOTEBOOK_FIGURES: "static" })).toBe("static");
    expect(figureMode({ CONSILIUM_NOTEBOOK_FIGURES: "interactive" })).toBe("interactive");
    expect(figureMode({})).toBe("interactive");
    expect(STATIC_FIGURE_DPI).toBeLessThan(300);
  });

  it("is what npm run notebooks asks for, in place in notebooks/", () => {
    const script = readFileSync("scripts/run-notebooks.ts", "utf8");
    expect(script).toMatch(/CONSILIUM_NOTEBOOK_FIGURES: process\.env\.CONSILIUM_NOTEBOOK_FIGURES \?\? "static"/);
    expect(script).toMatch(/if \(!opts\.out\) opts\.out = opts\.dir;/);
  });
});
