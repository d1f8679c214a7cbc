import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tradingDays } from "../../src/data/calendar";
import { DataFolder, PointInTimeView } from "../../src/data/folder";
import { bundledDataDir, resolveDataDir } from "../../src/data/paths";
import { HEADER, makeFolder } from "./helpers";

const T = "2024-03-15";

/**
 * A folder where everything after T is poison: absurd prices, "POISON" text,
 * so any leak through a point-in-time view is visible.
 */
function poisonedFolder(): string {
  const days = tradingDays("2024-01-02", "2024-04-30");
  const csv = (base: number): string =>
    [
      HEADER,
      ...days.map((d, i) => {
        const c = d > T ? 1e9 : base + i * 0.1;
        return `${d},${c},${c},${c},${c},${c},${d > T ? 9e15 : 1000}`;
      }),
    ].join("\n") + "\n";
  const news = days.flatMap((d) => [
    { date: d, ticker: "AAA", source: "t", headline: d > T ? "POISON" : `fine ${d}`, summary: null },
    { date: d, ticker: "BBB", source: "t", headline: null, summary: d > T ? "POISON" : `ok ${d}` },
  ]);
  const filings = days.filter((_, i) => i % 20 === 0).map((d) => ({ date: d, ticker: "AAA", form: "10-Q", source: "t", text: d > T ? "POISON" : "fine" }));
  const social = days.map((d, i) => ({ date: d, id: `p${i}`, title: d > T ? "$AAA POISON" : "$AAA fine", body: "" }));
  const jsonl = (rows: object[]): string => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  return makeFolder({
    "prices/AAA.csv": csv(10),
    "prices/BBB.csv": csv(20),
    // A ticker that only starts after T must be invisible.
    "prices/LATE.csv": `${HEADER}\n2024-04-01,1e9,1e9,1e9,1e9,1e9,1\n`,
    "news/a.jsonl": jsonl(news),
    "filings/f.jsonl": jsonl(filings),
    "social/s.jsonl": jsonl(social),
  });
}

describe("PointInTimeView with poisoned future rows", () => {
  const data = DataFolder.open(poisonedFolder());
  const view = data.asOf(T);

  it("sanity: the poison is really in the folder", () => {
    expect(Math.max(...data.prices("AAA").close)).toBe(1e9);
    expect(data.news().some((n) => n.text === "POISON")).toBe(true);
  });

  it("prices, window and calendar stop at T", () => {
    for (const t of ["AAA", "BBB"]) {
      const p = view.prices(t);
      expect(p.dates.at(-1)).toBe(T);
      for (const arr of [p.open, p.high, p.low, p.close, p.adjClose]) expect(Math.max(...arr)).toBeLessThan(1000);
      expect(Math.max(...p.volume)).toBe(1000);
      // The typed arrays own fresh buffers: no hidden tail of later bars.
      expect(p.close.buffer.byteLength).toBe(p.dates.length * 8);
      const w = view.window(t, 5);
      expect(w.dates).toEqual(p.dates.slice(-5));
      expect(w.close.buffer.byteLength).toBe(5 * 8);
      expect(view.window(t, 10_000).dates.length).toBe(p.dates.length);
    }
    expect(view.calendar().at(-1)).toBe(T);
    expect(view.tickers()).toEqual(["AAA", "BBB"]);
    expect(view.prices("LATE").dates).toEqual([]);
  });

  it("news, filings and social never return POISON", () => {
    const texts = [
      ...view.news().map((n) => n.text),
      ...view.news("AAA").map((n) => n.text),
      ...view.news("BBB").map((n) => n.text),
      ...view.filings().map((f) => f.text),
      ...view.filings("AAA").map((f) => f.text),
      ...view.social().map((p) => p.title),
      ...view.social("AAA").map((p) => p.title),
    ];
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.some((t) => t.includes("POISON"))).toBe(false);
    expect(view.news().every((n) => n.date <= T)).toBe(true);
    expect(view.news("AAA").at(-1)!.date).toBe(T);
  });

  it("the whole object graph reachable from the view holds no poison", () => {
    const seen = new Set<unknown>();
    const walk = (x: unknown): void => {
      if (x === null || typeof x !== "object" || seen.has(x)) return;
      seen.add(x);
      if (ArrayBuffer.isView(x)) {
        expect(Math.max(...(x as Float64Array))).toBeLessThan(1e8);
        return;
      }
      for (const k of Object.keys(x)) walk((x as Record<string, unknown>)[k]);
      expect(JSON.stringify(Object.values(x).filter((v) => typeof v === "string"))).not.toContain("POISON");
    };
    walk(view);
    expect(Object.keys(view)).toEqual(["date", "knownAt"]);
    expect(view.knownAt).toEqual({});
    for (const r of [view.prices("AAA"), view.news(), view.filings(), view.social(), view.calendar(), view.tickerInfo("AAA")]) walk(r);
  });

  it("mutating a returned series does not change later reads", () => {
    const p = view.prices("AAA");
    p.close[0] = -1;
    expect(view.prices("AAA").close[0]).toBe(10);
  });

  it("cannot move forward, can narrow", () => {
    expect(() => view.asOf("2024-03-18")).toThrow(/cannot move a point-in-time view forward/);
    expect(view.asOf("2024-02-01").prices("AAA").dates.at(-1)).toBe("2024-02-01");
    expect(() => data.asOf("2024-13-01")).toThrow(/invalid date/);
    expect(Object.isFrozen(view)).toBe(true);
    expect(view).toBeInstanceOf(PointInTimeView);
  });

  it("a weekend date sees the previous trading day", () => {
    expect(data.asOf("2024-03-17").prices("AAA").dates.at(-1)).toBe("2024-03-15");
  });
});

describe("bundled datasets/", () => {
  const data = DataFolder.open(bundledDataDir());
  it("has the synthetic market and the hiring files", () => {
    expect(data.tickers()).toHaveLength(31);
    expect(data.tickers()).toContain("SPY");
    expect(data.tickerInfo("SPY")).toMatchObject({ type: "index", synthetic: true });
    expect(data.tickerInfo("ALTA")).toMatchObject({ type: "stock", sector: "Information Technology", synthetic: true });
    expect(data.tickerInfo("ALTA").sharesOutstanding).toBeGreaterThan(1e8);
    expect(data.calendar()[0]).toBe("2023-01-03");
    expect(data.calendar().at(-1)).toBe("2025-08-29");
    expect(data.jobs().map((j) => j.title)).toEqual(["Head of Technology"]);
    const resumes = data.resumes();
    expect(resumes).toHaveLength(10);
    expect(new Set(resumes.map((r) => r.id)).size).toBe(10);
    for (const r of resumes) {
      const words = r.text.split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(250);
      expect(words).toBeLessThanOrEqual(450);
      expect(r.name).toBeTruthy();
    }
    const jobWords = data.jobs()[0]!.text.split(/\s+/).length;
    expect(jobWords).toBeGreaterThanOrEqual(300);
    expect(jobWords).toBeLessThanOrEqual(500);
  });
  it("gives a 252-day lookback before 2025-01-01 and every ticker news, filings and posts", () => {
    const view = data.asOf("2024-12-31");
    expect(view.window("SPY", 252).dates.length).toBe(252);
    for (const t of data.tickers().filter((x) => x !== "SPY")) {
      expect(data.news(t).length).toBeGreaterThan(100);
      expect(data.filings(t).length).toBeGreaterThanOrEqual(10);
      expect(data.social(t).length).toBeGreaterThan(5);
    }
    expect(new Set(data.filings().map((f) => f.form))).toEqual(new Set(["10-Q", "10-K"]));
  });
  it("caches parsed files per instance", () => {
    expect(data.prices("SPY")).toBe(data.prices("SPY"));
    expect(data.news("ALTA")).toBe(data.news("ALTA"));
  });
});

describe("data folder resolution", () => {
  const saved = { data: process.env["CONSILIUM_DATA"], home: process.env["CONSILIUM_HOME"] };
  afterEach(() => {
    for (const [k, v] of [
      ["CONSILIUM_DATA", saved.data],
      ["CONSILIUM_HOME", saved.home],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  it("--data flag > CONSILIUM_DATA > bundled", () => {
    delete process.env["CONSILIUM_DATA"];
    delete process.env["CONSILIUM_HOME"];
    expect(bundledDataDir()).toBe(join(process.cwd(), "datasets"));
    expect(resolveDataDir()).toBe(bundledDataDir());
    process.env["CONSILIUM_DATA"] = "/tmp/env-data";
    expect(resolveDataDir()).toBe("/tmp/env-data");
    expect(resolveDataDir("rel/dir")).toBe(resolve("rel/dir"));
    process.env["CONSILIUM_HOME"] = "/opt/consilium";
    expect(bundledDataDir()).toBe("/opt/consilium/datasets");
  });
  it("finds the project root from a sub-folder", () => {
    delete process.env["CONSILIUM_HOME"];
    expect(bundledDataDir(join(process.cwd(), "src", "data"))).toBe(join(process.cwd(), "datasets"));
  });
});
