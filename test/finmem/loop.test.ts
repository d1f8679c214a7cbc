import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { chooseFinMemDefaults, finmemConfigSchema, resolveWindows, type FinMemConfig } from "../../src/finmem/config";
import { finmemExperiment } from "../../src/finmem/experiment";
import { DEFAULT_LOOP_OPTIONS, runFinMem } from "../../src/finmem/loop";
import type { DayRecord, FinMemLoopOptions } from "../../src/finmem/loop-types";
import { OfflineModel } from "../../src/llm/offline";
import { RecordingModel, type RecordedPrompt } from "../../src/llm/recording";
import { MockModel } from "../../src/llm/mock";
import type { Model } from "../../src/llm/types";
import { silentProgress, type RunContext } from "../../src/core/contract";
import { Rng } from "../../src/stats/rng";
import { HashingEmbedder } from "../../src/text/embedding";
import type { Embedder } from "../../src/text/embedder";

interface Bar {
  date: string;
  close: number;
}
interface News {
  date: string;
  ticker: string;
  source: string;
  headline: string | null;
  summary: string | null;
}
interface FilingRow {
  date: string;
  ticker: string;
  form: string;
  source: string;
  text: string;
}

const TICKER = "ZZZ";
const POSITIVE = [
  "Zeta Corp shares surged after excellent results and strong demand.",
  "Analysts praised Zeta's great growth and raised targets.",
  "Zeta won a major contract, a big win for investors.",
];
const NEGATIVE = [
  "Zeta Corp stock fell after weak guidance and rising costs.",
  "Regulators opened a probe into Zeta; investors worried about losses.",
  "Zeta cut its outlook amid terrible demand and layoffs.",
];

function weekdays(from: string, count: number): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  while (out.length < count) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

function market(seed: number, days = 60): { bars: Bar[]; news: News[]; filings: FilingRow[] } {
  const rng = new Rng(seed);
  const dates = weekdays("2021-02-01", days);
  let p = 100;
  const bars = dates.map((date) => {
    p *= Math.exp(rng.normal(0, 0.02));
    return { date, close: Number(p.toFixed(4)) };
  });
  const news: News[] = [];
  for (const date of dates) {
    const k = rng.int(0, 4);
    for (let j = 0; j < k; j++) {
      const good = rng.chance(0.55);
      const text = rng.pick(good ? POSITIVE : NEGATIVE);
      news.push({
        date,
        ticker: TICKER,
        source: "test",
        headline: rng.chance(0.5) ? text : null,
        // eslint-disable-next-line no-constant-condition -- the draw keeps the fixture's random stream as it was
        summary: rng.chance(0.5) || true ? `${text} Volume was ${rng.int(1, 9)} million shares.` : null,
      });
    }
  }
  news.push({
    date: "2021-02-06",
    ticker: TICKER,
    source: "test",
    headline: "Weekend note: Zeta expands into new markets with strong momentum.",
    summary: null,
  });
  const filings: FilingRow[] = [
    {
      date: dates[10]!,
      ticker: TICKER,
      form: "10-Q",
      source: "test",
      text: "Quarterly revenue grew 8%. Margins improved on strong cloud demand. Guidance was raised.",
    },
    {
      date: dates[30]!,
      ticker: TICKER,
      form: "10-K",
      source: "test",
      text: "Annual revenue grew 11%. The company faces competition. Cash flow was strong and debt fell.",
    },
  ];
  return { bars, news, filings };
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});

function writeFolder(m: { bars: Bar[]; news: News[]; filings: FilingRow[] }): string {
  const dir = mkdtempSync(path.join(tmpdir(), "finmem-test-"));
  tempDirs.push(dir);
  for (const sub of ["prices", "news", "filings"]) mkdirSync(path.join(dir, sub));
  const rows = m.bars.map((b) => `${b.date},${b.close},${b.close},${b.close},${b.close},${b.close},1000`);
  writeFileSync(path.join(dir, "prices", `${TICKER}.csv`), ["Date,Open,High,Low,Close,AdjClose,Volume", ...rows].join("\n") + "\n");
  writeFileSync(path.join(dir, "news", "zzz.jsonl"), m.news.map((n) => JSON.stringify(n)).join("\n") + "\n");
  writeFileSync(path.join(dir, "filings", "zzz.jsonl"), m.filings.map((f) => JSON.stringify(f)).join("\n") + "\n");
  return dir;
}

function options(dates: string[], overrides: Partial<FinMemLoopOptions> = {}): FinMemLoopOptions {
  return {
    ...DEFAULT_LOOP_OPTIONS,
    ticker: TICKER,
    trainStart: dates[0]!,
    trainEnd: dates[34]!,
    testStart: dates[35]!,
    testEnd: dates[dates.length - 1]!,
    topK: 3,
    ...overrides,
  };
}

async function run(dir: string, opts: FinMemLoopOptions, seed = 7, model: Model = new OfflineModel({ seed })): Promise<DayRecord[]> {
  const result = await runFinMem(opts, {
    folder: DataFolder.open(dir),
    model,
    embedder: new HashingEmbedder({ dimension: 64 }),
    seed,
  });
  return result.days;
}

/** Each session's prompt hashes (sorted per task), the sessions up to `last`. */
function promptsUpTo(prompts: readonly RecordedPrompt[], last: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const p of prompts) if (p.session !== null && p.session <= last) (out[p.session] ??= []).push(`${p.task} ${p.hash}`);
  for (const k of Object.keys(out)) out[k]!.sort();
  return out;
}

/** The text of a recorded prompt. */
const promptText = (p: RecordedPrompt) => (p.messages ?? []).map((m) => m.content).join("\n");

describe("point-in-time guard", () => {
  const full = market(3);
  const dates = full.bars.map((b) => b.date);
  const T = dates[46]!; // 12th test day
  const opts = options(dates);

  it("leaves every decision up to T unchanged when the data after T is removed or poisoned", async () => {
    const truncated = {
      bars: full.bars.filter((b) => b.date <= T),
      news: full.news.filter((n) => n.date <= T),
      filings: full.filings.filter((f) => f.date <= T),
    };
    const poisoned = {
      bars: full.bars.map((b) => (b.date <= T ? b : { ...b, close: Number((b.close * (b.date.endsWith("1") ? 3 : 0.2)).toFixed(4)) })),
      news: [
        ...full.news.filter((n) => n.date <= T),
        ...full.news.filter((n) => n.date > T).map((n) => ({ ...n, headline: "Zeta collapses: fraud, bankruptcy and catastrophic losses.", summary: null })),
        ...dates
          .filter((d) => d > T)
          .map((date) => ({
            date,
            ticker: TICKER,
            source: "poison",
            headline: "Zeta doubles overnight on a miracle takeover: superb, amazing gains.",
            summary: null,
          })),
      ],
      filings: [...full.filings, { date: dates[50]!, ticker: TICKER, form: "10-K", source: "poison", text: "Fraud uncovered. Everything is terrible." }],
    };
    const recA = new RecordingModel(new OfflineModel({ seed: 7 }));
    const recC = new RecordingModel(new OfflineModel({ seed: 7 }));
    const a = await run(writeFolder(full), opts, 7, recA);
    const b = await run(writeFolder(truncated), opts);
    const c = await run(writeFolder(poisoned), opts, 7, recC);
    // What a real model would have been sent is the same up to T, call for call.
    expect(promptsUpTo(recC.prompts, T)).toEqual(promptsUpTo(recA.prompts, T));
    expect(Object.keys(promptsUpTo(recA.prompts, T))).toHaveLength(47);
    expect(promptsUpTo(recC.prompts, "9999")).not.toEqual(promptsUpTo(recA.prompts, "9999"));
    const upTo = (days: DayRecord[]) => days.filter((d) => d.date <= T);
    expect(upTo(a).length).toBe(47);
    expect(upTo(a).filter((d) => d.phase === "test").length).toBe(12);
    expect(b.length).toBe(47); // the truncated run simply ends at T
    expect(JSON.stringify(upTo(b))).toBe(JSON.stringify(upTo(a)));
    expect(JSON.stringify(upTo(c))).toBe(JSON.stringify(upTo(a)));
    // the poison does change what happens after T, so the comparison above could have failed
    expect(JSON.stringify(c.filter((d) => d.date > T))).not.toBe(JSON.stringify(a.filter((d) => d.date > T)));
  });

  it("gives feedback W = 7 days later on the ids cited then, with the sign of the direction P&L (feedbackPosition=direction)", async () => {
    const days = await run(writeFolder(full), { ...opts, feedbackPosition: "direction" });
    const test = days.filter((d) => d.phase === "test");
    expect(test.slice(0, 7).every((d) => d.feedback === null)).toBe(true);
    const d = test[9]!;
    const source = test[2]!;
    let pnl = 0;
    for (let u = 2; u < 9; u++) pnl += test[u]!.direction * (test[u + 1]!.close - test[u]!.close);
    expect(d.feedback!.sourceDate).toBe(source.date);
    expect(d.feedback!.pnl).toBeCloseTo(pnl, 10);
    expect(d.feedback!.sign).toBe(Math.sign(pnl));
    // With direction_t and the training action equal to the label, every training P&L is >= 0: the
    // reading that makes feedback positive by construction (kept as an option, not the default).
    const train = days.filter((x) => x.phase === "train" && x.feedback);
    expect(train.length).toBe(35 - 7);
    expect(train.every((x) => x.feedback!.sign >= 0)).toBe(true);
    expect(days.every((x) => x.valid)).toBe(true);
    expect(days.filter((x) => x.extendedReflection !== null).length).toBe(7 + 5); // every 5th day of each phase
  });

  it("with profileOverview=asOf, a training prompt holds no price after its day + 1 (and the paper's window overview does)", async () => {
    const Tt = dates[20]!; // a training day; its label is the close of dates[21]
    const poisoned = {
      bars: full.bars.map((b) => (b.date <= dates[21]! ? b : { ...b, close: Number((b.close * 5).toFixed(4)) })),
      news: full.news.map((n) => (n.date <= Tt ? n : { ...n, headline: "Zeta collapses: fraud and catastrophic losses.", summary: null })),
      filings: full.filings.map((f) => (f.date <= Tt ? f : { ...f, text: "Fraud uncovered. Everything is terrible." })),
    };
    const asOf = { ...opts, profileOverview: "asOf" as const };
    const recA = new RecordingModel(new OfflineModel({ seed: 7 }));
    const recC = new RecordingModel(new OfflineModel({ seed: 7 }));
    const a = await run(writeFolder(full), asOf, 7, recA);
    const c = await run(writeFolder(poisoned), asOf, 7, recC);
    const upTo = (days: DayRecord[]) => days.filter((d) => d.date <= Tt);
    expect(upTo(a).length).toBe(21);
    expect(JSON.stringify(upTo(c))).toBe(JSON.stringify(upTo(a)));
    expect(promptsUpTo(recC.prompts, Tt)).toEqual(promptsUpTo(recA.prompts, Tt));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
    // Read directly: no training prompt quotes a close dated after its day + 1.
    const quoted = (i: number) => new Set(full.bars.slice(0, i + 2).map((b) => b.close.toFixed(2)));
    for (const p of recA.prompts.filter((x) => x.task === "finmem.reflect.train")) {
      const i = dates.indexOf(p.session!);
      const later = full.bars
        .slice(i + 2, 35)
        .map((b) => b.close.toFixed(2))
        .filter((x) => !quoted(i).has(x));
      expect(
        later.filter((x) => promptText(p).includes(x)),
        p.session!,
      ).toEqual([]);
    }
    // The overview of day t covers trainStart .. t (none on the first day: one close is no history).
    expect(a.filter((d) => d.phase === "train").map((d) => d.profileThrough)).toEqual([null, ...dates.slice(1, 35)]);
    // Under the paper's window overview the first training prompt already quotes the last training close (the declared read).
    const recW = new RecordingModel(new OfflineModel({ seed: 7 }));
    await run(writeFolder(full), opts, 7, recW);
    const first = recW.prompts.find((x) => x.task === "finmem.reflect.train" && x.session === dates[0])!;
    expect(promptText(first)).toContain(full.bars[34]!.close.toFixed(2));
  });

  it("routes 10-Q filings to the intermediate layer and 10-K filings to the deep layer on the day they become known", async () => {
    // (The fixture's 10-Q is dated 2021-02-15, Presidents' Day: it becomes known on the next session.)
    const capture = new MockModel({ id: "offline", isOffline: true, seed: 7, unhandled: "offline" });
    await run(writeFolder(full), { ...opts, topK: 100 }, 7, capture);
    const seen: Array<{ day: string; date: string; layer: string; kind: string }> = [];
    for (const { input } of capture.calls) {
      const m = (input as { memories?: Record<string, Array<{ kind: string; date: string }>>; date: string }).memories;
      const day = (input as { date: string }).date;
      if (m) for (const [layer, events] of Object.entries(m)) for (const e of events) seen.push({ day, date: e.date, layer, kind: e.kind });
    }
    const onArrival = (kind: string) => {
      const first = seen.find((s) => s.kind === kind)!;
      return [first.date, first.day, ...new Set(seen.filter((s) => s.kind === kind && s.day === first.day).map((s) => s.layer))];
    };
    expect(onArrival("10-Q")).toEqual([dates[10], dates[11], "intermediate"]);
    expect(onArrival("10-K")).toEqual([dates[30], dates[30], "deep"]);
    expect(seen.some((s) => s.kind === "news" && s.layer === "shallow")).toBe(true);
  });

  it("drives feedback by the accumulating holding of the authors' Portfolio by default, with both signs in training", async () => {
    expect(opts.feedbackPosition).toBe("cumulative");
    const days = await run(writeFolder(full), opts);
    for (const phase of ["train", "test"] as const) {
      const ph = days.filter((d) => d.phase === phase);
      const holding: number[] = [];
      ph.forEach((d, i) => holding.push((i > 0 ? holding[i - 1]! : 0) + d.direction));
      for (let j = 7; j < ph.length; j++) {
        let pnl = 0;
        for (let u = j - 7; u < j; u++) pnl += holding[u]! * (ph[u + 1]!.close - ph[u]!.close);
        expect(ph[j]!.feedback!.pnl).toBeCloseTo(pnl, 9);
        expect(ph[j]!.feedback!.sign).toBe(Math.sign(pnl));
        expect(ph[j]!.feedback!.sourceDate).toBe(ph[j - 7]!.date);
      }
    }
    // with a holding that accumulates, training feedback is no longer always positive
    const trainSigns = days.filter((d) => d.phase === "train" && d.feedback).map((d) => d.feedback!.sign);
    expect(trainSigns.filter((x) => x > 0).length).toBeGreaterThan(0);
    expect(trainSigns.filter((x) => x < 0).length).toBeGreaterThan(0);
    const direction = await run(writeFolder(full), { ...opts, feedbackPosition: "direction" });
    expect(JSON.stringify(days.map((d) => d.feedback))).not.toBe(JSON.stringify(direction.map((d) => d.feedback)));
  });

  it("fails with the embedder named when it returns fewer vectors than texts", async () => {
    const inner = new HashingEmbedder({ dimension: 64 });
    const short: Embedder = { id: "short", dimension: 64, embed: async (texts) => (await inner.embed(texts)).slice(0, 1) };
    const deps = { folder: DataFolder.open(writeFolder(full)), model: new OfflineModel({ seed: 7 }), embedder: short, seed: 7 };
    await expect(runFinMem(opts, deps)).rejects.toThrow(/embedder short returned 1 of the \d+ vectors asked for \(events\)/);
    const none: Embedder = { id: "none", dimension: 64, embed: async () => [] };
    await expect(runFinMem(opts, { ...deps, embedder: none })).rejects.toThrow("embedder none returned 0 of the 1 vectors asked for (profile)");
  });

  it("is deterministic for a seed and depends on it", async () => {
    const dir = writeFolder(full);
    const a = await run(dir, opts, 11);
    const b = await run(dir, opts, 11);
    const c = await run(dir, opts, 12);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });
});

function ctx(dataDir: string, seed = 7): RunContext {
  return { model: new OfflineModel({ seed }), embedder: new HashingEmbedder(), seed, dataDir, progress: silentProgress, log: () => {}, concurrency: 4 };
}

const bundled = bundledDataDir();
const bundledDefaults = existsSync(bundled) ? chooseFinMemDefaults(DataFolder.open(bundled)) : null;
describe.skipIf(!bundledDefaults)("offline end-to-end on the bundled data", () => {
  it("runs a small window identically twice with the same seed", async () => {
    const anchored = resolveWindows({ ...(finmemConfigSchema.parse({}) as FinMemConfig), ...bundledDefaults }, DataFolder.open(bundled));
    const config: FinMemConfig = {
      ...(finmemConfigSchema.parse({}) as FinMemConfig),
      ...finmemExperiment.defaults(bundled),
      trainStart: anchored.trainStart,
      trainEnd: "2023-04-28",
      testStart: "2023-05-01",
      testEnd: "2023-06-30",
    };
    const a = await finmemExperiment.run(config, ctx(bundled));
    const b = await finmemExperiment.run(config, ctx(bundled));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.tables.map((t) => t.name)).toEqual([
      "finmem_decisions",
      "finmem_memory_layers",
      "finmem_cumulative_returns",
      "finmem_metrics",
      "finmem_risk_report",
    ]);
    expect(a.figures.map((f) => f.name)).toEqual(["finmem_cumulative_return", "finmem_memory_layers"]);
    expect(a.summary.testDays).toBe(43);
    expect(Number.isFinite(a.summary.cumulativeReturn as number)).toBe(true);
    expect(a.summary.invalidOutputs).toBe(0);
  });
});
