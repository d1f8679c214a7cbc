/**
 * The eleven agent tasks of one prompt set, as a thread calls them: the five
 * analysts, the bull / bear researcher and the research manager, the trader,
 * and the risk manager, position and judge. A run uses the set its config
 * names (`prompts`, or the user's `promptDir`), loaded and checked once when
 * the run starts.
 */
import type {
  FundamentalsAnalystInput,
  MacroAnalystInput,
  ManagerInput,
  MarketAnalystInput,
  ResearcherInput,
  RiskJudgeInput,
  RiskManagerInput,
  RiskPositionInput,
  RiskPositionOutput,
  TextAnalystInput,
  TraderInput,
} from "./agent-inputs";
import { traderTask, traderTaskFrom, type TraderAnswer } from "./alpha";
import { analystTasks, fundamentalsAnalystTask, macroAnalystTask, marketAnalystTask, newsAnalystTask, socialAnalystTask, type AnalystAnswer } from "./analysts";
import type { BoardTask } from "./board-task";
import type { AnalysisReport, DebateComment, FinalReport, RiskAssessment, RiskDebateComment, TradeProposal } from "./messages";
import { resolveBlackboardPrompts, type BlackboardPrompts, type BlackboardPromptSetName } from "./prompt-set";
import { researcherTask, researcherTaskFrom, researchManagerTask, researchManagerTaskFrom, type ManagerAnswer, type ResearcherAnswer } from "./researchers";
import {
  riskJudgeTask,
  riskJudgeTaskFrom,
  riskManagerTask,
  riskManagerTaskFrom,
  riskPositionTask,
  riskPositionTaskFrom,
  type RiskJudgeAnswer,
  type RiskManagerAnswer,
  type RiskPositionAnswer,
} from "./risk";

/** Every agent task of a thread, rendering from one prompt set: each asks a model for its judgement and completes it into the board content. */
export interface BlackboardTasks {
  /** The built-in set's name, or the user's folder. */
  prompts: string;
  marketAnalyst: BoardTask<MarketAnalystInput, AnalystAnswer, AnalysisReport>;
  newsAnalyst: BoardTask<TextAnalystInput, AnalystAnswer, AnalysisReport>;
  socialAnalyst: BoardTask<TextAnalystInput, AnalystAnswer, AnalysisReport>;
  fundamentalsAnalyst: BoardTask<FundamentalsAnalystInput, AnalystAnswer, AnalysisReport>;
  macroAnalyst: BoardTask<MacroAnalystInput, AnalystAnswer, AnalysisReport>;
  researcher: BoardTask<ResearcherInput, ResearcherAnswer, DebateComment>;
  researchManager: BoardTask<ManagerInput, ManagerAnswer, FinalReport>;
  trader: BoardTask<TraderInput, TraderAnswer, TradeProposal>;
  riskManager: BoardTask<RiskManagerInput, RiskManagerAnswer, RiskDebateComment>;
  riskPosition: BoardTask<RiskPositionInput, RiskPositionAnswer, RiskPositionOutput>;
  riskJudge: BoardTask<RiskJudgeInput, RiskJudgeAnswer, RiskAssessment>;
}

/**
 * The tasks of the built-in "paper" set: the module-level tasks of the agent
 * files (`marketAnalystTask`, ..., `riskJudgeTask`).
 */
export const BUILTIN_TASKS: BlackboardTasks = {
  prompts: "paper",
  marketAnalyst: marketAnalystTask,
  newsAnalyst: newsAnalystTask,
  socialAnalyst: socialAnalystTask,
  fundamentalsAnalyst: fundamentalsAnalystTask,
  macroAnalyst: macroAnalystTask,
  researcher: researcherTask,
  researchManager: researchManagerTask,
  trader: traderTask,
  riskManager: riskManagerTask,
  riskPosition: riskPositionTask,
  riskJudge: riskJudgeTask,
};

/**
 * The names of the eleven agent tasks (what the manifest counts gaps by), in thread order.
 *
 * @example
 * BLACKBOARD_TASK_NAMES[0]; // "blackboard.analyst.market"
 */
export const BLACKBOARD_TASK_NAMES: readonly string[] = Object.values(BUILTIN_TASKS)
  .filter((t): t is BlackboardTasks["trader"] => typeof t === "object")
  .map((t) => t.name);

/**
 * The tasks of a loaded prompt folder (every file was checked on load).
 *
 * @example
 * blackboardTasks(resolveBlackboardPrompts({ prompts: "paper", promptDir: "my-prompts" })).prompts; // "/abs/my-prompts"
 */
export function blackboardTasks(folder: BlackboardPrompts): BlackboardTasks {
  const prompts = () => folder;
  const analysts = analystTasks(prompts);
  return {
    prompts: folder.label,
    marketAnalyst: analysts.market,
    newsAnalyst: analysts.news,
    socialAnalyst: analysts.social,
    fundamentalsAnalyst: analysts.fundamentals,
    macroAnalyst: analysts.macro,
    researcher: researcherTaskFrom(prompts),
    researchManager: researchManagerTaskFrom(prompts),
    trader: traderTaskFrom(prompts),
    riskManager: riskManagerTaskFrom(prompts),
    riskPosition: riskPositionTaskFrom(prompts),
    riskJudge: riskJudgeTaskFrom(prompts),
  };
}

/**
 * The tasks a run uses: the user's `promptDir` when set (loaded and checked
 * now, so a bad file fails before any agent runs, naming the file and line),
 * else the built-in set named by `prompts`.
 *
 * @example
 * promptTasks({ prompts: "paper", promptDir: "" }) === BUILTIN_TASKS; // true
 */
export function promptTasks(options: { prompts: BlackboardPromptSetName; promptDir: string }): BlackboardTasks {
  const folder = resolveBlackboardPrompts(options);
  return options.promptDir.trim() === "" && options.prompts === "paper" ? BUILTIN_TASKS : blackboardTasks(folder);
}
