/**
 * Checkers of the recorded claims of whole offline Sentimental runs, each
 * counting one fault a hiring manager reading the transcript objects to. They
 * re-read the ad, the resumes and the transcript themselves (nothing taken
 * from the policy's memo or its recorded scores):
 *
 * - falseSilent: a "silent" claim although some clause of the resume reaches
 *   the stated relevance threshold by the retrieval score recomputed here
 *   (clauseScore over a fresh reading), a silent claim on the job title's
 *   own item (its few title words say nothing about the work), or on a degree
 *   item beside a clause listing a degree of the asked level (`degreeLineFor`,
 *   its own patterns, not degree-item.ts's);
 * - unreadLeadership: an ad item asking for years of leading ("including at
 *   least 3 years leading engineering teams") that is not read as its own must;
 * - falseAgreements: an answer to a peer ("I agree with the Headteacher on
 *   X") whose peer, argument or stance is not in that peer's latest statement
 *   of the transcript before the speaker spoke, whose argument does not name X
 *   in its own words (outside its quotation) or was recorded as a claim on
 *   another item or on none (an opener is no claim on the job title's item),
 *   whose peer sentence did not take the stance the answer gives it ("agree"
 *   needs praise, "right to worry" a concern), or whose relation contradicts
 *   the speaker's own reading of X or its decision;
 * - metWithoutHead: a met claim (a strength, or an answer to a peer calling
 *   the point met) quoting a clause that holds none of the item's head stems
 *   (a degree met on a line of study: one that lists no degree of the kind),
 *   only its qualifiers ("Teach physics to GCSE and A level" for "improving
 *   GCSE or A level results");
 * - boilerplate: a sentence that says nothing of the candidate (no item, no
 *   quote: openers, closers, restated decisions, general answers to a peer)
 *   said verbatim about a second candidate, or again in one advisor's thread;
 * - mmPairings: a Mental Model line joining two phrases with "and" where the
 *   ad does not (the ad's words either side of the "and" are not consecutive in it).
 */
import { readJob, stemsOf, stemWeights, type Requirement } from "../../../src/sentimental/offline/job-reading";
import { checkMust, readMusts } from "../../../src/sentimental/offline/hard-requirements";
import { assess, clauseScore, evidenceScore, SILENCE_SCORE, readResume } from "../../../src/sentimental/offline/resume-reading";
import type { OfflineStatement, StatementPolicyInput } from "../../../src/sentimental/offline/offline-agent";
import type { Claim } from "../../../src/sentimental/offline/phrasing";
import type { JobInfo, MentalModel, Turn } from "../../../src/sentimental/types";
import { words } from "./expert-counters";

export interface ClaimRecord {
  input: StatementPolicyInput;
  result: OfflineStatement;
}

/** An argument speaks to an item when its stems carry this share of the item's weighted stems (the echo's own bar, restated). */
const ABOUT = 0.3;
/** An argument takes a stance when its f(A) is at least this far from 0. */
const STANCE = 0.05;

export interface Fault {
  where: string;
  what: string;
}

function requirementOf(job: JobInfo, claim: Claim): { requirement: Requirement | undefined; requirements: Requirement[] } {
  const requirements = readJob(job);
  return { requirement: claim.item ? requirements.find((r) => r.id === claim.item!.id) : undefined, requirements };
}

const whereOf = (r: ClaimRecord) => `${r.input.advisor.short} on ${r.input.candidate.id} r${r.input.round}`;

/**
 * Silent claims that a clause contradicts (see the module doc).
 *
 * @example
 * falseSilent(records).length; // 0 when every "silent" is below SILENCE_SCORE on a fresh reading
 */
export function falseSilent(records: readonly ClaimRecord[]): { silent: number; faults: Fault[] } {
  let silent = 0;
  const faults: Fault[] = [];
  for (const r of records) {
    for (const claim of r.result.claims) {
      if (claim.kind !== "silent") continue;
      silent++;
      const { requirement, requirements } = requirementOf(r.input.job, claim);
      if (!requirement) {
        faults.push({ where: whereOf(r), what: `silent on no item of the ad (${claim.item?.label})` });
        continue;
      }
      const reading = readResume(r.input.candidate.passages);
      const weights = stemWeights(requirements);
      // Silence holds of every clause, a wish ("motivated by mentoring leaders in emerging markets") too.
      const scored = reading.clauses.map((c) => ({ c, s: clauseScore(requirement, c, reading, weights) }));
      const top = scored.reduce((a, x) => (x.s > a.s ? x : a), { c: null as unknown, s: 0 });
      if (claim.threshold !== SILENCE_SCORE) faults.push({ where: whereOf(r), what: `silent at threshold ${claim.threshold}, not ${SILENCE_SCORE}` });
      if (top.s >= SILENCE_SCORE) faults.push({ where: whereOf(r), what: `silent on ${requirement.label}, yet a clause scores ${top.s.toFixed(3)}` });
      if (requirement.role) faults.push({ where: whereOf(r), what: `silent on the job title's own item ${requirement.label}` });
      const degree = degreeLineFor(requirement.text, reading.clauses);
      if (degree) faults.push({ where: whereOf(r), what: `silent on ${requirement.label}, yet the resume lists '${degree.slice(0, 80)}'` });
    }
  }
  return { silent, faults };
}

/** Degrees by level, restated here (not degree-item.ts's reading): a postgraduate one, and any degree. */
const POSTGRADUATE_DEGREE =
  /(?<![A-Za-z])(?:M\.?\s?Sc|MBA|MMS|M\.?C\.?A|M\.?\s?Tech|M\.?\s?Com|Ph\.?\s?D|PGDM)(?![A-Za-z])|\bpost[- ]?graduat\w*|\bmaster'?s?\s+(?:of|in|degree)\b/i;
const ANY_DEGREE = /(?<![A-Za-z])(?:B\.?\s?Sc|B\.?\s?Tech|B\.?\s?Com|B\.E|BBA|BCA|LL\.?B)(?![A-Za-z])|Education Details\s+(?:BE|BA)\b|\bbachelor'?s?\b/i;

/**
 * A resume clause that lists a degree of the kind a requirement asks for (a postgraduate one where it says
 * "postgraduate" or "master's", the degree it names where it names one before "degree", "LL.B. degree", else any):
 * its text, or null when the item asks for no degree or no clause lists one. A part the ad calls a plus is left out,
 * unless the item is that plus.
 *
 * @example
 * degreeLineFor("A graduate degree.", [{ text: "B.Com commerce, Bombay University" }]); // "B.Com commerce, Bombay University"
 */
export function degreeLineFor(item: string, clauses: ReadonlyArray<{ text: string }>): string | null {
  const firm =
    item
      .split(/;\s+/)
      .filter((p) => !/\b(plus|advantage|preferred|desirable)\b/i.test(p))
      .join("; ") || item;
  if (!/\bdegree\b|graduate\b|\bMBA\b/i.test(firm)) return null;
  const named = /^(?:an?\s+)?((?:[A-Z]{1,2}\.?\s?){2,3})\s*degree\b/.exec(firm.trim());
  const shows = named
    ? (t: string) => t.replace(/[.\s]/g, "").includes(named[1]!.replace(/[.\s]/g, ""))
    : /\bpost[- ]?graduat|\bmaster/i.test(firm)
      ? (t: string) => POSTGRADUATE_DEGREE.test(t)
      : (t: string) => POSTGRADUATE_DEGREE.test(t) || ANY_DEGREE.test(t);
  return clauses.find((c) => shows(c.text))?.text ?? null;
}

/**
 * Leadership years an ad asks for that are not a must of their own.
 *
 * @example
 * unreadLeadership(job); // [] when "including at least 3 years leading engineering teams" is its own must
 */
export function unreadLeadership(job: JobInfo): string[] {
  const requirements = readJob(job);
  const musts = readMusts(requirements);
  const out: string[] = [];
  for (const r of requirements) {
    // Independently of the reader's pattern: "N years" followed by a verb of leading people.
    for (const m of r.text.matchAll(/(\d{1,2})\s*\+?\s*years?\s+(?:of\s+)?(leading|managing|heading|supervising)\b/gi)) {
      const years = Number(m[1]);
      if (r.section !== "requirements" || r.years === years) continue;
      if (!musts.some((x) => x.requirement.id === r.id && x.years === years && x.label.includes(m[2]!.toLowerCase()))) out.push(`${m[0]} in "${r.text}"`);
    }
  }
  return out;
}

/** A peer's sentence without its quotations of the resume ('...'), restated here (not echo.ts's reading). */
function unquoted(sentence: string): string {
  return sentence.replace(/(^|[\s(:])'.*?'(?=[\s.,;:)!?]|$)/g, "$1 ");
}

/** Does `text` say `phrase` as whole words (first letter in either case, a leading "the " optional)? */
function says(text: string, phrase: string): boolean {
  const bare = phrase.replace(/^the /i, "");
  const at = (from: number): number => text.toLowerCase().indexOf(bare.toLowerCase(), from);
  for (let i = at(0); i >= 0; i = at(i + 1)) {
    const before = text[i - 1] ?? " ";
    const after = text[i + bare.length] ?? " ";
    if (!/[\p{L}\p{N}-]/u.test(before) && !/[\p{L}\p{N}-]/u.test(after) && text.slice(i + 1, i + bare.length) === bare.slice(1)) return true;
  }
  return false;
}

/** The stance a recorded sentence takes on its point: praise, a concern, a mixed picture (or partial support), or none (a general line). */
type Stance = "praise" | "concern" | "mixed" | "none";

function stanceOfClaim(c: Claim, sentence: string): Stance {
  if (["strength", "years-met", "must-met"].includes(c.kind)) return "praise";
  if (["gap", "silent", "years-short", "years-unstated", "must-lacking", "must-unverified"].includes(c.kind)) return "concern";
  // An advancing statement's own point met in part is said in the candidate's favour, of the part it shows (own-point.ts).
  if (c.kind === "partial" && c.remit && c.decision === "advance" && c.part) return "praise";
  // Partial support is one of the statement's concerns (claim-building.ts concernClaim), but no worry outright.
  if (c.kind === "mixed" || c.kind === "partial") return "mixed";
  if (c.kind === "reason" && c.item) return c.decision === "advance" ? "praise" : c.decision === "reject" ? "concern" : "none";
  // A verdict that a failed must decides ("whatever the score, the ad's must of X decides") is a concern about that must.
  if (c.kind === "verdict" && c.verdict?.mustFailed) return "concern";
  if (c.kind === "echo" && c.item) {
    if (/^I agree with |^I read .* differently from /.test(sentence)) return "praise";
    if (/ is right to worry about |^I am more worried than /.test(sentence)) return "concern";
    if (/ has a fair point on /.test(sentence)) return "mixed";
  }
  return "none";
}

/** The stance an answer to a peer on a point says the peer took ("I agree with X on P": praise), null for a general answer. */
function stanceAttributed(sentence: string): { needs: readonly Stance[]; words: string } | null {
  if (/^I agree with the /.test(sentence)) return { needs: ["praise"], words: "agrees with praise" };
  if (/ is right to worry about /.test(sentence)) return { needs: ["concern", "mixed"], words: "agrees with a worry" };
  if (/^I am more worried than the [^,]* about (?!this candidate)/.test(sentence)) return { needs: ["praise", "mixed", "none"], words: "is more worried than" };
  if (/^I read .* differently from the /.test(sentence)) return { needs: ["concern", "mixed", "none"], words: "reads differently from" };
  if (/ has a fair point on /.test(sentence)) return { needs: ["concern", "mixed"], words: "grants a fair point on a worry" };
  return null;
}

/**
 * The names a sentence may give an item: its label, one of its noun phrases (with or without "the"), or one of its
 * musts' labels; with the requirement to read it as (the noun phrase as an item of its own, restated here).
 */
function pointNamed(
  requirement: Requirement,
  label: string,
  musts: ReturnType<typeof readMusts>,
): { kind: "label" | "topic" | "must"; as: Requirement } | null {
  if (label === requirement.label) return { kind: "label", as: requirement };
  if (musts.some((m) => m.requirement.id === requirement.id && m.label === label)) return { kind: "must", as: requirement };
  const bare = label.replace(/^the /i, "").toLowerCase();
  const topic = requirement.role ? undefined : requirement.topics.find((t) => t.phrase.toLowerCase() === bare);
  return topic ? { kind: "topic", as: { ...requirement, stems: [...topic.stems], topics: [topic], label, years: null } } : null;
}

/**
 * Answers to peers whose peer, argument, stance, point or relation the transcript does not bear out (see the module doc).
 * An answer on a point ("I agree with the CFO on P", "the CFO is right to worry about P") holds only when P is one of
 * the ad's names for the item it records, the peer's argued sentence says P in its own words (outside its quotation),
 * the peer's recorded claim for that sentence is about that item, with the stance the answer gives it (praise for
 * "agree", a concern for "right to worry"), and the speaker's own fresh reading of P bears the relation out.
 *
 * @example
 * falseAgreements(records, turns).faults; // [] when every echo names what the peer argued about, with its stance
 */
export function falseAgreements(records: readonly ClaimRecord[], turns: readonly Turn[]): { echoes: number; faults: Fault[] } {
  let echoes = 0;
  const faults: Fault[] = [];
  for (const r of records) {
    const echoClaims = r.result.claims.filter((c) => c.kind === "echo");
    if (echoClaims.length === 0) continue;
    const me = turns.find((t) => t.candidate === r.input.candidate.id && t.agent === r.input.advisor.short && t.round === r.input.round);
    if (!me || me.statement !== r.result.statement) continue; // a statement the run did not keep (none in these runs)
    const before = turns.filter((t) => t.candidate === me.candidate && (t.round < me.round || (t.round === me.round && t.order < me.order)));
    for (const claim of echoClaims) {
      echoes++;
      const echo = claim.echo;
      const sentence = r.result.sentences[r.result.claims.indexOf(claim)] ?? "";
      const where = `${whereOf(r)}: ${sentence}`;
      if (!echo) {
        faults.push({ where, what: "no peer recorded" });
        continue;
      }
      const peer = before.filter((t) => t.role === echo.peerRole).at(-1);
      if (!peer) {
        faults.push({ where, what: `the ${echo.peerRole} had not spoken` });
        continue;
      }
      const { requirement: pointOf, requirements: all } = requirementOf(r.input.job, claim);
      // A claim recorded before echoes kept the peer's argument (an older run) is looked up by its point and stance.
      const i =
        echo.argument !== undefined
          ? peer.arguments.indexOf(echo.argument)
          : peer.arguments.findIndex(
              (a, k) =>
                Math.abs(peer.argumentSentiments[k]!) >= STANCE &&
                peer.argumentSentiments[k]! > 0 === echo.peerPositive &&
                (!pointOf || a.includes(pointOf.label) || evidenceScore(pointOf, new Set(stemsOf(a)), stemWeights(all)) >= ABOUT),
            );
      if (i < 0) {
        faults.push({ where, what: `the ${echo.peerRole}'s latest statement (round ${peer.round}) does not say "${echo.argument}"` });
        continue;
      }
      const argument = peer.arguments[i]!;
      const s = peer.argumentSentiments[i]!;
      if (Math.abs(s) < STANCE || s > 0 !== echo.peerPositive)
        faults.push({ where, what: `cites a ${echo.peerPositive ? "positive" : "negative"} stance; the argument scores ${s.toFixed(3)}` });
      // The peer's own recorded claim for the sentence it argued (an offline peer's statement is its sentences).
      const peerRecord = records.find(
        (x) =>
          x.input.candidate.id === peer.candidate &&
          x.input.round === peer.round &&
          x.input.advisor.title === peer.role &&
          x.result.statement === peer.statement,
      );
      const k = peerRecord ? peerRecord.result.sentences.indexOf(argument) : -1;
      const peerClaim = peerRecord && k >= 0 ? peerRecord.result.claims[k] : undefined;
      if (peerRecord && !peerClaim) faults.push({ where, what: `the ${echo.peerRole}'s argument "${argument}" is no sentence of its recorded statement` });
      const { requirement, requirements } = requirementOf(r.input.job, claim);
      if (claim.item) {
        if (!requirement) {
          faults.push({ where, what: `item ${claim.item.id} is no item of the ad` });
          continue;
        }
        const weights = stemWeights(requirements);
        const musts = readMusts(requirements);
        const label = claim.item.label;
        const named = pointNamed(requirement, label, musts);
        if (!named) faults.push({ where, what: `"${label}" is no name the ad gives item ${requirement.id} (${requirement.label})` });
        // The point as the peer made it: the peer's own words (outside its quotation) say it, and its sentence was about that item.
        if (!says(unquoted(argument), label)) faults.push({ where, what: `the ${echo.peerRole} said "${argument}", which does not name ${label}` });
        // The item the peer's sentence was about: its claim's item, or the must a decided verdict names.
        const failedMust =
          peerClaim?.kind === "verdict" && peerClaim.verdict?.mustFailed ? musts.find((m) => m.label === peerClaim.verdict!.spec.mustLabel) : undefined;
        const peerItem = peerClaim?.item?.id ?? failedMust?.requirement.id;
        if (peerClaim && peerItem !== requirement.id)
          faults.push({
            where,
            what: `the ${echo.peerRole}'s sentence was a ${peerClaim.kind} claim ${peerItem !== undefined ? `on item ${peerItem}` : "on no item"}, not on ${label}`,
          });
        const attributed = stanceAttributed(sentence);
        if (peerClaim && attributed) {
          const stance = stanceOfClaim(peerClaim, argument);
          if (!attributed.needs.includes(stance))
            faults.push({ where, what: `${attributed.words}, but the ${echo.peerRole}'s ${peerClaim.kind} sentence takes the stance "${stance}"` });
        }
        // The speaker's own reading of the point, afresh: agreeing with praise needs the point met, with a worry needs it unmet.
        const reading = readResume(r.input.candidate.passages);
        const agreesWithPraise = echo.peerPositive && echo.relation === "agree" && sentence.startsWith("I agree");
        const agreesWithWorry = !echo.peerPositive && / is right to worry /.test(sentence);
        // Disagreeing is a reading too: "I read P differently" calls P met, "I am more worried than X about P" calls it unmet.
        const callsMet = /^I read .* differently from the /.test(sentence);
        const callsUnmet = /^I am more worried than the [^,]* about (?!this candidate)/.test(sentence);
        if (named?.kind === "must") {
          const must = musts.find((m) => m.requirement.id === requirement.id && m.label === label)!;
          const status = checkMust(reading, must).status;
          if (agreesWithPraise && status !== "met") faults.push({ where, what: `agrees with praise of the must ${label}, which is ${status}` });
          if (agreesWithWorry && status !== "lacking") faults.push({ where, what: `agrees with a worry about the must ${label}, which is ${status}` });
          if (callsMet && status !== "met") faults.push({ where, what: `reads the must ${label} as met, which is ${status}` });
          if (callsUnmet && status === "met") faults.push({ where, what: `is more worried about the must ${label}, which is met` });
          continue;
        }
        const own = assess(reading, named?.as ?? requirement, weights);
        if (agreesWithPraise && own.verdict !== "met" && own.years?.stated == null)
          faults.push({ where, what: `agrees with praise of a point the resume does not meet (${own.verdict})` });
        if (agreesWithWorry && own.verdict === "met") faults.push({ where, what: "agrees with a worry about a point the resume meets" });
        if (callsMet && own.verdict !== "met") faults.push({ where, what: `reads as met a point the resume does not meet (${own.verdict})` });
        if (callsUnmet && own.verdict === "met") faults.push({ where, what: "is more worried about a point the resume meets" });
      } else {
        const sides = /^Like the |^I share the doubts/.test(sentence);
        const decision = r.result.plan.decision;
        if (sides && ((decision === "reject" && echo.peerPositive) || (decision === "advance" && !echo.peerPositive)))
          faults.push({ where, what: `sides with the ${echo.peerRole} against its own decision ${decision}` });
      }
    }
  }
  return { echoes, faults };
}

/**
 * The head of an item, restated here: its most specific stems by the ad's weights that carry half of its weight (ties
 * at the last kept); the stems the ad repeats across items ("GCSE", "A level") are qualifiers outside it.
 */
function headOf(requirement: Requirement, weights: ReadonlyMap<string, number>): Set<string> {
  const w = (x: string) => weights.get(x) ?? 1;
  const byWeight = [...requirement.stems].sort((a, b) => w(b) - w(a));
  const half = byWeight.reduce((a, x) => a + w(x), 0) / 2;
  const head = new Set<string>();
  let sum = 0;
  for (const x of byWeight) {
    if (sum >= half && w(x) < w([...head].at(-1)!)) break;
    head.add(x);
    sum += w(x);
  }
  return head;
}

/**
 * Met claims whose quotation does not show the point: a strength, or an answer to a peer that calls the point met
 * ("'...' is convincing evidence", "which is a real strength"), quoting a clause that holds none of the item's head
 * stems (headOf; for a noun phrase of the item, that phrase's), so only its qualifiers: "improving GCSE and A level
 * results" met by "Teach physics to GCSE and A level".
 *
 * @example
 * metWithoutHead(records).faults; // [] when every quoted met clause holds one of its item's head stems
 */
export function metWithoutHead(records: readonly ClaimRecord[]): { met: number; faults: Fault[] } {
  let met = 0;
  const faults: Fault[] = [];
  for (const r of records) {
    r.result.claims.forEach((claim, i) => {
      const sentence = r.result.sentences[i] ?? "";
      const saysMet = claim.kind === "strength" || (claim.kind === "echo" && / is convincing evidence|, which is a real strength\./.test(sentence));
      if (!saysMet || !claim.item || claim.item.must || claim.cited.length === 0) return;
      met++;
      const { requirement, requirements } = requirementOf(r.input.job, claim);
      if (!requirement) return;
      const weights = stemWeights(requirements);
      const point = pointNamed(requirement, claim.item.label, readMusts(requirements))?.as ?? requirement;
      const reading = readResume(r.input.candidate.passages);
      const head = headOf(point, weights);
      const clause = reading.clauses.find((c) => c.text === claim.cited[0]!.text);
      // A degree met on a line of study shows the degree by its name, not the item's words: checked by its own reading.
      if (claim.degree && clause) {
        if (!degreeLineFor(requirement.text, [clause]))
          faults.push({ where: `${whereOf(r)}: ${sentence}`, what: `calls ${claim.item.label} met on a clause that lists no such degree` });
        return;
      }
      if (!clause) faults.push({ where: `${whereOf(r)}: ${sentence}`, what: "quotes no clause of the resume" });
      else if (head.size > 0 && ![...head].some((x) => clause.stems.has(x)))
        faults.push({ where: `${whereOf(r)}: ${sentence}`, what: `calls ${claim.item.label} met on a clause without its head (${[...head].join(", ")})` });
    });
  }
  return { met, faults };
}

/** The advisor's counts as an opener or closer states them. */
const PROFILE_COUNTS = /\d+ of the \d+ points I weigh met \(that is \d+ % of my weight\), \d+ in part and \d+ unmet/;

/** Claims that say nothing of the candidate: no item, no quote. */
function saysNothingOfCandidate(c: Claim): boolean {
  return c.item === null && c.cited.length === 0 && ["opener", "reason", "echo"].includes(c.kind);
}

/**
 * Sentences that say nothing of the candidate said verbatim about a second candidate (unless they state the advisor's
 * counts for it, which two candidates may share), or twice in one advisor's thread.
 *
 * @example
 * boilerplate(records).repeats; // 0 when every opener, closer and restated decision carries its candidate's numbers
 */
export function boilerplate(records: readonly ClaimRecord[]): { sentences: number; repeats: number; examples: string[] } {
  const seen = new Map<string, { candidates: Set<string>; threads: Set<string> }>();
  let sentences = 0;
  let repeats = 0;
  const examples: string[] = [];
  for (const r of records) {
    r.result.claims.forEach((c, i) => {
      if (!saysNothingOfCandidate(c)) return;
      sentences++;
      const text = r.result.sentences[i]!;
      const thread = `${r.input.advisor.short}|${r.input.candidate.id}`;
      const s = seen.get(text) ?? { candidates: new Set<string>(), threads: new Set<string>() };
      // A sentence that states the advisor's counts for this candidate ("3 of the 16 points I weigh met ...") is about the
      // candidate, and two candidates may share the counts: for it only a repeat in one thread is boilerplate.
      const counts = PROFILE_COUNTS.test(text);
      const again = s.threads.has(thread) || (!counts && s.candidates.size > 0 && !s.candidates.has(r.input.candidate.id));
      if (again) {
        repeats++;
        if (examples.length < 6 && !examples.includes(text)) examples.push(text);
      }
      s.candidates.add(r.input.candidate.id);
      s.threads.add(thread);
      seen.set(text, s);
    });
  }
  return { sentences, repeats, examples };
}

/**
 * Mental Model lines that join two phrases with "and" where the ad does not.
 *
 * @example
 * mmPairings(mms, job.text); // [] when every "and" of a Mental Model is one the ad wrote
 */
export function mmPairings(mms: readonly MentalModel[], adText: string): string[] {
  const ad = ` ${words(adText).join(" ")} `;
  const out: string[] = [];
  for (const mm of mms) {
    for (const line of [mm.description, ...mm.priorities, ...mm.evaluationCriteria]) {
      const w = words(line);
      for (let i = 1; i + 1 < w.length; i++) {
        if (w[i] !== "and") continue;
        if (!ad.includes(` ${w[i - 1]} and ${w[i + 1]} `)) {
          out.push(line);
          break;
        }
      }
    }
  }
  return out;
}
