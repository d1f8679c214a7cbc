/**
 * The Conversation and Opinion Dynamics modules (§3.1, §5.3-5.4, Algorithm 1):
 * agents speak about one candidate in a fixed round-robin order (ordered
 * engagement, equal participation, one opinion per agent per round); each
 * statement is split into arguments, each argument gets a sentiment f(A),
 * S_O is their mean (eq. 2) and the agent's opinion is updated with the
 * non-Bayesian rule (eq. 4) until the stop rule fires.
 */
import { LlmError, LlmOutputError, type Model, type TextClassifier } from "../llm/index";
import { polarityScores } from "../text/index";
import { shouldStop, updateOpinion, PRIOR_OPINION, type StopRule } from "./opinion";
import { defaultTasks, type ContextMode, type SentimentalTasks, type StatementInput } from "./tasks";
import type { AdvisorSpec, CandidateInfo, JobInfo, MentalModel, PeerStatement, TranscriptEntry, Turn, TurnGap } from "./types";

/** f(A): VADER compound (default), an LLM score, or 2p - 1 from an HTTP text classifier (the authors' code). */
export type SentimentMethod = "vader" | "llm" | "classifier";
/** Dynamic: agents hear their peers' statements; independent: they do not (§5.2). */
export type OpinionFormation = "dynamic" | "independent";
/** Whether an advisor's prompt shows its own opinion series (none: the authors' code). */
export type OpinionMemory = "none" | "log";
/** What a turn whose answer stays invalid after the repair round does: stop the run, or become a gap. */
export type OnInvalid = "fail" | "skip";

export interface Agent {
  advisor: AdvisorSpec;
  mms: MentalModel;
  /** Parts of the Mental Model whose answer stayed invalid (onInvalid = skip): left empty, each a gap; absent when none. */
  mmsGaps?: TurnGap[];
}

export interface ConversationSettings {
  alpha: number;
  tolerance: number;
  temperature: number;
  maxRounds: number;
  stopRule: StopRule;
  sentiment: SentimentMethod;
  opinionFormation: OpinionFormation;
  /** Seed passed with every model call (the run seed, or a replicate's seed). */
  seed: number;
  /** Default "transcript": every earlier statement, as the authors' code. */
  context?: ContextMode;
  /** Default "none". */
  opinionMemory?: OpinionMemory;
  /** Default "fail". */
  onInvalid?: OnInvalid;
  /** The prompt set's tasks (default: the authors' set). */
  tasks?: SentimentalTasks;
  /** Required with sentiment = "classifier". */
  classifier?: TextClassifier;
}

export interface ConversationResult {
  candidate: CandidateInfo;
  turns: Turn[];
  /** Rounds actually held. */
  rounds: number;
  /** "recorded": read from a transcript, which ends where the recording ends (no stop rule applied). */
  stoppedBy: "tolerance" | "max-rounds" | "recorded";
}

/** The tasks of a turn, whose answer staying invalid makes the turn a gap (onInvalid = skip). */
export const TURN_TASKS: readonly string[] = ["sentimental.statement", "sentimental.argumentation", "sentimental.sentiment"];

/**
 * A turn whose answer stayed invalid after the repair round, under
 * onInvalid = fail: says whose turn it was and how to resume.
 */
export class InvalidTurnError extends LlmError {
  constructor(
    readonly where: { agent: string; candidate: string; round: number },
    readonly invalid: LlmOutputError,
  ) {
    super(
      `${where.agent}'s turn on ${where.candidate} (round ${where.round}): ${invalid.message}. ` +
        "Every answer received so far is in the run's LLM cache (--cache DIR; by default <out>/llm-cache): rerun the same command " +
        "with the same --out/--cache and the recorded calls replay from it, so only this turn is asked again; or add --set onInvalid=skip " +
        "to record such turns as gaps and go on.",
      invalid.task,
    );
  }
}

/**
 * f(A) for each argument: VADER compound in [-1, 1], the LLM sentiment task,
 * or 2p - 1 from the classifier.
 *
 * @example
 * await scoreArguments(["An excellent fit.", "A poor fit."], "vader", model, 7); // [0.7351, -0.1531]
 */
export async function scoreArguments(
  args: readonly string[],
  method: SentimentMethod,
  model: Model,
  seed: number,
  options: { tasks?: SentimentalTasks; classifier?: TextClassifier } = {},
): Promise<number[]> {
  if (method === "vader") return args.map((a) => polarityScores(a).compound);
  if (method === "classifier") {
    if (!options.classifier) throw new RangeError('scoreArguments: sentiment "classifier" needs a classifier (config key classifierUrl)');
    return options.classifier.sentiments(args);
  }
  const { output } = await model.run((options.tasks ?? defaultTasks()).sentiment, { arguments: [...args] }, { seed });
  return output.scores;
}

/**
 * S_O of an opinion: the mean of its arguments' sentiments (eq. 2); 0 for an
 * opinion without arguments.
 *
 * @example
 * statementSentiment([0.5, -0.1, 0.2]); // 0.2
 */
export function statementSentiment(argumentSentiments: readonly number[]): number {
  if (argumentSentiments.length === 0) return 0;
  return argumentSentiments.reduce((a, b) => a + b, 0) / argumentSentiments.length;
}

/**
 * Runs the deliberation about one candidate. Calls are sequential within the
 * conversation (each turn depends on the previous ones), so the result is a
 * pure function of (model answers, inputs, settings). A gap (onInvalid =
 * skip) never counts as a change below the tolerance.
 *
 * @example
 * const conv = await runConversation(model, agents, job, candidate, { alpha: 0.5, tolerance: 1e-5, temperature: 1.5,
 *   maxRounds: 5, stopRule: "all-below-tolerance", sentiment: "vader", opinionFormation: "dynamic", seed: 7 });
 * conv.turns.length; // agents.length * conv.rounds
 */
export async function runConversation(
  model: Model,
  agents: readonly Agent[],
  job: JobInfo,
  candidate: CandidateInfo,
  settings: ConversationSettings,
): Promise<ConversationResult> {
  if (agents.length === 0) throw new RangeError("runConversation: need at least one agent");
  if (!(Number.isInteger(settings.maxRounds) && settings.maxRounds >= 1)) {
    throw new RangeError(`runConversation: maxRounds must be an integer >= 1, got ${settings.maxRounds}`);
  }
  const turns: Turn[] = [];
  for (let round = 1; ; round++) {
    const changes: number[] = [];
    for (const [order, agent] of agents.entries()) {
      const turn = await takeTurn(model, agent, { job, candidate, round, order }, turns, settings);
      changes.push(turn.gap ? Infinity : turn.change);
      turns.push(turn);
    }
    if (shouldStop(changes, settings.tolerance, settings.stopRule, round, settings.maxRounds)) {
      return { candidate, turns, rounds: round, stoppedBy: stopReason(changes, round, settings) };
    }
  }
}

/** Where a turn happens: the job and candidate under discussion, the round and the speaker's position in it. */
interface TurnPlace {
  job: JobInfo;
  candidate: CandidateInfo;
  round: number;
  order: number;
}

/**
 * The statement input of a turn from the conversation so far: the earlier
 * statements the agent has heard (all of them under dynamic formation, its
 * own only under independent), the peers' latest and its own previous one,
 * and its opinion log when opinionMemory = log. Gaps said nothing and are
 * left out.
 */
function statementInput(agent: Agent, place: TurnPlace, earlier: readonly Turn[], settings: ConversationSettings): StatementInput {
  const me = agent.advisor.short;
  const spoken = earlier.filter((t) => !t.gap);
  const heard = settings.opinionFormation === "dynamic" ? spoken : spoken.filter((t) => t.agent === me);
  const mine = spoken.filter((t) => t.agent === me);
  const previous = mine.at(-1);
  return {
    advisor: agent.advisor,
    mms: agent.mms,
    job: place.job,
    candidate: place.candidate,
    round: place.round,
    maxRounds: settings.maxRounds,
    peers: settings.opinionFormation === "dynamic" ? peerStatements(spoken, me) : [],
    previous: previous ? { statement: previous.statement, sentiment: previous.sentiment } : null,
    transcript: heard.map((t): TranscriptEntry => ({ agent: t.agent, role: t.role, round: t.round, statement: t.statement })),
    context: settings.context ?? "transcript",
    opinionLog: (settings.opinionMemory ?? "none") === "log" ? mine.map((t) => ({ round: t.round, sentiment: t.sentiment, opinion: t.opinion })) : [],
  };
}

/**
 * One agent's turn: its statement, the statement's arguments and their
 * sentiments, and the opinion update from the agent's previous opinion (the
 * prior before it has spoken). An answer that stays invalid after the repair
 * round fails the run (InvalidTurnError, saying how to resume) or, with
 * onInvalid = skip, becomes a gap that carries the opinion forward.
 */
async function takeTurn(model: Model, agent: Agent, place: TurnPlace, earlier: readonly Turn[], settings: ConversationSettings): Promise<Turn> {
  const tasks = settings.tasks ?? defaultTasks();
  const input = statementInput(agent, place, earlier, settings);
  const prior = earlier.filter((t) => t.agent === agent.advisor.short).at(-1)?.opinion ?? PRIOR_OPINION;
  const base = {
    candidate: place.candidate.id,
    candidateName: place.candidate.name,
    agent: agent.advisor.short,
    role: agent.advisor.title,
    round: place.round,
    order: place.order,
    peersHeard: input.context === "latest" ? input.peers.length : input.transcript.filter((t) => t.agent !== agent.advisor.short).length,
  };
  try {
    const { output: said } = await model.run(tasks.statement, input, { temperature: settings.temperature, seed: settings.seed });
    const { output: argued } = await model.run(tasks.argumentation, { statement: said.statement }, { seed: settings.seed });
    const argumentSentiments = await scoreArguments(argued.arguments, settings.sentiment, model, settings.seed, { tasks, classifier: settings.classifier });
    const sentiment = statementSentiment(argumentSentiments);
    const update = updateOpinion(prior, sentiment, settings.alpha);
    return { ...base, statement: said.statement, arguments: argued.arguments, argumentSentiments, sentiment, ...update };
  } catch (err) {
    if (!(err instanceof LlmOutputError) || !err.task?.startsWith("sentimental.")) throw err;
    if ((settings.onInvalid ?? "fail") === "fail") throw new InvalidTurnError({ agent: base.agent, candidate: base.candidateName, round: base.round }, err);
    const gap = { task: err.task, error: err.validationError || err.message };
    return { ...base, statement: "", arguments: [], argumentSentiments: [], sentiment: NaN, opinion: prior, change: NaN, signedChange: NaN, gap };
  }
}

/** The other agents' latest statements, oldest first (by round, then speaking order). */
function peerStatements(spoken: readonly Turn[], me: string): PeerStatement[] {
  const latest = new Map<string, Turn>();
  for (const t of spoken) latest.set(t.agent, t);
  return [...latest.values()]
    .filter((t) => t.agent !== me)
    .sort((a, b) => a.round - b.round || a.order - b.order)
    .map((t) => ({
      agent: t.agent,
      role: t.role,
      round: t.round,
      statement: t.statement,
      arguments: t.arguments,
      argumentSentiments: t.argumentSentiments,
      sentiment: t.sentiment,
    }));
}

/**
 * Why a conversation that stopped did so: the round cap, unless the changes
 * would have met the tolerance rule without it.
 */
function stopReason(changes: readonly number[], round: number, settings: ConversationSettings): ConversationResult["stoppedBy"] {
  return round >= settings.maxRounds && !shouldStop(changes, settings.tolerance, settings.stopRule, 0, Infinity) ? "max-rounds" : "tolerance";
}
