/**
 * The LLM tasks of Sentimental Agents. Each is a typed call (src/llm/types.ts)
 * whose prompt comes from a prompt set's template files (prompt-set.ts,
 * `src/sentimental/prompts/<set>/*.md`) and whose offline policy
 * (offline/offline-agent.ts) is the embedded baseline advisor.
 *
 * Temperatures are the authors' values: profile generation 1.0, dialogue 1.5
 * (overridable from the config), argumentation and scoring 0.
 *
 * The offline policies never read the prompt: their random draws are keyed
 * on the fields they do read (the same keys as before prompt sets existed),
 * so the prompt set, the context option, the opinion memory and edited
 * templates change only what a real model is sent, never the baseline.
 */
import { z } from "zod";
import {
  defineTask,
  LlmOutputError,
  renderTemplate,
  stableHash,
  type CompiledTemplate,
  type Model,
  type OfflineContext,
  type Task,
  type TemplateValues,
} from "../llm/index";
import { deriveRng, type Rng } from "../stats/index";
import { splitSentences, polarityScores } from "../text/index";
import { offlineMentalModel, offlineStatement, type MentalModelInput, type StatementPolicyInput } from "./offline/offline-agent";
import { resolvePromptSet, templateOf, type PromptFile, type PromptSet } from "./prompt-set";
import type { AdvisorSpec, JobInfo, MentalModel, TranscriptEntry, TurnGap } from "./types";

export const mentalModelSchema = z.object({
  description: z.string().min(1),
  priorities: z.array(z.string().min(1)).min(1).max(12),
  evaluationCriteria: z.array(z.string().min(1)).min(1).max(12),
});
export const mmsDescriptionSchema = z.object({ description: z.string().min(1) });
export const mmsPrioritiesSchema = z.object({ priorities: z.array(z.string().min(1)).min(1).max(12) });
/** The authors' criteria prompt allows at most 5. */
export const mmsCriteriaSchema = z.object({ evaluationCriteria: z.array(z.string().min(1)).min(1).max(5) });
export const statementSchema = z.object({ statement: z.string().min(1) });
export const argumentsSchema = z.object({ arguments: z.array(z.string().min(1)).min(1).max(15) });
export const sentimentScoresSchema = z.object({ scores: z.array(z.number().min(-1).max(1)) });

/** How much of the discussion the advisor is shown: everything said so far (the authors' code) or each peer's latest statement. */
export type ContextMode = "transcript" | "latest";

/** One entry of an advisor's opinion log: its statement's sentiment and its opinion after it. */
export interface OpinionLogEntry {
  round: number;
  sentiment: number;
  opinion: number;
}

/**
 * Input of one turn: who speaks, about whom, in which round, having heard
 * what. `peers` and `previous` (what the offline policy reads) are kept; the
 * real-model prompt uses `transcript` or them according to `context`.
 */
export type StatementInput = StatementPolicyInput & {
  maxRounds: number;
  /** Every earlier statement of this conversation the advisor has heard, in speaking order, its own included. */
  transcript: TranscriptEntry[];
  context: ContextMode;
  /** The advisor's own opinion series for this candidate (empty unless opinionMemory = log). */
  opinionLog: OpinionLogEntry[];
};

/** Input of one part of the three-part Mental Model of Self. */
export type MentalModelPartInput = MentalModelInput & { wordLimit: number };

/** The tasks of one prompt set. */
export interface SentimentalTasks {
  set: PromptSet;
  /** One JSON Mental Model (single-call sets), else null. */
  mentalModel: Task<MentalModelInput, MentalModel> | null;
  /** The three Mental Model parts (three-part sets), else null. */
  mentalModelParts: {
    description: Task<MentalModelPartInput, { description: string }>;
    priorities: Task<MentalModelPartInput, { priorities: string[] }>;
    criteria: Task<MentalModelPartInput, { evaluationCriteria: string[] }>;
  } | null;
  statement: Task<StatementInput, { statement: string }>;
  argumentation: Task<{ statement: string }, { arguments: string[] }>;
  sentiment: Task<{ arguments: string[] }, { scores: number[] }>;
}

/** A number for a prompt: two decimals with its sign ("+0.42", "-0.10"). */
function signed2(x: number): string {
  return `${x >= 0 ? "+" : ""}${x.toFixed(2)}`;
}

function advisorAndJob(advisor: AdvisorSpec, job: JobInfo): TemplateValues {
  return { advisorTitle: advisor.title, organization: job.organization, jobTitle: job.title, jobDescription: job.text };
}

/**
 * The template values of one turn. Under `context = "latest"` the
 * conversation is each peer's latest statement and `previous` the advisor's
 * own; under "transcript" it is everything said so far (own statements
 * included), so `previous` is left empty.
 *
 * @example
 * statementValues(input).conversation; // [{ speaker: "Chief Financial Officer", speakerShort: "CFO", round: 1, text: "..." }, ...]
 */
export function statementValues(input: StatementInput): TemplateValues {
  const { advisor, mms, job, candidate } = input;
  const latest = input.context === "latest";
  const conversation = latest
    ? input.peers.map((p) => ({ speaker: p.role, speakerShort: p.agent, round: p.round, text: p.statement }))
    : input.transcript.map((t) => ({ speaker: t.role, speakerShort: t.agent, round: t.round, text: t.statement }));
  return {
    ...advisorAndJob(advisor, job),
    advisorShort: advisor.short,
    candidateName: candidate.name,
    resume: candidate.passages.join("\n"),
    round: input.round,
    maxRounds: input.maxRounds,
    mmsDescription: mms.description,
    mmsPriorities: mms.priorities.join("; "),
    mmsCriteria: mms.evaluationCriteria.join("; "),
    conversation,
    fullContext: !latest,
    previous: latest ? (input.previous?.statement ?? "") : "",
    opinionLog: input.opinionLog.map((o) => ({ round: o.round, sentiment: signed2(o.sentiment), opinion: signed2(o.opinion) })),
  };
}

/** The fields the offline statement policy reads, exactly as its input held them before prompt sets. */
function policyInput(input: StatementInput): StatementPolicyInput & { maxRounds: number } {
  const { advisor, mms, job, candidate, round, maxRounds, peers, previous } = input;
  return { advisor, mms, job, candidate, round, maxRounds, peers, previous };
}

/** The offline draw of a turn, keyed on what the policy reads (task version 1's key). */
function policyRng(input: StatementInput, ctx: OfflineContext): Rng {
  return deriveRng(ctx.seed, "sentimental.statement", 1, stableHash(policyInput(input)));
}

/** The offline Mental Model of an advisor, identical whichever task (single or part) asks for it. */
function policyMentalModel(input: MentalModelInput, ctx: OfflineContext): MentalModel {
  const key = { advisor: input.advisor, job: input.job };
  return offlineMentalModel(key, deriveRng(ctx.seed, "sentimental.mental-model", 1, stableHash(key)), ctx.temperature);
}

type TemplateSource = () => CompiledTemplate;

/**
 * Task versions per prompt set: the neutral set was reordered static-first
 * (instructions and job before the advisor and the candidate, so a provider's
 * prompt cache can reuse the shared prefix), so
 * its recordings made before that no longer replay; the authors' set and a
 * user's folder keep theirs.
 */
function setVersion(setLabel: string, base: number): number {
  return setLabel === "neutral" ? base + 1 : base;
}

function statementTaskFrom(template: TemplateSource, setLabel: string): SentimentalTasks["statement"] {
  return defineTask({
    name: "sentimental.statement",
    // 2: the prompt comes from a prompt set and may show the whole conversation (was: peers' latest only); neutral 3: static part first.
    version: setVersion(setLabel, 2),
    temperature: 1.5,
    schema: statementSchema,
    render: (input) => renderTemplate(template(), statementValues(input)),
    offline: (input, _rng, ctx) => ({ statement: offlineStatement(policyInput(input), policyRng(input, ctx), ctx.temperature).statement }),
  });
}

function argumentationTaskFrom(template: TemplateSource): SentimentalTasks["argumentation"] {
  return defineTask({
    name: "sentimental.argumentation",
    version: 1,
    temperature: 0,
    schema: argumentsSchema,
    render: ({ statement }) => renderTemplate(template(), { statement }),
    offline: ({ statement }) => {
      const sentences = splitSentences(statement);
      return { arguments: (sentences.length > 0 ? sentences : [statement]).slice(0, 15) };
    },
  });
}

function sentimentTaskFrom(template: TemplateSource): SentimentalTasks["sentiment"] {
  return defineTask({
    name: "sentimental.sentiment",
    version: 1,
    temperature: 0,
    schema: sentimentScoresSchema,
    render: ({ arguments: args }) => renderTemplate(template(), { arguments: args.map((text, i) => ({ number: i + 1, text })) }),
    offline: ({ arguments: args }) => ({ scores: args.map((a) => polarityScores(a).compound) }),
    validate: (output, input) =>
      output.scores.length === input.arguments.length ? null : `expected ${input.arguments.length} scores (one per argument), got ${output.scores.length}`,
  });
}

function mentalModelTaskFrom(template: TemplateSource, setLabel: string): Task<MentalModelInput, MentalModel> {
  return defineTask({
    name: "sentimental.mental-model",
    // neutral 2: the job before the advisor's title.
    version: setVersion(setLabel, 1),
    temperature: 1.0,
    schema: mentalModelSchema,
    render: ({ advisor, job }) => renderTemplate(template(), advisorAndJob(advisor, job)),
    offline: (input, _rng, ctx) => policyMentalModel(input, ctx),
  });
}

function partTask<O>(name: PromptFile, schema: z.ZodType<O>, template: TemplateSource, pick: (m: MentalModel) => O): Task<MentalModelPartInput, O> {
  return defineTask({
    name: `sentimental.${name}`,
    version: 1,
    temperature: 1.0,
    schema,
    render: ({ advisor, job, wordLimit }) => renderTemplate(template(), { ...advisorAndJob(advisor, job), wordLimit }),
    offline: (input, _rng, ctx) => pick(policyMentalModel(input, ctx)),
  });
}

const tasksBySet = new WeakMap<PromptSet, SentimentalTasks>();

/**
 * The tasks of a prompt set (built once per loaded set).
 *
 * @example
 * const tasks = sentimentalTasks(resolvePromptSet({ prompts: "authors", promptDir: "" }));
 * tasks.mentalModelParts !== null; // true: the authors' protocol asks for the three parts separately
 */
export function sentimentalTasks(set: PromptSet): SentimentalTasks {
  const known = tasksBySet.get(set);
  if (known) return known;
  const t = (name: PromptFile) => () => templateOf(set, name);
  const tasks: SentimentalTasks = {
    set,
    mentalModel: set.mentalModel === "single" ? mentalModelTaskFrom(t("mental-model"), set.label) : null,
    mentalModelParts:
      set.mentalModel === "three-part"
        ? {
            description: partTask("mms-description", mmsDescriptionSchema, t("mms-description"), (m) => ({ description: m.description })),
            priorities: partTask("mms-priorities", mmsPrioritiesSchema, t("mms-priorities"), (m) => ({ priorities: m.priorities })),
            criteria: partTask("mms-criteria", mmsCriteriaSchema, t("mms-criteria"), (m) => ({ evaluationCriteria: m.evaluationCriteria.slice(0, 5) })),
          }
        : null,
    statement: statementTaskFrom(t("statement"), set.label),
    argumentation: argumentationTaskFrom(t("argumentation")),
    sentiment: sentimentTaskFrom(t("sentiment")),
  };
  tasksBySet.set(set, tasks);
  return tasks;
}

/**
 * The tasks of the default prompt set ("authors").
 *
 * @example
 * defaultTasks().set.label; // "authors"
 */
export function defaultTasks(): SentimentalTasks {
  return sentimentalTasks(resolvePromptSet({ prompts: "authors", promptDir: "" }));
}

/** The Mental Model tasks, whose answer staying invalid leaves that part empty (a gap, onInvalid = skip). */
export const MENTAL_MODEL_TASKS: readonly string[] = [
  "sentimental.mental-model",
  "sentimental.mms-description",
  "sentimental.mms-priorities",
  "sentimental.mms-criteria",
];

/**
 * Mental Model of Self of one advisor (§5.2, Figures 2-3), temperature 1.0:
 * one JSON call (single-call sets) or the authors' three short generations
 * (description, priorities, criteria), each within `wordLimit` words. With
 * `gaps` (onInvalid = skip), an answer that stays invalid after the repair
 * round leaves its part empty ("" or no items; the whole Mental Model for a
 * single call) and is pushed there with its task and error; without, it
 * throws as any invalid answer does.
 *
 * @example
 * const mms = await generateMentalModel(model, defaultTasks(), { title: "Chief Financial Officer", short: "CFO" }, job, 10, 7);
 * mms.evaluationCriteria.length; // at most 5 under the authors' protocol
 * const gaps: TurnGap[] = [];
 * await generateMentalModel(model, tasks, advisor, job, 10, 7, gaps); // gaps: [{ task: "sentimental.mms-priorities", error: "..." }] when that part stayed invalid
 */
export async function generateMentalModel(
  model: Model,
  tasks: SentimentalTasks,
  advisor: AdvisorSpec,
  job: JobInfo,
  wordLimit: number,
  seed: number,
  gaps?: TurnGap[],
): Promise<MentalModel> {
  const ask = async <I, O>(task: Task<I, O>, input: I, empty: O): Promise<O> => {
    try {
      return (await model.run(task, input, { seed })).output;
    } catch (err) {
      if (!gaps || !(err instanceof LlmOutputError) || err.task !== task.name) throw err;
      gaps.push({ task: task.name, error: err.validationError || err.message });
      return empty;
    }
  };
  if (tasks.mentalModel) return ask(tasks.mentalModel, { advisor, job }, { description: "", priorities: [], evaluationCriteria: [] });
  const parts = tasks.mentalModelParts;
  if (!parts) throw new Error(`prompt set "${tasks.set.label}" builds no Mental Model of Self`);
  const input = { advisor, job, wordLimit };
  const description = (await ask(parts.description, input, { description: "" })).description;
  const priorities = (await ask(parts.priorities, input, { priorities: [] })).priorities;
  const evaluationCriteria = (await ask(parts.criteria, input, { evaluationCriteria: [] })).evaluationCriteria;
  return { description, priorities, evaluationCriteria };
}

const neutral = (name: PromptFile) => () => templateOf(resolvePromptSet({ prompts: "neutral", promptDir: "" }), name);

/**
 * The neutral set's tasks as constants (the project's earlier wording), for
 * callers that run one task directly. Their templates load on first render.
 *
 * @example
 * argumentationTask.offline({ statement: "Strong engineer. Weak on budgets." }, rng, ctx).arguments; // ["Strong engineer.", "Weak on budgets."]
 */
export const mentalModelTask = mentalModelTaskFrom(neutral("mental-model"), "neutral");
/** @see mentalModelTask @example statementTask.name; // "sentimental.statement" */
export const statementTask = statementTaskFrom(neutral("statement"), "neutral");
/** @see mentalModelTask @example argumentationTask.temperature; // 0 */
export const argumentationTask = argumentationTaskFrom(neutral("argumentation"));
/** @see mentalModelTask @example sentimentTask.name; // "sentimental.sentiment" */
export const sentimentTask = sentimentTaskFrom(neutral("sentiment"));
