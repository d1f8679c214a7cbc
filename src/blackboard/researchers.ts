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
 * offline/researchers.ts answer instead. A model answers only its judgement:
 * the code adds the side and round of a turn, and the rounds and stop reason
 * of the debate to the manager's report. A model's answer is checked: every
 * evidence id it cites or quotes as [id] is in the brief, and the manager's
 * view agrees with its score.
 */
import { type z } from "zod";
import { renderPrompt, type TemplateValues } from "../llm/index";
import type { ManagerInput, ResearchBrief, ResearcherInput } from "./agent-inputs";
import { defineBoardTask, type BoardTask } from "./board-task";
import { unshownIds, VIEW_SCORE_RANGES, viewScoreProblem } from "./meaning";
import { DebateCommentSchema, FinalReportSchema, type DebateComment, type FinalReport } from "./messages";
import { managerPolicy, researcherPolicy } from "./offline/researchers";
import { builtinPrompts, type PromptSource } from "./prompt-set";
import { agreeing, narrowed, shownIdArray } from "./shown-schema";

/** What a researcher model writes: the turn without its side and round (the code's). */
export const ResearcherAnswerSchema = DebateCommentSchema.omit({ side: true, round: true });
export type ResearcherAnswer = z.infer<typeof ResearcherAnswerSchema>;

/** What the research-manager model writes: the FinalReport without the debate's rounds and stop reason (the code's). */
export const ManagerAnswerSchema = FinalReportSchema.omit({ debate_rounds: true, stop_reason: true });
export type ManagerAnswer = z.infer<typeof ManagerAnswerSchema>;

function checkCitations(ids: readonly string[], texts: ReadonlyArray<string | null>, brief: ResearchBrief): string | null {
  const bad = unshownIds(ids, texts, new Set(brief.evidence.map((e) => e.id)));
  return bad.length ? `unknown evidence ids ${bad.join(", ")}; cite and quote only ids from the brief` : null;
}

/** The brief's evidence ids as the enum of a cited-id list (what a model is shown, `schemaFor`). */
function briefIds(brief: ResearchBrief) {
  return shownIdArray(brief.evidence.map((e) => e.id));
}

/**
 * The DebateComment posted: the answer with the turn's side and round.
 *
 * @example
 * debateComment(answer, { brief, side: "bear", round: 2, maxRounds: 2, transcript }).side; // "bear"
 */
export function debateComment(answer: ResearcherAnswer, input: ResearcherInput): DebateComment {
  const { argument, cited_evidence, question, answer: reply, concedes, conviction } = answer;
  return { side: input.side, round: input.round, argument, cited_evidence, question, answer: reply, concedes, conviction };
}

/**
 * The FinalReport posted: the answer with the debate's rounds and stop reason.
 *
 * @example
 * finalReport(answer, { brief, transcript, rounds: 2, stopReason: "max_rounds" }).debate_rounds; // 2
 */
export function finalReport(answer: ManagerAnswer, input: ManagerInput): FinalReport {
  return { ...answer, debate_rounds: input.rounds, stop_reason: input.stopReason };
}

/**
 * The meaning checks of a researcher's turn: every id it cites or quotes
 * ([id] in its question or answer) is in the brief.
 *
 * @example
 * checkResearcherAnswer({ cited_evidence: ["news.x"], question: null, answer: null, ... }, input); // "unknown evidence ids news.x; ..."
 */
export function checkResearcherAnswer(out: ResearcherAnswer, input: ResearcherInput): string | null {
  return checkCitations(out.cited_evidence, [out.question, out.answer], input.brief);
}

/**
 * The meaning checks of the manager's report: the view agrees with the
 * score (`viewScoreProblem`) and every supporting id is in the brief.
 *
 * @example
 * checkManagerAnswer({ view: "SELL", score: 0.4, ... }, input); // "view SELL contradicts score 0.4: ..."
 */
export function checkManagerAnswer(out: ManagerAnswer, input: ManagerInput): string | null {
  return viewScoreProblem(out.view, out.score) ?? checkCitations(out.supporting_evidence, [], input.brief);
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
 * prompt set; the answer becomes the DebateComment (`debateComment`).
 *
 * @example
 * researcherTaskFrom(() => myFolder).name; // "blackboard.researcher"
 */
export function researcherTaskFrom(prompts: PromptSource): BoardTask<ResearcherInput, ResearcherAnswer, DebateComment> {
  return defineBoardTask<ResearcherInput, ResearcherAnswer, DebateComment>({
    name: "blackboard.researcher",
    // 3: side and round are the code's, no longer copied by the model.
    version: 3,
    schema: ResearcherAnswerSchema as z.ZodType<ResearcherAnswer>,
    schemaFor: (input) => narrowed<ResearcherAnswer>(ResearcherAnswerSchema, { cited_evidence: briefIds(input.brief) }),
    temperature: 0.7,
    render: (input) => renderPrompt(prompts(), "researcher", researcherValues(input)),
    offline: (input) => researcherAnswer(researcherPolicy(input)),
    validate: checkResearcherAnswer,
    complete: debateComment,
  });
}

/**
 * Research manager as an LLM task rendering research-manager.md of a prompt
 * set: debate -> FinalReport (BUY / HOLD / SELL + confidence, `finalReport`).
 *
 * @example
 * researchManagerTaskFrom(() => myFolder).name; // "blackboard.research_manager"
 */
export function researchManagerTaskFrom(prompts: PromptSource): BoardTask<ManagerInput, ManagerAnswer, FinalReport> {
  return defineBoardTask<ManagerInput, ManagerAnswer, FinalReport>({
    name: "blackboard.research_manager",
    // 3: debate_rounds and stop_reason are the code's, no longer copied by the model.
    version: 3,
    schema: ManagerAnswerSchema as z.ZodType<ManagerAnswer>,
    schemaFor: (input) =>
      agreeing<ManagerAnswer>(ManagerAnswerSchema.extend({ supporting_evidence: briefIds(input.brief) }), "view", "score", VIEW_SCORE_RANGES),
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "research-manager", managerValues(input)),
    offline: (input) => managerAnswer(managerPolicy(input)),
    validate: checkManagerAnswer,
    complete: finalReport,
  });
}

/** The answer part of an offline turn. */
function researcherAnswer(comment: DebateComment): ResearcherAnswer {
  const { argument, cited_evidence, question, answer, concedes, conviction } = comment;
  return { argument, cited_evidence, question, answer, concedes, conviction };
}

/** The answer part of an offline report. */
function managerAnswer(report: FinalReport): ManagerAnswer {
  const { view, confidence, thesis, bull_case, bear_case, supporting_evidence, score } = report;
  return { view, confidence, thesis, bull_case, bear_case, supporting_evidence, score };
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
