/**
 * Prompt sets of Sentimental Agents: which template files a set holds, the
 * placeholders each file may use, and loading a set from the repository
 * (`src/sentimental/prompts/<set>/`) or from a user's copy (`promptDir`).
 *
 * Built-in sets: "authors" follows the protocol of the authors' public code
 * (REFERENCE-NOTES "Protocol details": emotional framing, the whole
 * conversation with speaker names, an emotional argument splitter, a
 * three-part Mental Model with word budgets); "neutral" is the project's
 * earlier wording (one JSON Mental Model, the peers' latest statements,
 * a splitter that keeps the speaker's tone).
 */
import path from "node:path";
import { projectRoot } from "../data/index";
import {
  loadPromptFolder,
  promptTemplate,
  resolvePromptFolder,
  TemplateError,
  type CompiledTemplate,
  type PlaceholderSpec,
  type PromptCatalog,
  type PromptFolder,
} from "../llm/index";

export type PromptSetName = "authors" | "neutral";
export const PROMPT_SET_NAMES: readonly PromptSetName[] = ["authors", "neutral"];

const ADVISOR_AND_JOB: PlaceholderSpec = {
  advisorTitle: { kind: "text", doc: "the advisor's job title, e.g. Chief Financial Officer", required: true },
  organization: { kind: "text", doc: "the hiring organisation" },
  jobTitle: { kind: "text", doc: "the role being filled" },
  jobDescription: { kind: "text", doc: "the job description text" },
};

const MMS_PART: PlaceholderSpec = {
  ...ADVISOR_AND_JOB,
  wordLimit: { kind: "text", doc: "the word budget of this part (config key mentalModelWords)", required: true },
};

/** Every prompt file a set may hold and the placeholders it may use. */
export const PROMPT_FILES = {
  "mental-model": ADVISOR_AND_JOB,
  "mms-description": MMS_PART,
  "mms-priorities": MMS_PART,
  "mms-criteria": MMS_PART,
  statement: {
    ...ADVISOR_AND_JOB,
    jobDescription: { kind: "text", doc: "the job description text", required: true },
    advisorShort: { kind: "text", doc: "the advisor's short label, e.g. CFO" },
    candidateName: { kind: "text", doc: "the candidate's display name", required: true },
    resume: { kind: "text", doc: "the candidate's resume, one passage a line", required: true },
    round: { kind: "text", doc: "this round (1-based)" },
    maxRounds: { kind: "text", doc: "the most rounds the conversation may have" },
    mmsDescription: { kind: "text", doc: "the advisor's Mental Model of Self: description" },
    mmsPriorities: { kind: "text", doc: "the Mental Model's priorities, joined with '; '" },
    mmsCriteria: { kind: "text", doc: "the Mental Model's evaluation criteria, joined with '; '" },
    conversation: {
      kind: "list",
      doc: "what the advisor is shown of the discussion: every earlier statement in speaking order (context=transcript) or each peer's latest statement (context=latest); none under opinionFormation=independent except its own (transcript)",
      fields: { speaker: "the speaker's job title", speakerShort: "the speaker's short label", round: "the round it was said in", text: "the statement" },
      required: true,
    },
    fullContext: { kind: "flag", doc: "true when `conversation` is the whole conversation so far (context=transcript)" },
    previous: {
      kind: "text",
      doc: "the advisor's own previous statement when `conversation` does not already hold it (context=latest); empty otherwise",
      required: true,
    },
    opinionLog: {
      kind: "list",
      doc: "the advisor's own opinion series for this candidate (opinionMemory=log; empty under none)",
      fields: {
        round: "the round",
        sentiment: "the statement's sentiment S_O, 2 decimals with sign",
        opinion: "the opinion after it (eq. 4), 2 decimals with sign",
      },
      required: true,
    },
  },
  argumentation: { statement: { kind: "text", doc: "the statement to split into arguments", required: true } },
  sentiment: {
    arguments: { kind: "list", doc: "the arguments to score, in order", fields: { number: "1-based position", text: "the argument" }, required: true },
  },
} satisfies Record<string, PlaceholderSpec>;

export type PromptFile = keyof typeof PROMPT_FILES;

/** A loaded, checked prompt set. */
export interface PromptSet extends PromptFolder<PromptFile> {
  /** One JSON Mental Model call (mental-model.md) or three short ones (mms-*.md). */
  mentalModel: "single" | "three-part";
}

const ALWAYS: readonly PromptFile[] = ["statement", "argumentation", "sentiment"];
const THREE_PART: readonly PromptFile[] = ["mms-description", "mms-priorities", "mms-criteria"];

/**
 * Folder of a built-in prompt set in the repository.
 *
 * @example
 * builtinPromptDir("authors"); // "<repo>/src/sentimental/prompts/authors"
 */
export function builtinPromptDir(name: PromptSetName): string {
  return path.join(projectRoot(), "src", "sentimental", "prompts", name);
}

/**
 * What a Sentimental prompt folder holds: statement.md, argumentation.md and
 * sentiment.md, and either mental-model.md or the three mms-*.md files.
 */
export const SENTIMENTAL_PROMPTS: PromptCatalog<PromptFile> = {
  experiment: "sentimental",
  files: PROMPT_FILES,
  builtinDir: (set) => builtinPromptDir(set as PromptSetName),
  defaultSet: "authors",
  needed(present, dir) {
    const single = present.has("mental-model");
    if (single && THREE_PART.some((p) => present.has(p)))
      throw new TemplateError("holds both mental-model.md and mms-*.md: keep one way of building the Mental Model of Self", dir);
    return [...ALWAYS, ...(single ? (["mental-model"] as PromptFile[]) : THREE_PART)];
  },
};

/**
 * Loads and checks every template of a prompt folder (SENTIMENTAL_PROMPTS
 * says which files it must hold); any other .md file (but a README.md) is
 * an error, so a misspelt name cannot be silently ignored.
 *
 * @example
 * loadPromptDir(builtinPromptDir("neutral"), "neutral").mentalModel; // "single"
 */
export function loadPromptDir(dir: string, label: string = dir): PromptSet {
  const folder = loadPromptFolder(SENTIMENTAL_PROMPTS, dir, label);
  return { ...folder, mentalModel: folder.templates["mental-model"] ? "single" : "three-part" };
}

const builtins = new Map<string, PromptFolder<PromptFile>>();
const sets = new WeakMap<PromptFolder<PromptFile>, PromptSet>();

/**
 * The prompt set a run uses: the user's folder when `promptDir` is set, else
 * the built-in set named by `prompts` (loaded once per process).
 *
 * @example
 * resolvePromptSet({ prompts: "authors", promptDir: "" }).label; // "authors"
 */
export function resolvePromptSet(options: { prompts: PromptSetName; promptDir: string }): PromptSet {
  const folder = resolvePromptFolder(SENTIMENTAL_PROMPTS, { set: options.prompts, promptDir: options.promptDir }, builtins);
  // One set object per loaded folder: templates are looked up on every render.
  let set = sets.get(folder);
  if (!set) {
    set = { ...folder, mentalModel: folder.templates["mental-model"] ? "single" : "three-part" };
    sets.set(folder, set);
  }
  return set;
}

/**
 * One template of a set; a set that lacks it is a programming error (loadPromptDir checked).
 *
 * @example
 * templateOf(resolvePromptSet({ prompts: "neutral", promptDir: "" }), "statement").file; // ".../neutral/statement.md"
 */
export function templateOf(set: PromptSet, name: PromptFile): CompiledTemplate {
  return promptTemplate(set, name);
}
