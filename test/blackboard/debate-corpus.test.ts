/**
 * Every debate comment of a full offline run (the default configuration on
 * the bundled market: every stock, the paper's window) read back from the
 * blackboard log: no comment contradicts its own side, and every question
 * and answer quotes evidence that is on the board — the analysts' claims
 * with their numbers and headlines, or the risk numbers the trader's
 * Chain-of-Alpha cited.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { riskBrief } from "../../src/blackboard/agent-inputs";
import { quotedIds } from "../../src/blackboard/debate";
import { parseBlackboard } from "../../src/blackboard/log";
import type { AnalysisReport, BlackboardMessage, DebateComment, FinalReport, RiskDebateComment, TradeProposal } from "../../src/blackboard/messages";
import { bundledDataDir } from "../../src/data/paths";
import { runExperiment } from "../../src/run/runner";

interface ThreadLog {
  key: string;
  messages: BlackboardMessage[];
}

let threads: ThreadLog[] = [];

beforeAll(async () => {
  const run = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), concurrency: 4 });
  const log = run.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content;
  const byThread = new Map<string, BlackboardMessage[]>();
  for (const m of parseBlackboard(log, "blackboard.jsonl").messages) {
    const key = `${m.timestamp.slice(0, 10)}|${m.ticker}`;
    byThread.set(key, [...(byThread.get(key) ?? []), m]);
  }
  threads = [...byThread].map(([key, messages]) => ({ key, messages }));
}, 240_000);

const contents = <T>(thread: ThreadLog, type: string) => thread.messages.filter((m) => m.type === type).map((m) => m.content as T);

describe("bull / bear debate corpus (full offline run)", () => {
  it("has a real corpus", () => {
    expect(threads.length).toBeGreaterThan(400);
    expect(threads.flatMap((t) => contents<DebateComment>(t, "DebateComment")).length).toBeGreaterThan(1000);
  });

  it("cites only its own side's evidence, argues only its own case, and quotes board evidence in every question and answer", () => {
    const problems: string[] = [];
    let answers = 0;
    for (const thread of threads) {
      const evidence = new Map(contents<AnalysisReport>(thread, "AnalysisReport").flatMap((r) => r.evidence.map((e) => [e.id, e] as const)));
      for (const c of contents<DebateComment>(thread, "DebateComment")) {
        const where = `${thread.key} ${c.side} r${c.round}`;
        const own = c.side === "bull" ? 1 : -1;
        for (const id of c.cited_evidence) if (evidence.get(id)?.direction !== own) problems.push(`${where}: cites ${id} of the other side`);
        const wrongCase = c.side === "bull" ? /downside case|undercuts the upside/ : /upside case|undercuts the downside/;
        for (const text of [c.argument, c.answer ?? ""]) if (wrongCase.test(text)) problems.push(`${where}: "${text}"`);
        for (const text of [c.question, c.answer]) {
          if (text === null) continue;
          const ids = quotedIds(text);
          if (text === c.answer) answers++;
          if (ids.length === 0 && !/no evidence on the board/.test(text)) problems.push(`${where}: quotes no evidence: "${text}"`);
          for (const id of ids) {
            const e = evidence.get(id);
            if (!e || !text.includes(`${e.claim} [${id}]`)) problems.push(`${where}: [${id}] is not this thread's claim: "${text}"`);
          }
        }
        // In an answer every quoted item is this side's, but the opponent's item it "outweighs"; in a question the item
        // "Why should X outweigh Y?" asks about is the other side's, and the one it sets against it (Y) is this side's.
        for (const id of quotedIds(c.answer ?? "")) {
          const e = evidence.get(id);
          if (e && !c.answer!.includes(`outweighs ${e.claim} [${id}]`) && e.direction !== own)
            problems.push(`${where}: the answer argues with ${id} of the other side: "${c.answer}"`);
        }
        const asked = c.question ? /^Why should (.*) \[([^\]]+)\] outweigh (.*) \[([^\]]+)\]\?$/.exec(c.question) : null;
        if (asked && (evidence.get(asked[2]!)?.direction !== -own || evidence.get(asked[4]!)?.direction !== own))
          problems.push(`${where}: question with the sides swapped: "${c.question}"`);
        if (c.answer && !c.answer.includes(c.side === "bull" ? "upside case" : "downside case") && !/no evidence on the board/.test(c.answer)) {
          problems.push(`${where}: the answer does not argue its case: "${c.answer}"`);
        }
      }
    }
    expect(answers).toBeGreaterThan(500);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it("asks questions that differ with the evidence (no generic question)", () => {
    const questions = threads.flatMap((t) => contents<DebateComment>(t, "DebateComment").flatMap((c) => (c.question ? [c.question] : [])));
    const counts = new Map<string, number>();
    for (const q of questions) counts.set(q, (counts.get(q) ?? 0) + 1);
    expect(Math.max(...counts.values()) / questions.length).toBeLessThan(0.02);
  });
});

describe("risk debate corpus (full offline run)", () => {
  it("aggressive cites risk-adding and conservative risk-reducing evidence only; questions and answers quote the trader's numbers", () => {
    const problems: string[] = [];
    let quoted = 0;
    for (const thread of threads) {
      const report = contents<FinalReport>(thread, "FinalReport")[0];
      const proposal = contents<TradeProposal>(thread, "TradeProposal")[0];
      if (!report || !proposal) continue;
      // The risk brief is rebuilt from what is on the board: the FinalReport, and the indicator values the TradeProposal's chains cite.
      const values = Object.fromEntries(proposal.chains.flatMap((ch) => ch.steps.map((s) => [s.citation.indicator, s.citation.value] as const)));
      const date = thread.key.slice(0, 10);
      const brief = riskBrief(thread.messages[0]!.ticker, date, report, proposal, { ticker: thread.messages[0]!.ticker, date, values });
      const byId = new Map(brief.evidence.map((e) => [e.id, e]));
      for (const c of contents<RiskDebateComment>(thread, "RiskDebateComment")) {
        const where = `${thread.key} ${c.stance} r${c.round}`;
        const own = c.stance === "aggressive" ? 1 : c.stance === "conservative" ? -1 : null;
        if (own !== null) for (const id of c.cited_evidence) if (byId.get(id)?.direction !== own) problems.push(`${where}: cites ${id} against its stance`);
        if (!c.argument.includes(c.recommended_action)) problems.push(`${where}: the argument does not state ${c.recommended_action}`);
        const wrong = c.stance === "aggressive" ? /argues for cutting risk/ : c.stance === "conservative" ? /argues for keeping or adding risk/ : null;
        if (wrong && c.answer && wrong.test(c.answer)) problems.push(`${where}: "${c.answer}"`);
        for (const text of [c.question, c.answer]) {
          if (text === null) continue;
          for (const id of quotedIds(text)) {
            quoted++;
            const e = byId.get(id);
            if (!e || !text.includes(`${e.claim} [${id}]`)) problems.push(`${where}: [${id}] is not on the board: "${text}"`);
          }
          if (text === c.question && quotedIds(text).length === 0) problems.push(`${where}: generic question "${text}"`);
        }
      }
    }
    expect(quoted).toBeGreaterThan(1000);
    expect(problems.slice(0, 10)).toEqual([]);
  });
});
