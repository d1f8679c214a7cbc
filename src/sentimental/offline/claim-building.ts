/**
 * The claims an offline statement can make, built from the evidence before
 * any sentence is written (phrasing.ts renders them, claims.ts re-checks
 * them): a strength quotes a claim clause at or above MET_SCORE, a concern
 * quotes a limitation on one of the item's noun phrases, partial support, or
 * says that no clause reaches PARTIAL_SCORE; the musts and an echo of a peer
 * have claims of their own.
 */
import { quoteOf, type CitedClause, type Claim, type Decision, type EchoReply, type StatementContext } from "./phrasing";
import { isStudyLine } from "./clause-kinds";
import { degreeMention } from "./degree-item";
import {
  MET_SCORE,
  PARTIAL_SCORE,
  ROLE_PARTIAL_SCORE,
  SILENCE_SCORE,
  isSkillsList,
  limitationScope,
  showsHead,
  type Clause,
  type Evidence,
} from "./resume-reading";
import { stemsOf, type Requirement, type Topic } from "./job-reading";
import { statesMeasuredChange } from "./stated-figures";
import type { MustCheck } from "./hard-requirements";

/** What a statement talks about: the ad's requirements and tasks (the company blurb and the role's framing count in the judgement only). */
function isTalkingPoint(e: Evidence): boolean {
  const s = e.requirement.section;
  return s !== "about" && s !== "role" && s !== "offer";
}

/** A clause as a claim cites it: its text as read, polarity, retrieval score and the whole-clause quotation. */
function cite(clause: Clause, score: number, requirement: Requirement): CitedClause {
  return { text: clause.text, polarity: clause.polarity, score, quote: quoteOf(clause.text, new Set(requirement.stems)) };
}

/** The item a claim is about: the requirement's id and the name the sentence uses. */
function itemOf(e: Evidence, label = e.requirement.label): Claim["item"] {
  return e.requirement.advantage ? { id: e.requirement.id, label, advantage: true } : { id: e.requirement.id, label };
}

/** How a sentence about one cited clause names the point: the item's noun phrase the clause covers, else the item's label. */
function pointOf(e: Evidence, clause: Clause, weights: ReadonlyMap<string, number>): Claim["item"] {
  const topic = e.requirement.role ? null : coveredTopic(e, clause, weights);
  return itemOf(e, topic ? articled(topic) : e.requirement.label);
}

/**
 * An item by its one most specific noun phrase, as a sentence uses it (the
 * job title's own item by its label): what a Mental Model names, so that it
 * never pairs two of the ad's phrases with an "and" the ad did not write.
 *
 * @example
 * pointName(requirement); // "unit economics" for "Commercial and financial literacy: budgets, unit economics, vendor negotiation"
 */
export function pointName(requirement: Requirement): string {
  const top = requirement.topics[0];
  return requirement.role || !top ? requirement.label : articled(top.phrase);
}

/** The ad's noun phrase as it stands in a sentence (the label's article rule: plurals, mass nouns and names bare). */
function articled(phrase: string): string {
  const labelled = (phrase.split(" ").at(-1) ?? "").match(/(s|ing|tion|sion|ment|ity|ics|ance|ence|ogy|ship|ness|ism|ware|data|care|cy|ure|ise|ize)$/i);
  return /^[A-Z]/.test(phrase) || /[A-Z]{2}/.test(phrase) || labelled ? phrase : `the ${phrase}`;
}

/**
 * The strength claim of a met item, if the evidence carries one: enough
 * years (years-met), or a claim clause at or above MET_SCORE (strength).
 * An item met only by the stems its claims share overall states nothing.
 *
 * @example
 * strengthClaim(evidence, weights, "advance", 0.6)?.kind; // "strength" when its best claim clause scores >= MET_SCORE
 */
export function strengthClaim(e: Evidence, weights: ReadonlyMap<string, number>, decision: Decision, grade: number): Claim | null {
  if (!isTalkingPoint(e) || e.verdict !== "met") return null;
  if (e.years && e.years.stated !== null && e.years.stated >= e.years.asked) {
    return { kind: "years-met", item: itemOf(e), cited: [], score: e.years.stated, threshold: e.years.asked, years: e.years, decision, grade };
  }
  const quoted = e.quote ?? e.support;
  if (!quoted) return null;
  // A degree met on a line of study (degree-item.ts) is said as a degree the ad accepts, whatever its words score.
  if (e.degree === "met") {
    // A long line is quoted where it names the degree, not where it shares the item's words.
    const named = degreeMention(quoted.clause.text);
    const cited = [{ ...cite(quoted.clause, quoted.score, e.requirement), ...(named ? { quote: quoteOf(quoted.clause.text, new Set(stemsOf(named))) } : {}) }];
    return { kind: "strength", item: itemOf(e), cited, score: quoted.score, threshold: null, decision, grade, degree: true };
  }
  // An item of several parts met by its clauses together ("sorting-line automation, sensor data, predictive
  // maintenance and plant uptime"), where no one clause meets it whole, is praised on the part its best clause holds
  // with a measured result ("On predictive maintenance ...: '... cutting unplanned stops by 40%'"), never as a whole;
  // a clause that only names the part ("speaker ... on building for low connectivity") is no record of it.
  const part = quoted.score < MET_SCORE ? partShown(e, quoted, weights) : null;
  if (quoted.score < MET_SCORE && !part) return null;
  return {
    kind: "strength",
    item: part ? itemOf(e, part) : pointOf(e, quoted.clause, weights),
    cited: [cite(quoted.clause, quoted.score, e.requirement)],
    score: quoted.score,
    threshold: part ? PARTIAL_SCORE : MET_SCORE,
    decision,
    grade,
    ...(part ? { part } : {}),
    ...(isSkillsList(quoted.clause.text) ? { listed: true } : {}),
  };
}

/**
 * The strength claims of a met item: `strengthClaim`, and when that praises one part of an item of several parts, one
 * claim on each other part a clause of `Evidence.partsShown` shows with a measured result ("On predictive maintenance
 * ...: '... cutting unplanned stops by 40%'" and "On plant uptime ...: 'raised line uptime from 71% to 89% ...'"), so
 * that an advisor can cite the best record in its own area whichever part holds it.
 *
 * @example
 * strengthClaims(evidence, weights, "probe", 0).map((c) => c.part); // ["predictive maintenance", "plant uptime"]
 */
export function strengthClaims(e: Evidence, weights: ReadonlyMap<string, number>, decision: Decision, grade: number): Claim[] {
  const main = strengthClaim(e, weights, decision, grade);
  if (!main) return [];
  if (main.part === undefined) return [main];
  const out = [main];
  for (const shown of e.partsShown ?? []) {
    const part = partShown(e, shown, weights);
    if (!part || out.some((c) => c.part === part)) continue;
    out.push({
      kind: "strength",
      item: itemOf(e, part),
      cited: [cite(shown.clause, shown.score, e.requirement)],
      score: shown.score,
      threshold: PARTIAL_SCORE,
      decision,
      grade,
      part,
    });
  }
  return out;
}

/**
 * The part of a met item that a clause below MET_SCORE shows by itself: one of the item's specific noun phrases
 * (`namesSpecifically`) it covers, with the item's head in it, a measured result (`statesMeasuredChange`) and at least
 * PARTIAL_SCORE; null otherwise.
 *
 * @example
 * partShown(evidence, { clause, score: 0.27 }, weights); // "predictive maintenance"
 */
export function partShown(e: Evidence, quoted: { clause: Clause; score: number }, weights: ReadonlyMap<string, number>): string | null {
  if (e.verdict !== "met" || e.requirement.role || quoted.score < PARTIAL_SCORE || !showsHead(e.requirement, quoted.clause.stems, weights)) return null;
  if (!statesMeasuredChange(quoted.clause.text)) return null;
  const topic = coveredTopic(e, quoted.clause, weights, namesSpecifically) ?? headedTopic(e, quoted.clause, weights);
  return topic ? articled(topic) : null;
}

/**
 * A phrase of several words whose head (its last word) the clause holds, with at least half of its weight: "line
 * uptime" shows the ad's "plant uptime", whose modifier only says where; "plant data" does not show "sensor data".
 */
function headedTopic(e: Evidence, clause: Pick<Clause, "stems">, weights: ReadonlyMap<string, number>): string | null {
  const headed = (t: Topic) => t.stems.length >= 2 && clause.stems.has(t.stems[t.stems.length - 1]!) && topicCover(t, clause, weights) >= 0.5;
  return e.requirement.topics.find(headed)?.phrase ?? null;
}

/**
 * A noun phrase specific enough for partial support to rest on: two words or more ("technology budgets"), or a name
 * or acronym ("PLC", "Kiswahili"). One common noun a clause shares with the item ("technology" in a degree's name,
 * "manufacturing" among an auditor's clients) is a shared word, not part of the work.
 */
function namesSpecifically(topic: Topic): boolean {
  return topic.stems.length >= 2 || /^\p{Lu}|\p{Lu}{2}/u.test(topic.phrase);
}

/** Words after which a noun ends its phrase: prepositions, relatives and the verbs "be" and "have". */
const PHRASE_END = new Set("of for in on at with to from by across over under into within per through that which who is are was were has have had".split(" "));

/**
 * Does the clause hold the stem's word as the head of its phrase ("a yearly maintenance budget of 2.3 million
 * dollars", "budgets and forecasts"), not as a modifier of another noun ("Audited manufacturing and telecom clients",
 * "a waste-management and recycling group")? The word must end its phrase: the clause ends there, punctuation or a
 * PHRASE_END word follows, or "and"/"or" and one word of a coordinate noun before the phrase ends, or "and"/"or" and a
 * verb in the past ("budget and negotiated hosting contracts").
 *
 * @example
 * standsAsNoun("Managed a yearly maintenance budget of 2.3 million dollars", "budget"); // true
 * standsAsNoun("Audited manufacturing and telecom clients", "manufactur"); // false
 */
export function standsAsNoun(text: string, stem: string): boolean {
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*|[^\s\p{L}\p{N}]/gu) ?? [];
  const isWord = (t: string | undefined) => t !== undefined && /^[\p{L}\p{N}]/u.test(t);
  const ends = (t: string | undefined) => !isWord(t) || PHRASE_END.has(t!.toLowerCase());
  return tokens.some((t, i) => {
    if (!isWord(t) || stemsOf(t)[0] !== stem) return false;
    const next = tokens[i + 1];
    if (ends(next)) return true;
    if (!/^(and|or)$/i.test(next!)) return false;
    // "budget and negotiated hosting contracts": a verb after the "and" starts a clause of its own.
    return isWord(tokens[i + 2]) && (ends(tokens[i + 3]) || /^[a-z]+ed$/.test(tokens[i + 2]!));
  });
}

/** The noun phrase of the requirement that a clause covers, if any (the most specific; of those `eligible` when given). */
function coveredTopic(e: Evidence, clause: Pick<Clause, "stems">, weights: ReadonlyMap<string, number>, eligible?: (topic: Topic) => boolean): string | null {
  return e.requirement.topics.find((t) => (!eligible || eligible(t)) && topicCover(t, clause, weights) >= 0.6)?.phrase ?? null;
}

/** The share of a phrase's weighted stems the clause holds. */
function topicCover(topic: Topic, clause: Pick<Clause, "stems">, weights: ReadonlyMap<string, number>): number {
  let all = 0;
  let hit = 0;
  for (const st of topic.stems) {
    const w = weights.get(st) ?? 1;
    all += w;
    if (clause.stems.has(st)) hit += w;
  }
  return all > 0 ? hit / all : 0;
}

/**
 * The concern claim of an unmet item: too few years (years-short), years
 * never stated (years-unstated), a limitation (gap), support and a
 * limitation on the same noun phrase (mixed; on different ones the
 * limitation is a gap on its own phrase), support below MET_SCORE (partial),
 * or no clause of any kind at SILENCE_SCORE (silent; never for the job
 * title's own item,
 * whose few title words a resume can do the work without, nor for a duty of
 * the job).
 *
 * @example
 * concernClaim(evidence, weights, "probe", 0)?.kind; // "silent" when no clause of the resume reaches SILENCE_SCORE
 */
export function concernClaim(e: Evidence, weights: ReadonlyMap<string, number>, decision: Decision, grade: number): Claim | null {
  if (!isTalkingPoint(e) || e.verdict === "met") return null;
  const base = { decision, grade };
  if (e.years && e.years.stated !== null && e.years.stated < e.years.asked) {
    return { kind: "years-short", item: itemOf(e), cited: [], score: e.years.stated, threshold: e.years.asked, years: e.years, ...base };
  }
  if (e.years && e.years.stated === null && !e.support) {
    return { kind: "years-unstated", item: itemOf(e), cited: [], score: null, threshold: e.years.asked, years: e.years, ...base };
  }
  // A limitation is a gap on the point only where it covers one of the item's noun phrases; one that merely brushes the
  // item's words says nothing the statement can assert (and then the statement does not call the resume silent either).
  const limitation = e.limitation && e.limitation.score >= PARTIAL_SCORE ? e.limitation : null;
  // ... and only where its cue reaches that phrase ("studying for the AWS exam ... and contribute fixes to a USSD library" is no gap on USSD).
  const limitedTopic = limitation ? coveredTopic(e, { stems: new Set(stemsOf(limitationScope(limitation.clause.text))) }, weights) : null;
  if (limitation && limitedTopic) {
    const supportTopic = e.support && e.support.score >= PARTIAL_SCORE ? coveredTopic(e, e.support.clause, weights) : null;
    if (e.verdict === "mixed" && e.support && supportTopic === limitedTopic) {
      return {
        kind: "mixed",
        item: itemOf(e, articled(limitedTopic)),
        cited: [cite(e.support.clause, e.support.score, e.requirement), cite(limitation.clause, limitation.score, e.requirement)],
        score: limitation.score,
        threshold: PARTIAL_SCORE,
        ...base,
      };
    }
    return {
      kind: "gap",
      item: itemOf(e, articled(limitedTopic)),
      cited: [cite(limitation.clause, limitation.score, e.requirement)],
      score: limitation.score,
      threshold: PARTIAL_SCORE,
      ...base,
    };
  }
  // A support that meets the item by itself (a mixed item whose limitation reaches none of its phrases) is no partial
  // support: "the resume shows this much" would understate it, and its limitation is no gap to state either.
  if (e.support && e.support.score >= MET_SCORE && showsHead(e.requirement, e.support.clause.stems, weights)) return null;
  if (e.support && e.support.score >= PARTIAL_SCORE) {
    // Partial support is said only where the clause covers one of the item's noun phrases (or is a role held, for the
    // title's own item): a clause that shares a word or two with the item ("partner", "team") shows nothing of it.
    // ... and shows the item's head: a clause of its qualifiers alone is about other work ("On A level, the resume offers
    // some evidence: 'Teach physics to GCSE and A level'" for teaching mathematics including A level, a blind read).
    const headless = !showsHead(e.requirement, e.support.clause.stems, weights);
    // A part the ad lists after the item's label ("budgets" of "financial literacy: budgets, unit economics, vendor
    // negotiation") is as specific as the ad makes it, one word or not, where the clause holds it as a thing of its own.
    const text = e.support.clause.text;
    const listed = (t: Topic) =>
      t.stems.length === 1 && (e.requirement.parts ?? []).some((p) => p.length === 1 && p[0] === t.stems[0]) && standsAsNoun(text, t.stems[0]!);
    const part = e.requirement.role || headless ? null : coveredTopic(e, e.support.clause, weights, (t) => namesSpecifically(t) || listed(t));
    // A degree is study, not the work of the post ("BSc Information Technology" is no part of a Head of Technology's work).
    const roleHeld = e.requirement.role && e.support.score >= ROLE_PARTIAL_SCORE && !isStudyLine(e.support.clause.text);
    if (!part && !roleHeld) return null;
    const partial: Claim = {
      kind: "partial",
      item: itemOf(e),
      cited: [cite(e.support.clause, e.support.score, e.requirement)],
      score: e.support.score,
      threshold: PARTIAL_SCORE,
      ...base,
    };
    return part ? { ...partial, part: articled(part) } : partial;
  }
  // The job title's own item is named by its title's words alone ("technology"): that no clause holds them says nothing
  // about whether the candidate did the work (an automation manager did part of it), so it is never called silent.
  if (limitation || e.requirement.role) return null;
  // The resume's silence is a concern on what the ad asks of a candidate, not on the job's duties and goals ("the
  // higher throughput and the lower cost" of the roadmap the post-holder will deliver).
  if (e.requirement.section === "responsibilities") return null;
  // Silence is said only where no clause of any kind speaks to the item even faintly: below the partial bar a claim
  // counts for nothing, and a wish ("motivated by mentoring leaders in emerging markets") is no evidence, but neither
  // leaves the resume silent, so nothing is said.
  const top = Math.max(e.support?.score ?? 0, e.limitation?.score ?? 0, e.aspiration?.score ?? 0);
  // A line of study holding a degree of the asked level in another subject is no silence on the degree (degree-item.ts).
  if (top >= SILENCE_SCORE || e.degree) return null;
  return { kind: "silent", item: itemOf(e), cited: [], score: top, threshold: SILENCE_SCORE, ...base };
}

/**
 * The claims of the musts: each lacking one (always said), and for a statement that does not reject, a held credential
 * and every must the resume neither shows nor denies.
 *
 * @example
 * mustClaims(assessment.musts, "reject", -0.8).map((c) => c.kind); // ["must-lacking"] for a 2-year resume against 8+ years
 */
export function mustClaims(musts: readonly MustCheck[], decision: Decision, grade: number): Claim[] {
  const out: Claim[] = [];
  for (const m of musts) {
    const item = { id: m.must.requirement.id, label: m.must.label, must: true, ...(m.must.kind === "location" ? { location: true } : {}) };
    const cited = m.clause ? [{ text: m.clause.text, polarity: m.clause.polarity, score: 1, quote: quoteOf(m.clause.text) }] : [];
    if (m.status === "lacking") {
      const years = m.must.kind === "years" ? { asked: m.must.years!, stated: m.stated } : undefined;
      out.push({ kind: "must-lacking", item, cited, score: m.stated, threshold: m.must.years, ...(years ? { years } : {}), decision, grade });
    } else if (decision !== "reject" && (m.must.kind === "credential" || m.status === "unverified" || (m.must.kind === "location" && m.clause))) {
      // A held credential is said, and a location the resume settles in its own words ("willing to relocate to
      // Nairobi"); so is any must the resume neither shows nor denies (it keeps the advisor from advancing).
      out.push({ kind: m.status === "met" ? "must-met" : "must-unverified", item, cited, score: null, threshold: null, decision, grade });
    }
  }
  return out;
}

/** Whether a clause holds a point's head (its last content word: "budget" of "the unit's nursing budget") and at least 60 % of its content stems. */
function showsPoint(clause: Pick<Clause, "stems">, point: string): boolean {
  const stems = stemsOf(point);
  const distinct = [...new Set(stems)];
  return distinct.length > 0 && clause.stems.has(stems.at(-1)!) && distinct.filter((s) => clause.stems.has(s)).length / distinct.length >= 0.6;
}

/**
 * The echo's claim: the peer, the point as the peer named it, the relation, and the speaker's own clause on that
 * point it rests on (the one echoSentence quotes; for a must, the clause its check found).
 *
 * @example
 * echoSentence(echoClaim(reply, "probe", 0), voice); // "I agree with the CFO on budgets; '...' is convincing evidence, ..."
 */
export function echoClaim(reply: EchoReply, decision: Decision, grade: number, context?: StatementContext): Claim {
  const e = reply.evidence;
  const said = { argument: reply.argument, peerSentiment: reply.argumentSentiment, peerRound: reply.peerRound };
  const echo = { peerRole: reply.peerRole, peerPositive: reply.peerPositive, relation: reply.relation, mine: reply.mine, ...said };
  if (!e) {
    // On the candidate as a whole the speaker sides with the peer only as far as its own decision goes: a rejecting
    // statement does not call the candidate a serious option, an advancing one does not share the doubts.
    const against = (decision === "reject" && reply.peerPositive) || (decision === "advance" && !reply.peerPositive);
    const general: Claim = {
      kind: "echo",
      item: null,
      cited: [],
      score: null,
      threshold: null,
      decision,
      grade,
      echo: { ...echo, relation: against ? "disagree" : reply.relation },
    };
    return context ? { ...general, context } : general;
  }
  const usesSupport = reply.peerPositive ? reply.relation === "agree" : reply.relation !== "agree";
  if (reply.must) {
    // A must is answered from its check: the clause that shows it held, or the resume's own denial of it.
    const m = reply.must;
    const clause = m.clause ? { text: m.clause.text, polarity: m.clause.polarity, score: 1, quote: quoteOf(m.clause.text) } : null;
    const shown = clause && (usesSupport ? m.status === "met" && clause.polarity === "claim" : reply.peerPositive && clause.polarity === "limitation");
    const cited: CitedClause[] = shown ? [clause] : [];
    const item = { id: e.requirement.id, label: m.must.label, must: true };
    return { kind: "echo", item, cited, score: cited[0]?.score ?? null, threshold: null, decision, grade, echo };
  }
  // A clause answers the peer's point only where it holds that point's own words ("the unit's nursing budget" is not
  // answered by "ICU registered nurse for 9 years"); without one, a doubt about the point stands.
  const onPoint = (clause: Clause) => showsPoint(clause, reply.point ?? e.requirement.label);
  // The best clause on the point: the support, or a clause that shows a part of the item (the peer may praise its part).
  const onPointSupport = [e.support, ...(e.partsShown ?? [])].find((x) => x && x.score >= PARTIAL_SCORE && onPoint(x.clause));
  const support = onPointSupport ? cite(onPointSupport.clause, onPointSupport.score, e.requirement) : null;
  const limit = e.limitation && e.limitation.score >= PARTIAL_SCORE ? cite(e.limitation.clause, e.limitation.score, e.requirement) : null;
  if (!reply.peerPositive && reply.relation !== "agree" && !support) echo.relation = "agree";
  // Agreeing, it quotes its support or nothing: a limitation it quoted would speak against the point it agrees with.
  const cited: CitedClause[] = usesSupport ? (support ? [support] : []) : reply.peerPositive && limit ? [limit] : [];
  const item = itemOf(e, reply.point ?? e.requirement.label);
  return { kind: "echo", item, cited, score: cited[0]?.score ?? null, threshold: cited.length > 0 ? PARTIAL_SCORE : null, decision, grade, echo };
}

/**
 * What an opener or a restated decision says of this candidate (see
 * StatementContext): the round, and of the talking points the advisor weighs
 * (its items beyond the company blurb, the role's framing and the offer) how
 * many the resume meets, meets in part (partial, mixed) and leaves unmet (gap,
 * missing), and the share of the advisor's weight on them the met ones carry.
 *
 * @example
 * statementContext(assessment.items, 2); // { round: 2, met: 5, partial: 2, unmet: 2, weighed: 9, metShare: 0.61 }
 */
export function statementContext(
  items: ReadonlyArray<{ weight: number; evidence: Evidence }>,
  round: number,
  lackingMusts: ReadonlySet<number> = new Set(),
): StatementContext {
  const talking = items.filter((x) => isTalkingPoint(x.evidence));
  // An item whose must the resume lacks is unmet, whatever part of it the clauses cover.
  const points = talking.map((x) => (lackingMusts.has(x.evidence.requirement.id) ? "gap" : x.evidence.verdict));
  const count = (...verdicts: string[]) => points.filter((v) => verdicts.includes(v)).length;
  const total = talking.reduce((a, x) => a + x.weight, 0);
  const metShare = total > 0 ? talking.filter((x, i) => points[i] === "met").reduce((a, x) => a + x.weight, 0) / total : 0;
  return { round, met: count("met"), partial: count("partial", "mixed"), unmet: count("gap", "missing"), weighed: points.length, metShare };
}
