/**
 * Sentimental Agents (Ondula et al., KiL'24): the hiring deliberation, its
 * decision rules, evaluation metrics, bias analysis, tables and figures; and
 * (offline/) the stand-in advisor that runs when no model is configured.
 *
 * @example
 * import { sentimentalExperiment, bordaCount } from "../sentimental/index";
 */
export { sentimentalExperiment, runSentimental, reportDeliberations } from "./experiment";
export { evaluateTranscript, transcriptDeliberations, type TranscriptEvaluation } from "./evaluate-transcript";
export {
  readTranscript,
  readOurTranscript,
  readAuthorsTranscript,
  readAuthorsFile,
  TranscriptError,
  type RecordedTranscript,
  type RecordedConversation,
  type RecordedTurn,
} from "./transcript";
export {
  PROMPT_FILES,
  PROMPT_SET_NAMES,
  builtinPromptDir,
  loadPromptDir,
  resolvePromptSet,
  SENTIMENTAL_PROMPTS,
  type PromptSet,
  type PromptSetName,
  type PromptFile,
} from "./prompt-set";
export { sentimentalSweepCell } from "./sweep";
export { sentimentalConfigSchema, defaultSentimentalConfig, DEFAULT_ADVISORS, type SentimentalConfig } from "./config";
export { validateBrief, hiringBrief, BriefError, type Brief } from "./brief";
export { updateOpinion, opinionPath, shouldStop, type StopRule } from "./opinion";
export {
  runConversation,
  scoreArguments,
  statementSentiment,
  InvalidTurnError,
  type Agent,
  type ConversationSettings,
  type ConversationResult,
  type OnInvalid,
  type OpinionMemory,
  type SentimentMethod,
} from "./conversation";
export {
  bordaCount,
  rankDescending,
  valence,
  tierOfValence,
  collectiveTier,
  volatility,
  conviction,
  decisionScore,
  gutFeeling,
  type BordaVariant,
  type DecisionBasis,
  type ConvictionVariant,
  type TierRule,
} from "./decision";
export { nuance, platitudinalBetweenAgents, platitudinalBetweenRuns, drift, defensibility, supportScores, mentalModelText } from "./evaluation";
export { biasObservations, analyzeBias, biasLabel, testedBiasLabel, type BiasTurn, type BiasAnalysis, type BiasLabel } from "./bias";
export {
  biasNull,
  permutationP,
  permutedPeerSentiments,
  slopeOf,
  logSlopeRatio,
  BIAS_NULL_SCHEMES,
  type BiasFit,
  type BiasNullScheme,
  type FitNull,
} from "./bias-null";
export {
  mentalModelTask,
  statementTask,
  argumentationTask,
  sentimentTask,
  sentimentalTasks,
  defaultTasks,
  generateMentalModel,
  statementValues,
  type StatementInput,
  type SentimentalTasks,
  type ContextMode,
} from "./tasks";
export {
  loadScenario,
  deliberate,
  advisorSpecs,
  selectResumes,
  toCandidate,
  replicateSeed,
  promptTasks,
  textClassifier,
  conversationSettings,
  type Scenario,
  type Deliberation,
} from "./pipeline";
export { decide, evaluate, biasOf, spokenTurns } from "./analysis";
export { shortRoleLabel } from "./roles";
export type { AdvisorSpec, MentalModel, JobInfo, CandidateInfo, PeerStatement, Turn, TranscriptEntry, TurnGap } from "./types";
export { figure4SentimentChange, figure5Platitudinal, figure6Nuance, figure7Bias, figureAdoption } from "./figures";
export {
  analyzeAdoption,
  adoptionOf,
  findAdoptions,
  substantiveWords,
  conversationSimilarity,
  type AdoptionAnalysis,
  type Adoption,
  type ArgumentRecord,
} from "./adoption";
export { sentimentalBiasSlopesFigure, sentimentalOpinionRangeFigure, sentimentalSlopeRatioFigure } from "./sweep-figures";
export type { BiasObservation } from "./bias";

// The offline stand-in advisor (offline/): a seeded baseline used when no model is configured, not the paper's agents.
export {
  planStatement,
  offlineStatement,
  offlineMentalModel,
  assessCandidate,
  priorityPhrase,
  type StatementPolicyInput,
  type StatementPlan,
  type Assessment,
} from "./offline/offline-agent";
export { advisorLens, titleFocus, type AdvisorLens, type WeighedRequirement } from "./offline/role-lens";
export { readJob, stemOf, stemsOf, nounPhrases, yearsAsked, stemWeights, type Requirement, type JobSection, type Topic } from "./offline/job-reading";
export {
  readResume,
  assess,
  clausePolarity,
  statedYears,
  evidenceScore,
  type ResumeReading,
  type Evidence,
  type Verdict,
  type Clause,
} from "./offline/resume-reading";
export { quoteOf } from "./offline/phrasing";
