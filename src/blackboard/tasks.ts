/**
 * The eleven agent tasks of one prompt set, as a thread calls them: the five
 * analysts, the bull / bear researcher and the research manager, the trader,
 * and the risk manager, position and judge. A run uses the set its config
 * names (`prompts`, or the user's `promptDir`), loaded and checked once when
 * the run starts.
 */
import type { Task } from "../llm/index";
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
import { traderTask, traderTaskFrom } from "./alpha";
import { analystTasks, fundamentalsAnalystTask, macroAnalystTask, marketAnalystTask, newsAnalystTask, socialAnalystTask } from "./analysts";
import type { AnalysisReport, DebateComment, FinalReport, RiskAssessment, RiskDebateComment, TradeProposal } from "./messages";
import { resolveBlackboardPrompts, type BlackboardPrompts, type BlackboardPromptSetName } from "./prompt-set";
import { researcherTask, researcherTaskFrom, researchManagerTask, researchManagerTaskFrom } from "./researchers";
import { riskJudgeTask, riskJudgeTaskFrom, riskManagerTask, riskManagerTaskFrom, riskPositionTask, riskPositionTaskFrom } from "./risk";

/** Every agent task of a thread, rendering from one prompt set. */
export interface BlackboardTasks {
  /** The built-in set's name, or the user's folder. */
  prompts: string;
  marketAnalyst: Task<MarketAnalystInput, AnalysisReport>;
  newsAnalyst: Task<TextAnalystInput, AnalysisReport>;
  socialAnalyst: Task<TextAnalystInput, AnalysisReport>;
  fundamentalsAnalyst: Task<FundamentalsAnalystInput, AnalysisReport>;
  macroAnalyst: Task<MacroAnalystInput, AnalysisReport>;
  researcher: Task<ResearcherInput, DebateComment>;
  researchManager: Task<ManagerInput, FinalReport>;
  trader: Task<TraderInput, TradeProposal>;
  riskManager: Task<RiskManagerInput, RiskDebateComment>;
  riskPosition: Task<RiskPositionInput, RiskPositionOutput>;
  riskJudge: Task<RiskJudgeInput, RiskAssessment>;
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
