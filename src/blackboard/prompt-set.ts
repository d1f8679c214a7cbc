/**
 * Prompt sets of the Blackboard paper: which template files a set holds (one
 * per agent task), the placeholders each file may use, and loading a set
 * from the repository (`src/blackboard/prompts/<set>/`) or from a user's
 * copy (config key `promptDir`). The offline agents (offline/) read none.
 *
 * Built-in set: "paper", the paper's protocol (§3.2: the roles, the typed
 * messages and their fields) in the project's words. The structured parts
 * of a prompt (the point-in-time data, the briefs, the transcripts) are
 * built in the agent files and reach a template as one line of JSON
 * (`inputJson`); the JSON shape of the answer is appended by the model layer.
 */
import path from "node:path";
import { projectRoot } from "../data/index";
import { resolvePromptFolder, type PlaceholderSpec, type PromptCatalog, type PromptFolder } from "../llm/index";

export type BlackboardPromptSetName = "paper";
export const BLACKBOARD_PROMPT_SET_NAMES: readonly BlackboardPromptSetName[] = ["paper"];

/** The decision date and ticker: every file may name them. */
const THREAD: PlaceholderSpec = {
  ticker: { kind: "text", doc: "the ticker of the thread" },
  date: { kind: "text", doc: "the decision date (YYYY-MM-DD); the data is point-in-time as of its close" },
};

/** The JSON the task is given: required, or the model has nothing to reason on. */
function inputJson(shape: string): PlaceholderSpec {
  return { inputJson: { kind: "text", doc: `the task's input as one line of JSON: ${shape}`, required: true } };
}

const ANALYST: PlaceholderSpec = {
  ...THREAD,
  windowFrom: { kind: "text", doc: "first day of the analyst's data window (the desk adds window {from, to} to the report)" },
  ...inputJson("{ticker, date, window {from, to}, data}, data being the analyst's point-in-time data (null or [] when there is none)"),
};

/** The macro analyst also reads what every ticker shares that day, for the system message. */
const MACRO_ANALYST: PlaceholderSpec = {
  ...ANALYST,
  ...inputJson(
    "{ticker, date, window {from, to}, data}, data = {sector: {name, etf, indicators}} (the sector the universe lists; indicators null when its ETF has no prices; sector null without one)",
  ),
  sharedJson: {
    kind: "text",
    doc: "what every ticker shares that day, as one line of JSON: {benchmark: {ticker, indicators}} (benchmark null without prices)",
    required: true,
  },
};

const STANCE_FLAGS: PlaceholderSpec = {
  aggressive: { kind: "flag", doc: "true for the aggressive risk manager" },
  conservative: { kind: "flag", doc: "true for the conservative risk manager" },
  neutral: { kind: "flag", doc: "true for the neutral risk manager" },
};

/** The speaker's stance by name and as flags (the files open with the persona under its flag). */
function stance(): PlaceholderSpec {
  return {
    stance: { kind: "text", doc: 'the speaker\'s stance, "aggressive" | "conservative" | "neutral" (the desk adds it to the message)' },
    ...STANCE_FLAGS,
  };
}

/** Every prompt file a Blackboard set holds (one per task) and the placeholders it may use. */
export const BLACKBOARD_PROMPT_FILES = {
  "analyst-market": ANALYST,
  "analyst-news": ANALYST,
  "analyst-social": ANALYST,
  "analyst-fundamentals": ANALYST,
  "analyst-macro": MACRO_ANALYST,
  researcher: {
    ...THREAD,
    side: { kind: "text", doc: 'the speaker\'s side, "bull" | "bear" (the desk adds it to the DebateComment)' },
    bull: { kind: "flag", doc: "true for the bull researcher" },
    bear: { kind: "flag", doc: "true for the bear researcher" },
    round: { kind: "text", doc: "this round (1-based; the desk adds it to the comment)" },
    maxRounds: { kind: "text", doc: "the most rounds the debate may have (config key debateRounds)" },
    ...inputJson("{brief, round, max_rounds, transcript}: the analysts' reports and evidence, the desk's history of the ticker, and the debate so far"),
  },
  "research-manager": {
    ...THREAD,
    noDebate: { kind: "flag", doc: "true when no debate was held (ablate=debate): the manager weighs the analysts' evidence itself" },
    rounds: { kind: "text", doc: "the rounds the debate took (0 without a debate; the desk adds it to the FinalReport)" },
    stopReason: { kind: "text", doc: "why the debate stopped: max_rounds | consensus | no_new_evidence | no_debate (the desk adds it to the FinalReport)" },
    ...inputJson("{brief, transcript, rounds, stop_reason}"),
  },
  trader: { ...THREAD, ...inputJson("{ticker, report, facts}: the research manager's view and the indicator facts a chain step names") },
  "risk-manager": {
    ...THREAD,
    ...stance(),
    round: { kind: "text", doc: "this round (1-based; the desk adds it to the comment)" },
    maxRounds: { kind: "text", doc: "the most rounds the risk debate may have" },
    ...inputJson("{brief, round, max_rounds, transcript}: the risk brief (view, proposal, metrics, risk evidence, alerts, history) and the debate so far"),
  },
  "risk-position": { ...THREAD, ...stance(), ...inputJson("{brief, transcript}") },
  "risk-judge": { ...THREAD, ...inputJson("{brief, transcript, positions}: the risk brief, the debate and each manager's final action and position scale") },
} satisfies Record<string, PlaceholderSpec>;

export type BlackboardPromptFile = keyof typeof BLACKBOARD_PROMPT_FILES;

/** A loaded, checked Blackboard prompt folder. */
export type BlackboardPrompts = PromptFolder<BlackboardPromptFile>;

/** Where a task finds its prompt folder when it renders (the built-in set is loaded on first use). */
export type PromptSource = () => BlackboardPrompts;

/**
 * Folder of a built-in prompt set in the repository.
 *
 * @example
 * builtinBlackboardPromptDir("paper"); // "<repo>/src/blackboard/prompts/paper"
 */
export function builtinBlackboardPromptDir(name: BlackboardPromptSetName): string {
  return path.join(projectRoot(), "src", "blackboard", "prompts", name);
}

/** What a Blackboard prompt folder holds: every file of BLACKBOARD_PROMPT_FILES. */
export const BLACKBOARD_PROMPTS: PromptCatalog<BlackboardPromptFile> = {
  experiment: "blackboard",
  files: BLACKBOARD_PROMPT_FILES,
  builtinDir: (set) => builtinBlackboardPromptDir(set as BlackboardPromptSetName),
  defaultSet: "paper",
};

const builtins = new Map<string, BlackboardPrompts>();

/**
 * The prompt folder a run uses: the user's `promptDir` when set (checked as
 * a whole when loaded: errors name the file and line), else the built-in set
 * named by `prompts` (loaded once per process).
 *
 * @example
 * resolveBlackboardPrompts({ prompts: "paper", promptDir: "" }).label; // "paper"
 */
export function resolveBlackboardPrompts(options: { prompts: BlackboardPromptSetName; promptDir: string }): BlackboardPrompts {
  return resolvePromptFolder(BLACKBOARD_PROMPTS, { set: options.prompts, promptDir: options.promptDir }, builtins);
}

/**
 * The built-in "paper" set as a PromptSource: what the module-level tasks
 * (e.g. `traderTask`) render with.
 *
 * @example
 * builtinPrompts().label; // "paper"
 */
export const builtinPrompts: PromptSource = () => resolveBlackboardPrompts({ prompts: "paper", promptDir: "" });
