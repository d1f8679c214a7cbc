/**
 * What `consilium run blackboard --dry-run` must assume: the investment and
 * risk debates end early on a concession, on consensus or when a round brings
 * no new evidence (src/blackboard/debate.ts), which depends on the answers and
 * cannot be switched off by a config. The bound scales the observed debates
 * to their full length: per research-manager call (one per investment debate)
 * 2 x debateRounds researcher calls, per risk-judge call (one per risk debate)
 * 3 x debateRounds risk-manager calls. Each extra call is costed at the
 * longest observed prompt of its task plus one more round of turns, and the
 * manager's and judge's prompts grow by the extra turns they would read.
 */
import type { DryRunPlan } from "../core/index";
import type { DryRunTaskStats } from "../llm/index";
import type { BlackboardConfig } from "./config";

interface DebateShape {
  speaker: string;
  /** The task called once per debate, after it (reads the transcript). */
  closer: string;
  sides: number;
}

const DEBATES: readonly DebateShape[] = [
  { speaker: "blackboard.researcher", closer: "blackboard.research_manager", sides: 2 },
  { speaker: "blackboard.risk_manager", closer: "blackboard.risk_judge", sides: 3 },
];

function scaleDebate(byTask: Map<string, DryRunTaskStats>, shape: DebateShape, rounds: number): string | null {
  const speaker = byTask.get(shape.speaker);
  const closer = byTask.get(shape.closer);
  if (!speaker || !closer) return null;
  const full = closer.calls * shape.sides * rounds;
  const extra = full - speaker.calls;
  if (extra <= 0) return `${shape.speaker}: all ${closer.calls} debates already ran ${rounds} rounds`;
  const turnTokens = speaker.outputTokens / speaker.calls;
  const perCallWorst = speaker.worstOutputTokens / speaker.calls;
  byTask.set(shape.speaker, {
    ...speaker,
    calls: full,
    promptTokens: speaker.promptTokens + Math.ceil(extra * (speaker.maxPromptTokens + shape.sides * turnTokens)),
    outputTokens: Math.ceil(speaker.outputTokens + extra * turnTokens),
    worstOutputTokens: Math.ceil(speaker.worstOutputTokens + extra * perCallWorst),
  });
  byTask.set(shape.closer, { ...closer, promptTokens: Math.ceil(closer.promptTokens + extra * turnTokens) });
  return `${shape.speaker}: ${closer.calls} debates x ${shape.sides} speakers x ${rounds} rounds = ${full} calls (observed ${speaker.calls}; debates may end early on the answers)`;
}

/**
 * The Blackboard run's dry-run bound.
 *
 * @example
 * blackboardDryRun.bound!(config, observed).stats; // researcher / risk-manager counts at full debate length
 */
export const blackboardDryRun: DryRunPlan<BlackboardConfig> = {
  bound(config, observed) {
    const byTask = new Map(observed.map((s) => [s.task, { ...s }]));
    const assumptions = DEBATES.map((d) => scaleDebate(byTask, d, config.debateRounds)).filter((a): a is string => a !== null);
    assumptions.push("each extra debate call is costed at its task's longest observed prompt plus one more round of turns");
    return { stats: [...byTask.values()].sort((a, b) => (a.task < b.task ? -1 : a.task > b.task ? 1 : 0)), assumptions };
  },
};
