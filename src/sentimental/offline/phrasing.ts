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

/**
 * A resume clause as a quotation: a leading heading ("Summary:", "Weaknesses
 * and gaps:") and bullets dropped, sentence ends inside it softened to
 * commas (so it stays one argument), double quotes made single, at most
 * `words` words (then " ...").
 *
 * @example
 * quoteOf("Weaknesses and gaps: I have not owned PLC programming. Nor SCADA.", 8); // "I have not owned PLC programming, Nor SCADA"
 */
export function quoteOf(clause: string, words = 14): string {
  const cleaned = clause
    .replace(/[\u2022\u25aa\u25cf\ufffd]/g, " ")
    .replace(/^\s*[A-Z][A-Za-z ]{2,30}:\s+/, "")
    .replace(/\s+/g, " ")
    .replace(/[.!?]+(?=\s|$)/g, ",")
    .replace(/["\u201c\u201d]/g, "'")
    .trim()
    .replace(/^[,;:\-\s]+|[,;:\-\s]+$/g, "");
  const parts = cleaned.split(" ");
  const cut = parts
    .slice(0, words)
    .join(" ")
    .replace(/[,;:\-\s]+$/, "");
  return parts.length > words ? `${cut} ...` : cut;
}

export const OPENERS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [
    0.8,
    [
      "For the {{title}} role this is an outstanding candidate, one of the best I have seen as {{role}}.",
      "I am delighted by this application: an outstanding candidate for the {{title}} role.",
    ],
  ],
  [
    0.6,
    [
      "From where I sit as {{role}}, this is an excellent, strong candidate for the {{title}} role.",
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

export const CLOSERS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [0.7, ["I strongly recommend advancing this candidate to the next stage.", "I would be glad to see this candidate in the final round."]],
  [0.3, ["I would recommend advancing this candidate to the next stage.", "I support moving this candidate forward."]],
  [-0.3, ["I would want to probe these points in an interview before deciding.", "I would keep this candidate on the list, with open questions."]],
  [-0.7, ["I would not recommend advancing this candidate.", "I cannot support this candidate for this position."]],
  [-Infinity, ["This application should be rejected; the gaps are too serious.", "I would reject this application."]],
];

/**
 * Opening sentence graded by the stance; in later rounds it may say that the speaker has heard the others.
 *
 * @example
 * openerSentence(voice, 0.9, false, rng, 0); // "For the Head of Technology role this is an outstanding candidate, one of the best I have seen as Chief Financial Officer."
 */
export function openerSentence(voice: Voice, stance: number, afterDiscussion: boolean, rng: Rng, temperature: number): string {
  const line = fillFrame(choose(band(OPENERS, stance), rng, temperature), voice);
  return afterDiscussion ? `After hearing the discussion, ${lowerFirst(line)}` : line;
}

/**
 * Closing recommendation graded by the stance.
 *
 * @example
 * closerSentence(voice, -0.9, rng, 0); // "This application should be rejected; the gaps are too serious."
 */
export function closerSentence(voice: Voice, stance: number, rng: Rng, temperature: number): string {
  return fillFrame(choose(band(CLOSERS, stance), rng, temperature), voice);
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

/**
 * A strength: a met requirement with the claim that supports it, or a met
 * years requirement with the years the resume states.
 *
 * @example
 * strengthSentence(evidence, voice, 0.5, rng, 0); // "Wanjiru Kamau's record on business cases is excellent: 'Ran a 1.1 million dollar ...'."
 */
export function strengthSentence(e: Evidence, voice: Voice, stance: number, rng: Rng, temperature: number): string {
  if (e.years?.stated != null && e.years.stated >= e.years.asked) {
    return `With ${yearsText(e.years.stated)} of experience, the candidate clears the ad's bar of ${e.years.asked}+ years, a real strength.`;
  }
  if (!e.support) throw new RangeError(`phrasing: a strength on "${e.requirement.label}" needs a supporting clause`);
  return fillFrame(choose(band(STRENGTHS, stance), rng, temperature), { ...voice, label: e.requirement.label, quote: quoteOf(e.support.clause.text) });
}

const GAPS = [
  "The candidate has a gap on {{label}}: the resume itself says '{{quote}}', and that worries me.",
  "A real weakness for this role is {{label}}: the resume itself says '{{quote}}'.",
];
const MISSING = [
  "I found nothing in the resume on {{label}}, which the ad asks for, and that is a problem.",
  "The resume is silent on {{label}}, a weakness for this role.",
];
const PARTIAL = [
  "The evidence on {{label}} is weak: the closest the resume comes is '{{quote}}'.",
  "On {{label}} the resume offers only thin support: '{{quote}}', which is a risk.",
];
const MIXED = ["On {{label}} the picture is mixed: '{{support}}', but also '{{quote}}', which is a risk."];

/**
 * A concern: an explicit gap (quoting the limitation), a mixed picture,
 * weak support (quoting the closest claim), nothing on the point, or too few years.
 *
 * @example
 * concernSentence(evidence, voice, rng, 0); // "Wanjiru Kamau has a gap on business cases: the resume itself says 'I have not yet ...', and that worries me."
 */
export function concernSentence(e: Evidence, voice: Voice, rng: Rng, temperature: number): string {
  const label = e.requirement.label;
  if (e.years && e.years.stated !== null && e.years.stated < e.years.asked) {
    return `The ad asks for ${e.years.asked}+ years, and the candidate reports ${yearsText(e.years.stated)}, which worries me.`;
  }
  if (e.years && e.years.stated === null && !e.support) {
    return `The resume never says how many years of experience the candidate has, and the ad asks for ${e.years.asked}+, which is a risk.`;
  }
  if (e.verdict === "gap" && e.limitation) return fillFrame(choose(GAPS, rng, temperature), { ...voice, label, quote: quoteOf(e.limitation.clause.text) });
  if (e.verdict === "mixed" && e.limitation && e.support) {
    return fillFrame(choose(MIXED, rng, temperature), {
      ...voice,
      label,
      support: quoteOf(e.support.clause.text, 9),
      quote: quoteOf(e.limitation.clause.text, 10),
    });
  }
  if (e.support && e.verdict !== "missing") return fillFrame(choose(PARTIAL, rng, temperature), { ...voice, label, quote: quoteOf(e.support.clause.text, 10) });
  return fillFrame(choose(MISSING, rng, temperature), { ...voice, label });
}

/** "2 years", "1 year", "6 months" (for under a year), "2.5 years". */
function yearsText(years: number): string {
  if (years < 1) return `${Math.round(years * 12)} months`;
  const rounded = Math.round(years * 10) / 10;
  return rounded === 1 ? "1 year" : `${rounded} years`;
}

/** How the speaker's own reading relates to a peer's argument (echo.ts decides). */
export type EchoStance = "agree" | "disagree" | "partly";

/** What an echo answers: the peer, what the peer's argument was about, its tone, and the speaker's own evidence on it. */
export interface EchoReply {
  peerRole: string;
  /** The requirement the peer's argument spoke to, with the speaker's own evidence on it; null for a general verdict. */
  evidence: Evidence | null;
  /** The peer argument's sentiment sign. */
  peerPositive: boolean;
  relation: EchoStance;
  /** Whether the point is one of the speaker's own priorities. */
  mine: boolean;
}

/**
 * The answer to a peer's argument, in the speaker's own words and from its
 * own reading of the resume: agreement with the evidence behind it,
 * disagreement quoting the clause the peer overlooked, or, for a general
 * verdict, siding with or against the peer on the candidate.
 *
 * @example
 * echoSentence({ peerRole: "Chief Financial Officer", evidence, peerPositive: false, relation: "agree", mine: true }, voice);
 * // "The Chief Financial Officer is right to worry about business cases, and it matters for my own area too."
 */
export function echoSentence(reply: EchoReply, voice: Voice): string {
  const peer = `the ${reply.peerRole}`;
  const e = reply.evidence;
  if (!e) return generalEcho(reply, voice, peer);
  const label = e.requirement.label;
  const remit = reply.mine ? ", and it matters for my own area too" : ", even if it is further from my own remit";
  const support = e.support ? quoteOf(e.support.clause.text, 10) : null;
  const limit = e.limitation ? quoteOf(e.limitation.clause.text, 10) : null;
  if (reply.peerPositive) {
    if (reply.relation === "agree" && support) return `I agree with ${peer} on ${label}; '${support}' is convincing evidence${remit}.`;
    if (limit) return `I am more worried than ${peer} about ${label}: the resume itself says '${limit}'.`;
    return `I am more worried than ${peer} about ${label}: I found little on it in the resume.`;
  }
  if (reply.relation === "disagree" && support) return `I read ${label} differently from ${peer}: the resume says '${support}', which is a real strength.`;
  if (reply.relation === "partly" && support)
    return `${upperFirst(peer)} has a fair point on ${label}, and yet the resume also says '${support}', which is good evidence.`;
  return `${upperFirst(peer)} is right to worry about ${label}${remit}.`;
}

function generalEcho(reply: EchoReply, voice: Voice, peer: string): string {
  if (reply.peerPositive) {
    return reply.relation === "agree"
      ? `Like ${peer}, I see this candidate as a serious option for this role.`
      : `I am more worried than ${peer} about this candidate.`;
  }
  return reply.relation === "agree" ? `I share the doubts ${peer} raised about this candidate.` : `I am more positive than ${peer} about this candidate.`;
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
