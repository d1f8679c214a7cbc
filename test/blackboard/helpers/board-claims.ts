/**
 * Checks of what the offline Blackboard agents say, against the board alone
 * (the analysts' evidence and confidences, the FinalReport, the risk brief
 * rebuilt from the TradeProposal): each function returns the problems it
 * finds, so a corpus test can require none and a unit test can show that a
 * broken sentence is caught.
 */
import type { ResearchBrief, RiskBrief } from "../../../src/blackboard/agent-inputs";
import type { DebateComment, Evidence, FinalReport } from "../../../src/blackboard/messages";

/** The weight a sentence must state for an item: strength x (0.5 + 0.5 x its analyst's confidence), to two decimals. */
export function boardWeight(brief: ResearchBrief, id: string): number | null {
  const e = brief.evidence.find((x) => x.id === id);
  if (!e) return null;
  const conf = brief.reports.find((r) => r.analyst === id.split(".")[0])?.confidence ?? 0.5;
  return Number((e.strength * (0.5 + 0.5 * conf)).toFixed(2));
}

/** Finite verbs a noun slot must not hold (outside quotes, brackets and parentheses). */
const FINITE_VERB =
  /\b(is|are|was|were|be|been|shows|show|has|have|had|rises|rise|falls|fall|remains|exceeds|breaches|suggests|indicates|signals|outweighs|outweigh|supports|stands|improve|improves|beats|misses)\b/i;

/**
 * Whether a slot of a question template holds a noun phrase: it starts with
 * a determiner and, with its quotations, [ids] and (parentheticals) removed,
 * holds no finite verb and no clause break (":" or ";").
 */
export function isNounPhrase(slot: string): boolean {
  let t = slot.replace(/"[^"]*"/g, "").replace(/\[[^\]]*\]/g, "");
  for (let i = 0; i < 4; i++) t = t.replace(/\([^()]*\)/g, "");
  return /^(the|a|an|our|their)\b/i.test(t.trim()) && !FINITE_VERB.test(t) && !/[:;]/.test(t);
}

/** The bull / bear question templates; every slot is an item "NP [id] (weight w)". */
const DEBATE_QUESTION = [/^Why should (.+) outweigh (.+)\?$/, /^What evidence on the board answers (.+)\?$/];
const ITEM_SLOT = /^(.+) \[([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)\] \(weight (\d+\.\d\d)\)$/;

/**
 * Problems of one bull / bear question: not from a template, a slot that is
 * not an item with its board weight, or a slot that is not a noun phrase.
 */
export function debateQuestionProblems(question: string, brief: ResearchBrief): string[] {
  const m = DEBATE_QUESTION.map((re) => re.exec(question)).find((x) => x !== null);
  if (!m) return [`not from a template: "${question}"`];
  const out: string[] = [];
  for (const slot of m.slice(1)) {
    const item = ITEM_SLOT.exec(slot);
    if (!item) {
      out.push(`slot is not "NP [id] (weight w)": "${slot}"`);
      continue;
    }
    if (!isNounPhrase(item[1]!)) out.push(`verb phrase in a noun slot: "${item[1]}"`);
    const w = boardWeight(brief, item[2]!);
    if (w === null || w.toFixed(2) !== item[3]) out.push(`[${item[2]}] stated weight ${item[3]}, board ${w}`);
  }
  return out;
}

/**
 * Problems of the comparisons of a text: every "[id] (weight x)" states the
 * board weight of id, except the sum that follows "Together, A [i] and B [j]",
 * which must be the stated sum; and every "(weight a) outweigh(s) ... (weight b)"
 * has a > b.
 */
export function comparisonProblems(text: string, brief: ResearchBrief): string[] {
  const out: string[] = [];
  for (const sentence of text.split(/(?<=[.?])\s+(?=[A-Z])/)) {
    const together = /^Together, .*? \[([\w.]+)\] and .*? \[([\w.]+)\] \(weight (\d+\.\d\d)\)/.exec(sentence);
    if (together) {
      const sum = (boardWeight(brief, together[1]!) ?? NaN) + (boardWeight(brief, together[2]!) ?? NaN);
      if (sum.toFixed(2) !== together[3])
        out.push(`"Together" states ${together[3]} for [${together[1]}] + [${together[2]}] = ${sum.toFixed(2)}: "${sentence}"`);
    }
    for (const m of sentence.matchAll(/\[([\w.]+)\] \(weight (\d+\.\d\d)\)/g)) {
      if (together && m.index === sentence.indexOf(`[${together[2]}] (weight`)) continue;
      const w = boardWeight(brief, m[1]!);
      if (w === null || w.toFixed(2) !== m[2]) out.push(`[${m[1]}] stated weight ${m[2]}, board ${w}: "${sentence}"`);
    }
    for (const m of sentence.matchAll(/\(weight (\d+\.\d\d)\) outweighs? (?:(?!\(weight).)*?\(weight (\d+\.\d\d)\)/g)) {
      if (!(Number(m[1]) > Number(m[2]))) out.push(`says ${m[1]} outweighs ${m[2]}: "${sentence}"`);
    }
  }
  return out;
}

/**
 * The weights a concession must quote: the FinalReport's bull and bear
 * weights ("Bull evidence weight B from n item(s), bear R from m"), which
 * must also be the board weights of the evidence the debate cited.
 */
export function concessionProblems(turn: DebateComment, report: FinalReport, transcript: readonly DebateComment[], brief: ResearchBrief): string[] {
  if (!turn.concedes) return [];
  const fr = /Bull evidence weight (\d+\.\d\d) from \d+ item\(s\), bear (\d+\.\d\d) from/.exec(report.thesis);
  if (!fr) return [`FinalReport states no weights: "${report.thesis}"`];
  const said = /the (bull|bear) evidence cited \(weight (\d+\.\d\d)\) outweighs ours \(weight (\d+\.\d\d)\)/.exec(turn.argument);
  if (!said) return [`concession quotes no weights: "${turn.argument}"`];
  const [bull, bear] = [fr[1]!, fr[2]!];
  const [theirs, ours] = turn.side === "bull" ? [bear, bull] : [bull, bear];
  const out: string[] = [];
  if (said[1] === turn.side) out.push(`concedes to its own side: "${turn.argument}"`);
  if (said[2] !== theirs || said[3] !== ours) out.push(`quotes ${said[2]} vs ${said[3]}, FinalReport ${theirs} vs ${ours}: "${turn.argument}"`);
  const cited = (side: string) =>
    [...new Set(transcript.filter((t) => t.side === side).flatMap((t) => t.cited_evidence))].reduce((acc, id) => {
      const e = brief.evidence.find((x) => x.id === id)!;
      const conf = brief.reports.find((r) => r.analyst === id.split(".")[0])?.confidence ?? 0.5;
      return acc + e.strength * (0.5 + 0.5 * conf);
    }, 0);
  const other = turn.side === "bull" ? "bear" : "bull";
  if (cited(other).toFixed(2) !== said[2] || cited(turn.side).toFixed(2) !== said[3])
    out.push(`board cited weights ${cited(other).toFixed(2)} vs ${cited(turn.side).toFixed(2)}, said ${said[2]} vs ${said[3]}`);
  return out;
}

/** The risk question templates; a slot is "NP [id] (reading)". */
const RISK_QUESTION = [
  /^How does the \w+ manager's (?:BUY|HOLD|SELL) at size scale \d+\.\d\d account for (.+)\?$/,
  /^How do the other managers weigh (.+) against the proposed (?:BUY|HOLD|SELL) at size scale \d+\.\d\d\?$/,
];

/** Problems of one risk question: template, noun slot, and an item of the brief. */
export function riskQuestionProblems(question: string, brief: RiskBrief): string[] {
  const m = RISK_QUESTION.map((re) => re.exec(question)).find((x) => x !== null);
  if (!m) return [`not from a template: "${question}"`];
  const item = /^(.+) \[([\w.]+)\] \((.+)\)$/.exec(m[1]!);
  if (!item) return [`slot is not "NP [id] (reading)": "${m[1]}"`];
  const out: string[] = [];
  if (!isNounPhrase(item[1]!)) out.push(`verb phrase in a noun slot: "${item[1]}"`);
  if (!brief.evidence.some((e) => e.id === item[2])) out.push(`[${item[2]}] is not in the risk brief`);
  return out;
}

/**
 * Problems of the relations a risk reading states, re-checked on the digits it
 * prints: "is 0.70, above 0.70" fails (0.70 is not above 0.70), "20-day 44.0%,
 * below 1.1 x the 60-day 40.4% = 44.4%" holds. Each "is X, <relation> ... Y"
 * and each volatility-trend pair is parsed and compared.
 */
export function printedRelationProblems(text: string): string[] {
  const out: string[] = [];
  const holds = (a: number, rel: string, b: number) =>
    rel === "above" || rel === "past" ? a > b : rel === "below" || rel === "within" || rel === "inside" ? a < b : rel === "at" ? a === b : true;
  const reading = /\bis (-?\d+\.\d+)%?, (above|below|past|within|inside|at) (?:the (?:managers' )?)?\+?(-?\d+\.\d+)%?/g;
  for (const m of text.matchAll(reading))
    if (!holds(parseFloat(m[1]!), m[2]!, parseFloat(m[3]!))) out.push(`printed ${m[1]} is not ${m[2]} ${m[3]}: "${text}"`);
  const trend = /20-day (\d+\.\d+)%, (above|below|at) (?:1\.1 x the 60-day \d+\.\d+% = |the 60-day )(\d+\.\d+)%/g;
  for (const m of text.matchAll(trend))
    if (!holds(parseFloat(m[1]!), m[2]!, parseFloat(m[3]!))) out.push(`printed 20-day ${m[1]}% is not ${m[2]} ${m[3]}%: "${text}"`);
  // Both the 60-day volatility and the mark are printed to 0.1 point, so 1.1 x the printed one may differ by 1.1 x 0.05 + 0.05.
  for (const m of text.matchAll(/1\.1 x the 60-day (\d+\.\d+)% = (\d+\.\d+)%/g))
    if (Math.abs(1.1 * parseFloat(m[1]!) - parseFloat(m[2]!)) > 1.1 * 0.05 + 0.05 + 1e-9) out.push(`1.1 x ${m[1]}% is not ${m[2]}%: "${text}"`);
  if (/\bnot rising\b/.test(text) && /20-day (\d+\.\d+)%, above the 60-day/.test(text)) out.push(`"not rising" above the 60-day volatility: "${text}"`);
  return out;
}

/**
 * Problems of a size a risk sentence states: "size scale S (M x the
 * proposal's P)" must have S = M x P up to the rounding of the printed digits,
 * and P must be the proposal's size scale.
 */
export function sizeProblems(text: string, proposed: number): string[] {
  const out: string[] = [];
  if (/\d\.\d\dx the proposed size/.test(text)) out.push(`a size said to be a multiple of the proposed size: "${text}"`);
  for (const m of text.matchAll(/size scale (\d+\.\d\d) \((\d+\.\d\d) x the proposal's (\d+\.\d\d)\)/g)) {
    const [s, k, p] = [parseFloat(m[1]!), parseFloat(m[2]!), parseFloat(m[3]!)];
    if (Math.abs(k * p - s) > 0.005 * (k + p) + 0.005 + 1e-9) out.push(`${k} x ${p} is not ${s}: "${text}"`);
    if (m[3] !== proposed.toFixed(2)) out.push(`the proposal's size scale is ${proposed.toFixed(2)}, said ${m[3]}: "${text}"`);
  }
  for (const m of text.matchAll(/size scale (\d+\.\d\d) \(the proposal's\)/g))
    if (Math.abs(parseFloat(m[1]!) - proposed) > 0.005 + 1e-9) out.push(`size scale ${m[1]} is not the proposal's ${proposed.toFixed(2)}: "${text}"`);
  return out;
}

/** The numbers a risk reading of `e` must state, as the brief holds them. */
export function riskNumbers(e: Evidence, brief: RiskBrief): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const v = e.value ?? 0;
  switch (e.id) {
    case "risk.vol20":
      return [pct(v)];
    case "risk.vol_trend":
      return [pct(brief.metrics.vol_20d ?? 0), pct(v)];
    case "risk.drawdown":
      return [pct(-v)];
    default:
      return [v.toFixed(2)];
  }
}
