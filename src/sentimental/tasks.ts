/**
 * The LLM tasks of Sentimental Agents. Each is a typed call (src/llm/types.ts)
 * with a real prompt for an OpenAI-compatible model and an offline policy
 * (offline-agent.ts) for the embedded baseline advisors.
 *
 * Temperatures are the authors' values: profile generation 1.0, dialogue 1.5
 * (overridable from the config), argumentation and scoring 0.
 */
import { z } from "zod";
import { defineTask } from "../llm/index";
import { splitSentences, polarityScores } from "../text/index";
import { offlineMentalModel, offlineStatement, type MentalModelInput, type StatementPolicyInput } from "./offline-agent";
import type { MentalModel } from "./types";

export const mentalModelSchema = z.object({
  description: z.string().min(1),
  priorities: z.array(z.string().min(1)).min(1).max(12),
  evaluationCriteria: z.array(z.string().min(1)).min(1).max(12),
});

/**
 * Mental Model of Self from an advisor's job title and the job description
 * (§5.2, Figures 2-3). Temperature 1.0 as in the authors' code.
 *
 * @example
 * const { output } = await model.run(mentalModelTask, { advisor: { title: "Chief Financial Officer", short: "CFO" }, job });
 * output.priorities; // ["budget ownership and cost control", ...]
 */
export const mentalModelTask = defineTask<MentalModelInput, MentalModel>({
  name: "sentimental.mental-model",
  version: 1,
  temperature: 1.0,
  schema: mentalModelSchema,
  render: ({ advisor, job }) => [
    {
      role: "system",
      content:
        "You create the Mental Model of Self of an advisor agent that will sit on a hiring panel. " +
        "The Mental Model of Self is the advisor's understanding of who it is, what it prioritises and how it evaluates candidates. " +
        'Answer in JSON with the keys "description" (2-4 sentences in the first person), "priorities" (4-6 short phrases) and ' +
        '"evaluationCriteria" (4-6 short phrases naming evidence to look for in a resume).',
    },
    {
      role: "user",
      content:
        `Your job title: ${advisor.title}\n` +
        `Organization: ${job.organization}\n` +
        `The panel is hiring for: ${job.title}\n\n` +
        `Job description:\n${job.text}\n\n` +
        "Write your Mental Model of Self as this advisor, focused on what you will look for in candidates for this role.",
    },
  ],
  offline: (input, rng, ctx) => offlineMentalModel(input, rng, ctx.temperature),
});

export const statementSchema = z.object({ statement: z.string().min(1) });

/** Input of one turn: who speaks, about whom, in which round, having heard what. */
export type StatementInput = StatementPolicyInput & { maxRounds: number };

/**
 * One advisor's statement about one candidate in one round (ordered
 * engagement, §3.1). With dynamic opinion formation the prompt contains the
 * peers' latest statements; with independent formation it does not.
 * Temperature 1.5 by default (the paper's dialogue temperature; the
 * experiment passes `config.temperature`).
 *
 * @example
 * const { output } = await model.run(statementTask, input, { temperature: 1.5 });
 * output.statement; // "I see real promise in ..."
 */
export const statementTask = defineTask<StatementInput, { statement: string }>({
  name: "sentimental.statement",
  version: 1,
  temperature: 1.5,
  schema: statementSchema,
  render: (input) => {
    const { advisor, mms, job, candidate, round, maxRounds, peers, previous } = input;
    const discussion =
      peers.length === 0
        ? "No other advisor has spoken yet (or you are forming your opinion independently)."
        : peers.map((p) => `${p.role} (round ${p.round}): ${p.statement}`).join("\n\n");
    return [
      {
        role: "system",
        content:
          `You are the ${advisor.title} of ${job.organization}, an advisor on a hiring panel for the role of ${job.title}.\n` +
          `Your Mental Model of Self:\n${mms.description}\n` +
          `Your priorities: ${mms.priorities.join("; ")}.\n` +
          `Your evaluation criteria: ${mms.evaluationCriteria.join("; ")}.\n` +
          "Speak in the first person, stay in your role, and ground every point in the candidate's resume. " +
          'Answer in JSON: {"statement": "<your statement, about 5 distinct points in 4-8 sentences>"}.',
      },
      {
        role: "user",
        content:
          `Job description:\n${job.text}\n\n` +
          `Candidate: ${candidate.name}\nResume:\n${candidate.passages.join("\n")}\n\n` +
          `This is round ${round} of at most ${maxRounds}.\n` +
          (previous ? `Your previous statement:\n${previous.statement}\n\n` : "") +
          `What the other advisors said most recently:\n${discussion}\n\n` +
          `Give your opinion of ${candidate.name} for the ${job.title} role now.`,
      },
    ];
  },
  offline: (input, rng, ctx) => ({ statement: offlineStatement(input, rng, ctx.temperature).statement }),
});

export const argumentsSchema = z.object({ arguments: z.array(z.string().min(1)).min(1).max(15) });

/**
 * Argumentation (Definition 1, §5.4): split a statement into its individual
 * arguments, about 5, each a self-contained point. Temperature 0. Offline:
 * the statement's sentences.
 *
 * @example
 * (await model.run(argumentationTask, { statement: "Strong engineer. Weak on budgets." })).output.arguments;
 * // ["Strong engineer.", "Weak on budgets."]
 */
export const argumentationTask = defineTask<{ statement: string }, { arguments: string[] }>({
  name: "sentimental.argumentation",
  version: 1,
  temperature: 0,
  schema: argumentsSchema,
  render: ({ statement }) => [
    {
      role: "system",
      content:
        "You split a hiring-panel statement into its individual arguments: about 5 self-contained points, each one sentence, " +
        "keeping the speaker's wording and tone (do not soften or strengthen them). " +
        'Answer in JSON: {"arguments": ["...", "..."]}.',
    },
    { role: "user", content: `Statement:\n${statement}` },
  ],
  offline: ({ statement }) => {
    const sentences = splitSentences(statement);
    return { arguments: (sentences.length > 0 ? sentences : [statement]).slice(0, 15) };
  },
});

export const sentimentScoresSchema = z.object({ scores: z.array(z.number().min(-1).max(1)) });

/**
 * Optional LLM sentiment f(A) (eq. 1): one score in [-1, 1] per argument
 * (the experiment's `sentiment: "llm"`). Temperature 0. Offline: VADER
 * compound, i.e. the same as the default scorer.
 *
 * @example
 * (await model.run(sentimentTask, { arguments: ["An excellent fit.", "A poor fit."] })).output.scores;
 * // a model's own scores, e.g. [0.9, -0.6]; offline (VADER): [0.7351, -0.1531]
 */
export const sentimentTask = defineTask<{ arguments: string[] }, { scores: number[] }>({
  name: "sentimental.sentiment",
  version: 1,
  temperature: 0,
  schema: sentimentScoresSchema,
  render: ({ arguments: args }) => [
    {
      role: "system",
      content:
        "You are a sentiment classifier. For each numbered argument about a job candidate, give one sentiment score in [-1, 1]: " +
        "-1 very negative, 0 neutral, +1 very positive. " +
        'Answer in JSON: {"scores": [<one number per argument, in order>]}.',
    },
    { role: "user", content: args.map((a, i) => `${i + 1}. ${a}`).join("\n") },
  ],
  offline: ({ arguments: args }) => ({ scores: args.map((a) => polarityScores(a).compound) }),
  validate: (output, input) =>
    output.scores.length === input.arguments.length ? null : `expected ${input.arguments.length} scores (one per argument), got ${output.scores.length}`,
});
