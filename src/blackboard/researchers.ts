/**
 * Bull and bear researchers and the research manager (Blackboard paper §3.2:
 * "researchers (bull/bear with cross-exam) debate and, under a research
 * manager, synthesize theses into final reports"; the FinalReport carries
 * "the ticker, thesis summary, supporting evidence, and an aggregate
 * BUY/HOLD/SELL view with confidence").
 *
 * Each turn is an LLM task over the research brief (agent-inputs.ts), sent
 * as prompts/<set>/researcher.md and research-manager.md with the brief and
 * the transcript as JSON; offline, the researchers and manager of
 * offline/researchers.ts answer instead. A model's answer is checked: its
 * side and round (or debate rounds and stop reason) and that every evidence
 * id it cites is in the brief.
 */
import { type z } from "zod";
import { defineTask, renderPrompt, type Task, type TemplateValues } from "../llm/index";
import type { ManagerInput, ResearchBrief, ResearcherInput } from "./agent-inputs";
import { DebateCommentSchema, FinalReportSchema, type DebateComment, type FinalReport } from "./messages";
import { managerPolicy, researcherPolicy } from "./offline/researchers";
import { builtinPrompts, type PromptSource } from "./prompt-set";

function checkCitations(ids: readonly string[], brief: ResearchBrief): string | null {
  const known = new Set(brief.evidence.map((e) => e.id));
  const bad = ids.filter((id) => !known.has(id));
  return bad.length ? `unknown evidence ids ${bad.join(", ")}; cite only ids from the brief` : null;
}

/**
 * The values researcher.md may use: the thread, the side (also as the flags
 * bull / bear), the round, and the brief with the debate so far as JSON.
 *
 * @example
 * researcherValues({ brief, side: "bear", round: 1, maxRounds: 2, transcript: [] }).bear; // true
 */
export function researcherValues(input: ResearcherInput): TemplateValues {
  return {
    ticker: input.brief.ticker,
    date: input.brief.date,
    side: input.side,
    bull: input.side === "bull",
    bear: input.side === "bear",
    round: input.round,
    maxRounds: input.maxRounds,
    inputJson: JSON.stringify({ brief: input.brief, round: input.round, max_rounds: input.maxRounds, transcript: input.transcript }),
  };
}

/**
 * The values research-manager.md may use: the thread, whether a debate was
 * held, its rounds and stop reason, and the brief with the transcript as JSON.
 *
 * @example
 * managerValues({ brief, transcript: [], rounds: 0, stopReason: "no_debate" }).noDebate; // true
 */
export function managerValues(input: ManagerInput): TemplateValues {
  return {
    ticker: input.brief.ticker,
    date: input.brief.date,
    noDebate: input.stopReason === "no_debate",
    rounds: input.rounds,
    stopReason: input.stopReason,
    inputJson: JSON.stringify({ brief: input.brief, transcript: input.transcript, rounds: input.rounds, stop_reason: input.stopReason }),
  };
}

/**
 * Bull / bear researcher turn as an LLM task rendering researcher.md of a
 * prompt set; `validate` checks side, round and that cited ids exist.
 *
 * @example
 * researcherTaskFrom(() => myFolder).name; // "blackboard.researcher"
 */
export function researcherTaskFrom(prompts: PromptSource): Task<ResearcherInput, DebateComment> {
  return defineTask<ResearcherInput, DebateComment>({
    name: "blackboard.researcher",
    version: 2,
    schema: DebateCommentSchema as z.ZodType<DebateComment>,
    temperature: 0.7,
    render: (input) => renderPrompt(prompts(), "researcher", researcherValues(input)),
    offline: (input) => researcherPolicy(input),
    validate: (out, input) => {
      if (out.side !== input.side) return `side must be "${input.side}"`;
      if (out.round !== input.round) return `round must be ${input.round}`;
      return checkCitations(out.cited_evidence, input.brief);
    },
  });
}

/**
 * Research manager as an LLM task rendering research-manager.md of a prompt
 * set: debate -> FinalReport (BUY / HOLD / SELL + confidence).
 *
 * @example
 * researchManagerTaskFrom(() => myFolder).name; // "blackboard.research_manager"
 */
export function researchManagerTaskFrom(prompts: PromptSource): Task<ManagerInput, FinalReport> {
  return defineTask<ManagerInput, FinalReport>({
    name: "blackboard.research_manager",
    version: 2,
    schema: FinalReportSchema as z.ZodType<FinalReport>,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "research-manager", managerValues(input)),
    offline: (input) => managerPolicy(input),
    validate: (out, input) => {
      if (out.debate_rounds !== input.rounds) return `debate_rounds must be ${input.rounds}`;
      if (out.stop_reason !== input.stopReason) return `stop_reason must be "${input.stopReason}"`;
      return checkCitations(out.supporting_evidence, input.brief);
    },
  });
}

/**
 * The researcher task of the built-in "paper" prompt set.
 *
 * @example
 * const { output } = await model.run(researcherTask, { brief, side: "bull", round: 1, maxRounds: 2, transcript: [] });
 */
export const researcherTask = researcherTaskFrom(builtinPrompts);

/**
 * The research-manager task of the built-in "paper" prompt set.
 *
 * @example
 * const { output } = await model.run(researchManagerTask, { brief, transcript, rounds: 2, stopReason: "max_rounds" });
 */
export const researchManagerTask = researchManagerTaskFrom(builtinPrompts);
