/**
 * Every recorded claim of the offline FinMem agents, re-checked against the
 * data, over default runs (bundled datasets/ and, when present,
 * ../shared/datasets): each reason is the rendering of its claims; the stated
 * contributions sum to the stated total and the decision follows the stated
 * rule (read back from the text itself); every cited id was shown and is
 * about the company (by a name list built here, not by the agent's reader);
 * the agent's own earlier decisions never count; momentum and moves equal the
 * price data; percentages read "fell 0.74 %"; extended reflections are all
 * different and say what went right and wrong with numbers.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentProgress, type RunContext } from "../../../src/core/contract";
import { DataFolder } from "../../../src/data/folder";
import { bundledDataDir } from "../../../src/data/paths";
import { finmemConfigSchema, type FinMemConfig } from "../../../src/finmem/config";
import { LAYERS, LAYER_FIELD } from "../../../src/finmem/constants";
import { runFinMemExperiment, type FinMemOutcome } from "../../../src/finmem/experiment";
import { movePhrase, renderDecision, renderTrainReflection, renderWeek } from "../../../src/finmem/offline/claims";
import { explainTestDecision, explainTrainReflection, explainWeek, SURPRISE_CAP } from "../../../src/finmem/offline/offline-policy";
import { toneSurprise } from "../../../src/finmem/offline/tone";
import type {
  ExtendedReflectionInput,
  ShownMemories,
  TestReflection,
  TestReflectionInput,
  TrainReflection,
  TrainReflectionInput,
} from "../../../src/finmem/reflection-io";
import { OfflineModel } from "../../../src/llm/offline";
import { emptyUsage, type CallOptions, type Model, type ModelResult, type Task } from "../../../src/llm/types";
import { HashingEmbedder } from "../../../src/text/embedding";

const SHARED = path.resolve(process.cwd(), "../shared/datasets");

/** The offline model, with every call's task, input and output kept. */
class Recording implements Model {
  readonly id = "offline";
  readonly isOffline = true;
  readonly calls: Array<{ task: string; input: unknown; output: unknown }> = [];
  readonly #inner = new OfflineModel({ seed: 7 });
  async run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>> {
    const r = await this.#inner.run(task, input, options);
    this.calls.push({ task: task.name, input, output: r.output });
    return r;
  }
  usage() {
    return { ...emptyUsage(), ...this.#inner.usage() };
  }
}

async function recordedRun(dataDir: string, ticker: string): Promise<{ out: FinMemOutcome; calls: Recording["calls"]; folder: DataFolder }> {
  const model = new Recording();
  const ctx: RunContext = { model, embedder: new HashingEmbedder(), seed: 7, dataDir, progress: silentProgress, log: () => {}, concurrency: 4 };
  const out = await runFinMemExperiment(finmemConfigSchema.parse({ ticker }) as FinMemConfig, ctx);
  return { out, calls: model.calls, folder: DataFolder.open(dataDir) };
}

/** The company's names as this test spells them, from the data folder's manifest (independent of the agent's reader). */
function nameTest(folder: DataFolder, ticker: string): (text: string) => boolean {
  const name = (folder.tickerInfo(ticker).name ?? "").replace(/,?\s+(Inc|Corp|Corporation|Technologies)\.?$/i, "").trim();
  const words = [name, name.split(" ")[0]!].filter((w) => w.length >= 4);
  const initials = /^(\w)\w* & (\w)\w*$/.exec(name);
  if (initials) words.push(`${initials[1]}&${initials[2]}`);
  const lower = words.map((w) => w.toLowerCase());
  return (text) => new RegExp(`(^|[^A-Za-z0-9])${ticker}([^A-Za-z0-9]|$)`).test(text) || lower.some((w) => text.toLowerCase().includes(w));
}

const shownIn = (m: ShownMemories, layer: keyof ShownMemories, id: number) => m[layer].find((e) => e.id === id);
const normal = (s: string) =>
  s
    .replace(/\*\*|__/g, "")
    .replace(/"/g, "'")
    .replace(/\s+/g, " ");
const citedPrefix = (s: string) => s.replace(/…$/, "");

/** Signed amounts a decision's text states before its total (quoted snippets removed), the total and the rule's thresholds. */
function statedArithmetic(reason: string) {
  const unquoted = reason.replace(/"[^"]*"/g, '""');
  const rule = /buy above ([+-]\d+\.\d{3}), sell below ([+-]\d+\.\d{3})/.exec(unquoted)!;
  const [before] = unquoted.split(" Total ");
  const body = before!.slice(before!.indexOf(" else hold.") + 1);
  const terms = [...body.matchAll(/: ([+-]\d+\.\d{3})(?=[;.])/g)].map((m) => Math.round(Number(m[1]) * 1000));
  const total = /Total ([+-]\d+\.\d{3}), (?:above|below|between)[^:]*: (buy|sell|hold)\./.exec(unquoted)!;
  return {
    terms,
    total: Math.round(Number(total[1]) * 1000),
    decision: total[2],
    buy: Math.round(Number(rule[1]) * 1000),
    sell: Math.round(Number(rule[2]) * 1000),
  };
}

/** The adjusted close of a date and the log change over the `k` sessions before it. */
function priceData(folder: DataFolder, ticker: string) {
  const s = folder.prices(ticker);
  const index = new Map(s.dates.map((d, i) => [d, i]));
  const at = (i: number) => s.adjClose[i]!;
  return {
    logChange: (date: string, k: number) => {
      const i = index.get(date)!;
      return Math.log(at(i) / at(i - k));
    },
    nextLogChange: (date: string) => {
      const i = index.get(date)!;
      return Math.log(at(i + 1) / at(i));
    },
  };
}

function checkPercentWording(text: string): void {
  expect(text, text).not.toMatch(/(rose|fell|gained|lost) -/);
  expect(text.replace(/"[^"]*"/g, ""), text).not.toMatch(/\d%/);
}

function checkRun(dataDir: string, ticker: string, run: Awaited<ReturnType<typeof recordedRun>>): void {
  const { calls, folder, out } = run;
  const names = nameTest(folder, ticker);
  const prices = priceData(folder, ticker);
  const testDates = new Set(out.run.days.filter((d) => d.phase === "test").map((d) => d.date));
  let decisions = 0;
  let counted = 0;
  for (const call of calls) {
    if (call.task === "finmem.reflect.test") {
      decisions++;
      const input = call.input as TestReflectionInput;
      const output = call.output as TestReflection;
      const claims = explainTestDecision(input);
      // The reason is the rendering of its claims; the decision and cited ids are the claims'.
      expect(output.summary_reason).toBe(renderDecision(claims));
      expect(output.investment_decision).toBe(claims.rule.decision);
      // Read back from the text: the stated amounts sum to the stated total, and the stated rule gives the decision.
      const t = statedArithmetic(output.summary_reason);
      expect(
        t.terms.reduce((a, b) => a + b, 0),
        output.summary_reason,
      ).toBe(t.total);
      expect(t.decision).toBe(t.total > t.buy ? "buy" : t.total < t.sell ? "sell" : "hold");
      expect(t.decision).toBe(output.investment_decision);
      // Momentum equals the price data.
      const m = claims.momentum;
      const realised = prices.logChange(input.date, m.window);
      expect(m.logChange!).toBeCloseTo(realised, 12);
      expect(m.sign).toBe(Math.sign(realised));
      expect(output.summary_reason).toContain(`${m.window}-day momentum: ${ticker} ${movePhrase(realised)}: `);
      // Every cited id was shown in its layer, is a listed driver and is about the company (or a recorded outcome).
      const listed = new Set(claims.drivers.map((d) => d.id));
      for (const l of LAYERS)
        for (const id of output[LAYER_FIELD[l]]) {
          expect(shownIn(input.memories, l, id), `${input.date} cites ${id}`).toBeDefined();
          expect(listed.has(id)).toBe(true);
        }
      for (const id of claims.others?.ids ?? []) expect(LAYERS.some((l) => shownIn(input.memories, l, id))).toBe(true);
      for (const c of claims.drivers) {
        const e = shownIn(input.memories, c.layer, c.id)!;
        expect(e, `${input.date} [${c.id}]`).toBeDefined();
        expect(e.date).toBe(c.date);
        expect(normal(e.text)).toContain(citedPrefix(normal(c.cited)).replace(/^\d+\. /, ""));
        if (c.kind === "tone") {
          counted++;
          if (!/^10-/.test(e.kind)) expect(names(e.text), `[${c.id}] ${e.text}`).toBe(true);
          const z = toneSurprise(e.text, e.kind, input.toneBase);
          expect(c.value).toBeCloseTo(Math.max(-SURPRISE_CAP, Math.min(SURPRISE_CAP, z)), 9);
        } else {
          // A reflection counts only for its recorded outcome, and that outcome is the price data's.
          expect(e.text.startsWith("Offline rule")).toBe(false);
          expect(e.text.startsWith(c.cited)).toBe(true);
          const train = /^\S+ (rose|fell|was unchanged)[^(]* on the next trading day/.exec(e.text);
          const sessions = train ? 1 : Number(/\((\d+) sessions\)/.exec(c.cited)![1]);
          const move = train ? prices.nextLogChange(e.date) : prices.logChange(e.date, sessions);
          if (train) expect(c.cited).toBe(`${ticker} ${movePhrase(move)} on the next trading day`);
          else expect(c.cited.endsWith(`${ticker} ${movePhrase(move)}`)).toBe(true);
          // It counts in proportion to the stated move: 1 % per square-root session counts fully.
          const statedPct = Number((100 * (Math.exp(move) - 1)).toFixed(2));
          expect(c.value).toBeCloseTo(Math.max(-1, Math.min(1, statedPct / Math.sqrt(sessions))), 9);
        }
      }
      // Whatever was shown and not counted: the agent's own test-day decisions never count; not-about quotes its text.
      for (const l of LAYERS)
        for (const e of input.memories[l]) {
          if (e.text.startsWith("Offline rule")) {
            expect(claims.noTone.find((c) => c.id === e.id)?.why).toBe("no-outcome");
            // An earlier decision's next close may be known by now (its date is before this session): never say it has no outcome.
            expect(output.summary_reason).not.toMatch(/no (?:recorded )?outcome/);
            expect(testDates.has(e.date) || e.date < [...testDates].sort()[0]!).toBe(true);
          }
        }
      for (const c of claims.noTone) {
        const e = shownIn(input.memories, c.layer, c.id)!;
        if (c.why === "not-about") expect(normal(e.text)).toContain(citedPrefix(normal(c.cited)));
        if (c.why === "unnamed") expect(names(e.text), `[${c.id}] ${e.text}`).toBe(false);
      }
      checkPercentWording(output.summary_reason);
    } else if (call.task === "finmem.reflect.train") {
      const input = call.input as TrainReflectionInput;
      const output = call.output as TrainReflection;
      const claims = explainTrainReflection(input);
      expect(output.summary_reason).toBe(renderTrainReflection(claims));
      expect(input.move.logChange).toBeCloseTo(prices.nextLogChange(input.date), 12);
      expect(output.summary_reason.startsWith(`${ticker} ${movePhrase(prices.nextLogChange(input.date))} on the next trading day`)).toBe(true);
      for (const c of claims.agreeing) expect(Math.sign(c.milli)).toBe(Math.sign(input.move.logChange));
      checkPercentWording(output.summary_reason);
    } else if (call.task === "finmem.reflect.extended") {
      const input = call.input as ExtendedReflectionInput;
      const text = (call.output as { summary_reason: string }).summary_reason;
      expect(text).toBe(renderWeek(explainWeek(input)));
      for (const r of input.records) if (r.nextDayLogChange !== null) expect(r.nextDayLogChange).toBeCloseTo(prices.nextLogChange(r.date), 12);
      expect(input.marketLogChange!).toBeCloseTo(prices.logChange(input.windowEnd, input.records.length), 12);
      // Every sentence states a number: no stock lesson.
      for (const sentence of text.split(/(?<=\.)\s+(?=[A-Z])/)) expect(sentence, text).toMatch(/\d/);
      checkPercentWording(text);
    }
  }
  expect(decisions).toBe(testDates.size);
  expect(counted).toBeGreaterThan(50);
  const weeks = out.run.days.filter((d) => d.extendedReflection).map((d) => d.extendedReflection);
  expect(weeks.length).toBeGreaterThan(40);
  expect(new Set(weeks).size).toBe(weeks.length);
  expect(dataDir).toBeTruthy();
}

describe("offline FinMem claims, re-checked against the data", () => {
  it("bundled datasets/, default ticker and windows", async () => {
    const dir = bundledDataDir();
    const folder = DataFolder.open(dir);
    const ticker = finmemConfigSchema.parse({}).ticker || (await import("../../../src/finmem/windows")).defaultTicker(folder)!;
    checkRun(dir, ticker, await recordedRun(dir, ticker));
  });

  it.skipIf(!existsSync(SHARED))("../shared/datasets NFLX (items that say they are not about Netflix)", async () => {
    const run = await recordedRun(SHARED, "NFLX");
    checkRun(SHARED, "NFLX", run);
    // The items that say they are not about Netflix are stored and shown, and never count.
    let notAbout = 0;
    for (const call of run.calls)
      if (call.task === "finmem.reflect.test")
        notAbout += explainTestDecision(call.input as TestReflectionInput).noTone.filter((c) => c.why === "not-about").length;
    expect(notAbout).toBeGreaterThan(10);
  });
});
