import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isTradingDay } from "../../../src/data/calendar";
import { DataFolder } from "../../../src/data/folder";
import { bundledDataDir } from "../../../src/data/paths";
import { generateSyntheticMarket } from "../../../src/data/synthetic/market";
import { generateFilings, generateNews, generateSocial } from "../../../src/data/synthetic/text";
import { writeSyntheticDataset } from "../../../src/data/synthetic/writer";
import { polarityScores } from "../../../src/text/vader";

function listFiles(dir: string, sub = ""): string[] {
  return readdirSync(join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, join(sub, e.name)) : [join(sub, e.name)]))
    .sort();
}

function corr(a: number[], b: number[]): number {
  const ma = a.reduce((x, y) => x + y, 0) / a.length,
    mb = b.reduce((x, y) => x + y, 0) / b.length;
  let c = 0,
    va = 0,
    vb = 0;
  for (let i = 0; i < a.length; i++) {
    c += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return c / Math.sqrt(va * vb);
}

describe("synthetic market: determinism", () => {
  it("same seed -> identical bytes; the committed datasets/ is exactly seed 7", () => {
    const a = mkdtempSync(join(tmpdir(), "synth-a-"));
    const b = mkdtempSync(join(tmpdir(), "synth-b-"));
    writeSyntheticDataset(a, { seed: 7 });
    writeSyntheticDataset(b, { seed: 7 });
    const files = listFiles(a);
    expect(files).toEqual(listFiles(b));
    expect(files.length).toBe(67);
    for (const f of files) expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f).toBe(true);
    const bundled = bundledDataDir();
    for (const f of files)
      expect(readFileSync(join(bundled, f)).equals(readFileSync(join(a, f))), `datasets/${f} differs from the generator's output`).toBe(true);
    const manifest = JSON.parse(readFileSync(join(bundled, "MANIFEST.json"), "utf8")) as {
      synthetic: boolean;
      seed: number;
      files: Array<{ path: string; sha256: string }>;
    };
    expect(manifest.synthetic).toBe(true);
    expect(manifest.seed).toBe(7);
    for (const f of manifest.files)
      expect(
        createHash("sha256")
          .update(readFileSync(join(bundled, f.path)))
          .digest("hex"),
      ).toBe(f.sha256);
  });
  it("another seed gives another market", () => {
    const m7 = generateSyntheticMarket({ seed: 7, stocks: 2 });
    const m8 = generateSyntheticMarket({ seed: 8, stocks: 2 });
    expect(m7.prices[1]!.close[100]).not.toBe(m8.prices[1]!.close[100]);
    // Per-ticker streams: the number of stocks does not change a ticker's path.
    const m7all = generateSyntheticMarket({ seed: 7 });
    expect(Array.from(m7all.prices[1]!.close)).toEqual(Array.from(m7.prices[1]!.close));
  });
});

describe("synthetic market: sanity", () => {
  const m = generateSyntheticMarket({ seed: 7 });
  const logRets = (x: Float64Array): number[] =>
    Array.from(x)
      .slice(1)
      .map((v, i) => Math.log(v / x[i]!));
  const annVol = (r: number[]): number => {
    const mu = r.reduce((a, b) => a + b, 0) / r.length;
    return Math.sqrt((r.reduce((a, b) => a + (b - mu) ** 2, 0) / (r.length - 1)) * 252);
  };

  it("uses NYSE trading days 2023-01-03 .. 2025-08-29", () => {
    expect(m.dates[0]).toBe("2023-01-03");
    expect(m.dates.at(-1)).toBe("2025-08-29");
    expect(m.dates.every(isTradingDay)).toBe(true);
    expect(m.dates.filter((d) => d < "2025-01-01").length).toBeGreaterThanOrEqual(252);
  });

  it("has plausible volatility: index 10-30 %, stocks 15-70 %, higher in stress", () => {
    const spy = m.prices.find((p) => p.ticker === "SPY")!;
    expect(annVol(logRets(spy.adjClose))).toBeGreaterThan(0.1);
    expect(annVol(logRets(spy.adjClose))).toBeLessThan(0.3);
    for (const p of m.prices.filter((x) => x.ticker !== "SPY")) {
      const v = annVol(logRets(p.adjClose));
      expect(v, p.ticker).toBeGreaterThan(0.15);
      expect(v, p.ticker).toBeLessThan(0.7);
    }
    const r = logRets(spy.adjClose);
    const calm = r.filter((_, i) => m.regimes[i + 1] === 0),
      stress = r.filter((_, i) => m.regimes[i + 1] === 1);
    expect(stress.length).toBeGreaterThan(20);
    expect(annVol(stress)).toBeGreaterThan(1.4 * annVol(calm));
  });

  it("keeps OHLC consistent and volume rising with |return|", () => {
    for (const p of m.prices) {
      for (let i = 0; i < p.dates.length; i++) {
        expect(p.high[i]! >= Math.max(p.open[i]!, p.close[i]!) && p.low[i]! <= Math.min(p.open[i]!, p.close[i]!) && p.low[i]! > 0).toBe(true);
      }
      const r = logRets(p.close).map(Math.abs);
      expect(corr(r, Array.from(p.volume).slice(1).map(Math.log)), p.ticker).toBeGreaterThan(0.2);
    }
  });

  it("adjusts for dividends like Yahoo: AdjClose <= Close, equal on the last day", () => {
    const payer = m.prices.find((p) => p.ticker === "ZEPH")!;
    expect(payer.adjClose.at(-1)).toBe(payer.close.at(-1));
    expect(payer.adjClose[0]! / payer.close[0]!).toBeLessThan(0.95);
    const grower = m.prices.find((p) => p.ticker === "ALTA")!;
    expect(Array.from(grower.adjClose)).toEqual(Array.from(grower.close));
  });

  it("plants a weak but real next-day signal in VADER news sentiment", () => {
    const data = DataFolder.open(bundledDataDir());
    const sent: number[] = [],
      same: number[] = [],
      next: number[] = [];
    for (const t of data.tickers()) {
      const p = data.prices(t);
      const idx = new Map(p.dates.map((d, i) => [d, i]));
      const byDay = new Map<string, number[]>();
      for (const n of data.news(t)) (byDay.get(n.date) ?? byDay.set(n.date, []).get(n.date)!).push(polarityScores(n.text).compound);
      for (const [d, s] of byDay) {
        const i = idx.get(d)!;
        if (i < 1 || i + 1 >= p.dates.length) continue;
        sent.push(s.reduce((a, b) => a + b, 0) / s.length);
        same.push(Math.log(p.adjClose[i]! / p.adjClose[i - 1]!));
        next.push(Math.log(p.adjClose[i + 1]! / p.adjClose[i]!));
      }
    }
    expect(sent.length).toBeGreaterThan(5000);
    expect(corr(sent, same)).toBeGreaterThan(0.4);
    const c = corr(sent, next);
    expect(c).toBeGreaterThan(0.05);
    expect(c).toBeLessThan(0.25);
  });

  it("files quarterly 10-Qs and annual 10-Ks after the earnings day", () => {
    const alta = m.filings.filter((f) => f.ticker === "ALTA");
    expect(alta.filter((f) => f.form === "10-K").length).toBe(3);
    expect(alta.filter((f) => f.form === "10-Q").length).toBeGreaterThanOrEqual(7);
    const earnings = m.news.filter((n) => n.ticker === "ALTA" && /earnings (beat|miss)/.test(n.headline ?? ""));
    expect(earnings.length).toBe(alta.length);
    for (let i = 0; i < alta.length; i++) expect(alta[i]!.date > earnings[i]!.date).toBe(true);
  });
});

describe("synthetic text generators", () => {
  const spec = { ticker: "ALTA", name: "Alta Microsystems", sector: "Information Technology" as const };
  const path = { logRet: Float64Array.of(0.01, -0.02), sigma: Float64Array.of(0.01, 0.01), earnings: new Set([1]), exDiv: new Set<number>() };
  const dates = ["2024-01-02", "2024-01-03"];

  it("file a 10-K for the results published in January, on or after the earnings day", () => {
    const filings = generateFilings(7, dates, [{ spec, path }]);
    expect(filings.map((f) => [f.date, f.ticker, f.form])).toEqual([["2024-01-03", "ALTA", "10-K"]]);
    expect(filings[0]?.text).toContain("Form 10-K for the fiscal year 2023");
  });

  it("refuse paths without one value per date, or with event days off the calendar", () => {
    expect(() => generateNews(7, dates.slice(0, 1), [{ spec, path }], path, 0.2)).toThrow("generateNews: a path has 2 returns and 2 vols for 1 dates");
    expect(() => generateFilings(7, dates, [{ spec, path: { ...path, earnings: new Set([2]) } }])).toThrow(
      "generateFilings: event day 2 is not one of the 2 dates",
    );
    expect(() => generateSocial(7, dates, [{ spec, path: { ...path, sigma: Float64Array.of(0.01) } }], 1)).toThrow(
      "generateSocial: a path has 2 returns and 1 vols",
    );
  });
});
