/**
 * Sentimental Agents (Ondula et al., KiL'24): public API of the experiment.
 */
export { sentimentalExperiment, runSentimental } from "./experiment";
export { sentimentalSweepCell } from "./sweep";
export { sentimentalConfigSchema, defaultSentimentalConfig, DEFAULT_ADVISORS, type SentimentalConfig } from "./config";
export { validateBrief, hiringBrief, BriefError, type Brief } from "./brief";
export { updateOpinion, opinionPath, shouldStop, type StopRule } from "./opinion";
export { runConversation, scoreArguments, statementSentiment, type Agent, type ConversationSettings, type ConversationResult } from "./conversation";
export {
  bordaCount,
  rankDescending,
  valence,
  tierOfValence,
  collectiveTier,
  volatility,
  conviction,
  gutFeeling,
  type BordaVariant,
  type ConvictionVariant,
  type TierRule,
} from "./decision";
export { nuance, platitudinalBetweenAgents, platitudinalBetweenRuns, drift, defensibility, supportScores, mentalModelText } from "./evaluation";
export { biasObservations, analyzeBias, biasLabel, type BiasTurn, type BiasAnalysis } from "./bias";
export { mentalModelTask, statementTask, argumentationTask, sentimentTask, type StatementInput } from "./tasks";
export { loadScenario, deliberate, advisorSpecs, selectResumes, toCandidate, replicateSeed, type Scenario, type Deliberation } from "./pipeline";
export { decide, evaluate, biasOf } from "./analysis";
export type { AdvisorSpec, MentalModel, JobInfo, CandidateInfo, PeerStatement, Turn } from "./types";
