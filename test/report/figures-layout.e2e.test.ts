import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Figure, Row, Table } from "../../src/core/index";
import { launchChromium, type ChromiumHandle } from "../../src/plot/browser";
import { chromiumAvailable, chromiumPath } from "../../src/plot/chromium";
import { seriesKey, traceColour } from "../../src/plot/index";
import { auditFigureLayouts } from "../../src/plot/layout-audit";
import { readRunFolder, reportFigures, writeRunReport, type RunFolder } from "../../src/report/index";
import { runExperiment } from "../../src/run/runner";
import { writeRunFolder } from "../../src/run/writer";

// Every figure of the three default runs, as their reports show them (the run's figures and the tear sheet),
// laid out at print size in one Chromium; and what the figures say checked against the run's own tables.
const haveChromium = chromiumAvailable();
if (!haveChromium) console.warn(`[test/report/figures-layout] SKIPPED: no Chromium at ${chromiumPath()} (apt-get install chromium)`);

const EXPERIMENTS = ["sentimental", "finmem", "blackboard"] as const;
type Name = (typeof EXPERIMENTS)[number];

const work = mkdtempSync(path.join(tmpdir(), "consilium-figure-layout-"));
const runs = new Map<Name, { folder: RunFolder; figures: Figure[] }>();

beforeAll(async () => {
  for (const name of EXPERIMENTS) {
    const dir = path.join(work, name);
    writeRunFolder(await runExperiment(name, { seed: 7 }), dir);
    const folder = readRunFolder(dir);
    const shown = reportFigures(folder);
    runs.set(name, { folder, figures: [...shown.figures, ...(shown.sheet?.figures ?? [])] });
  }
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (name: Name) => runs.get(name)!;
const table = (name: Name, t: string): Table => {
  const found = run(name).folder.tables.find((x) => x.name === t);
  if (!found) throw new Error(`${name} has no table ${t}`);
  return found;
};
const figure = (name: Name, f: string): Figure => {
  const found = run(name).figures.find((x) => x.name === f);
  if (!found) throw new Error(`${name} has no figure ${f}`);
  return found;
};
const conclusion = (f: Figure): string => {
  const notes = (f.layout.annotations ?? []) as Array<Record<string, unknown>>;
  const found = notes.find((a) => a.name === "conclusion");
  if (!found) throw new Error(`${f.name} carries no conclusion`);
  return String(found.text);
};

describe.skipIf(!haveChromium)("figures fit for a paper: every figure of the three default runs in Chromium", () => {
  let chrome: ChromiumHandle;
  beforeAll(async () => {
    chrome = await launchChromium();
  });
  afterAll(async () => {
    await chrome?.close();
  });

  it("no text overlaps other text, none is cut by the figure's edge, every numeric axis steps roundly", async () => {
    const all = EXPERIMENTS.flatMap((name) => run(name).figures);
    expect(all.length).toBeGreaterThanOrEqual(5 + 2 + 4 + 8 + 4);
    const problems = await auditFigureLayouts(all, chrome);
    expect(problems.map((p) => `${p.figure} ${p.kind}: ${p.detail}`)).toEqual([]);
  }, 120_000);
});

describe("one colour per series across a report", () => {
  for (const name of EXPERIMENTS) {
    it(`${name}: a series has one colour in every figure of the report, two series of a figure never share one`, () => {
      const colours = new Map<string, Set<string>>();
      for (const f of run(name).figures) {
        const inFigure = new Map<string, string>();
        for (const trace of f.data) {
          const key = seriesKey(trace);
          const colour = traceColour(trace);
          if (!key || !colour) continue;
          (colours.get(key) ?? colours.set(key, new Set()).get(key)!).add(colour);
          inFigure.set(key, colour);
        }
        const used = [...inFigure.values()];
        expect(new Set(used).size, `${f.name}: ${[...inFigure.entries()].join("; ")}`).toBe(used.length);
      }
      for (const [key, set] of colours) expect([...set], `series ${key}`).toHaveLength(1);
    });
  }

  it("the Blackboard tear sheet and the exported equity curve draw SPY and equal weight alike", () => {
    const colourOf = (f: Figure, key: string) => traceColour(f.data.find((t) => seriesKey(t) === key)!);
    const equity = figure("blackboard", "bb_equity_curve");
    const sheet = figure("blackboard", "tearsheet_cumulative");
    for (const key of ["spy", "equal weight", "bl portfolio"]) expect(colourOf(sheet, key), key).toBe(colourOf(equity, key));
  });
});

describe("figures say what the issue's reader missed", () => {
  it("figure 4: a real subscript, and the legend says solid = sentiment, dashed = opinion", () => {
    const f = figure("sentimental", "figure4_sentiment_change");
    expect(JSON.stringify(f.layout)).not.toContain("S_O");
    const keys = f.data.filter((t) => t.meta === "legend-key").map((t) => [t.name, (t.line as { dash: string }).dash]);
    expect(keys).toContainEqual(["opinion S<sub>i</sub><sup>O</sup>(t) (dashed)", "dash"]);
    expect(keys).toContainEqual(["sentiment S<sub>O</sub> (solid)", "solid"]);
  });

  it("FinMem memory layers: the reflections on their own panel, dates on the bottom panel, a legend entry per layer", () => {
    const f = figure("finmem", "finmem_memory_layers");
    const counts = f.data.filter((t) => t.showlegend !== false && t.meta !== "legend-key");
    expect(counts.map((t) => t.name)).toEqual(["shallow", "intermediate", "deep", "reflection"]);
    expect(counts.map((t) => t.yaxis)).toEqual(["y", "y", "y", "y2"]);
    expect((f.layout.xaxis as { anchor: string }).anchor).toBe("y3");
    expect(f.title).not.toMatch(/bott/);
  });
});

describe("figures that agree with the run", () => {
  it("figure 7 carries the run's label and permutation p from bias_summary", () => {
    const summary = table("sentimental", "bias_summary").rows.find((r: Row) => r.scope === "all")!;
    const text = conclusion(figure("sentimental", "figure7_bias"));
    expect(text).toContain(`bias ${String(summary.bias)} (permutation p ${(summary.p_null_log_ratio as number).toFixed(2)})`);
    expect(text).toContain(summary.saliency_bias ? "saliency yes" : "saliency no");
  });

  it("figure 6 draws the ceiling topics x top words and the mean of the nuance table", () => {
    const f = figure("sentimental", "figure6_nuance");
    const config = run("sentimental").folder.config as { ldaTopics: number; ldaTopWords: number };
    const ceiling = config.ldaTopics * config.ldaTopWords;
    expect(ceiling).toBe(50);
    expect((f.layout.shapes as Array<{ x0: number }>)[0]!.x0).toBe(ceiling);
    const nuance = table("sentimental", "nuance").rows.map((r) => r.nuance as number);
    expect(conclusion(f)).toBe(
      `mean nuance ${(nuance.reduce((s, v) => s + v, 0) / nuance.length).toFixed(1)} of a ceiling of ${ceiling} (every top word distinct)`,
    );
    expect(Math.max(...nuance)).toBeLessThanOrEqual(ceiling);
  });

  it("FinMem's cumulative return figure ends where finmem_metrics says", () => {
    const metrics = table("finmem", "finmem_metrics").rows;
    const of = (strategy: string) => (metrics.find((r) => r.strategy === strategy)!.cumulative_return as number).toFixed(4);
    const text = conclusion(figure("finmem", "finmem_cumulative_return"));
    expect(text).toContain(`FinMem ${of("FinMem")} vs buy-and-hold ${of("Buy and hold")}`);
    expect(text).toContain(Number(of("FinMem")) > Number(of("Buy and hold")) ? "FinMem ahead" : "buy-and-hold ahead");
  });

  it("the Blackboard equity curve ends where bb_daily_values says, best first", () => {
    const rows = table("blackboard", "bb_daily_values").rows;
    const growth = (column: string) => (rows.at(-1)![column] as number) / (rows[0]![column] as number);
    const text = conclusion(figure("blackboard", "bb_equity_curve"));
    const expected = [
      ["BL portfolio", growth("portfolio")],
      ["Equal weight", growth("equal_weight")],
      ["SPY", growth("benchmark")],
    ] as Array<[string, number]>;
    expected.sort((a, b) => b[1] - a[1]);
    expect(text).toBe(`growth of 1 at ${String(rows.at(-1)!.date)}: ${expected.map(([n, v]) => `${n} ${v.toFixed(3)}`).join(", ")}`);
  });
});

describe("reports read at a glance", () => {
  it("the FinMem report says in one line which Sharpe and cumulative return is which; the VaR label has one unit", () => {
    const html = readFileSync(writeRunReport(run("finmem").folder.dir), "utf8");
    const summary = html.slice(html.indexOf('<section id="summary">'), html.indexOf('<section id="tearsheet">'));
    expect(summary).toMatch(/Which number is which: the summary and finmem_metrics follow the FinMem code \(cumulativeReturn = the sum of daily log returns/);
    expect(summary).toMatch(/the tear sheet compounds simple returns/);
    expect(html).toContain("Daily VaR, 0.95 level (%)");
    expect(html).not.toContain("95 % (%)");
  });

  it('FinMem\'s offline reasons say a move as a size and a direction: "fell 0.74 %", never "fell -0.74%"', () => {
    const reasons = table("finmem", "finmem_decisions").rows.map((r) => String(r.reason ?? ""));
    const moves = reasons.flatMap((r) => r.match(/\b(?:rose|fell) [^ ]+ %?/g) ?? []);
    expect(moves.length).toBeGreaterThan(100);
    for (const move of moves) expect(move).toMatch(/^(rose|fell) \d+\.\d{2} %$/);
    expect(reasons.join("\n")).not.toMatch(/-\d+(\.\d+)?%/);
  });
});
