/**
 * The Conversation and Opinion Dynamics modules (§3.1, §5.3-5.4, Algorithm 1):
 * agents speak about one candidate in a fixed round-robin order (ordered
 * engagement, equal participation, one opinion per agent per round); each
 * statement is split into arguments, each argument gets a sentiment f(A),
 * S_O is their mean (eq. 2) and the agent's opinion is updated with the
 * non-Bayesian rule (eq. 4) until the stop rule fires.
 */
import type { Model } from "../llm/index";
import { polarityScores } from "../text/index";
import { shouldStop, updateOpinion, PRIOR_OPINION, type StopRule } from "./opinion";
import { argumentationTask, sentimentTask, statementTask } from "./tasks";
import type { AdvisorSpec, CandidateInfo, JobInfo, MentalModel, PeerStatement, Turn } from "./types";

/** f(A): VADER compound (default, as the paper's sentiment classifier) or an LLM score. */
export type SentimentMethod = "vader" | "llm";
/** Dynamic: agents hear their peers' statements; independent: they do not (§5.2). */
export type OpinionFormation = "dynamic" | "independent";

export interface Agent {
  advisor: AdvisorSpec;
  mms: MentalModel;
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
}

export interface ConversationResult {
  candidate: CandidateInfo;
  turns: Turn[];
  /** Rounds actually held. */
  rounds: number;
  stoppedBy: "tolerance" | "max-rounds";
}

/**
 * f(A) for each argument: VADER compound in [-1, 1], or the LLM sentiment task.
 *
 * @example
 * await scoreArguments(["An excellent fit.", "A poor fit."], "vader", model, 7); // [0.7351, -0.1531]
 */
export async function scoreArguments(args: readonly string[], method: SentimentMethod, model: Model, seed: number): Promise<number[]> {
  if (method === "vader") return args.map((a) => polarityScores(a).compound);
  const { output } = await model.run(sentimentTask, { arguments: [...args] }, { seed });
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
 * pure function of (model answers, inputs, settings).
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
  // Each agent's most recent turn: what its peers hear, and where its opinion stands.
  const latest = new Map<string, Turn>();
  for (let round = 1; ; round++) {
    const changes: number[] = [];
    for (const [order, agent] of agents.entries()) {
      const turn = await takeTurn(model, agent, { job, candidate, round, order }, latest, settings);
      changes.push(turn.change);
      turns.push(turn);
      latest.set(turn.agent, turn);
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
 * One agent's turn: its statement (hearing its peers' latest ones under
 * dynamic opinion formation), the statement's arguments and their sentiments,
 * and the opinion update from the agent's previous opinion (the prior before
 * it has spoken).
 */
async function takeTurn(model: Model, agent: Agent, place: TurnPlace, latest: ReadonlyMap<string, Turn>, settings: ConversationSettings): Promise<Turn> {
  const { job, candidate, round, order } = place;
  const me = agent.advisor.short;
  const peers = settings.opinionFormation === "dynamic" ? peerStatements(latest, me) : [];
  const mine = latest.get(me);
  const { output: said } = await model.run(
    statementTask,
    {
      advisor: agent.advisor,
      mms: agent.mms,
      job,
      candidate,
      round,
      maxRounds: settings.maxRounds,
      peers,
      previous: mine ? { statement: mine.statement, sentiment: mine.sentiment } : null,
    },
    { temperature: settings.temperature, seed: settings.seed },
  );
  const { output: argued } = await model.run(argumentationTask, { statement: said.statement }, { seed: settings.seed });
  const argumentSentiments = await scoreArguments(argued.arguments, settings.sentiment, model, settings.seed);
  const sentiment = statementSentiment(argumentSentiments);
  const update = updateOpinion(mine?.opinion ?? PRIOR_OPINION, sentiment, settings.alpha);
  return {
    candidate: candidate.id,
    candidateName: candidate.name,
    agent: me,
    role: agent.advisor.title,
    round,
    order,
    statement: said.statement,
    arguments: argued.arguments,
    argumentSentiments,
    sentiment,
    opinion: update.opinion,
    change: update.change,
    signedChange: update.signedChange,
    peersHeard: peers.length,
  };
}

/** The other agents' latest statements, oldest first (by round, then speaking order). */
function peerStatements(latest: ReadonlyMap<string, Turn>, me: string): PeerStatement[] {
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
