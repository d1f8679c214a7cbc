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
 * offline/risk.ts answers instead. A model's answer is checked: stance and
 * round, cited evidence ids, and the judge's numbers and votes
 * (`checkAssessment`).
 */
import { z } from "zod";
import { defineTask, renderPrompt, type Task, type TemplateValues } from "../llm/index";
import type { RiskBrief, RiskJudgeInput, RiskManagerInput, RiskPositionInput, RiskPositionOutput } from "./agent-inputs";
import {
  RiskAssessmentSchema,
  RiskDebateCommentSchema,
  RiskPositionSchema,
  RiskRecommendationSchema,
  type RiskAssessment,
  type RiskDebateComment,
  type RiskStance,
} from "./messages";
import { riskJudgePolicy, riskManagerPolicy, riskPositionPolicy } from "./offline/risk";
import { builtinPrompts, type PromptSource } from "./prompt-set";

function checkIds(ids: readonly string[], brief: RiskBrief): string | null {
  const known = new Set(brief.evidence.map((e) => e.id));
  const bad = ids.filter((id) => !known.has(id));
  return bad.length ? `unknown evidence ids ${bad.join(", ")}` : null;
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
 * prompt set (the persona follows the stance); `validate` checks stance,
 * round and the cited ids.
 *
 * @example
 * riskManagerTaskFrom(() => myFolder).name; // "blackboard.risk_manager"
 */
export function riskManagerTaskFrom(prompts: PromptSource): Task<RiskManagerInput, RiskDebateComment> {
  return defineTask<RiskManagerInput, RiskDebateComment>({
    name: "blackboard.risk_manager",
    version: 2,
    schema: RiskDebateCommentSchema as z.ZodType<RiskDebateComment>,
    temperature: 0.7,
    render: (input) => renderPrompt(prompts(), "risk-manager", riskManagerValues(input)),
    offline: (input) => riskManagerPolicy(input),
    validate: (out, input) => {
      if (out.stance !== input.stance) return `stance must be "${input.stance}"`;
      if (out.round !== input.round) return `round must be ${input.round}`;
      return checkIds(out.cited_evidence, input.brief);
    },
  });
}

/**
 * A risk manager's final RiskPosition + RiskRecommendation as an LLM task
 * rendering risk-position.md of a prompt set.
 *
 * @example
 * riskPositionTaskFrom(() => myFolder).name; // "blackboard.risk_position"
 */
export function riskPositionTaskFrom(prompts: PromptSource): Task<RiskPositionInput, RiskPositionOutput> {
  return defineTask<RiskPositionInput, RiskPositionOutput>({
    name: "blackboard.risk_position",
    version: 2,
    schema: z.object({ position: RiskPositionSchema, recommendation: RiskRecommendationSchema }) as z.ZodType<RiskPositionOutput>,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "risk-position", riskPositionValues(input)),
    offline: (input) => riskPositionPolicy(input),
    validate: (out, input) =>
      out.position.stance !== input.stance || out.recommendation.stance !== input.stance
        ? `stance must be "${input.stance}" in position and recommendation`
        : null,
  });
}

/**
 * The risk judge as an LLM task rendering risk-judge.md of a prompt set:
 * debate + positions -> RiskAssessment for Black-Litterman.
 *
 * @example
 * riskJudgeTaskFrom(() => myFolder).name; // "blackboard.risk_judge"
 */
export function riskJudgeTaskFrom(prompts: PromptSource): Task<RiskJudgeInput, RiskAssessment> {
  return defineTask<RiskJudgeInput, RiskAssessment>({
    name: "blackboard.risk_judge",
    version: 2,
    schema: RiskAssessmentSchema as z.ZodType<RiskAssessment>,
    temperature: 0.2,
    render: (input) => renderPrompt(prompts(), "risk-judge", riskJudgeValues(input)),
    offline: (input) => riskJudgePolicy(input),
    validate: (out, input) => checkAssessment(out, input),
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

/**
 * The judge's numbers and votes are checkable: volatility and drawdown must be
 * the brief's vol_20d and drawdown_252d (0 when unknown, `citationMatches`
 * tolerance), and `votes` must record exactly each manager's final action.
 *
 * @example
 * checkAssessment(riskJudgePolicy(input), input); // null
 */
export function checkAssessment(out: RiskAssessment, input: RiskJudgeInput): string | null {
  const vol = input.brief.metrics.vol_20d ?? 0;
  const dd = input.brief.metrics.drawdown_252d ?? 0;
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.max(1, Math.abs(b));
  if (!near(out.volatility, vol)) return `volatility must be metrics.vol_20d = ${vol}, got ${out.volatility}`;
  if (!near(out.drawdown, Math.min(0, dd))) return `drawdown must be metrics.drawdown_252d = ${Math.min(0, dd)}, got ${out.drawdown}`;
  for (const p of input.positions) {
    if (out.votes[p.stance] !== p.action) return `votes.${p.stance} must be ${p.action} (that manager's position), got ${out.votes[p.stance] ?? "nothing"}`;
  }
  const extra = Object.keys(out.votes).filter((k) => !input.positions.some((p) => p.stance === k));
  return extra.length ? `votes has no manager named ${extra.join(", ")}` : null;
}
