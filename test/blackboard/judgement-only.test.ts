/**
 * A model is asked only for judgement: every field of every Blackboard task's
 * answer is filled with values that ignore the input (another date, rounded
 * numbers: test/helpers/stray-answers.ts walks the JSON Schema the model is
 * shown, so no list of "model fields" is trusted), only the choices a model
 * must make coherently are fixed (a stance with its signal, ids it was shown,
 * an option it was offered). A small run through the real reading path
 * (runTask) accepts every such answer on the first request, and the posted
 * messages carry the code's values: the analyst, its window and metrics, an
 * indicator's computed value, the side / stance and round of a turn, the
 * debate's rounds and stop reason, a citation's date and value, the judge's
 * volatility, drawdown and votes.
 */
import { describe, expect, it } from "vitest";
import type { MarketAnalystInput, ManagerInput, ResearcherInput, RiskJudgeInput, RiskManagerInput, TraderInput } from "../../src/blackboard/agent-inputs";
import { parseBlackboard } from "../../src/blackboard/log";
import type { BlackboardMessage } from "../../src/blackboard/messages";
import { round6 } from "../../src/blackboard/numbers";
import {
  fundamentalsAnalystPolicy,
  macroAnalystPolicy,
  marketAnalystPolicy,
  newsAnalystPolicy,
  socialAnalystPolicy,
} from "../../src/blackboard/offline/analysts";
import { BLACKBOARD_TASK_NAMES, BUILTIN_TASKS } from "../../src/blackboard/tasks";
import { bundledDataDir } from "../../src/data/paths";
import { taskJsonSchema } from "../../src/llm/index";
import { runExperiment } from "../../src/run/index";
import { STRAY_DATE, StrayModel, strayValue } from "../helpers/stray-answers";

type Answer = Record<string, unknown>;
const briefIds = (brief: { evidence: Array<{ id: string }> }) => brief.evidence.slice(0, 1).map((e) => e.id);

/** The coherent choices (module doc); everything else stays stray. */
const FIXES = {
  ...Object.fromEntries(
    ["market", "news", "social", "fundamentals", "macro"].map((kind) => [
      `blackboard.analyst.${kind}`,
      (a: Answer & { evidence: Answer[] }) => ({
        ...a,
        stance: "bullish",
        signal: 0.5,
        // The market analyst's item names an indicator, whose computed value must replace the stray 0.5.
        evidence: a.evidence.map((e) => ({ ...e, source: kind === "market" ? "rsi_14" : e.source })),
      }),
    ]),
  ),
  "blackboard.researcher": (a: Answer, input: ResearcherInput) => ({ ...a, cited_evidence: briefIds(input.brief) }),
  "blackboard.research_manager": (a: Answer, input: ManagerInput) => ({ ...a, view: "BUY", score: 0.5, supporting_evidence: briefIds(input.brief) }),
  "blackboard.trader": (a: Answer & { chains: Array<Answer & { steps: Answer[] }> }, input: TraderInput) => {
    if (!input.facts) return { ...a, chains: [] };
    const values = input.facts.values;
    const indicator = Object.keys(values).find((k) => Number.isFinite(values[k]))!;
    const chain = a.chains[0]!;
    return {
      ...a,
      action: "BUY",
      chains: (["volatility", "directional", "hedging"] as const).map((name) => ({
        ...chain,
        chain: name,
        steps: chain.steps.map((s) => ({ ...s, indicator })),
      })),
    };
  },
  "blackboard.risk_manager": (a: Answer, input: RiskManagerInput) => ({ ...a, cited_evidence: briefIds(input.brief) }),
  "blackboard.risk_judge": (a: Answer, input: RiskJudgeInput) => ({ ...a, final_action: input.positions[0]?.action ?? input.brief.proposal.action }),
};

const POLICY = {
  market: marketAnalystPolicy,
  news: newsAnalystPolicy,
  social: socialAnalystPolicy,
  fundamentals: fundamentalsAnalystPolicy,
  macro: macroAnalystPolicy,
};

describe("a model is asked only for judgement (stray answers to every field)", async () => {
  const model = new StrayModel(FIXES);
  const run = await runExperiment("blackboard", {
    seed: 7,
    dataDir: bundledDataDir(),
    modelInstance: model,
    set: ["tickers=ALTA,BRIX", "start=2025-03-03", "end=2025-03-31", "debateRounds=2"],
  });
  const board = parseBlackboard(run.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content, "blackboard.jsonl").messages;
  const of = <T extends BlackboardMessage["type"]>(type: T) => board.filter((m) => m.type === type) as Array<BlackboardMessage<T>>;
  const callsOf = (task: string) => model.calls.filter((c) => c.task === task);
  const dateOf = (m: BlackboardMessage) => m.timestamp.slice(0, 10);

  it("every task was asked, every schema field was answered, and every answer counted on the first request", () => {
    expect([...new Set(model.calls.map((c) => c.task))].sort()).toEqual([...BLACKBOARD_TASK_NAMES].sort());
    for (const task of Object.values(BUILTIN_TASKS).filter((t) => typeof t === "object")) {
      const stray = strayValue(taskJsonSchema(task.schema));
      expect(JSON.stringify(stray).includes("null"), `${task.name}: a field left empty`).toBe(false);
    }
    expect(model.calls.filter((c) => c.rounds.join() !== "answer").map((c) => `${c.task}: ${c.rounds.join()}`)).toEqual([]);
    expect(run.result.gaps).toEqual({ total: 0, byTask: Object.fromEntries(BLACKBOARD_TASK_NAMES.map((t) => [t, 0])) });
  });

  it("no stray date reached a date field of the board", () => {
    for (const m of of("AnalysisReport")) expect([m.content.window.from, m.content.window.to]).not.toContain(STRAY_DATE);
    for (const m of of("TradeProposal")) for (const c of m.content.chains) for (const s of c.steps) expect(s.citation.date).not.toBe(STRAY_DATE);
  });

  it("analyst reports carry the analyst, window and metrics the code measured, and the computed value of an indicator", () => {
    const reports = of("AnalysisReport");
    expect(reports.length).toBe(model.calls.filter((c) => c.task.startsWith("blackboard.analyst.")).length);
    for (const kind of Object.keys(POLICY) as Array<keyof typeof POLICY>) {
      const calls = callsOf(`blackboard.analyst.${kind}`);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        const input = call.input as MarketAnalystInput;
        const posted = reports.find((m) => m.sender.role === `${kind}_analyst` && m.ticker === input.ticker && dateOf(m) === input.date)!;
        const offline = POLICY[kind](input as never);
        expect(posted.content.analyst).toBe(kind);
        expect(posted.content.window).toEqual(offline.window);
        expect(posted.content.metrics).toEqual(offline.metrics);
        expect(posted.content.signal).toBe(0.5);
        if (kind === "market" && input.indicators) expect(posted.content.evidence[0]!.value).toBe(input.indicators.values.rsi_14);
      }
    }
  });

  it("debate turns carry the side / stance and round of their place in the debate; the report its rounds and stop reason", () => {
    for (const [type, key] of [
      ["DebateComment", "side"],
      ["RiskDebateComment", "stance"],
    ] as const) {
      const threads = new Map<string, BlackboardMessage[]>();
      for (const m of of(type)) threads.set(`${m.ticker}|${dateOf(m)}`, [...(threads.get(`${m.ticker}|${dateOf(m)}`) ?? []), m]);
      const speakers = type === "DebateComment" ? 2 : 3;
      for (const turns of threads.values())
        turns.forEach((m, k) => {
          const content = m.content as { round: number; side?: string; stance?: string };
          expect(m.sender.role.startsWith(content[key]!)).toBe(true);
          expect(content.round).toBe(Math.floor(k / speakers) + 1);
        });
    }
    for (const m of of("FinalReport")) {
      const turns = of("DebateComment").filter((t) => t.ticker === m.ticker && dateOf(t) === dateOf(m));
      expect(m.content.debate_rounds).toBe(Math.max(0, ...turns.map((t) => t.content.round)));
      expect(m.content.stop_reason).not.toBe("no_debate");
      expect(m.content.score).toBe(0.5);
    }
    for (const m of [...of("RiskPosition"), ...of("RiskRecommendation")]) expect(m.sender.role).toBe(`${m.content.stance}_risk_manager`);
  });

  it("chain steps cite the facts' date and computed value", () => {
    const proposals = of("TradeProposal");
    expect(proposals.length).toBe(callsOf("blackboard.trader").length);
    for (const call of callsOf("blackboard.trader")) {
      const input = call.input as TraderInput;
      const posted = proposals.find((m) => m.ticker === input.ticker && dateOf(m) === input.date)!;
      for (const c of posted.content.chains)
        for (const s of c.steps) {
          expect(s.citation.date).toBe(input.facts!.date);
          expect(s.citation.value).toBe(input.facts!.values[s.citation.indicator]);
        }
    }
  });

  it("the judge's volatility and drawdown are the brief's computed metrics, its votes the managers' posted positions", () => {
    const assessments = of("RiskAssessment");
    expect(assessments.length).toBe(callsOf("blackboard.risk_judge").length);
    for (const call of callsOf("blackboard.risk_judge")) {
      const { brief } = call.input as RiskJudgeInput;
      const posted = assessments.find((m) => m.ticker === brief.ticker && dateOf(m) === brief.date)!;
      expect(posted.content.volatility).toBe(round6(Math.max(0, brief.metrics.vol_20d ?? 0)));
      expect(posted.content.drawdown).toBe(round6(Math.min(0, brief.metrics.drawdown_252d ?? 0)));
      expect(posted.content.volatility).not.toBe(0.5);
      const positions = of("RiskPosition").filter((p) => p.ticker === brief.ticker && dateOf(p) === brief.date);
      expect(posted.content.votes).toEqual(Object.fromEntries(positions.map((p) => [p.content.stance, p.content.action])));
    }
  });
});
