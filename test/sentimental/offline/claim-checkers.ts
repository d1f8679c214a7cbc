/**
 * Checkers of the recorded claims of whole offline Sentimental runs, each
 * counting one fault a hiring manager reading the transcript objects to. They
 * re-read the ad, the resumes and the transcript themselves (nothing taken
 * from the policy's memo or its recorded scores):
 *
 * - falseSilent: a "silent" claim although some clause of the resume reaches
 *   the stated relevance threshold by the retrieval score recomputed here
 *   (clauseScore over a fresh reading), or a silent claim on the job title's
 *   own item (its few title words say nothing about the work);
 * - unreadLeadership: an ad item asking for years of leading ("including at
 *   least 3 years leading engineering teams") that is not read as its own must;
 * - falseAgreements: an answer to a peer ("I agree with the Headteacher on
 *   X") whose peer, argument or stance is not in that peer's latest statement
 *   of the transcript before the speaker spoke, whose argument is not about X,
 *   or whose relation contradicts the speaker's own reading or decision;
 * - boilerplate: a sentence that says nothing of the candidate (no item, no
 *   quote: openers, closers, restated decisions, general answers to a peer)
 *   said verbatim about a second candidate, or again in one advisor's thread;
 * - mmPairings: a Mental Model line joining two phrases with "and" where the
 *   ad does not (the ad's words either side of the "and" are not consecutive in it).
 */
import { readJob, stemsOf, stemWeights, type Requirement } from "../../../src/sentimental/offline/job-reading";
import { readMusts } from "../../../src/sentimental/offline/hard-requirements";
import { assess, clauseScore, evidenceScore, PARTIAL_SCORE, readResume } from "../../../src/sentimental/offline/resume-reading";
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
 * falseSilent(records).length; // 0 when every "silent" is below PARTIAL_SCORE on a fresh reading
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
      const scored = reading.clauses.filter((c) => c.polarity !== "aspiration").map((c) => ({ c, s: clauseScore(requirement, c, reading, weights) }));
      const top = scored.reduce((a, x) => (x.s > a.s ? x : a), { c: null as unknown, s: 0 });
      if (claim.threshold !== PARTIAL_SCORE) faults.push({ where: whereOf(r), what: `silent at threshold ${claim.threshold}, not ${PARTIAL_SCORE}` });
      if (top.s >= PARTIAL_SCORE) faults.push({ where: whereOf(r), what: `silent on ${requirement.label}, yet a clause scores ${top.s.toFixed(3)}` });
      if (requirement.role) faults.push({ where: whereOf(r), what: `silent on the job title's own item ${requirement.label}` });
    }
  }
  return { silent, faults };
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

/**
 * Answers to peers whose peer, argument, stance or relation the transcript does not bear out (see the module doc).
 *
 * @example
 * falseAgreements(records, turns).faults; // [] when every echo quotes what the peer said, with its stance
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
      const s = peer.argumentSentiments[i]!;
      if (Math.abs(s) < STANCE || s > 0 !== echo.peerPositive)
        faults.push({ where, what: `cites a ${echo.peerPositive ? "positive" : "negative"} stance; the argument scores ${s.toFixed(3)}` });
      const { requirement, requirements } = requirementOf(r.input.job, claim);
      if (claim.item) {
        if (!requirement) {
          faults.push({ where, what: `item ${claim.item.id} is no item of the ad` });
          continue;
        }
        const weights = stemWeights(requirements);
        if (!peer.arguments[i]!.includes(requirement.label) && evidenceScore(requirement, new Set(stemsOf(peer.arguments[i]!)), weights) < ABOUT)
          faults.push({ where, what: `the ${echo.peerRole} said "${peer.arguments[i]}", not about ${requirement.label}` });
        // The speaker's own reading of the point, afresh: agreeing with praise needs the point met, with a worry needs it unmet.
        const own = assess(readResume(r.input.candidate.passages), requirement, weights);
        const agreesWithPraise = echo.peerPositive && echo.relation === "agree" && sentence.startsWith("I agree");
        const agreesWithWorry = !echo.peerPositive && / is right to worry /.test(sentence);
        if (agreesWithPraise && own.verdict !== "met" && own.years?.stated == null)
          faults.push({ where, what: `agrees with praise of a point the resume does not meet (${own.verdict})` });
        if (agreesWithWorry && own.verdict === "met") faults.push({ where, what: "agrees with a worry about a point the resume meets" });
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

/** Claims that say nothing of the candidate: no item, no quote. */
function saysNothingOfCandidate(c: Claim): boolean {
  return c.item === null && c.cited.length === 0 && ["opener", "closer", "reason", "echo"].includes(c.kind);
}

/**
 * Sentences that say nothing of the candidate said verbatim about a second candidate, or twice in one advisor's thread.
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
      const again = s.threads.has(thread) || (s.candidates.size > 0 && !s.candidates.has(r.input.candidate.id));
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
