/**
 * The recorded claims of FinMem's offline agents and the sentences rendered
 * from them. An offline reason is never written freehand: the policy records
 * what it claims (its kind, the memory id it is about, the text it cites, the
 * score and the threshold) and the reason is `render*(claims)`, so a test can
 * re-check every claim against the data the agent was given.
 *
 * Contributions are held in thousandths (integers): the stated total is the
 * exact sum of the stated contributions and the decision follows from the
 * stated total by the stated rule, with no rounding between them.
 *
 * Percentages are stated with the direction in words and the size unsigned
 * ("fell 0.74 %"), simple changes 100 (e^x - 1) of a log change x.
 */
import type { Layer } from "../constants";
import type { RiskMode, RiskState } from "../profile";
import type { Decision } from "../reflection-io";
import type { CompanyNames } from "./company";

/** A memory whose tone (against its class's base rate) counts. */
export interface ToneClaim {
  kind: "tone";
  id: number;
  layer: Layer;
  date: string;
  eventKind: string;
  /** The start of the text it cites. */
  cited: string;
  /** Tone surprise z (sd from the base mean), before the cap. */
  surprise: number;
  /** What it counts for: z capped at +-SURPRISE_CAP sd. */
  value: number;
  /** What the base is: e.g. "37 recent news items", "2 earlier 10-Q reports". */
  base: string;
  /** Contribution in thousandths. */
  milli: number;
}

/** A reflection whose recorded outcome (what followed) counts. */
export interface OutcomeClaim {
  kind: "outcome";
  id: number;
  layer: Layer;
  date: string;
  /** The outcome clause it cites (e.g. "NFLX rose 1.20 % on the next trading day"). */
  cited: string;
  /** +1 the stock rose, -1 it fell, 0 it was unchanged. */
  direction: -1 | 0 | 1;
  /** What it counts for: the move over OUTCOME_SCALE_PCT * sqrt(sessions), within [-1, 1]. */
  value: number;
  milli: number;
}

/** Why a shown memory carries no tone. */
export type NoToneReason = "not-about" | "unnamed" | "no-outcome" | "no-base";

/** A shown memory that counts for nothing. */
export interface NoToneClaim {
  kind: "no-tone";
  id: number;
  layer: Layer;
  date: string;
  why: NoToneReason;
  /** not-about: the sentence that says so; otherwise the start of the text. */
  cited: string;
}

/** The counted memories not listed one by one, with the sum of their contributions. */
export interface OthersClaim {
  kind: "others";
  ids: number[];
  milli: number;
}

/** The momentum term: the sign of P_t - P_{t-M} times the momentum weight. */
export interface MomentumClaim {
  kind: "momentum";
  window: number;
  /** ln(P_t / P_{t-M}) as given (null: history too short). */
  logChange: number | null;
  sign: -1 | 0 | 1;
  milli: number;
}

/** The decision rule applied to the stated total. */
export interface RuleClaim {
  kind: "rule";
  risk: RiskState;
  mode: RiskMode;
  /** Sum of every contribution, thousandths. */
  totalMilli: number;
  buy: number;
  sell: number;
  decision: Decision;
}

export type DecisionClaim = ToneClaim | OutcomeClaim | NoToneClaim | OthersClaim | MomentumClaim | RuleClaim;

/** Everything a test decision claims, in the order it is said. */
export interface DecisionClaims {
  ticker: string;
  company: CompanyNames;
  /** Listed drivers, strongest first (both signs). */
  drivers: Array<ToneClaim | OutcomeClaim>;
  /** The ids the answer cites: the listed drivers that push the way of the decision (a hold: the way of the memory sum). */
  cited: Array<ToneClaim | OutcomeClaim>;
  others: OthersClaim | null;
  momentum: MomentumClaim;
  noTone: NoToneClaim[];
  rule: RuleClaim;
}

/** A training reflection: the known move and the memories that point the same way. */
export interface TrainClaims {
  ticker: string;
  company: CompanyNames;
  move: { close: number; nextClose: number; logChange: number };
  /** Counted memories whose contribution has the move's sign, strongest first (the cited ids). */
  agreeing: Array<ToneClaim | OutcomeClaim>;
  /** How many shown memories counted at all. */
  counted: number;
}

/** One decision of an extended reflection's week and what followed it. */
export interface WeekDecisionClaim {
  date: string;
  decision: string;
  /** ln(P_{t+1} / P_t), null when the next day is after the review. */
  nextDayLogChange: number | null;
}

/** An extended reflection: the week's move and what went right and wrong. */
export interface WeekClaims {
  ticker: string;
  start: string;
  end: string;
  sessions: number;
  marketLogChange: number | null;
  decisions: WeekDecisionClaim[];
  /** sum over directional decisions with a known next day of d_t ln(P_{t+1}/P_t). */
  logPnl: number;
}

/**
 * A log change as words and an unsigned simple percentage.
 *
 * @example
 * movePhrase(Math.log(1 - 0.0074)); // "fell 0.74 %"
 * movePhrase(Math.log(1.0123));     // "rose 1.23 %"
 * movePhrase(0);                    // "was unchanged"
 */
export function movePhrase(logChange: number): string {
  const pct = 100 * (Math.exp(logChange) - 1);
  const size = Math.abs(pct).toFixed(2);
  if (size === "0.00") return "was unchanged";
  return `${pct > 0 ? "rose" : "fell"} ${size} %`;
}

/**
 * A P&L in log terms as words ("gained 0.62 %", "lost 1.10 %"; the size is
 * 100 |x| of the log P&L x, stated as a log percentage).
 *
 * @example
 * pnlPhrase(-0.011); // "lost 1.10 %"
 */
export function pnlPhrase(logPnl: number): string {
  const size = Math.abs(100 * logPnl).toFixed(2);
  if (size === "0.00") return "broke even";
  return `${logPnl > 0 ? "gained" : "lost"} ${size} %`;
}

/**
 * A contribution in thousandths as a signed decimal.
 *
 * @example
 * milliText(-143); // "-0.143"
 * milliText(0);    // "+0.000"
 */
export function milliText(milli: number): string {
  return `${milli < 0 ? "-" : "+"}${(Math.abs(milli) / 1000).toFixed(3)}`;
}

const quote = (s: string) => `"${s}"`;
const companyWords = (c: CompanyNames) => [...(c.names[0] ? [c.names[0]] : []), c.ticker].join(" or ");

function driverText(d: ToneClaim | OutcomeClaim): string {
  if (d.kind === "outcome") {
    const full = Math.abs(d.value) === 1 ? "counted in full" : `counted at ${Math.abs(d.value).toFixed(2)} of full weight`;
    return `[${d.id}] own reflection of ${d.date}, ${quote(d.cited)} (${full}): ${milliText(d.milli)}`;
  }
  const where = d.surprise >= 0 ? "above" : "below";
  const capped = d.value !== d.surprise ? ` (counted as ${Math.abs(d.value).toFixed(2)} sd)` : "";
  return `[${d.id}] ${d.eventKind} ${d.date} ${quote(d.cited)}, tone ${Math.abs(d.surprise).toFixed(2)} sd ${where} ${d.base}${capped}: ${milliText(d.milli)}`;
}

function noToneText(claims: readonly NoToneClaim[], company: CompanyNames): string {
  const ids = (why: NoToneReason) => claims.filter((c) => c.why === why).map((c) => `[${c.id}]`);
  const parts: string[] = [];
  for (const c of claims.filter((x) => x.why === "not-about")) parts.push(`[${c.id}] says ${quote(c.cited)}`);
  const unnamed = ids("unnamed");
  if (unnamed.length) parts.push(`${unnamed.join(", ")} never name${unnamed.length === 1 ? "s" : ""} ${companyWords(company)}`);
  const own = ids("no-outcome");
  if (own.length)
    // The text records what was decided, not what followed; whether the next close is known by now, it is not evidence of tone.
    parts.push(
      `${own.join(", ")} ${own.length === 1 ? "is an earlier decision text" : "are earlier decision texts"} of this agent (what it decided, not what followed)`,
    );
  const noBase = ids("no-base");
  if (noBase.length) parts.push(`${noBase.join(", ")} ${noBase.length === 1 ? "has" : "have"} no base rate yet`);
  return parts.join("; ");
}

/**
 * The test decision's reason, rendered from its claims: the rule, each
 * listed driver with its contribution, the rest summed, the momentum term,
 * the total against the thresholds and the decision, then what was not
 * counted and why.
 *
 * @example
 * renderDecision(claims); // "Offline rule (risk-seeking): buy above +0.050, sell below -0.350. Drivers: [558] news ... : +0.143; ..."
 */
export function renderDecision(c: DecisionClaims): string {
  const r = c.rule;
  const parts: string[] = [];
  parts.push(
    `Offline rule (risk-${r.risk}${r.mode === "adaptive" ? ", self-adaptive" : ""}): total = memory contributions + momentum term; buy above ${milliText(Math.round(r.buy * 1000))}, sell below ${milliText(Math.round(r.sell * 1000))}, else hold.`,
  );
  if (c.drivers.length) parts.push(`Drivers: ${c.drivers.map(driverText).join("; ")}.`);
  else parts.push(`No shown memory about ${companyWords(c.company)} carries tone today.`);
  if (c.others) parts.push(`${c.others.ids.length} other counted memor${c.others.ids.length === 1 ? "y" : "ies"}: ${milliText(c.others.milli)}.`);
  const m = c.momentum;
  const mom =
    m.logChange === null
      ? `${m.window}-day momentum unknown (history too short): ${milliText(m.milli)}.`
      : `${m.window}-day momentum: ${c.ticker} ${movePhrase(m.logChange)}: ${milliText(m.milli)}.`;
  parts.push(mom);
  const verdict =
    r.decision === "buy"
      ? `above ${milliText(Math.round(r.buy * 1000))}: buy`
      : r.decision === "sell"
        ? `below ${milliText(Math.round(r.sell * 1000))}: sell`
        : `between ${milliText(Math.round(r.sell * 1000))} and ${milliText(Math.round(r.buy * 1000))}: hold`;
  parts.push(`Total ${milliText(r.totalMilli)}, ${verdict}.`);
  if (c.noTone.length) parts.push(`Not counted: ${noToneText(c.noTone, c.company)}.`);
  return parts.join(" ");
}

/**
 * The training reflection, rendered from its claims. Its first clause is the
 * recorded outcome (`recordedOutcome` reads it back later).
 *
 * @example
 * renderTrainReflection(claims); // "NFLX rose 1.20 % on the next trading day (498.12 to 504.10). In the same direction: ..."
 */
export function renderTrainReflection(c: TrainClaims): string {
  const head = `${c.ticker} ${movePhrase(c.move.logChange)} on the next trading day (adjusted close ${c.move.close.toFixed(2)} to ${c.move.nextClose.toFixed(2)}).`;
  if (c.agreeing.length) return `${head} In the same direction: ${c.agreeing.map(driverText).join("; ")}.`;
  return `${head} None of the ${c.counted} counted memor${c.counted === 1 ? "y points" : "ies point"} that way.`;
}

/**
 * The extended reflection, rendered from its claims: the week's move, each
 * directional decision that went right and each that went wrong with the
 * next day's move, the holds, the decisions whose outcome is not known yet,
 * and the week's log P&L.
 *
 * @example
 * renderWeek(claims); // "Week 2021-01-04..2021-01-08 (5 sessions): NFLX rose 2.31 %. Went right: buy on 2021-01-04 (next day rose 1.10 %). ..."
 */
export function renderWeek(c: WeekClaims): string {
  const parts: string[] = [];
  const market = c.marketLogChange === null ? "its move over the week is not known" : `${c.ticker} ${movePhrase(c.marketLogChange)}`;
  parts.push(`Week ${c.start}..${c.end} (${c.sessions} sessions): ${market}.`);
  const known = c.decisions.filter((d): d is WeekDecisionClaim & { nextDayLogChange: number } => d.nextDayLogChange !== null);
  const directional = known.filter((d) => d.decision !== "hold");
  const signOf = (d: string) => (d === "buy" ? 1 : -1);
  const right = directional.filter((d) => signOf(d.decision) * d.nextDayLogChange > 0);
  const wrong = directional.filter((d) => signOf(d.decision) * d.nextDayLogChange <= 0);
  const item = (d: WeekDecisionClaim & { nextDayLogChange: number }) => `${d.decision} on ${d.date} (next day ${movePhrase(d.nextDayLogChange)})`;
  const n = directional.length;
  if (right.length) parts.push(`Went right (${right.length} of ${n}): ${right.map(item).join("; ")}.`);
  if (wrong.length) parts.push(`Went wrong (${wrong.length} of ${n}): ${wrong.map(item).join("; ")}.`);
  const holds = known.filter((d) => d.decision === "hold");
  if (holds.length) parts.push(`Held: ${holds.map((d) => `${d.date} (next day ${movePhrase(d.nextDayLogChange)})`).join("; ")}.`);
  const pending = c.decisions.filter((d) => d.nextDayLogChange === null);
  if (pending.length) parts.push(`Not known yet: ${pending.map((d) => `${d.decision} on ${d.date}`).join("; ")}.`);
  parts.push(
    n
      ? `Together the ${n === 1 ? "1 directional decision" : `${n} directional decisions`} with a known next day ${pnlPhrase(c.logPnl)} (log return).`
      : `None of the ${c.decisions.length} decisions was a buy or sell with a known next day.`,
  );
  return parts.join(" ");
}

/** The outcome a reflection recorded: what followed, read back from its first clause. */
export interface RecordedOutcome {
  direction: -1 | 0 | 1;
  /** The stated simple change in percent, signed (0 when unchanged). */
  pct: number;
  /** Sessions the move spans: 1 for a next-day move, the week's sessions for a review. */
  sessions: number;
  clause: string;
}

const TRAIN_OUTCOME = /^(\S+) (rose \d+\.\d{2} %|fell \d+\.\d{2} %|was unchanged) on the next trading day/;
const WEEK_OUTCOME = /^Week (\S+) \((\d+) sessions\): (\S+) (rose \d+\.\d{2} %|fell \d+\.\d{2} %|was unchanged)/;
const directionOf = (phrase: string): -1 | 0 | 1 => (phrase.startsWith("rose") ? 1 : phrase.startsWith("fell") ? -1 : 0);
const pctOf = (phrase: string): number => directionOf(phrase) * Number(/\d+\.\d{2}/.exec(phrase)?.[0] ?? 0);

/**
 * The outcome recorded in an offline reflection of `ticker` (a training
 * reflection's next-day move, an extended reflection's week), or null: a test
 * decision's reason records no outcome (what followed was not known when it
 * was written), and text in any other form is not read.
 *
 * @example
 * recordedOutcome("NFLX fell 0.74 % on the next trading day (500.00 to 496.30).", "NFLX");
 * // { direction: -1, pct: -0.74, sessions: 1, clause: "NFLX fell 0.74 % on the next trading day" }
 */
export function recordedOutcome(text: string, ticker: string): RecordedOutcome | null {
  const t = TRAIN_OUTCOME.exec(text);
  if (t && t[1] === ticker) return { direction: directionOf(t[2]!), pct: pctOf(t[2]!), sessions: 1, clause: t[0] };
  const w = WEEK_OUTCOME.exec(text);
  if (w && w[3] === ticker) return { direction: directionOf(w[4]!), pct: pctOf(w[4]!), sessions: Number(w[2]), clause: w[0] };
  return null;
}
