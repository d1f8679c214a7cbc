/**
 * Re-checks what an offline statement asserts against the data, from
 * scratch (the ad and the resume read again, nothing taken from the policy's
 * memo): every sentence has its claim; a cited clause is a clause of the
 * resume, with its polarity and its retrieval score; a quotation is the
 * whole clause, or whole parts of it between clause boundaries; a score
 * sits on the side of its threshold the claim says; "silent" holds only
 * when no clause reaches the threshold; years and musts are what the resume
 * gives; and the statement scores as its decision under the run's f(A).
 */
import { readJob, stemWeights, type Requirement } from "./job-reading";
import { namedAs, ownWords, pointRequirement, STANCE_MIN } from "./echo";
import { checkMust, readMusts } from "./hard-requirements";
import { clauseParts, cleanClause, type Claim } from "./phrasing";
import { assess, clauseScore, MET_SCORE, showsHead, PARTIAL_SCORE, SILENCE_SCORE, readResume, yearsInRole, type ResumeReading } from "./resume-reading";
import { partShown } from "./claim-building";
import { degreeOfItem } from "./degree-item";
import {
  assessCandidate,
  decisionOf,
  openMusts,
  ownGap,
  quotableStrengths,
  scoresAsDecision,
  statementScore,
  type OfflineStatement,
  type StatementPolicyInput,
} from "./offline-agent";
import { polarityScores } from "../../text/index";
import { verdictProblems } from "./verdict-check";

/**
 * Is `quote` a quotation of `clause` that cuts only at clause boundaries:
 * the whole cleaned clause, or a run of its whole ", "-parts with " ..."
 * where parts were left out?
 *
 * @example
 * isWholeQuote("Led 420 people, and a budget of 95 million euros.", "Led 420 people ..."); // true
 * isWholeQuote("Led 420 people and an annual budget of 95 million euros.", "Led 420 people and an ..."); // false
 */
export function isWholeQuote(clause: string, quote: string): boolean {
  const parts = clauseParts(cleanClause(clause));
  const startCut = quote.startsWith("... ");
  const endCut = quote.endsWith(" ...");
  const body = quote.replace(/^\.\.\. /, "").replace(/ \.\.\.$/, "");
  for (let from = 0; from < parts.length; from++) {
    for (let to = from + 1; to <= parts.length; to++) {
      if (parts.slice(from, to).join(", ") !== body) continue;
      if (from > 0 === startCut && to < parts.length === endCut) return true;
    }
  }
  return false;
}

const near = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 1e-9;

/** A years claim's problems: its years must be the ad's and the resume's of the asked kind (`yearsInRole`), and support its kind. */
function yearsProblems(claim: Claim, requirement: Requirement | undefined, reading: ResumeReading): string[] {
  const y = claim.years;
  const shown = requirement ? yearsInRole(reading, requirement.text, reading.years).stated : null;
  if (!y || !requirement || requirement.years !== y.asked || y.stated !== shown)
    return [`years ${JSON.stringify(y)} are not the ad's and the resume's (${shown} of the asked kind)`];
  const holds =
    claim.kind === "years-met"
      ? y.stated !== null && y.stated >= y.asked
      : claim.kind === "years-short"
        ? y.stated !== null && y.stated < y.asked
        : y.stated === null;
  return holds ? [] : [`years ${JSON.stringify(y)} do not support ${claim.kind}`];
}

/**
 * The problems of one offline statement (empty when every claim holds).
 *
 * @example
 * checkStatement(input, offlineStatement(input, rng, 1.5)); // []
 */
export function checkStatement(input: StatementPolicyInput, result: OfflineStatement): string[] {
  const problems: string[] = [];
  const where = `${input.advisor.title} on ${input.candidate.name} r${input.round}`;
  const requirements = readJob(input.job);
  const weights = stemWeights(requirements);
  const musts = readMusts(requirements);
  const reading = readResume(input.candidate.passages);
  const { claims, sentences, plan } = result;
  if (claims.length !== sentences.length) problems.push(`${where}: ${sentences.length} sentences but ${claims.length} claims`);
  if (sentences.join(" ") !== result.statement) problems.push(`${where}: the statement is not its sentences`);
  const lacking = musts.map((m) => checkMust(reading, m)).filter((m) => m.status === "lacking");
  const held = assessCandidate(input);
  if (decisionOf(plan.baseStance, lacking, quotableStrengths(held), openMusts(held).length, ownGap(held) !== null) !== plan.decision)
    problems.push(`${where}: decision ${plan.decision} does not follow the stated rule`);
  if (!scoresAsDecision(statementScore(result.statement), plan.decision)) {
    problems.push(`${where}: the statement scores ${statementScore(result.statement).toFixed(3)} under f(A), not as its decision ${plan.decision}`);
  }
  for (const m of lacking) {
    // One item can hold two musts ("8+ years ..., including at least 3 years leading engineering teams"): matched by label too.
    if (!claims.some((c) => c.kind === "must-lacking" && c.item?.id === m.must.requirement.id && c.item.label === m.must.label))
      problems.push(`${where}: lacks the must "${m.must.label}" and is not told`);
  }
  // One clause is quoted once per statement: a second quote of it says nothing new.
  const quoted = claims.flatMap((c) => c.cited.map((q) => q.text));
  for (const [i, text] of quoted.entries()) if (quoted.indexOf(text) !== i) problems.push(`${where}: quotes '${text}' twice`);
  for (const p of verdictProblems(input, result, lacking.length > 0)) problems.push(`${where}: verdict: ${p}`);
  // A restated decision names a point this statement makes, of the kind its decision rests on.
  const grounds: readonly Claim["kind"][] =
    plan.decision === "advance" ? ["strength", "years-met", "must-met"] : ["must-lacking", "gap", "years-short", "mixed", "silent"];
  for (const r of claims.filter((c) => c.kind === "reason" && c.item)) {
    if (!claims.some((c) => c !== r && grounds.includes(c.kind) && c.item?.id === r.item!.id))
      problems.push(`${where}: a restated decision names "${r.item!.label}", a point the statement does not make`);
  }
  claims.forEach((claim, i) => {
    const sentence = sentences[i] ?? "";
    for (const p of checkClaim(claim, sentence, requirements, weights, reading)) problems.push(`${where}: ${claim.kind}: ${p} in "${sentence}"`);
    if (claim.decision !== plan.decision) problems.push(`${where}: a ${claim.kind} claim of decision ${claim.decision} in a ${plan.decision} statement`);
  });
  return problems;
}

/** The problems of one claim and its sentence. */
function checkClaim(
  claim: Claim,
  sentence: string,
  requirements: readonly Requirement[],
  weights: ReadonlyMap<string, number>,
  reading: ResumeReading,
): string[] {
  const out: string[] = [];
  const requirement = claim.item ? requirements.find((r) => r.id === claim.item!.id) : undefined;
  if (claim.item && !requirement) out.push(`item ${claim.item.id} is not an item of the ad`);
  // Years claims name the years.
  const named = !claim.kind.startsWith("years-");
  // A partial claim on one phrase of the item is said of that phrase (claim.part), a phrase of the item's own topics.
  const name = claim.kind === "partial" && claim.part ? claim.part : claim.item?.label;
  if (claim.item && named && !sentence.includes(name!)) out.push(`the sentence does not name "${name}"`);
  if (claim.part && requirement && !requirement.topics.some((t) => claim.part === t.phrase || claim.part === `the ${t.phrase}`))
    out.push(`"${claim.part}" is no phrase of the item`);
  for (const c of claim.cited) {
    const clause = reading.clauses.find((x) => x.text === c.text);
    if (!clause) {
      out.push(`cites "${c.text}", which is no clause of the resume`);
      continue;
    }
    if (clause.polarity !== c.polarity) out.push(`cites a ${clause.polarity} as a ${c.polarity}`);
    if (!isWholeQuote(c.text, c.quote)) out.push(`quotes "${c.quote}", cut inside a clause`);
    if (!sentence.includes(`'${c.quote}'`)) out.push(`does not quote "${c.quote}"`);
    // An answer to a peer on one of the item's noun phrases scores its clauses on that phrase (echo.ts pointRequirement).
    const scored = requirement && claim.kind === "echo" && claim.item ? (pointRequirement(requirement, claim.item.label) ?? requirement) : requirement;
    if (scored && !claim.item?.must && !near(c.score, clauseScore(scored, clause, reading, weights))) out.push(`states score ${c.score} for "${c.text}"`);
  }
  const score = claim.cited[0]?.score ?? null;
  const sign = polarityScores(sentence).compound;
  switch (claim.kind) {
    case "strength":
      if (claim.degree) out.push(...degreeProblems(claim, requirement, reading));
      else if (claim.part) {
        if (!isPartStrength(claim, requirement, reading, weights)) out.push("a strength on a part the clause does not show, or of an item not met");
      } else if (claim.cited[0]?.polarity !== "claim" || score === null || score < MET_SCORE || claim.threshold !== MET_SCORE)
        out.push("a strength below the met threshold or not a claim");
      break;
    case "partial":
      if (!isPartialSupport(claim, requirement, reading, weights)) out.push("partial support below PARTIAL_SCORE, or met (its head shown)");
      break;
    case "gap":
      if (claim.cited[0]?.polarity !== "limitation" || score === null || score < PARTIAL_SCORE) out.push("a gap without a limitation at the threshold");
      break;
    case "mixed":
      if (claim.cited.length !== 2 || claim.cited[0]!.polarity !== "claim" || claim.cited[1]!.polarity !== "limitation")
        out.push("a mixed picture without a claim and a limitation");
      else if (claim.cited.some((c) => c.score < PARTIAL_SCORE)) out.push("a mixed picture citing a clause below the threshold");
      break;
    case "silent":
      if (requirement) out.push(...absenceProblems(claim, requirement, weights, reading));
      break;
    case "years-met":
    case "years-short":
    case "years-unstated": {
      out.push(...yearsProblems(claim, requirement, reading));
      break;
    }
    case "must-lacking":
    case "must-met":
    case "must-unverified": {
      const must = readMusts(requirements).find((m) => m.requirement.id === claim.item?.id && m.label === claim.item?.label);
      const check = must ? checkMust(reading, must) : null;
      const status = claim.kind.slice("must-".length);
      if (!check || check.status !== status) out.push(`the must is ${check?.status ?? "no must of the ad"}, not ${status}`);
      if (claim.years && check && claim.years.stated !== check.stated) out.push(`states ${claim.years.stated} years, the resume gives ${check.stated}`);
      if (claim.kind === "must-met" && /\b(risk|weak|thin|gap|lack|silent|nothing)\b/i.test(sentence)) out.push("a held must is called a risk");
      break;
    }
    case "echo":
      out.push(...echoProblems(claim, sentence, requirement));
      break;
    case "reason":
      if (claim.decision === "reject" && sign >= 0) out.push("a rejecting sentence that does not score negative");
      if (claim.decision === "advance" && sign <= 0) out.push("an advancing sentence that does not score positive");
      break;
    default:
      break;
  }
  return out;
}

/** What is wrong with a strength on a degree item: its cited clause must be a line of study of a degree the item accepts (degree-item.ts). */
function degreeProblems(claim: Claim, requirement: Requirement | undefined, reading: ResumeReading): string[] {
  const clause = reading.clauses.find((c) => c.text === claim.cited[0]?.text);
  const met = requirement && clause && degreeOfItem([clause], requirement)?.status === "met";
  return met ? [] : ["a degree strength on no line of study of a degree the item accepts"];
}

/**
 * What is wrong with a claim that the resume is silent on an item: it holds only where no clause of any kind (a wish
 * too) reaches SILENCE_SCORE, by the retrieval score recomputed here.
 *
 * @example
 * absenceProblems({ kind: "silent", threshold: SILENCE_SCORE, ... }, requirement, weights, readResume(["Chess club captain."])); // []
 */
function absenceProblems(claim: Claim, requirement: Requirement, weights: ReadonlyMap<string, number>, reading: ResumeReading): string[] {
  const top = Math.max(0, ...reading.clauses.map((c) => clauseScore(requirement, c, reading, weights)));
  const degree = degreeOfItem(reading.clauses, requirement);
  if (degree) return [`"silent" on a degree the line of study '${degree.clause.text.slice(0, 60)}' shows (${degree.status})`];
  return top >= SILENCE_SCORE || claim.threshold !== SILENCE_SCORE ? [`"silent" although a clause scores ${top.toFixed(3)} >= ${SILENCE_SCORE}`] : [];
}

/** A strength on a part of an item: the item is met as read again, and the cited claim clause shows that part (claim-building.ts partShown). */
function isPartStrength(claim: Claim, requirement: Requirement | undefined, reading: ResumeReading, weights: ReadonlyMap<string, number>): boolean {
  const c = claim.cited[0];
  const clause = c && reading.clauses.find((x) => x.text === c.text);
  if (!requirement || !clause || clause.polarity !== "claim" || claim.threshold !== PARTIAL_SCORE) return false;
  const e = assess(reading, requirement, weights);
  return partShown(e, { clause, score: c.score }, weights) === claim.part;
}

/**
 * Is a partial claim's cited clause partial support: a claim in [PARTIAL_SCORE, MET_SCORE), or at MET_SCORE holding only
 * the item's qualifiers, not its head (resume-reading.ts showsHead)?
 */
function isPartialSupport(claim: Claim, requirement: Requirement | undefined, reading: ResumeReading, weights: ReadonlyMap<string, number>): boolean {
  const c = claim.cited[0];
  if (!c || c.polarity !== "claim" || c.score < PARTIAL_SCORE) return false;
  if (c.score < MET_SCORE) return true;
  const clause = reading.clauses.find((x) => x.text === c.text);
  return requirement !== undefined && clause !== undefined && !showsHead(requirement, clause.stems, weights);
}

/**
 * An answer to a peer's problems: the peer's argument it records takes the stance it cites (|f(A)| >= STANCE_MIN, of
 * that sign), the sentence names the peer, the argument is about the item it names, and a general answer never sides
 * with the peer against the speaker's own decision.
 */
function echoProblems(claim: Claim, sentence: string, requirement: Requirement | undefined): string[] {
  const out: string[] = [];
  const echo = claim.echo;
  if (!echo) return ["an echo without its peer"];
  if (Math.abs(echo.peerSentiment) < STANCE_MIN || echo.peerPositive !== echo.peerSentiment >= 0)
    out.push(`cites a ${echo.peerPositive ? "positive" : "negative"} stance of the ${echo.peerRole}, whose argument scores ${echo.peerSentiment.toFixed(3)}`);
  if (!sentence.includes(`the ${echo.peerRole}`) && !sentence.includes(`The ${echo.peerRole}`)) out.push(`does not name the ${echo.peerRole}`);
  // The point is named as the peer named it, in the peer's own words (not inside its quotation or a name).
  if (claim.item && requirement && !namedAs(ownWords(echo.argument, [echo.peerRole]), claim.item.label))
    out.push(`the ${echo.peerRole}'s argument "${echo.argument}" does not name ${claim.item.label}`);
  if (!claim.item && echo.relation === "agree" && ((claim.decision === "reject" && echo.peerPositive) || (claim.decision === "advance" && !echo.peerPositive)))
    out.push(`sides with the ${echo.peerRole} against its own decision ${claim.decision}`);
  return out;
}
