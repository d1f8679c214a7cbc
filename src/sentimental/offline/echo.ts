/**
 * How an offline advisor takes up a peer's argument: it works out which
 * point of the ad the argument was about from the argument's own words (the
 * longest of the ad's names for a point that the peer's sentence says outside
 * its quotations: a must's label, an item's label, or one of an item's noun
 * phrases; none for a general verdict such as an opener or a recommendation,
 * which names the job title only), reads the resume on that same point (a
 * noun phrase as an item of its own, a must by its check), compares the
 * argument's tone with that reading, and answers accordingly (phrasing.ts
 * `echoSentence`): agreement, partial agreement, or disagreement quoting the
 * clause the peer left out, always naming the point as the peer named it.
 */
import { isContentStem, stemsOf, type Requirement } from "./job-reading";
import type { MustCheck } from "./hard-requirements";
import type { EchoReply, EchoStance } from "./phrasing";
import { assess, evidenceScore, type Evidence, type ResumeReading } from "./resume-reading";
import { polarityScores } from "../../text/index";
import type { PeerStatement } from "../types";

/** One argument a peer made, as a candidate for an echo. */
export interface EchoOption {
  agent: string;
  argument: string;
  sentiment: number;
  /** The round of the peer's statement. */
  round: number;
}

/** An argument speaks to a requirement when its evidence score for it reaches this. */
export const TOPIC_MATCH = 0.3;
/** An argument takes a stance when |f(A)| reaches this: a neutral one ("The resume speaks to part of ...") is not agreed or disagreed with. */
export const STANCE_MIN = 0.05;

/**
 * Every argument with a stance (|sentiment| >= STANCE_MIN) the peers made in their latest statements, in speaking order.
 *
 * @example
 * echoOptions([{ role: "Chief Financial Officer", arguments: ["a", "b"], argumentSentiments: [0.2, -0.5], ... }]);
 * // [{ agent: "Chief Financial Officer", argument: "a", sentiment: 0.2, round: 1 }, { ..., argument: "b", sentiment: -0.5, round: 1 }]
 */
export function echoOptions(peers: readonly PeerStatement[]): EchoOption[] {
  return peers.flatMap((p) =>
    p.arguments
      .map((argument, i) => ({ agent: p.role, argument, sentiment: p.argumentSentiments[i] ?? 0, round: p.round }))
      .filter((o) => Math.abs(o.sentiment) >= STANCE_MIN),
  );
}

/**
 * What the speaker knows beyond its evidence: the resume as read (to read a noun phrase as a point of its own), its
 * must checks, and the names a sentence carries that are no point of the ad (the job title, the panel's roles).
 */
export interface EchoContext {
  reading?: ResumeReading;
  musts?: readonly MustCheck[];
  names?: readonly string[];
  /** The panel's roles (the speaker's and its peers'): an argument that names one other than its own speaker answers a peer. */
  roles?: readonly string[];
}

/**
 * A peer's sentence in its own words: quotations of the resume ('...') and
 * the given names (the candidate's, the panel's roles, the job title) taken
 * out, so that a point is only what the peer argued about, never a word of
 * the evidence it quoted or of a name ("Recycling Plant Manager" is no
 * point on recycling).
 *
 * @example
 * ownWords("On M-Pesa payouts, this candidate is impressive: 'USSD gateways, M-Pesa Daraja API'.", []);
 * // "On M-Pesa payouts, this candidate is impressive: |."
 */
export function ownWords(argument: string, names: readonly string[]): string {
  let text = argument.replace(/(^|[\s(:])'.*?'(?=[\s.,;:)!?]|$)/g, "$1|");
  for (const n of names) if (n.trim().length > 0) text = text.split(n).join("|");
  return text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The compiled pattern of each phrase: one deliberation asks about the same few dozen phrases in thousands of
 * sentences, and compiling the pattern anew each time was a third of its run time. The patterns carry no `g` flag,
 * so `exec` keeps no state between texts; the map is emptied when it grows past a bound, so that a long sweep over
 * many ads does not hold every phrase it ever met.
 */
const phrasePatterns = new Map<string, RegExp>();
const PHRASE_PATTERN_LIMIT = 4096;

function phrasePattern(phrase: string): RegExp {
  let pattern = phrasePatterns.get(phrase);
  if (pattern) return pattern;
  const first = phrase[0]!;
  const head = first.toLowerCase() !== first.toUpperCase() ? `[${escapeRegExp(first.toLowerCase())}${escapeRegExp(first.toUpperCase())}]` : escapeRegExp(first);
  pattern = new RegExp(`(?<![\\p{L}\\p{N}-])((?:[Tt]he )?)${head}${escapeRegExp(phrase.slice(1))}(?![\\p{L}\\p{N}-])`, "u");
  if (phrasePatterns.size >= PHRASE_PATTERN_LIMIT) phrasePatterns.clear();
  phrasePatterns.set(phrase, pattern);
  return pattern;
}

/** How an answer names the peer it answers ("I agree with the CFO", "the CFO is right to worry"), once per role, as phrasePattern. */
const answerPatterns = new Map<string, RegExp>();

function answerPattern(role: string): RegExp {
  let pattern = answerPatterns.get(role);
  if (pattern) return pattern;
  const name = escapeRegExp(role);
  pattern = new RegExp(`\\b(?:with|than|to|on|from|as|like) the ${name}\\b|^the ${name}\\b`, "i");
  if (answerPatterns.size >= PHRASE_PATTERN_LIMIT) answerPatterns.clear();
  answerPatterns.set(role, pattern);
  return pattern;
}

/** Where `phrase` stands in `text` as whole words (its first letter in either case), with a "the " before it kept; null if it does not. */
export function namedAs(text: string, phrase: string): string | null {
  if (phrase.length === 0) return null;
  const m = phrasePattern(phrase).exec(text);
  if (!m) return null;
  const said = m[0].slice(m[1]!.length);
  return /^the /i.test(phrase) ? said : m[1] ? `the ${said}` : said;
}

/** A point of the ad a peer's sentence can name: an item's label, one of its noun phrases, or one of its musts. */
interface NamedPoint {
  e: Evidence;
  /** The point as the peer's sentence says it. */
  said: string;
  kind: "must" | "label" | "topic";
  must?: MustCheck;
  /** The name's length in the ad's own words (the longest, most specific name wins). */
  length: number;
}

/**
 * An item's noun phrase as a requirement of its own, named as the sentence
 * names it: what an advisor reads when a peer spoke of "M-Pesa payouts" and
 * not of the whole item ("M-Pesa payouts and route planning"). The item's
 * own label gives the item; a phrase the item does not hold gives null.
 *
 * @example
 * pointRequirement(item, "M-Pesa payouts")?.stems; // ["m-pesa", "pesa", "payout"]
 */
export function pointRequirement(requirement: Requirement, said: string): Requirement | null {
  if (said === requirement.label) return requirement;
  if (requirement.role) return null;
  const bare = said.replace(/^the /i, "").toLowerCase();
  const topic = requirement.topics.find((t) => t.phrase.toLowerCase() === bare);
  return topic ? { ...requirement, stems: [...topic.stems], topics: [topic], label: said, years: null } : null;
}

/**
 * The points of the ad a peer's sentence names in its own words (ownWords),
 * most specific first: a must's label, an item's label, an item's noun phrase
 * (the job title's own item only by its label, "the work of a Head of
 * Technology", never by the title's words an opener carries).
 *
 * @example
 * namedPoints("In round 1, I reject this application: it fails the ad's must of 8+ years in technology roles.", evidence, musts)[0].said;
 * // "8+ years in technology roles"
 */
export function namedPoints(text: string, evidence: readonly Evidence[], musts: readonly MustCheck[] = []): NamedPoint[] {
  const out: NamedPoint[] = [];
  for (const e of evidence) {
    const r = e.requirement;
    for (const m of musts.filter((x) => x.must.requirement.id === r.id)) {
      const said = namedAs(text, m.must.label);
      if (said) out.push({ e, said, kind: "must", must: m, length: m.must.label.length });
    }
    const label = namedAs(text, r.label);
    if (label) out.push({ e, said: label, kind: "label", length: r.label.length });
    if (r.role) continue;
    for (const t of r.topics) {
      const said = namedAs(text, t.phrase);
      if (said && said !== label) out.push({ e, said, kind: "topic", length: t.phrase.length });
    }
  }
  const rank = { must: 0, label: 1, topic: 2 };
  return out.sort((a, b) => b.length - a.length || rank[a.kind] - rank[b.kind]);
}

/**
 * The tone of an argument's own words: the lexicon's compound score of what
 * it says outside its quotes and the name of the point it is about; null
 * when it names no point.
 *
 * @example
 * ownTone({ agent: "CFO", argument: "On M-Pesa payouts, the resume shows this much: 'Failed a payout audit'.", sentiment: -0.3, round: 1 }, evidence, "Ada Obi"); // 0 (the quote's words are the resume's)
 */
export function ownTone(option: EchoOption, evidence: readonly Evidence[], candidateName: string, context: EchoContext = {}): number | null {
  const text = ownWords(option.argument, namesOf(option, candidateName, context));
  const point = namedPoints(text, evidence, context.musts)[0];
  return point ? toneOutside(text, point) : null;
}

/** Longest names first, so that "Head of Technology" goes before a shorter name inside it. */
function namesOf(option: EchoOption, candidateName: string, context: EchoContext): string[] {
  return [candidateName, option.agent, ...(context.names ?? [])].sort((a, b) => b.length - a.length);
}

/** The lexicon's compound score of an argument's own words with the name of its point taken out. */
function toneOutside(ownText: string, point: NamedPoint): number {
  return polarityScores(ownText.split(point.said).join("|")).compound;
}

/**
 * Whether an argument can be answered on a point: it names one of the ad's points in its own words (not a must the
 * resume neither shows nor denies, which leaves nothing to agree or disagree with), its own words take a side
 * (ownTone; a must takes the side of its check), its tone is its own (the sign of its f(A) is the sign of those own
 * words, or they are neutral: "I found nothing in the resume on Advanced Life Support, ..., and that is a problem"
 * scores warm to the lexicon for the word "support" in the point's name), and it is no answer to another panel
 * member itself. An opener or a verdict names none.
 *
 * @example
 * answerable({ agent: "CFO", argument: "On M-Pesa payouts, this candidate is impressive: '...'.", sentiment: 0.5, round: 1 }, evidence, "Ada Obi"); // true
 */
export function answerable(option: EchoOption, evidence: readonly Evidence[], candidateName: string, context: EchoContext = {}): boolean {
  // An answer to a peer ("I agree with the CFO on Kiswahili") is no point of the peer's own: answering it would agree
  // with the first speaker through a second one, who only echoed it.
  // Read in the peer's own words: a quoted 'VP of Engineering, SokoTaka (2019-present)' is the resume's, not an answer.
  const own = ownWords(option.argument, [candidateName]);
  if ((context.roles ?? []).some((role) => role !== option.agent && answerPattern(role).test(own))) return false;
  const text = ownWords(option.argument, namesOf(option, candidateName, context));
  const point = namedPoints(text, evidence, context.musts)[0];
  if (!point || (point.must && point.must.status === "unverified")) return false;
  const tone = toneOutside(text, point);
  // An argument whose own words take no side ("On X, the resume shows this much: '...'") is neither a worry nor
  // praise, whatever the tone of the clause it quotes: there is nothing in it to agree or disagree with. A must takes
  // its side from its check ("..., and the candidate holds it"), not from its words.
  if (!point.must && Math.abs(tone) < STANCE_MIN) return false;
  // ... and its tone must be that side: "the candidate holds it: 'QTS awarded after a failed first attempt'" reads
  // cold to the lexicon, and answering that tone would misstate what the peer said.
  if (point.must && (point.must.status === "met") !== option.sentiment >= 0) return false;
  // Its tone is its own.
  return Math.abs(tone) < STANCE_MIN || tone >= 0 === option.sentiment >= 0;
}

/**
 * The speaker's reply to one peer argument: the point the argument was about
 * (namedPoints: the longest of the ad's names the peer's own words hold; ties
 * go to the item whose stems the argument carries best), the speaker's own
 * reading of that point (a must by its check, a noun phrase read as a point
 * of its own when the reading is given, else the item's evidence), and
 * whether that reading agrees with the argument's tone. For a general
 * verdict (no point named) the speaker's own base stance decides.
 *
 * @example
 * const reply = understandEcho(option, evidence, new Set([3, 7]), weights, 0.4, "Ada Obi", { reading, musts, names: ["Head of Technology"] });
 * reply.relation; // "agree" when the peer's concern is a gap in the speaker's reading too
 */
export function understandEcho(
  option: EchoOption,
  evidence: readonly Evidence[],
  myPriorities: ReadonlySet<number>,
  weights: ReadonlyMap<string, number>,
  baseStance: number,
  candidateName: string,
  context: EchoContext = {},
): EchoReply {
  const text = ownWords(option.argument, namesOf(option, candidateName, context));
  const ignore = new Set(stemsOf(`${candidateName} ${option.agent}`));
  const stems = new Set(stemsOf(text).filter((s) => isContentStem(s) && !ignore.has(s)));
  const points = namedPoints(text, evidence, context.musts);
  const top = points[0];
  const tied = top ? points.filter((p) => p.length === top.length && p.kind === top.kind) : [];
  const point = tied.reduce<NamedPoint | null>(
    (a, p) => (!a || evidenceScore(p.e.requirement, stems, weights) > evidenceScore(a.e.requirement, stems, weights) ? p : a),
    null,
  );
  const peerPositive = option.sentiment >= 0;
  const said = { peerRole: option.agent, argument: option.argument, argumentSentiment: option.sentiment, peerRound: option.round, peerPositive };
  // A must the resume neither shows nor denies is no reading to agree or disagree with: the answer is a general one.
  if (!point || (point.must && point.must.status === "unverified")) {
    const agree = baseStance >= 0 === peerPositive;
    return { ...said, evidence: null, relation: agree ? "agree" : "disagree", mine: false };
  }
  const mine = myPriorities.has(point.e.requirement.id);
  if (point.must) {
    const holds = point.must.status === "met";
    // Every panel member checks the ad's musts: a must is in every advisor's remit.
    return { ...said, evidence: point.e, relation: holds === peerPositive ? "agree" : "disagree", mine: true, point: point.said, must: point.must };
  }
  const sub = point.kind === "topic" && context.reading ? pointRequirement(point.e.requirement, point.said) : null;
  const e = sub ? assess(context.reading!, sub, weights) : point.e;
  return { ...said, evidence: e, relation: relationTo(e, peerPositive), mine, point: point.said };
}
/**
 * Agreement of the speaker's verdict on a requirement with a positive or
 * negative peer argument about it: a met point agrees with praise and
 * contradicts a concern; a gap, missing or merely partial support agrees
 * with a concern and contradicts praise; a mixed picture half agrees.
 */
function relationTo(e: Evidence, peerPositive: boolean): EchoStance {
  if (e.verdict === "mixed") return "partly";
  const good = e.verdict === "met";
  return good === peerPositive ? "agree" : "disagree";
}
