/**
 * The risk team (Blackboard paper §3.2): aggressive, conservative and
 * neutral risk managers debate the trade with the same ask / answer protocol
 * as the researchers, "focused on exposure, drawdown tolerance, and scenario
 * stress testing"; each states a RiskPosition and a RiskRecommendation; the
 * judge consolidates them into the RiskAssessment handed to Black-Litterman.
 *
 * Each step is an LLM task over the risk brief (agent-inputs.ts), sent as
 * prompts/<set>/risk-manager.md, risk-position.md and risk-judge.md with the
 * brief, the transcript and the positions as JSON; offline, the risk team of
 * offline/risk.ts answers instead. A model answers only its judgement: the
 * code adds the stance and round of a turn, the stance of a position, and
 * the judge's volatility and drawdown (the brief's computed metrics) and
 * votes (each manager's posted action). A model's answer is checked: the ids
 * it cites or quotes, and that the judge's final action is one a manager
 * took.
 */
import { z } from "zod";
import { renderPrompt, type TemplateValues } from "../llm/index";
import type { RiskBrief, RiskJudgeInput, RiskManagerInput, RiskPositionInput, RiskPositionOutput } from "./agent-inputs";
import { defineBoardTask, type BoardTask } from "./board-task";
import { offeredProblem, unshownIds } from "./meaning";
import { narrowed, offeredEnum, shownIdArray } from "./shown-schema";
import {
  RiskAssessmentSchema,
  RiskDebateCommentSchema,
  RiskPositionSchema,
  RiskRecommendationSchema,
  type Action,
  type RiskAssessment,
  type RiskDebateComment,
  type RiskStance,
} from "./messages";
import { round6 } from "./numbers";
import { riskJudgePolicy, riskManagerPolicy, riskPositionPolicy } from "./offline/risk";
import { builtinPrompts, type PromptSource } from "./prompt-set";

/** What a risk-manager model writes: the turn without its stance and round (the code's). */
export const RiskManagerAnswerSchema = RiskDebateCommentSchema.omit({ stance: true, round: true });
export type RiskManagerAnswer = z.infer<typeof RiskManagerAnswerSchema>;

/** What a manager's final answer holds: the position and recommendation without the stance (the code's). */
export const RiskPositionAnswerSchema = z.object({
  position: RiskPositionSchema.omit({ stance: true }),
  recommendation: RiskRecommendationSchema.omit({ stance: true }),
});
export type RiskPositionAnswer = z.infer<typeof RiskPositionAnswerSchema>;

/** What the judge model writes: the assessment without volatility, drawdown and votes (the code's). */
export const RiskJudgeAnswerSchema = RiskAssessmentSchema.omit({ volatility: true, drawdown: true, votes: true });
export type RiskJudgeAnswer = z.infer<typeof RiskJudgeAnswerSchema>;

function checkIds(ids: readonly string[], texts: ReadonlyArray<string | null>, brief: RiskBrief): string | null {
  const bad = unshownIds(ids, texts, new Set(brief.evidence.map((e) => e.id)));
  return bad.length ? `unknown evidence ids ${bad.join(", ")}; cite and quote only ids from the brief` : null;
}

/**
 * The RiskDebateComment posted: the answer with the turn's stance and round.
 *
 * @example
 * riskDebateComment(answer, { brief, stance: "neutral", round: 1, maxRounds: 2, transcript: [] }).stance; // "neutral"
 */
export function riskDebateComment(answer: RiskManagerAnswer, input: RiskManagerInput): RiskDebateComment {
  const { argument, cited_evidence, question, answer: reply, recommended_action, position_scale, concedes } = answer;
  return { stance: input.stance, round: input.round, argument, cited_evidence, question, answer: reply, recommended_action, position_scale, concedes };
}

/**
 * The RiskPosition and RiskRecommendation posted: the answer with the manager's stance in both.
 *
 * @example
 * riskPositionOutput(answer, { brief, stance: "conservative", transcript }).recommendation.stance; // "conservative"
 */
export function riskPositionOutput(answer: RiskPositionAnswer, input: RiskPositionInput): RiskPositionOutput {
  return { position: { stance: input.stance, ...answer.position }, recommendation: { stance: input.stance, ...answer.recommendation } };
}

/**
 * The RiskAssessment posted: the judge's answer with the code's numbers —
 * volatility = the brief's vol_20d (0 when unknown), drawdown = its
 * drawdown_252d (at most 0; 0 when unknown), both to 6 decimals — and votes
 * = each manager's posted action, by stance.
 *
 * @example
 * riskAssessment(answer, input).volatility === round6(input.brief.metrics.vol_20d ?? 0); // true
 */
export function riskAssessment(answer: RiskJudgeAnswer, input: RiskJudgeInput): RiskAssessment {
  const { brief } = input;
  const votes: Record<string, Action> = {};
  for (const p of input.positions) votes[p.stance] = p.action;
  return {
    final_action: answer.final_action,
    confidence: answer.confidence,
    risk_level: answer.risk_level,
    volatility: round6(Math.max(0, brief.metrics.vol_20d ?? 0)),
    drawdown: round6(Math.min(0, brief.metrics.drawdown_252d ?? 0)),
    position_scale: answer.position_scale,
    rationale: answer.rationale,
    votes,
  };
}

/**
 * The meaning checks of a risk manager's turn: every id it cites or quotes ([id]) is in the brief.
 *
 * @example
 * checkRiskManagerAnswer({ cited_evidence: ["risk.nope"], ... }, input); // "unknown evidence ids risk.nope; ..."
 */
export function checkRiskManagerAnswer(out: RiskManagerAnswer, input: RiskManagerInput): string | null {
  return checkIds(out.cited_evidence, [out.question, out.answer], input.brief);
}

/**
 * The meaning check of the judge: the final action must be one the managers
 * took (the proposal's action when there are no positions).
 *
 * @example
 * checkJudgeAnswer({ final_action: "SELL", ... }, { positions: [{ action: "BUY" }, { action: "HOLD" }], ... }); // "final_action SELL was not offered: ..."
 */
export function checkJudgeAnswer(out: RiskJudgeAnswer, input: RiskJudgeInput): string | null {
  return offeredProblem("final_action", out.final_action, offeredActions(input));
}

/** The actions the judge may choose: the managers' (the proposal's when there are no positions). */
function offeredActions(input: RiskJudgeInput): Action[] {
  return input.positions.length ? input.positions.map((p) => p.action) : [input.brief.proposal.action];
}

/**
 * The speaker's stance as the prompt files see it: its name and one flag per
 * stance (a file opens with that stance's persona).
 *
 * @example
 * stanceValues("neutral"); // { stance: "neutral", aggressive: false, conservative: false, neutral: true }
 */
export function stanceValues(stance: RiskStance): TemplateValues {
  return { stance, aggressive: stance === "aggressive", conservative: stance === "conservative", neutral: stance === "neutral" };
}

/**
 * The values risk-manager.md may use: the thread, the stance, the round, and
 * the brief with the debate so far as JSON.
 *
 * @example
 * riskManagerValues({ brief, stance: "aggressive", round: 1, maxRounds: 2, transcript: [] }).aggressive; // true
 */
export function riskManagerValues(input: RiskManagerInput): TemplateValues {
  return {
    ticker: input.brief.ticker,
    date: input.brief.date,
    ...stanceValues(input.stance),
    round: input.round,
    maxRounds: input.maxRounds,
    inputJson: JSON.stringify({ brief: input.brief, round: input.round, max_rounds: input.maxRounds, transcript: input.transcript }),
  };
}

/**
 * The values risk-position.md may use: the thread, the stance, and the brief with the transcript as JSON.
 *
 * @example
 * riskPositionValues({ brief, stance: "conservative", transcript }).stance; // "conservative"
 */
export function riskPositionValues(input: RiskPositionInput): TemplateValues {
  return {
    ticker: input.brief.ticker,
    date: input.brief.date,
    ...stanceValues(input.stance),
    inputJson: JSON.stringify({ brief: input.brief, transcript: input.transcript }),
  };
}

/**
 * The values risk-judge.md may use: the thread, and the brief, the debate and the positions as JSON.
 *
 * @example
 * riskJudgeValues({ brief, transcript, positions }).ticker; // "AAPL"
 */
export function riskJudgeValues(input: RiskJudgeInput): TemplateValues {
  return {
    ticker: input.brief.ticker,
    date: input.brief.date,
    inputJson: JSON.stringify({ brief: input.brief, transcript: input.transcript, positions: input.positions }),
  };
}

/**
 * Risk-manager debate turn as an LLM task rendering risk-manager.md of a
 * prompt set (the persona follows the stance); the answer becomes the
 * RiskDebateComment (`riskDebateComment`).
 *
 * @example
 * riskManagerTaskFrom(() => myFolder).name; // "blackboard.risk_manager"
 */
export function riskManagerTaskFrom(prompts: PromptSource): BoardTask<RiskManagerInput, RiskManagerAnswer, RiskDebateComment> {
  return defineBoardTask<RiskManagerInput, RiskManagerAnswer, RiskDebateComment>({
    name: "blackboard.risk_manager",
    // 3: stance and round are the code's; the neutral manager concedes to the others' view, not to its own.
    version: 3,
    schema: RiskManagerAnswerSchema as z.ZodType<RiskManagerAnswer>,
    schemaFor: (input) => narrowed<RiskManagerAnswer>(RiskManagerAnswerSchema, { cited_evidence: shownIdArray(input.brief.evidence.map((e) => e.id)) }),
    temperature: 0.7,
    render: (input) => renderPrompt(prompts(), "risk-manager", riskManagerValues(input)),
    offline: (input) => {
      const { stance: _stance, round: _round, ...answer } = riskManagerPolicy(input);
      return answer;
    },
    validate: checkRiskManagerAnswer,
    complete: riskDebateComment,
  });
}

/**
 * A risk manager's final RiskPosition + RiskRecommendation as an LLM task
 * rendering risk-position.md of a prompt set (`riskPositionOutput` adds the stance).
 *
 * @example
 * riskPositionTaskFrom(() => myFolder).name; // "blackboard.risk_position"
 */
export function riskPositionTaskFrom(prompts: PromptSource): BoardTask<RiskPositionInput, RiskPositionAnswer, RiskPositionOutput> {
  return defineBoardTask<RiskPositionInput, RiskPositionAnswer, RiskPositionOutput>({
    name: "blackboard.risk_position",
    // 3: the stance is the code's, no longer copied by the model.
    version: 3,
    schema: RiskPositionAnswerSchema as z.ZodType<RiskPositionAnswer>,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "risk-position", riskPositionValues(input)),
    offline: (input) => {
      const { position, recommendation } = riskPositionPolicy(input);
      const { stance: _p, ...pos } = position;
      const { stance: _r, ...rec } = recommendation;
      return { position: pos, recommendation: rec };
    },
    complete: riskPositionOutput,
  });
}

/**
 * The risk judge as an LLM task rendering risk-judge.md of a prompt set:
 * debate + positions -> RiskAssessment for Black-Litterman (`riskAssessment`
 * adds the computed volatility and drawdown and the managers' votes).
 *
 * @example
 * riskJudgeTaskFrom(() => myFolder).name; // "blackboard.risk_judge"
 */
export function riskJudgeTaskFrom(prompts: PromptSource): BoardTask<RiskJudgeInput, RiskJudgeAnswer, RiskAssessment> {
  return defineBoardTask<RiskJudgeInput, RiskJudgeAnswer, RiskAssessment>({
    name: "blackboard.risk_judge",
    // 3: volatility, drawdown and votes are the code's, no longer copied by the model.
    version: 3,
    schema: RiskJudgeAnswerSchema as z.ZodType<RiskJudgeAnswer>,
    schemaFor: (input) => narrowed<RiskJudgeAnswer>(RiskJudgeAnswerSchema, { final_action: offeredEnum(offeredActions(input)) }),
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "risk-judge", riskJudgeValues(input)),
    offline: (input) => {
      const { volatility: _v, drawdown: _d, votes: _votes, ...answer } = riskJudgePolicy(input);
      return answer;
    },
    validate: checkJudgeAnswer,
    complete: riskAssessment,
  });
}

/**
 * The risk-team tasks of the built-in "paper" prompt set.
 *
 * @example
 * const { output } = await model.run(riskManagerTask, { brief, stance: "neutral", round: 1, maxRounds: 2, transcript: [] });
 */
export const riskManagerTask = riskManagerTaskFrom(builtinPrompts);
/** @example const { output } = await model.run(riskPositionTask, { brief, stance: "aggressive", transcript }); */
export const riskPositionTask = riskPositionTaskFrom(builtinPrompts);
/** @example const { output } = await model.run(riskJudgeTask, { brief, transcript, positions }); */
export const riskJudgeTask = riskJudgeTaskFrom(builtinPrompts);
