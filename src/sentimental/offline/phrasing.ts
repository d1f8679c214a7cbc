/**
 * Sentences of the offline advisors. Every frame is a complete English
 * sentence whose slots take only a name, a role, a noun phrase of the ad
 * (`Requirement.label`), a number, or a quotation; so no slot can leave a
 * fragment such as "a good match for worked with". Slots are written as in
 * the prompt templates (`{{label}}`, src/llm/prompts/template.ts), so the
 * code base has one placeholder convention. A strength always quotes
 * a claim clause and a concern a limitation clause (or says that nothing in
 * the resume speaks to the point, which the reading guarantees).
 *
 * The wording carries the sentiment a lexicon scorer (VADER) reads:
 * strengths use positive words, concerns negative ones, graded by the
 * speaker's stance. The candidate is "this candidate" / "the candidate",
 * never named: a lexicon scores names too ("Grace" is positive in VADER; on
 * the bundled scenario naming her once per statement moved her mean Borda
 * rank over 10 seeds from 4.1 to 2.4), and the baseline's judgement must not
 * depend on a name.
 */
import { compileTemplate, renderTemplate, type CompiledTemplate, type PlaceholderSpec } from "../../llm/index";
import type { Rng } from "../../stats/index";
import type { Evidence } from "./resume-reading";
import { isSkillsList } from "./clause-kinds";
import type { MustCheck } from "./hard-requirements";

/** What every frame may mention. */
export interface Voice {
  name: string;
  title: string;
  role: string;
}

/**
 * Picks from a list: uniformly with the seeded rng at temperature > 0, the first entry at temperature 0.
 *
 * @example
 * choose(["a", "b"], new Rng(1), 0); // "a"
 */
export function choose<T>(items: readonly T[], rng: Rng, temperature: number): T {
  if (temperature > 0.01) return rng.pick(items);
  const [first] = items;
  if (first === undefined) throw new RangeError("choose: empty list");
  return first;
}

/** The slots a frame may use: the speaker's voice and, for an argument, the point and the quoted clauses. */
export interface FrameValues extends Voice {
  label?: string;
  quote?: string;
  support?: string;
}

const FRAME_SLOTS: PlaceholderSpec = {
  name: { kind: "text", doc: "the speaker's name" },
  title: { kind: "text", doc: "the job title of the ad" },
  role: { kind: "text", doc: "the speaker's own role" },
  label: { kind: "text", doc: "the requirement the sentence is about (Requirement.label)" },
  quote: { kind: "text", doc: "the quoted clause (quoteOf)" },
  support: { kind: "text", doc: "the quoted supporting clause of a mixed picture" },
};

const compiledFrames = new Map<string, CompiledTemplate>();

/**
 * Fills a frame's `{{slot}}`s with the prompt template engine (one
 * placeholder convention across the code base): the frame is compiled once,
 * as the single user message of a template, so a frame naming an unknown
 * slot fails on first use. A slot without a value is an error, never an
 * empty gap in a sentence.
 *
 * @example
 * fillFrame("I see real promise in this candidate for the {{title}} role.", { name: "Ada", title: "Head of Technology", role: "CFO" });
 * // "I see real promise in this candidate for the Head of Technology role."
 */
export function fillFrame(frame: string, values: Readonly<FrameValues>): string {
  let template = compiledFrames.get(frame);
  if (!template) {
    // The marker line is standalone (it disappears with its line break), so the message is the frame itself;
    // frames end with a full stop, so the engine's trim at the end of a message never touches one.
    template = compileTemplate(`<!-- user -->\n${frame}`, `phrasing frame "${frame}"`, FRAME_SLOTS);
    compiledFrames.set(frame, template);
  }
  for (const slot of template.used) {
    if (values[slot as keyof FrameValues] === undefined) throw new RangeError(`phrasing: no value for {{${slot}}} in "${frame}"`);
  }
  return renderTemplate(template, { ...values })[0]!.content;
}

/** The first band the value is above, else the last (lowest) one. */
function band<T>(bands: ReadonlyArray<readonly [number, T]>, value: number): T {
  const hit = bands.find(([above]) => value > above) ?? bands.at(-1);
  if (!hit) throw new RangeError("phrasing: no bands");
  return hit[1];
}

export { MAX_QUOTE_WORDS, cleanClause, clauseParts, quoteOf } from "./quotation";

/** What a statement recommends: the decision every sentence of it must agree with. */
export type Decision = "advance" | "probe" | "reject";

export const OPENERS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [
    0.8,
    [
      "From where I sit as {{role}}, this is an outstanding candidate for the {{title}} role, and I am delighted.",
      "I am delighted by this application: an outstanding candidate for the {{title}} role.",
    ],
  ],
  [
    0.6,
    [
      "From where I sit as {{role}}, this is a strong, impressive candidate for the {{title}} role.",
      "I am genuinely enthusiastic about this strong candidate for the {{title}} role.",
    ],
  ],
  [
    0.2,
    ["From my perspective as {{role}}, this is a promising candidate for the {{title}} role.", "I see real promise in this candidate for the {{title}} role."],
  ],
  [-0.2, ["From my perspective as {{role}}, this is a mixed case for the {{title}} role.", "My view of this candidate for the {{title}} role is still open."]],
  [-0.6, ["I have doubts about this candidate for the {{title}} role.", "I am unconvinced that this candidate suits the {{title}} role."]],
  [
    -0.8,
    [
      "I am seriously worried about this candidate for the {{title}} role.",
      "This looks like a weak candidate for the {{title}} role, and I am seriously worried.",
    ],
  ],
  [
    -Infinity,
    [
      "I see serious problems and real risks with this candidate for the {{title}} role.",
      "This is a very weak candidate for the {{title}} role, and I am worried.",
    ],
  ],
];

/**
 * Where a decision's wording sits on the stance scale: an advancing
 * statement speaks from the bands above 0.2, a probing
 * one from the middle bands, a rejecting one from the bands below -0.6,
 * whatever the noise and the peers did to the stance.
 *
 * @example
 * gradeFor("reject", 0.1); // -0.61 (a rejection never opens warmly)
 */
export function gradeFor(decision: Decision, stance: number): number {
  if (decision === "advance") return Math.max(0.31, stance);
  if (decision === "reject") return Math.min(-0.61, stance);
  return Math.max(-0.59, Math.min(0.2, stance));
}

export const STRENGTHS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [
    0.8,
    ["The candidate's record on {{label}} is superb and convincing: '{{quote}}'.", "On {{label}}, this candidate is outstanding, a real asset: '{{quote}}'."],
  ],
  [0.6, ["The candidate's record on {{label}} is outstanding: '{{quote}}'.", "On {{label}}, this candidate is excellent: '{{quote}}'."]],
  [0.2, ["The candidate's record on {{label}} is strong: '{{quote}}'.", "On {{label}}, this candidate is impressive: '{{quote}}'."]],
  [-0.2, ["The candidate has good experience with {{label}}: '{{quote}}'.", "There is useful evidence on {{label}}: '{{quote}}'."]],
  [-Infinity, ["To be fair, the candidate has some experience with {{label}}: '{{quote}}'.", "To be fair, there is some evidence on {{label}}: '{{quote}}'."]],
];

const GAPS = [
  "The candidate has a gap on {{label}}: the resume itself says '{{quote}}', and that worries me.",
  "A real weakness for this role is {{label}}: the resume itself says '{{quote}}'.",
];
const MISSING = [
  "I found nothing in the resume on {{label}}, which the ad asks for, and that is a problem.",
  "The resume is silent on {{label}}, a weakness for this role.",
];
/** A plus the ad names ("Kiswahili is an advantage") that the resume lacks: said as a missing plus, never as a worry. */
const ADVANTAGE_GAPS = ["The resume says '{{quote}}': {{label}}, which the ad would welcome, is missing, though it is no must."];
const ADVANTAGE_MISSING = ["The resume says nothing of {{label}}, which the ad lists as a plus rather than a must."];
const PARTIAL = ["On {{label}}, the resume shows this much: '{{quote}}'.", "On {{label}}, the resume offers some evidence: '{{quote}}'."];
/** An advancing statement's own point met in part (own-point.ts): what the part shows, in its favour, and no more. */
const PARTIAL_IN_FAVOUR = [
  "On {{label}}, the candidate brings useful experience: '{{quote}}'.",
  "On {{label}}, the resume shows helpful experience: '{{quote}}'.",
];
const MIXED = ["On {{label}} the picture is mixed: '{{support}}', but also '{{quote}}'."];
/**
 * Extra sentences that restate the decision, added while they bring the statement's f(A) nearer its tone target
 * (tone-fit.ts): each names the point of this statement the decision rests on most ({{label}}: its first strength for
 * an advance, its failed must or first concern for a rejection), so that it says something of this candidate.
 */
export const REASONS: Readonly<Record<Exclude<Decision, "probe">, readonly string[]>> = {
  advance: [
    "Above all, {{label}} makes this a strong application, and I am happy to support it.",
    "On {{label}} alone, I would support this application with confidence.",
  ],
  reject: [
    "Above all, {{label}} makes this a weak application for this role, and I am seriously worried.",
    "Sadly, on {{label}} alone, this is a weak and risky application.",
  ],
};

/**
 * What a verdict sentence says besides its closing phrase: the decision, the
 * must that decides it (a failed must's label, or null), the round (round 1
 * states the score's parts; later rounds say the score stands) and the
 * wording's grade (a strong recommendation from 0.7).
 */
export interface VerdictSpec {
  decision: Decision;
  mustLabel: string | null;
  round: number;
  grade: number;
  /** Which way a verdict's words lean: a probe's by its score against MIDDLE_SCORE, any other's by the sign of its tone target. */
  lean: 1 | -1;
  /** A probe whose score is at or above the advance bar (nothing met to quote, or a must to check): its rule says so. */
  aboveBar?: boolean;
  /** The first must the resume neither shows nor denies, which keeps a score above the bar from advancing. */
  unverifiedMust?: string | null;
  /** The advisor's weightiest own point when the resume denies it (decision-rule.ts ownGap), which keeps a score above the bar from advancing. */
  ownGap?: string | null;
  /** An advancing verdict may close on a superlative ("outstanding", "superb", "excellent"): the resume meets at least half of the advisor's weight. */
  superlatives?: boolean;
  /**
   * How far an advancing score sits above the bar, in steps of ADVANCE_BAND_STEP (0, 1, 2 or more; `advanceBand`):
   * the verdict's words rise with it, so that a score just over the bar is never "strong" and a score far above it
   * never only "solid".
   */
  band?: number;
  /** Words beyond the band's ends, each way, the verdict may also use (tone-fit.ts widens a band that misses its f(A) target). */
  bandReach?: number;
}

/** Claim kinds: what a sentence asserts. */
export type ClaimKind =
  | "opener"
  | "reason"
  | "strength"
  | "partial"
  | "mixed"
  | "gap"
  | "silent"
  | "years-met"
  | "years-short"
  | "years-unstated"
  | "must-met"
  | "must-lacking"
  | "must-unverified"
  | "echo"
  | "verdict";

/** A resume clause a claim cites: its text as read, its polarity, its retrieval score for the item, and the quotation of it. */
export interface CitedClause {
  text: string;
  polarity: "claim" | "limitation" | "aspiration";
  score: number;
  quote: string;
}

/**
 * What one sentence asserts, recorded before it is rendered: the kind, the
 * item (the requirement's id in readJob order, and the name the sentence
 * uses), the clauses it cites, the score it rests on and the threshold that
 * score was compared with, and the statement's decision. claims.ts
 * re-checks each against the data.
 */
export interface Claim {
  kind: ClaimKind;
  /** The item; `advantage` when the ad names it as a plus, not a need (job-reading.ts Requirement.advantage). */
  item: { id: number; label: string; must?: boolean; location?: boolean; advantage?: boolean } | null;
  cited: CitedClause[];
  score: number | null;
  threshold: number | null;
  years?: { asked: number; stated: number | null };
  decision: Decision;
  /** The wording's grade (gradeFor of the stance). */
  grade: number;
  /** Whom an echo answers, and how. */
  echo?: { peerRole: string; peerPositive: boolean; relation: EchoStance; mine: boolean; argument: string; peerSentiment: number; peerRound: number };
  /** A later-round opener may say the speaker has heard the others. */
  afterDiscussion?: boolean;
  /** Which restated decision (REASONS' index) a reason claim renders. */
  restatement?: number;
  /** What an opener or a restated decision says of this candidate: the round and the advisor's counts (statementContext). */
  context?: StatementContext;
  /** A verdict: the fit score's parts (fit-score.ts), whether a failed must decides, the closing phrase, the f(A) the statement is brought to, and its sentence (fit-score.ts verdictText). */
  verdict?: {
    match: number;
    focus: number;
    evidence: number;
    score: number;
    mustFailed: boolean;
    spec: VerdictSpec;
    phrase: string;
    target: number;
    text: string;
  };
  /** A strength whose only quote is a list of skills (resume-reading.ts isSkillsList): said as a list, without praise. */
  listed?: boolean;
  /** A strength on a degree item met by a line of study (degree-item.ts): said as a degree the ad accepts. */
  degree?: boolean;
  /** The advisor's weightiest own point (`pickBody`): said in every statement that can say it, and never left out to fit the tone. */
  remit?: boolean;
  /** Partial support: the item's noun phrase the cited clause covers, when it covers one. */
  part?: string;
}

/**
 * What the sentences that carry no item (opener, restated decision,
 * a general answer to a peer) say of the candidate, so that none of them
 * could be said of another or again in another round: the round, and how many
 * of the points the advisor weighs the resume meets, meets in part (partial
 * or mixed) and leaves unmet (a gap or nothing).
 */
export interface StatementContext {
  round: number;
  met: number;
  partial: number;
  unmet: number;
  weighed: number;
  /** Share of the advisor's weight on those points that the met ones carry, in [0, 1]. */
  metShare: number;
}

/**
 * "5 of the 9 points I weigh met (that is 61 % of my weight), 2 in part and 2 unmet": the advisor's counts and the share of its
 * weight the met points carry, in words a lexicon scorer reads as neutral (the ad's labels would carry their own
 * sentiment words into every opener).
 *
 * @example
 * profile({ met: 5, partial: 2, unmet: 2, weighed: 9, metShare: 0.61 }); // "5 of the 9 points I weigh met (that is 61 % of my weight), 2 in part and 2 unmet"
 */
export function profile(c: Pick<StatementContext, "met" | "partial" | "unmet" | "weighed" | "metShare">): string {
  const n = neutralNumeral;
  return `${n(c.met)} of the ${n(c.weighed)} points I weigh met (that is ${n(Math.round(100 * c.metShare))} % of my weight), ${n(c.partial)} in part and ${n(c.unmet)} unmet`;
}

/** The numbers VADER's lexicon holds as slang words ("86": to throw out), spelled out so that a count stays neutral. */
const LEXICON_NUMERALS: Readonly<Record<number, string>> = {
  86: "eighty-six",
  143: "one hundred and forty-three",
  182: "one hundred and eighty-two",
  187: "one hundred and eighty-seven",
};

/**
 * A count written in digits, unless the sentiment lexicon reads those digits as a word (then in words).
 *
 * @example
 * neutralNumeral(85); // "85"
 * neutralNumeral(86); // "eighty-six"
 */
export function neutralNumeral(value: number): string {
  return LEXICON_NUMERALS[value] ?? String(value);
}

/** A frame's sentence with a tail before its full stop. */
function withTail(line: string, tail: string): string {
  return `${line.replace(/[.]$/, "")}${tail}.`;
}

/** A restated decision (REASONS): on the point it names, else with the round and the fit score, or the points met. */
function reasonLine(claim: Claim, voice: Voice): string {
  const decision = claim.decision === "advance" ? "advance" : "reject";
  const index = claim.restatement ?? 0;
  if (claim.item) return fillFrame(REASONS[decision][index % REASONS[decision].length]!, { ...voice, label: claim.item.label });
  // Without a point to name: the round and the fit score (claim.score), then the points met, never the whole profile again.
  const c = claim.context;
  const lead = !c
    ? "Overall, "
    : index === 0 && claim.score !== null
      ? `In round ${c.round}, at a score of ${claim.score.toFixed(2)}, `
      : `With ${neutralNumeral(c.met)} of the ${neutralNumeral(c.weighed)} points I weigh met, `;
  if (decision === "advance")
    return index === 0 ? `${lead}I am glad to support this application and happy to move it forward.` : `${lead}I would support this application.`;
  return index === 0 ? `${lead}this is a weak application for this role, and I am seriously worried.` : `${lead}sadly, this is a weak and risky application.`;
}

/**
 * The sentence of a claim. Frames are chosen with the seeded rng at
 * temperature > 0; every slot is filled from the claim (its item's name, its
 * quotations, its numbers), so a sentence can say nothing its claim does not.
 *
 * @example
 * renderClaim({ kind: "silent", item: { id: 3, label: "mobile money" }, cited: [], score: 0.05, threshold: SILENCE_SCORE, decision: "probe", grade: 0 }, voice, rng, 0);
 * // "I found nothing in the resume on mobile money, which the ad asks for, and that is a problem."
 */
export function renderClaim(claim: Claim, voice: Voice, rng: Rng, temperature: number): string {
  const label = claim.item?.label ?? "";
  const quote = claim.cited[0]?.quote ?? "";
  const values = { ...voice, label, quote };
  switch (claim.kind) {
    case "opener": {
      const frame = fillFrame(choose(band(OPENERS, claim.grade), rng, temperature), voice);
      const c = claim.context;
      const line = c ? withTail(frame, `, with ${profile(c)}`) : frame;
      if (c && c.round > 1) return `After round ${c.round - 1}, ${lowerFirst(line)}`;
      return claim.afterDiscussion ? `After hearing the discussion, ${lowerFirst(line)}` : line;
    }
    case "reason":
      return reasonLine(claim, voice);
    case "strength":
      // A plus the ad would welcome is no record to praise; a list of skills names a skill, it shows no record of it.
      if (claim.item?.advantage) return `The resume shows ${label}, which the ad would welcome: '${quote}'.`;
      if (claim.listed) return `The resume lists ${label} among the candidate's skills: '${quote}'.`;
      if (claim.degree) return `On ${label}, the resume lists a degree the ad accepts: '${quote}'.`;
      return fillFrame(choose(band(STRENGTHS, claim.grade), rng, temperature), values);
    case "partial":
      // Said of the phrase the clause covers, not of the item's label: "On emerging-market settings, the resume shows
      // production software" would offer the clause as evidence of a setting it does not name.
      if (claim.remit && claim.decision === "advance" && claim.part)
        return fillFrame(choose(PARTIAL_IN_FAVOUR, rng, temperature), { ...values, label: claim.part });
      return fillFrame(choose(PARTIAL, rng, temperature), claim.part ? { ...values, label: claim.part } : values);
    case "mixed":
      return fillFrame(choose(MIXED, rng, temperature), { ...values, support: claim.cited[0]!.quote, quote: claim.cited[1]!.quote });
    case "gap":
      return fillFrame(choose(claim.item?.advantage ? ADVANTAGE_GAPS : GAPS, rng, temperature), values);
    case "silent":
      return fillFrame(choose(claim.item?.advantage ? ADVANTAGE_MISSING : MISSING, rng, temperature), values);
    case "years-met":
      return `With ${yearsText(claim.years!.stated!)} of experience, the candidate meets the ${claim.years!.asked}+ years the ad asks for.`;
    case "years-short":
      return `The ad asks for ${claim.years!.asked}+ years, and the candidate reports ${yearsText(claim.years!.stated!)}, which worries me.`;
    case "years-unstated":
      return `The resume never says how many years of experience the candidate has, and the ad asks for ${claim.years!.asked}+, which is a risk.`;
    case "must-met":
      if (claim.item?.location) return `The ad makes ${label} a must, and the resume meets it: '${quote}'.`;
      return `The ad makes ${label} a must, and the candidate holds it: '${quote}'.`;
    case "must-unverified":
      if (claim.cited.length > 0) return `The ad makes ${label} a must, and the resume shows '${quote}', which I would need to check.`;
      return `The ad makes ${label} a must, which the resume does not state either way; I would check it before advancing.`;
    case "must-lacking":
      if (claim.years && claim.cited.length > 0)
        return `The ad makes ${label} a must and the resume itself says '${quote}': a failed hard requirement, and a serious problem.`;
      if (claim.years && claim.years.stated === null)
        return `The ad makes ${label} a must and the resume shows no years of that work: a failed hard requirement, and a serious problem.`;
      if (claim.years)
        return `The ad makes ${label} a must and the resume shows ${yearsText(claim.years.stated ?? 0)}: a failed hard requirement, and a serious problem.`;
      if (claim.cited.length > 0)
        return `The ad makes ${label} a must and the resume itself says '${quote}': a failed hard requirement, and a serious problem.`;
      return `The ad makes ${label} a must and nothing in the resume shows it: a failed hard requirement, and a serious problem.`;
    case "echo":
      return echoSentence(claim, voice);
    case "verdict":
      return claim.verdict!.text;
  }
}

/** "2 years", "1 year", "6 months" (for under a year), "2.5 years". */
export function yearsText(years: number): string {
  if (years < 1) return `${Math.round(years * 12)} months`;
  const rounded = Math.round(years * 10) / 10;
  return rounded === 1 ? "1 year" : `${rounded} years`;
}

/** How the speaker's own reading relates to a peer's argument (echo.ts decides). */
export type EchoStance = "agree" | "disagree" | "partly";

/** What an echo answers: the peer, what the peer's argument was about, its tone, and the speaker's own evidence on it. */
export interface EchoReply {
  peerRole: string;
  /** The peer's argument answered, word for word, its f(A) sentiment (its stance), and the round the peer said it in. */
  argument: string;
  argumentSentiment: number;
  peerRound: number;
  /**
   * The point the peer's argument was about, with the speaker's own evidence on it (for one of the item's noun
   * phrases, the evidence on that phrase read as an item of its own); null for a general verdict.
   */
  evidence: Evidence | null;
  /** The point as the peer's sentence names it (echo.ts namedPoints); the evidence's label when absent. */
  point?: string;
  /** When the point is one of the ad's musts: the speaker's check of it, which the relation follows. */
  must?: MustCheck;
  /** The peer argument's sentiment sign. */
  peerPositive: boolean;
  relation: EchoStance;
  /** Whether the point is one of the speaker's own priorities. */
  mine: boolean;
}

/**
 * The answer to a peer's argument (an echo claim), in the speaker's own
 * words and from its own reading of the resume: agreement with the evidence
 * behind it (cited[0], a claim), a worry backed by a limitation (cited[0], a
 * limitation) or by nothing found, disagreement quoting the clause the peer
 * overlooked, or, for a general verdict (no item), siding with or against
 * the peer on the candidate.
 *
 * @example
 * echoSentence({ kind: "echo", item: { id: 4, label: "mobile money" }, cited: [], echo: { peerRole: "Chief Financial Officer", peerPositive: false, relation: "agree", mine: true }, ... }, voice);
 * // "The Chief Financial Officer is right to worry about mobile money, and it matters for my own area too."
 */
export function echoSentence(claim: Claim, _voice: Voice): string {
  const echo = claim.echo!;
  const peer = `the ${echo.peerRole}`;
  if (!claim.item) {
    // The peer's round and the speaker's own count make the answer about this candidate, not any.
    const when = ` in round ${echo.peerRound}`;
    const mine = claim.context ? `, with ${profile(claim.context)}` : "";
    if (echo.peerPositive) {
      return echo.relation === "agree"
        ? `Like ${peer}${when}, I see this candidate as a serious option for this role${mine}.`
        : `I am more worried than ${peer} was${when} about this candidate${mine}.`;
    }
    return echo.relation === "agree"
      ? `I share the doubts ${peer} raised${when} about this candidate${mine}.`
      : `I am more positive than ${peer} was${when} about this candidate${mine}.`;
  }
  const label = claim.item.label;
  // Said only of the speaker's own priorities: a point beyond them may still be in its remit (a blind read: "further
  // from my own remit" of the collector app, said by the VP of Engineering). A must is every member's to check, not
  // the speaker's area (a blind read: a CFO calling "3+ years of leading engineering teams" its own area).
  const remit = !echo.mine ? "" : claim.item.must ? ", and it is a must of the ad, which each of us checks" : ", and it matters for my own area too";
  const cited = claim.cited[0];
  const support = cited && cited.polarity === "claim" ? cited.quote : null;
  const limit = cited && cited.polarity === "limitation" ? cited.quote : null;
  // A list of skills (a skills-table row too) names the skill and shows no record of it: said as a list, never as
  // convincing evidence (a blind read: "'LEGAL WRITING- Exprience - 6 months ...' is convincing evidence").
  const listed = support !== null && isSkillsList(cited!.text);
  if (echo.peerPositive) {
    // The quote is the speaker's own reading, not the peer's: the sentence says so.
    if (echo.relation === "agree" && listed)
      return `I agree with ${peer} on ${label}; in my own reading, the resume lists it among the skills: '${support}'${remit}.`;
    if (echo.relation === "agree" && support) return `I agree with ${peer} on ${label}; in my own reading, '${support}' is convincing evidence${remit}.`;
    // Met by what the resume states (years, a must's check) rather than by a clause to quote.
    if (echo.relation === "agree") return `I agree with ${peer} on ${label}${remit}.`;
    if (limit) return `I am more worried than ${peer} about ${label}: the resume itself says '${limit}'.`;
    return `I am more worried than ${peer} about ${label}: I found little on it in the resume.`;
  }
  if (echo.relation === "disagree" && listed) return `I read ${label} differently from ${peer}: the resume lists it among the skills: '${support}'.`;
  if (echo.relation === "disagree" && support) return `I read ${label} differently from ${peer}: the resume says '${support}', which is a real strength.`;
  if (echo.relation === "disagree") return `I read ${label} differently from ${peer}: by my reading the resume meets it.`;
  if (echo.relation === "partly" && listed)
    return `${upperFirst(peer)} has a fair point on ${label}, and yet the resume lists it among the skills: '${support}'.`;
  if (echo.relation === "partly" && support)
    return `${upperFirst(peer)} has a fair point on ${label}, and yet the resume also says '${support}', which is good evidence.`;
  return `${upperFirst(peer)} is right to worry about ${label}${remit}.`;
}

/**
 * Lowercases the first letter unless the text starts with a name or an acronym ("VP", "Mikayla Garrison").
 *
 * @example
 * lowerFirst("I have doubts"); // "I have doubts"; lowerFirst("My view"); // "my view"
 */
export function lowerFirst(text: string): string {
  if (text.length < 2) return text;
  return /^[A-Z][a-z]/.test(text) && !/^[A-Z][a-z]+ [A-Z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function upperFirst(text: string): string {
  return text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/**
 * Ends a sentence with a full stop unless it already ends with one.
 *
 * @example
 * endSentence("Strong record"); // "Strong record."
 */
export function endSentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
