/**
 * `checkDataFolder` over the whole real folder (../shared/datasets, about
 * 50 MB; skipped without it): no errors, and exactly the quirks that really
 * are in the source files. (The checker's rules on small folders:
 * check.test.ts.)
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkDataFolder, formatCheckReport } from "../../src/data/check";
import { SHARED } from "./helpers";

describe.skipIf(!existsSync(SHARED))("data check on ../shared/datasets (accuracy)", () => {
  const r = checkDataFolder(SHARED);
  const file = (p: string) => r.files.find((f) => f.path === p)!;
  it("finds no errors and exactly the real quirks", () => {
    expect(r.ok).toBe(true);
    expect(r.errors).toBe(0);
    expect(file("prices/AMD.csv").warnings).toEqual(["1 row(s) with Volume = 0: line 2325 (2015-01-02)"]);
    expect(file("prices/XLRE.csv").warnings[0]).toMatch(/^5 row\(s\) with Volume = 0/);
    // No calendar gaps anywhere: the files follow the NYSE calendar (incl. 2012-10-29/30, 2018-12-05, 2025-01-09).
    const calendarWarnings = r.files.flatMap((f) => f.warnings).filter((w) => /NYSE|split/.test(w));
    expect(calendarWarnings).toEqual([]);
    // Duplicates that really are in the source files.
    expect(file("news/investorbench_BTC-USD.jsonl").warnings[0]).toMatch(/^7 exact duplicate/);
    expect(file("news/investorbench_MSFT.jsonl").warnings[0]).toMatch(/^2 exact duplicate/);
    expect(file("news/gdelt_TSLA_headlines.jsonl").warnings).toEqual([]);
    expect(file("social/wsb_posts_2022-01.jsonl").warnings).toEqual([]);
    expect(r.notes).toContainEqual(
      expect.stringMatching(/^price files end on different dates — 2025-10-07: SPY; 2025-10-08: 59 tickers .*; 2026-02-06: 11 tickers/),
    );
    expect(r.notes).toContainEqual("news/filings tickers without a price file: BTC-USD, ETH-USD, UVV");
    expect(formatCheckReport(r)).toMatch(/-> OK\n$/);
  });
});
