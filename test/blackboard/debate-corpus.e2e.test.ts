/**
 * Everything the offline agents said in full default runs (every stock, the
 * paper's window; the bundled market and, when present, ../shared/datasets),
 * read back from the blackboard log and re-checked against the board alone:
 * - every comparison states both weights, the board's, and the heavier side
 *   first; concessions quote the FinalReport's weights; questions come from
 *   templates whose slots are noun phrases naming board items;
 * - every turn is rendered from recorded claims (the policy re-run on the
 *   board's inputs gives the posted text) and every claim holds on the board;
 * - the manager's view follows the score it states by the rule it states;
 * - risk comments and recommendations quote items of the risk brief with
 *   their numbers, argue for or against the bet as their stance does, speak
 *   of the overweight / underweight / prior weight of the position, and are
 *   no fixed list;
 * - bb_view_vs_weight splits every move exactly and counts the moves against
 *   the call in its note and in the summary.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { researchBrief, riskBrief, type ResearchBrief, type RiskBrief } from "../../src/blackboard/agent-inputs";
import { quotedIds } from "../../src/blackboard/debate";
import { parseBlackboard } from "../../src/blackboard/log";
import type {
  AnalysisReport,
  BlackboardMessage,
  DebateComment,
  FinalReport,
  RiskDebateComment,
  RiskPosition,
  RiskRecommendation,
  TradeProposal,
} from "../../src/blackboard/messages";
import type { Claim } from "../../src/blackboard/offline/claims";
import { researcherTurn, VIEW_THRESHOLD } from "../../src/blackboard/offline/researchers";
import { betDirection, riskPositionTurn, riskReading, riskTurn } from "../../src/blackboard/offline/risk";
import type { Table } from "../../src/core/index";
import { bundledDataDir } from "../../src/data/paths";
import { runExperiment } from "../../src/run/runner";
import {
  boardWeight,
  comparisonProblems,
  concessionProblems,
  debateQuestionProblems,
  printedRelationProblems,
  riskNumbers,
  riskQuestionProblems,
  sizeProblems,
} from "./helpers/board-claims";

interface Thread {
  key: string;
  ticker: string;
  date: string;
  messages: BlackboardMessage[];
}

interface Corpus {
  threads: Thread[];
  tables: Table[];
  summary: Record<string, unknown>;
}

async function corpus(dataDir: string): Promise<Corpus> {
  const run = await runExperiment("blackboard", { seed: 7, dataDir, concurrency: 4 });
  const log = run.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content;
  const byThread = new Map<string, BlackboardMessage[]>();
  for (const m of parseBlackboard(log, "blackboard.jsonl").messages) {
    const key = `${m.timestamp.slice(0, 10)}|${m.ticker}`;
    byThread.set(key, [...(byThread.get(key) ?? []), m]);
  }
  const threads = [...byThread].map(([key, messages]) => ({ key, ticker: messages[0]!.ticker, date: key.slice(0, 10), messages }));
  return { threads, tables: run.result.tables, summary: run.result.summary as Record<string, unknown> };
}

/** The same flat record, whatever the order of its keys. */
const same = (a: object, b: object) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

const contents = <T>(thread: Thread, type: string) => thread.messages.filter((m) => m.type === type).map((m) => m.content as T);

function debateBrief(thread: Thread): ResearchBrief {
  return researchBrief(thread.ticker, thread.date, contents<AnalysisReport>(thread, "AnalysisReport"));
}

/** The risk brief rebuilt from the board: the FinalReport and the indicator values the TradeProposal's chains cite. */
function boardRiskBrief(thread: Thread): RiskBrief | null {
  const report = contents<FinalReport>(thread, "FinalReport")[0];
  const proposal = contents<TradeProposal>(thread, "TradeProposal")[0];
  if (!report || !proposal) return null;
  const values = Object.fromEntries(proposal.chains.flatMap((ch) => ch.steps.map((s) => [s.citation.indicator, s.citation.value] as const)));
  return riskBrief(thread.ticker, thread.date, report, proposal, { ticker: thread.ticker, date: thread.date, values });
}

/** A debate claim re-checked against the board weights (see claims.ts for what score and threshold mean per kind). */
function debateClaimProblems(c: Claim, side: "bull" | "bear", brief: ResearchBrief): string[] {
  const out: string[] = [];
  const w = (id: string) => boardWeight(brief, id) ?? NaN;
  const dir = (id: string) => brief.evidence.find((e) => e.id === id)?.direction;
  const own = side === "bull" ? 1 : -1;
  for (const id of c.cited) if (dir(id) === undefined) out.push(`cites [${id}], not on the board`);
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  switch (c.kind) {
    case "compare":
      if (!(near(c.score, w(c.cited[0]!) - w(c.cited[1]!)) && c.score > c.threshold)) out.push(`compare ${c.cited.join(" > ")} does not hold: "${c.text}"`);
      break;
    case "tie":
      if (w(c.cited[0]!) !== w(c.cited[1]!)) out.push(`tie that is not one: "${c.text}"`);
      break;
    case "together":
      if (!(near(c.score, Number((w(c.cited[0]!) + w(c.cited[1]!)).toFixed(2)) - w(c.cited[2]!)) && c.score > 0))
        out.push(`together does not hold: "${c.text}"`);
      if (dir(c.cited[0]!) !== own || dir(c.cited[1]!) !== own || dir(c.cited[2]!) !== -own) out.push(`together with the wrong sides: "${c.text}"`);
      break;
    case "support":
    case "case":
      for (const id of c.cited) if (dir(id) !== own) out.push(`${c.kind} cites [${id}] of the other side: "${c.text}"`);
      if (
        c.kind === "case" &&
        !near(
          c.score,
          c.cited.reduce((a, id) => a + w(id), 0),
        )
      )
        out.push(`case total ${c.score}: "${c.text}"`);
      break;
    case "ask":
      if (dir(c.item!) !== (c.cited.length === 2 ? -own : own) || (c.cited[1] && dir(c.cited[1]) !== own))
        out.push(`question with the sides swapped: "${c.text}"`);
      if (c.score !== w(c.item!) || (c.cited[1] && c.threshold !== w(c.cited[1]))) out.push(`question weights: "${c.text}"`);
      break;
    case "concede":
      if (!(c.score > c.threshold)) out.push(`concession below its rule: "${c.text}"`);
      break;
    case "no_case":
      break;
    default:
      out.push(`unexpected kind ${c.kind}`);
  }
  return out;
}

/** Whether the relation a risk reading states holds between its value (score) and limit (threshold). */
function readingHolds(c: Claim): boolean {
  // The reading of the claim's own item follows its [id] (an answer may first name the item it was asked about).
  const t = c.item ? c.text.slice(c.text.lastIndexOf(`[${c.item}]`)) : c.text;
  const { score: v, threshold: lim } = c;
  if (/\bnot rising\b/.test(t) || /\bup by less than 10%/.test(t)) return v <= lim + 1e-6;
  if (/, at /.test(t)) return Math.abs(v - lim) < 1e-4;
  if (/\brising\b/.test(t)) return v > lim - 1e-6;
  if (/, above /.test(t)) return v > lim - 1e-6;
  if (/, below /.test(t)) return v < lim + 1e-6;
  if (/, past the /.test(t)) return v < lim + 1e-6;
  if (/, within [\d.]+% of the high/.test(t)) return v > lim - 1e-6;
  if (/, within 0\.30 of zero/.test(t)) return Math.abs(v) <= 0.3 + 1e-6;
  if (/, inside the /.test(t)) return v >= lim - 1e-6 && v <= -0.05 + 1e-6;
  if (/, between /.test(t)) return v <= lim + 1e-6;
  return /no risk metric on the board/.test(t);
}

/**
 * Whether `text` states the number `n` ("42.3%", "0.55"): printed as is, or
 * with more digits that round to it within half its last digit ("42.267%").
 */
function statesNumber(text: string, n: string): boolean {
  if (text.includes(n)) return true;
  const unit = n.endsWith("%") ? "%" : "";
  const half = 0.5 * 10 ** -(n.split(".")[1]?.replace("%", "").length ?? 0) + 1e-9;
  const printed = [...text.matchAll(/(-?\d+\.\d+)(%?)/g)].filter((m) => m[2] === unit).map((m) => parseFloat(m[1]!));
  return printed.some((x) => Math.abs(x - parseFloat(n)) <= half);
}

/** A risk claim re-checked against the risk brief: its item, its numbers and the relation it states. */
function riskClaimProblems(c: Claim, brief: RiskBrief): string[] {
  if (c.kind === "risk_stance" || c.kind === "risk_concede") return sizeProblems(c.text, brief.proposal.size_scale);
  const e = brief.evidence.find((x) => x.id === c.item);
  if (!e) return c.item === null && /no risk metric/.test(c.text) ? [] : [`[${c.item}] is not in the risk brief: "${c.text}"`];
  const out: string[] = [];
  if (!c.text.includes(`[${e.id}]`)) out.push(`does not quote [${e.id}]: "${c.text}"`);
  // A reading may print more digits than one decimal where one decimal cannot tell the value from its limit.
  for (const n of riskNumbers(e, brief)) if (!statesNumber(c.text, n)) out.push(`does not state ${n} for [${e.id}]: "${c.text}"`);
  const reading = riskReading(brief, e);
  if (Math.abs(c.score - reading.value) > 1e-6 || Math.abs(c.threshold - reading.limit) > 1e-6) out.push(`claim numbers differ from the brief: "${c.text}"`);
  if (!readingHolds(c)) out.push(`the stated relation does not hold (${c.score} vs ${c.threshold}): "${c.text}"`);
  out.push(...printedRelationProblems(c.text), ...sizeProblems(c.text, brief.proposal.size_scale));
  return out;
}

const shared = path.resolve(process.cwd(), "../shared/datasets");
const folders: Array<[string, string, boolean]> = [
  ["bundled", bundledDataDir(), true],
  ["../shared/datasets", shared, existsSync(path.join(shared, "prices"))],
];

describe.each(folders)("offline Blackboard corpus on %s (default run)", (_name, dataDir, present) => {
  let data: Corpus = { threads: [], tables: [], summary: {} };
  beforeAll(async () => {
    if (present) data = await corpus(dataDir);
  }, 600_000);

  it.skipIf(!present)("has a real corpus", () => {
    expect(data.threads.length).toBeGreaterThan(400);
    expect(data.threads.flatMap((t) => contents<DebateComment>(t, "DebateComment")).length).toBeGreaterThan(1000);
  });

  it.skipIf(!present)("bull / bear: comparisons, concessions and questions agree with the board; every turn is rendered from claims that hold", () => {
    const problems: string[] = [];
    let comparisons = 0;
    let concessions = 0;
    let claims = 0;
    for (const thread of data.threads) {
      const brief = debateBrief(thread);
      const report = contents<FinalReport>(thread, "FinalReport")[0];
      const turns = contents<DebateComment>(thread, "DebateComment");
      // One underlying record is evidence once per side: a post or headline is not cited beside the mean tone it is part of.
      for (const side of ["bull", "bear"] as const) {
        const ids = new Set(turns.filter((t) => t.side === side).flatMap((t) => t.cited_evidence));
        for (const id of ids) {
          const m = /^(news|social)\.item\d+$/.exec(id);
          if (m && ids.has(`${m[1]}.tone`)) problems.push(`${thread.key} ${side}: [${id}] weighed again beside [${m[1]}.tone]`);
        }
      }
      turns.forEach((c, i) => {
        const where = `${thread.key} ${c.side} r${c.round}`;
        const transcript = turns.slice(0, i);
        for (const text of [c.argument, c.answer ?? ""]) {
          comparisons += (text.match(/\) outweighs? /g) ?? []).length;
          for (const p of comparisonProblems(text, brief)) problems.push(`${where}: ${p}`);
        }
        if (c.question) for (const p of debateQuestionProblems(c.question, brief)) problems.push(`${where}: ${p}`);
        if (c.concedes) {
          concessions++;
          if (!report) problems.push(`${where}: a concession without a FinalReport`);
          else for (const p of concessionProblems(c, report, [...transcript, c], brief)) problems.push(`${where}: ${p}`);
        }
        const turn = researcherTurn({ brief, side: c.side, round: c.round, maxRounds: 2, transcript });
        if (!same(c, turn.comment)) problems.push(`${where}: the posted turn is not the one its claims render`);
        for (const claim of [...turn.claims.argument, ...turn.claims.question, ...turn.claims.answer]) {
          claims++;
          for (const p of debateClaimProblems(claim, c.side, brief)) problems.push(`${where}: ${p}`);
        }
      });
    }
    expect(comparisons).toBeGreaterThan(500);
    expect(concessions).toBeGreaterThan(20);
    expect(claims).toBeGreaterThan(3000);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it.skipIf(!present)("the research manager's view follows the score it states, by the rule it states", () => {
    const problems: string[] = [];
    for (const thread of data.threads) {
      const report = contents<FinalReport>(thread, "FinalReport")[0];
      if (!report) continue;
      const m =
        /: (BUY|HOLD|SELL) \(score ([+-]?\d+\.\d{3}) = \(B - R\) \/ \(B \+ R \+ 1\); BUY above \+0\.15, SELL below -0\.15\)\. Bull evidence weight (\d+\.\d\d) from \d+ item\(s\), bear (\d+\.\d\d)/.exec(
          report.thesis,
        );
      if (!m) {
        problems.push(`${thread.key}: thesis without its rule: "${report.thesis}"`);
        continue;
      }
      const score = report.score;
      const view = score > VIEW_THRESHOLD ? "BUY" : score < -VIEW_THRESHOLD ? "SELL" : "HOLD";
      if (m[1] !== report.view || view !== report.view) problems.push(`${thread.key}: view ${report.view} with score ${score}`);
      if (Math.abs(Number(m[2]) - score) > 0.0006) problems.push(`${thread.key}: thesis score ${m[2]} vs ${score}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it.skipIf(!present)("risk managers: questions from templates with noun slots; every turn rendered from claims that hold on the risk brief", () => {
    const problems: string[] = [];
    let claims = 0;
    for (const thread of data.threads) {
      const brief = boardRiskBrief(thread);
      if (!brief) continue;
      const turns = contents<RiskDebateComment>(thread, "RiskDebateComment");
      turns.forEach((c, i) => {
        const where = `${thread.key} ${c.stance} r${c.round}`;
        if (c.question) for (const p of riskQuestionProblems(c.question, brief)) problems.push(`${where}: ${p}`);
        if (!c.argument.includes(c.recommended_action)) problems.push(`${where}: the argument does not state ${c.recommended_action}`);
        const own = c.stance === "aggressive" ? 1 : c.stance === "conservative" ? -1 : null;
        if (own !== null)
          for (const id of c.cited_evidence) {
            const e = brief.evidence.find((x) => x.id === id);
            if (!e || betDirection(e, brief.proposal.action) !== own) problems.push(`${where}: cites ${id} against its stance`);
          }
        const turn = riskTurn({ brief, stance: c.stance, round: c.round, maxRounds: 2, transcript: turns.slice(0, i) });
        if (!same(turn.comment, c)) problems.push(`${where}: the posted turn is not the one its claims render`);
        for (const claim of [...turn.claims.argument, ...turn.claims.question, ...turn.claims.answer]) {
          claims++;
          for (const p of riskClaimProblems(claim, brief)) problems.push(`${where}: ${p}`);
        }
      });
    }
    expect(claims).toBeGreaterThan(3000);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it.skipIf(!present)("risk recommendations argue from the position and quote their evidence; no fixed lists", () => {
    const problems: string[] = [];
    const byGroup = new Map<string, Map<string, number>>();
    let recommendations = 0;
    for (const thread of data.threads) {
      const brief = boardRiskBrief(thread);
      if (!brief) continue;
      const transcript = contents<RiskDebateComment>(thread, "RiskDebateComment");
      const positions = contents<RiskPosition>(thread, "RiskPosition");
      for (const rec of contents<RiskRecommendation>(thread, "RiskRecommendation")) {
        const where = `${thread.key} ${rec.stance}`;
        const action = positions.find((p) => p.stance === rec.stance)?.action;
        const turn = riskPositionTurn({ brief, stance: rec.stance, transcript });
        if (JSON.stringify(turn.recommendation.actions) !== JSON.stringify(rec.actions))
          problems.push(`${where}: recommendations not rendered from their claims`);
        for (const claim of turn.claims) for (const p of riskClaimProblems(claim, brief)) problems.push(`${where}: ${p}`);
        const word = action === "BUY" ? "overweight" : action === "SELL" ? "underweight" : "prior weight";
        for (const text of rec.actions) {
          recommendations++;
          if (!text.includes(word)) problems.push(`${where}: a ${action} recommendation that does not speak of the ${word}: "${text}"`);
          const research = /\(the research view is (BUY|HOLD|SELL) at score ([+-]?\d+\.\d{3})\)/.exec(text);
          if (research && (research[1] !== brief.report.view || Math.abs(Number(research[2]) - brief.report.score) > 0.0005 + 1e-9))
            problems.push(`${where}: the research view quoted is not the FinalReport's (${brief.report.view}, ${brief.report.score}): "${text}"`);
          if (quotedIds(text).length !== 1 && !/no risk metric/.test(text)) problems.push(`${where}: a recommendation that quotes no single item: "${text}"`);
          const group = `${rec.stance}/${action}`;
          const counts = byGroup.get(group) ?? new Map<string, number>();
          counts.set(text, (counts.get(text) ?? 0) + 1);
          byGroup.set(group, counts);
        }
      }
    }
    expect(recommendations).toBeGreaterThan(1000);
    for (const [group, counts] of byGroup) {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      if (total < 50) continue;
      const top = Math.max(...counts.values());
      if (top / total > 0.1) problems.push(`${group}: one recommendation is ${top} of ${total}: "${[...counts].find(([, c]) => c === top)![0]}"`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it.skipIf(!present)(
    "bb_view_vs_weight: every move splits exactly, the main reason is its largest part, and the count against the call is in the note and the summary",
    () => {
      const table = data.tables.find((t) => t.name === "bb_view_vs_weight")!;
      const weights = data.tables.find((t) => t.name === "bb_weights")!;
      expect(table.rows.length).toBe(weights.rows.length);
      const problems: string[] = [];
      const parts = ["own_view", "other_views", "covariance", "renormalisation", "constraints"] as const;
      let against = 0;
      table.rows.forEach((r, i) => {
        const w = weights.rows[i]!;
        const where = `${r.date} ${r.ticker}`;
        if (r.date !== w.date || r.ticker !== w.ticker || r.prior_weight !== w.w_mkt || r.weight !== w.weight)
          problems.push(`${where}: not the bb_weights row`);
        const move = (r.weight as number) - (r.prior_weight as number);
        const sum = parts.reduce((a, k) => a + (r[k] as number), 0);
        if (Math.abs(sum - move) > 1e-8 || Math.abs((r.move as number) - move) > 1e-8) problems.push(`${where}: parts ${sum} vs move ${move}`);
        // The paper's clipped book: a weight above zero is exactly the BL raw weight renormalised (no constraint part).
        if ((r.weight as number) > 0 && Math.abs(r.constraints as number) > 1e-9) problems.push(`${where}: constraints ${r.constraints} on a positive weight`);
        const isAgainst = (r.action === "BUY" && move < -1e-6) || (r.action === "SELL" && move > 1e-6);
        if (isAgainst !== r.against_call) problems.push(`${where}: against_call ${r.against_call} for ${r.action} moving ${move}`);
        if (isAgainst) against++;
        if (Math.abs(move) > 1e-6) {
          const best = parts
            .filter((k) => Math.sign(r[k] as number) === Math.sign(move))
            .sort((a, b) => Math.abs(r[b] as number) - Math.abs(r[a] as number))[0]!;
          const label =
            best === "own_view"
              ? Math.sign(move) === (r.action === "BUY" ? 1 : r.action === "SELL" ? -1 : 0)
                ? "own view"
                : "the prior"
              : best.replace("_", " ");
          if (r.main_reason !== label) problems.push(`${where}: main reason ${r.main_reason}, largest part ${label}`);
          if (!String(r.reason).includes(`main reason ${label} (`)) problems.push(`${where}: sentence "${r.reason}"`);
          if (label === "the prior" && !/q [+-]?\d+\.\d\d% is (below|above) the prior return/.test(String(r.reason)))
            problems.push(`${where}: "the prior" without q and pi`);
        }
      });
      expect(problems.slice(0, 10)).toEqual([]);
      expect(table.note).toContain(`Moves against the call: ${against} of `);
      expect(data.summary.movesAgainstCall).toBe(against);
    },
  );
});
