/**
 * Known answers for the offline agents' reading of memory: tone against its
 * base rate (tone.ts), the evidence of the test policy (offline-policy.ts), and
 * the anchored windows (windows.ts).
 */
import { describe, expect, it } from "vitest";
import { explainTestDecision, MEMORY_GAIN, offlineTestDecision, offlineTrainReflection, SURPRISE_CAP } from "../../../src/finmem/offline/offline-policy";
import type { ShownMemories, TestReflectionInput } from "../../../src/finmem/reflection-io";
import { eventTone, toneClass, ToneTracker, toneSurprise, type ToneBaseline } from "../../../src/finmem/offline/tone";
import { addMonths } from "../../../src/finmem/windows";
import { trainObservation } from "../../../src/finmem/working-memory";
import { polarityScores } from "../../../src/text/vader";
import { Rng } from "../../../src/stats/rng";

const GOOD = "Shares surged on excellent results and strong demand.";
const MILD = "The company announced a new partnership with a supplier to support growth.";
const BAD = "Regulators opened a fraud probe and the stock crashed.";
const tone = (t: string) => {
  const s = polarityScores(t);
  return s.pos - s.neg;
};

describe("tone against its base rate", () => {
  it("tone is VADER pos - neg of the text without its sentiment label", () => {
    expect(eventTone(`${GOOD} (Sentiment: negative)`)).toBeCloseTo(tone(GOOD), 12);
    expect(eventTone(GOOD)).toBeGreaterThan(0);
    expect(eventTone(BAD)).toBeLessThan(0);
    expect([toneClass("news"), toneClass("10-Q"), toneClass("10-K"), toneClass("reflection"), toneClass("extended-reflection")]).toEqual([
      "news",
      "filing",
      "filing",
      "reflection",
      "reflection",
    ]);
  });

  it("z = (tone - mean) / max(sd, 0.01); filings against their own form, else the news; 0 without a base", () => {
    const base: ToneBaseline = { news: { mean: 0.2, sd: 0.1, n: 40 }, reflection: null, filing: { "10-Q": { mean: 0.1, sd: 0.005, n: 2 } } };
    expect(toneSurprise(MILD, "news", base)).toBeCloseTo((tone(MILD) - 0.2) / 0.1, 12);
    expect(toneSurprise(MILD, "10-Q", base)).toBeCloseTo((tone(MILD) - 0.1) / 0.01, 12); // sd floored
    expect(toneSurprise(MILD, "10-K", base)).toBeCloseTo((tone(MILD) - 0.2) / 0.1, 12); // first 10-K: against the news
    expect(toneSurprise(MILD, "reflection", base)).toBe(0);
    expect(toneSurprise(MILD, "news", { ...base, news: { mean: 0.2, sd: 0.1, n: 2 } })).toBe(0); // fewer than 3 news
  });

  it("the tracker's news base covers the last `window` sessions, the filing base every report of the form", () => {
    const t = new ToneTracker(2);
    t.add(0, "news", GOOD);
    t.add(1, "news", BAD);
    t.add(2, "news", MILD);
    t.add(0, "10-Q", GOOD);
    t.add(2, "10-Q", BAD);
    t.add(2, "10-K", MILD);
    const b = t.baseline(2);
    expect(b.news!.n).toBe(2);
    expect(b.news!.mean).toBeCloseTo((tone(BAD) + tone(MILD)) / 2, 12);
    expect(b.news!.sd).toBeCloseTo(Math.abs(tone(BAD) - tone(MILD)) / 2, 12);
    expect(b.filing["10-Q"]).toMatchObject({ n: 2 });
    expect(b.filing["10-Q"]!.mean).toBeCloseTo((tone(GOOD) + tone(BAD)) / 2, 12);
    expect(Object.keys(b.filing)).toEqual(["10-K", "10-Q"]);
    expect(t.baseline(1).filing["10-K"]).toBeUndefined(); // nothing known before it is stored
    expect(b.reflection).toBeNull();
  });
});

const today = "2021-01-11";
const PROFILE = "You are an experienced trader of Zeta Corp (ZZZ) who makes daily investment decisions.";
/** An item that names the company (only such items carry tone). */
const about = (t: string) => `Zeta Corp: ${t}`;
const memories = (items: Array<{ id: number; kind: string; text: string; date?: string; score?: number; layer?: keyof ShownMemories }>): ShownMemories => {
  const m: ShownMemories = { shallow: [], intermediate: [], deep: [], reflection: [] };
  for (const x of items) m[x.layer ?? "shallow"].push({ id: x.id, date: x.date ?? today, kind: x.kind, text: x.text, score: x.score ?? 1 });
  return m;
};
const testInput = (m: ShownMemories, toneBase: ToneBaseline, state: "seeking" | "averse" = "seeking"): TestReflectionInput => ({
  ticker: "ZZZ",
  date: today,
  profile: PROFILE,
  memories: m,
  toneBase,
  wording: "authors",
  risk: { mode: "adaptive", state, instruction: "" },
  momentum: { window: 3, sign: 0, cumulativeLogChange: 0 },
});

describe("offline test policy", () => {
  const base: ToneBaseline = { news: { mean: 0, sd: 0.1, n: 40 }, reflection: { mean: 0, sd: 0.1, n: 10 }, filing: {} };

  it("contribution_e = G (W_c F_c / sum W)(w_e / sum w_c) z_e with W = {news 1, filing 0.5}, each event discounted by exp(-age / tau)", () => {
    const m = memories([
      { id: 1, kind: "news", text: about(GOOD) },
      { id: 2, kind: "news", text: about(BAD), date: "2021-01-04" }, // 7 days old: weight e^-1
      { id: 3, kind: "10-Q", text: MILD, layer: "intermediate", date: "2020-12-12" }, // 30 days old; the company's own report
    ]);
    const z = (t: string) => Math.max(-SURPRISE_CAP, Math.min(SURPRISE_CAP, tone(t) / 0.1));
    const w2 = Math.exp(-1);
    // The news class's newest item is fresh (F = 1); the only filing is 30 days old (F = e^-1).
    const expected = new Map([
      [1, (MEMORY_GAIN * 1 * (1 / (1 + w2)) * z(about(GOOD))) / 1.5],
      [2, (MEMORY_GAIN * 1 * (w2 / (1 + w2)) * z(about(BAD))) / 1.5],
      [3, (MEMORY_GAIN * 0.5 * Math.exp(-1) * z(MILD)) / 1.5],
    ]);
    const claims = explainTestDecision(testInput(m, base));
    const counted = claims.drivers;
    expect(counted.map((c) => c.id).sort()).toEqual([1, 2, 3]);
    for (const c of counted) expect(c.milli).toBe(Math.round(1000 * expected.get(c.id)!));
    expect(claims.rule.totalMilli).toBe(counted.reduce((a, c) => a + c.milli, 0));
  });

  it("a stream of mildly positive items is no buy signal when the base rate is just as positive", () => {
    const m = memories([1, 2, 3, 4].map((id) => ({ id, kind: "news", text: about(MILD) })));
    const against = (mean: number) => offlineTestDecision(testInput(m, { ...base, news: { mean, sd: 0.05, n: 40 } }), new Rng(1), { temperature: 0, seed: 1 });
    expect(against(0).investment_decision).toBe("buy");
    expect(against(tone(about(MILD))).investment_decision).toBe("hold");
    expect(against(tone(about(MILD)) + 0.1).investment_decision).toBe("sell");
    // The drivers cited are the three largest contributions (equal here: the lowest ids).
    expect(against(tone(about(MILD)) + 0.1).short_memory_index).toEqual([1, 2, 3]);
  });

  it("a risk-averse agent needs stronger evidence to buy, a risk-seeking one to sell (thresholds 0.05 / 0.35)", () => {
    // z = 0.1, contribution G z = 0.2: seeking buys (> 0.05), averse holds (< 0.35).
    const m = memories([{ id: 1, kind: "news", text: about(MILD) }]);
    const b = { ...base, news: { mean: tone(about(MILD)) - 0.01, sd: 0.1, n: 40 } };
    expect(offlineTestDecision(testInput(m, b, "seeking"), new Rng(1), { temperature: 0, seed: 1 }).investment_decision).toBe("buy");
    expect(offlineTestDecision(testInput(m, b, "averse"), new Rng(1), { temperature: 0, seed: 1 }).investment_decision).toBe("hold");
  });

  it("training cites the filing whose surprise agrees with the move before weaker news", () => {
    const m = memories([
      { id: 1, kind: "news", text: about(GOOD) },
      { id: 2, kind: "news", text: about(MILD) },
      { id: 3, kind: "10-K", text: BAD, layer: "deep" },
    ]);
    const input = { ticker: "ZZZ", date: today, profile: PROFILE, memories: m, toneBase: base };
    const down = offlineTrainReflection({ ...input, move: trainObservation(100, 95) });
    expect(down.long_memory_index).toEqual([3]);
    expect(down.short_memory_index).toEqual([]);
    const up = offlineTrainReflection({ ...input, move: trainObservation(100, 105) });
    expect(up.long_memory_index).toEqual([]);
    expect(up.short_memory_index).toEqual([1, 2]);
  });
});

describe("anchored windows", () => {
  it("adds calendar months with the day clamped to the month", () => {
    expect(addMonths("2020-03-13", 9)).toBe("2020-12-13");
    expect(addMonths("2021-01-31", 1)).toBe("2021-02-28");
    expect(addMonths("2020-01-31", 1)).toBe("2020-02-29");
    expect(addMonths("2022-11-30", 3)).toBe("2023-02-28");
    expect(addMonths("2022-06-27", 13)).toBe("2023-07-27");
  });
});
