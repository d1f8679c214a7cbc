import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { performanceMetrics } from "../../src/backtest/metrics";
import { launchChromium, type ChromiumHandle } from "../../src/plot/browser";
import { chromiumAvailable, chromiumPath } from "../../src/plot/chromium";
import { makeFigure } from "../../src/core/figure";
import { findDailyReturns, readRunFolder, RunFolderError, tearSheet, writeRunReport } from "../../src/report/index";
import type { Row, Table } from "../../src/core/contract";
import type { RunRecord } from "../../src/run/runner";
import { writeRunFolder } from "../../src/run/writer";
import { Rng } from "../../src/stats/rng";
import { tradingDays } from "../../src/data/calendar";
import { inspectReport } from "./helpers";

const usage = { calls: 12, cacheHits: 3, networkCalls: 9, repairs: 0, promptTokens: 1234, completionTokens: 567, estimatedCostUsd: 0.0123 };

function outcome(over: Partial<RunRecord> & Pick<RunRecord, "experiment" | "result">): RunRecord {
  return {
    description: "fixture",
    config: { testStart: "2025-01-02", testEnd: "2025-08-29", alpha: 0.5 },
    seed: 7,
    dataDir: "/data/fixture",
    model: "offline",
    offline: true,
    modelLabel: "offline agents — not LLM results",
    usage,
    versions: { consilium: "0.1.0", node: process.versions.node },
    timings: { totalMs: 1234 },
    ...over,
  };
}

function dailyReturnsTable(): Table {
  const rng = new Rng(11);
  const dates = tradingDays("2025-01-02", "2025-04-30");
  const rows: Row[] = dates.map((date) => ({
    date,
    portfolio: rng.normal(0.0006, 0.011),
    spy: rng.normal(0.0004, 0.01),
    equal_weight: rng.normal(0.0005, 0.0105),
  }));
  return { name: "daily_returns", title: "Daily returns", rows, columns: ["date", "portfolio", "spy", "equal_weight"] };
}

let work = "";
let portfolioDir = "";
let plainDir = "";
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "consilium-report-"));
  portfolioDir = path.join(work, "portfolio");
  plainDir = path.join(work, "plain");
  writeRunFolder(
    outcome({
      experiment: "blackboard",
      result: {
        tables: [
          dailyReturnsTable(),
          {
            name: "weights",
            title: "Weights",
            rows: [
              { ticker: "AAA", weight: 0.6 },
              { ticker: "BBB", weight: 0.4 },
            ],
          },
        ],
        figures: [makeFigure("weights_bar", "Weights", [{ type: "bar", x: ["AAA", "BBB"], y: [0.6, 0.4] }])],
        summary: { totalReturn: 0.05 },
      },
    }),
    portfolioDir,
  );
  writeRunFolder(
    outcome({
      experiment: "sentimental",
      model: "gpt-4o-mini",
      offline: false,
      modelLabel: "gpt-4o-mini",
      result: {
        tables: [
          {
            name: "scores",
            title: "Scores",
            rows: [
              { who: "b </script> <b>x</b>", score: 2 },
              { who: "a, with comma", score: 10 },
              { who: "c", score: -1.5 },
            ],
          },
          { name: "empty_note", title: "Notes", rows: [{ k: "x", v: null }], note: "A note" },
        ],
        figures: [
          makeFigure("lines", "Lines", [{ type: "scatter", mode: "lines", x: [1, 2, 3], y: [3, 1, 2], name: "s" }]),
          makeFigure("heat", "Heat", [
            {
              type: "heatmap",
              z: [
                [1, 2],
                [3, 4],
              ],
            },
          ]),
        ],
        summary: {},
      },
    }),
    plainDir,
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("tear sheet data", () => {
  it("finds the daily_returns contract table and the experiments' own tables", () => {
    const t = dailyReturnsTable();
    const d = findDailyReturns([t])!;
    expect(d.source).toBe("daily_returns");
    expect(d.series.map((s) => s.name)).toEqual(["portfolio", "spy", "equal_weight"]);
    expect(d.dates).toHaveLength(t.rows.length);
    // FinMem's table holds log returns: ln(1.1) -> 0.1 simple.
    const fm = findDailyReturns([
      {
        name: "finmem_cumulative_returns",
        title: "",
        rows: [
          { date: "2025-01-02", finmem_return: Math.log(1.1), buy_hold_return: 0 },
          { date: "2025-01-03", finmem_return: 0, buy_hold_return: Math.log(0.9) },
        ],
      },
    ])!;
    expect(fm.series[0]!.returns[0]).toBeCloseTo(0.1, 12);
    expect(fm.series[1]!.returns[1]).toBeCloseTo(-0.1, 12);
    expect(findDailyReturns([{ name: "other", title: "", rows: [{ date: "x", portfolio: 1 }] }])).toBeNull();
  });

  it("metrics table equals src/backtest/metrics", () => {
    const d = findDailyReturns([dailyReturnsTable()])!;
    const sheet = tearSheet(d);
    expect(sheet.figures.map((f) => f.name)).toEqual(["tearsheet_cumulative", "tearsheet_drawdown", "tearsheet_rolling_sharpe", "tearsheet_monthly_heatmap"]);
    const m = performanceMetrics(d.series[0]!.returns, { rf: 0.02, benchmark: d.series[1]!.returns });
    const row = (label: string) => sheet.metrics.rows.find((r) => r.metric === label)!;
    expect(row("Total return (%)").portfolio).toBeCloseTo(m.totalReturn * 100, 3);
    expect(row("Max drawdown (%)").portfolio).toBeCloseTo(m.maxDrawdown * 100, 3);
    expect(row("Sortino").portfolio).toBeCloseTo(m.sortino, 3);
    expect(row("Beta vs spy").portfolio).toBeCloseTo(m.beta, 3);
    expect(sheet.monthly.rows.map((r) => r.year)).toEqual(["2025"]);
    expect(sheet.monthly.rows[0]!.May).toBeNull();
  });
});

describe("run folder reading", () => {
  it("reads the writer's layout", () => {
    const run = readRunFolder(portfolioDir);
    expect(run.manifest.experiment).toBe("blackboard");
    expect(run.tables.map((t) => t.name)).toEqual(["daily_returns", "weights"]);
    expect(run.figures[0]!.data).toHaveLength(1);
    expect(run.config.alpha).toBe(0.5);
    expect(run.timings.totalMs).toBe(1234);
  });
  it("names file and field on a broken manifest", () => {
    const broken = path.join(work, "broken");
    writeRunFolder(outcome({ experiment: "x", result: { tables: [], figures: [], summary: {} } }), broken);
    const manifest = JSON.parse(readFileSync(path.join(broken, "manifest.json"), "utf8"));
    delete manifest.seed;
    writeFileSync(path.join(broken, "manifest.json"), JSON.stringify(manifest));
    expect(() => readRunFolder(broken)).toThrow(RunFolderError);
    expect(() => readRunFolder(broken)).toThrow(/manifest\.json: seed: expected a number/);
  });
});

describe("report HTML (static)", () => {
  it("is self-contained: plotly once, no external references, CSV text embedded", () => {
    const html = readFileSync(writeRunReport(plainDir), "utf8");
    expect(html.match(/plotly\.js v\d+\.\d+\.\d+/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+href=/);
    expect(html).toContain("gpt-4o-mini");
    expect(html).not.toContain("offline agents — not LLM results");
    expect(html).not.toContain("b </script> <b>x</b>"); // escaped everywhere
    expect(html).toContain("b &lt;/script&gt; &lt;b&gt;x&lt;/b&gt;");
    const offline = readFileSync(writeRunReport(portfolioDir), "utf8");
    expect(offline).toContain("offline agents — not LLM results");
    expect(offline).toContain('id="tearsheet"');
  });
});

const haveChromium = chromiumAvailable();
if (!haveChromium) console.warn(`[test/report] SKIPPED browser tests: no Chromium at ${chromiumPath()} (apt-get install chromium)`);

describe.skipIf(!haveChromium)("report in headless Chromium", () => {
  let chrome: ChromiumHandle;
  beforeAll(async () => {
    chrome = await launchChromium();
  });
  afterAll(async () => {
    await chrome?.close();
  });

  it("portfolio run: tear sheet + figures drawn, tables complete, no console errors", async () => {
    const file = writeRunReport(portfolioDir);
    const check = await inspectReport(chrome, file);
    expect(check.errors).toEqual([]);
    expect(check.figures).toBe(5); // 4 tear-sheet figures + 1 run figure
    expect(check.traces).toHaveLength(5);
    for (const t of check.traces) expect(t).toBeGreaterThan(0);
    const rows = Object.fromEntries(check.tables.map(([name, total, shown]) => [name, [total, shown]]));
    expect(rows.daily_returns).toEqual([tradingDays("2025-01-02", "2025-04-30").length, tradingDays("2025-01-02", "2025-04-30").length]);
    expect(rows.weights).toEqual([2, 2]);
    expect(rows.tearsheet_metrics![1]).toBe(17);
    expect(check.header).toContain("offline agents — not LLM results");
    expect(check.header).toContain("Seed7");
  });

  it("plain run: sorting and CSV download work", async () => {
    const file = writeRunReport(plainDir);
    let downloaded = "";
    let sorted: string[] = [];
    const check = await inspectReport(chrome, file, async (page) => {
      const scoreHeader = page.locator("#table-scores thead th", { hasText: "score" });
      await scoreHeader.click(); // ascending
      sorted = await page.locator("#table-scores tbody tr td:nth-child(2)").allTextContents();
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#table-scores a.csv").click()]);
      const p = await download.path();
      downloaded = p ? readFileSync(p, "utf8") : "";
    });
    expect(check.errors).toEqual([]);
    expect(check.traces).toHaveLength(2);
    for (const t of check.traces) expect(t).toBeGreaterThan(0);
    expect(sorted).toEqual(["-1.5000", "2", "10"]);
    expect(downloaded).toBe(readFileSync(path.join(plainDir, "tables", "scores.csv"), "utf8"));
    expect(downloaded).toContain('"a, with comma"');
    expect(check.header).toContain("gpt-4o-mini");
  });
});
