/**
 * Every table and figure of the experiment from an existing conversation,
 * without asking a model for a single statement (`consilium evaluate
 * sentimental --transcript PATH`): the recorded statements and arguments are
 * taken as they are; their sentiments too, unless `rescore = true` re-scores
 * the arguments with this run's f(A); the opinions are recomputed with eq. 4
 * (this run's alpha) over every recorded message, with no stop rule, and
 * compared with the opinions and changes the file recorded
 * (`transcript_check`). This is how our metrics are checked against the
 * authors' own outputs.
 */
import type { ExperimentResult, RunContext, Table } from "../core/index";
import { roundTableCells } from "../core/index";
import type { SentimentalConfig } from "./config";
import { scoreArguments, statementSentiment, type Agent, type ConversationResult } from "./conversation";
import { reportDeliberations } from "./experiment";
import { updateOpinion, PRIOR_OPINION } from "./opinion";
import { promptTasks, textClassifier, type Deliberation, type Scenario } from "./pipeline";
import { num, runArtifacts } from "./report";
import { readTranscript, TranscriptError, type RecordedConversation, type RecordedTranscript, type RecordedTurn } from "./transcript";
import type { Turn } from "./types";

const EMPTY_MMS = { description: "", priorities: [], evaluationCriteria: [] };

export interface TranscriptEvaluation {
  transcript: RecordedTranscript;
  result: ExperimentResult;
}

type Scorer = (args: readonly string[]) => Promise<number[]>;

/** S_O of a recorded turn: as recorded, or re-scored from its arguments. */
async function turnSentiment(turn: RecordedTurn, file: string, rescore: Scorer | null): Promise<{ sentiment: number; argumentSentiments: number[] }> {
  if (rescore) {
    const args = turn.arguments.length > 0 ? turn.arguments : [turn.statement];
    const argumentSentiments = await rescore(args);
    return { sentiment: statementSentiment(argumentSentiments), argumentSentiments };
  }
  if (turn.sentiment === null) {
    throw new TranscriptError(
      file,
      `${turn.agent}, round ${turn.round}`,
      "no sentiment recorded for this message; add --set rescore=true to score its arguments",
    );
  }
  return { sentiment: turn.sentiment, argumentSentiments: turn.argumentSentiments ?? [] };
}

/** One recorded conversation as our turns: eq. 4 over every message in speaking order (no stop rule). */
async function conversationOf(recorded: RecordedConversation, file: string, config: SentimentalConfig, rescore: Scorer | null): Promise<ConversationResult> {
  const turns: Turn[] = [];
  for (const r of recorded.turns) {
    const prior = turns.filter((t) => t.agent === r.agent).at(-1)?.opinion ?? PRIOR_OPINION;
    const base = {
      candidate: recorded.candidate.id,
      candidateName: recorded.candidate.name,
      agent: r.agent,
      role: r.role,
      round: r.round,
      order: r.order,
      statement: r.statement,
      arguments: r.arguments,
      peersHeard: turns.filter((t) => t.agent !== r.agent && !t.gap).length,
    };
    if (r.gap) {
      turns.push({ ...base, argumentSentiments: [], sentiment: NaN, opinion: prior, change: NaN, signedChange: NaN, gap: r.gap });
      continue;
    }
    const scored = await turnSentiment(r, file, rescore);
    turns.push({ ...base, ...scored, ...updateOpinion(prior, scored.sentiment, config.alpha) });
  }
  const rounds = Math.max(0, ...turns.map((t) => t.round));
  return { candidate: recorded.candidate, turns, rounds, stoppedBy: "recorded" };
}

/**
 * The deliberations of a transcript (run 0 first), its advisors with their
 * recorded Mental Models (empty when the file has none).
 *
 * @example
 * const [primary] = await transcriptDeliberations(readTranscript(path), config, ctx);
 */
export async function transcriptDeliberations(
  transcript: RecordedTranscript,
  config: SentimentalConfig,
  ctx: Pick<RunContext, "model" | "seed">,
): Promise<[Deliberation, ...Deliberation[]]> {
  const tasks = promptTasks(config);
  const classifier = config.rescore ? textClassifier(config) : null;
  const rescore: Scorer | null = config.rescore
    ? (args) => scoreArguments(args, config.sentiment, ctx.model, ctx.seed, { tasks, ...(classifier ? { classifier } : {}) })
    : null;
  const agents: Agent[] = transcript.advisors.map((advisor) => ({ advisor, mms: transcript.mentalModels.get(advisor.short) ?? EMPTY_MMS }));
  const file = transcript.files[0] ?? "";
  const deliberations: Deliberation[] = [];
  for (const run of transcript.runs) {
    const conversations: ConversationResult[] = [];
    for (const recorded of run) conversations.push(await conversationOf(recorded, file, config, rescore));
    deliberations.push({ seed: ctx.seed, agents, conversations });
  }
  const [primary, ...rest] = deliberations;
  if (!primary) throw new TranscriptError(file, "", "no conversation");
  return [primary, ...rest];
}

/** Recorded vs recomputed sentiment, opinion and change of every turn of the primary run. */
function checkTable(transcript: RecordedTranscript, primary: Deliberation, config: SentimentalConfig): Table {
  const rows = primary.conversations.flatMap((c, ci) =>
    c.turns.map((t, ti) => {
      const r = transcript.runs[0]?.[ci]?.turns[ti];
      const diff = (a: number | null | undefined, b: number) => (a === null || a === undefined || !Number.isFinite(b) ? null : Math.abs(a - b));
      return {
        candidate: c.candidate.name,
        agent: t.agent,
        round: t.round,
        order: t.order,
        recorded_sentiment: r?.sentiment ?? null,
        sentiment: num(t.sentiment),
        recorded_opinion: r?.recordedOpinion ?? null,
        opinion: num(t.opinion),
        opinion_diff: diff(r?.recordedOpinion, t.opinion),
        recorded_change: r?.recordedChange ?? null,
        change: num(t.change),
        change_diff: diff(r?.recordedChange, t.change),
      };
    }),
  );
  return {
    name: "transcript_check",
    title: "Recorded vs recomputed sentiment, opinion and change of every message",
    rows,
    note:
      `Transcript ${transcript.files.join(", ")} (${transcript.format} format). Opinions recomputed with eq. 4 at alpha ${config.alpha} from ` +
      `${config.rescore ? `sentiments re-scored with f(A) = ${config.sentiment}` : "the recorded sentiments"}, over every recorded message (no stop rule). ` +
      "recorded_* are the file's own values (the authors' non_bayesian_data lists, prior 0 dropped); *_diff = |recorded - recomputed|; empty where the file records none.",
  };
}

/**
 * Evaluates a recorded conversation: the experiment's tables and figures
 * plus `transcript_check`, and the recomputed conversation log.
 *
 * @example
 * const { result } = await evaluateTranscript("simulation_data.json", defaultSentimentalConfig(), ctx);
 * result.tables.find((t) => t.name === "transcript_check");
 */
export async function evaluateTranscript(
  target: string,
  config: SentimentalConfig,
  ctx: Pick<RunContext, "model" | "embedder" | "seed">,
): Promise<TranscriptEvaluation> {
  const transcript = readTranscript(target);
  const deliberations = await transcriptDeliberations(transcript, config, ctx);
  const [primary] = deliberations;
  const file = transcript.files[0] ?? target;
  const scenario: Scenario = {
    job: transcript.job,
    candidates: primary.conversations.map((c) => c.candidate),
    advisors: transcript.advisors,
    resumeDir: file,
    jobDir: file,
    source: "transcript",
    sourceNote: `the recorded conversation ${target} (${transcript.format} format)`,
  };
  const result = await reportDeliberations(scenario, deliberations, config, ctx);
  return {
    transcript,
    result: {
      ...result,
      tables: [...result.tables, roundTableCells(checkTable(transcript, primary, config))],
      summary: { ...result.summary, transcript: target, transcript_format: transcript.format },
      artifacts: runArtifacts(null, deliberations, scenario),
    },
  };
}
