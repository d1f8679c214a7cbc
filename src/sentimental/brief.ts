/**
 * The Brief module of Sentimental Agents (§5.1): the configuration interface
 * that states what the agents deliberate about. It has an input type (one or
 * several items), an output type, a task type and a context (task object and
 * subject), with an optional knowledge base. The paper's rules: single-item
 * inputs allow the tasks Evaluate, Score and Classify; multi-item inputs allow
 * the broader tasks (Rank, Select, Shortlist, Tier, Compare) as well as the
 * per-item ones; Rank (and the other list-making tasks) must output a list.
 */

export type ItemArity = "single" | "multiple";

export const SINGLE_ITEM_TASKS = ["evaluate", "score", "classify"] as const;
export const MULTI_ITEM_TASKS = ["rank", "select", "shortlist", "tier", "compare"] as const;
export type TaskType = (typeof SINGLE_ITEM_TASKS)[number] | (typeof MULTI_ITEM_TASKS)[number];

export interface BriefContext {
  /** What is being judged, e.g. "candidate resumes". */
  taskObject: string;
  /** Against what, e.g. "Head of Technology at a recycling-plant scale-up in Kenya". */
  subject: string;
}

export interface Brief {
  inputType: ItemArity;
  /** "single": one judgement (a score, label, text or one chosen item); "multiple": a list. */
  outputType: ItemArity;
  taskType: TaskType;
  context: BriefContext;
  /** Optional knowledge base: documents the agents may draw on (e.g. the job description). */
  knowledgeBase?: string[];
}

/**
 * A brief that breaks the §5.1 rules; `field` names the offending key
 * (e.g. "taskType", "context.subject") and the message starts with it.
 *
 * @example
 * new BriefError('expected "single" or "multiple"', "inputType").message; // 'brief.inputType: expected "single" or "multiple"'
 */
export class BriefError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(`brief.${field}: ${message}`);
    this.name = "BriefError";
  }
}

/** Output type each task produces for a multi-item input. */
const MULTI_OUTPUT: Record<TaskType, ItemArity> = {
  evaluate: "multiple",
  score: "multiple",
  classify: "multiple",
  rank: "multiple",
  select: "single",
  shortlist: "multiple",
  tier: "multiple",
  compare: "multiple",
};

/**
 * Checks a brief against the paper's rules and returns it (typed), or throws
 * a BriefError naming the field and the allowed values.
 * - single input: task in {evaluate, score, classify}, output "single";
 * - multiple input: any task; rank/shortlist/tier/compare and the per-item
 *   tasks output a list ("multiple"), select outputs one item ("single");
 * - context.taskObject and context.subject are non-empty strings;
 * - knowledgeBase, when given, is a list of non-empty strings.
 *
 * @example
 * validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "rank",
 *   context: { taskObject: "candidate resumes", subject: "Head of Technology" } }); // ok
 * validateBrief({ inputType: "single", outputType: "multiple", taskType: "rank", context }); // throws BriefError
 */
export function validateBrief(value: unknown): Brief {
  if (value === null || typeof value !== "object") throw new BriefError("expected an object", "(root)");
  const b = value as Record<string, unknown>;
  const inputType = b["inputType"];
  if (inputType !== "single" && inputType !== "multiple") {
    throw new BriefError(`expected "single" or "multiple", got ${JSON.stringify(inputType)}`, "inputType");
  }
  const outputType = b["outputType"];
  if (outputType !== "single" && outputType !== "multiple") {
    throw new BriefError(`expected "single" or "multiple", got ${JSON.stringify(outputType)}`, "outputType");
  }
  const taskType = b["taskType"];
  const allTasks: readonly string[] = [...SINGLE_ITEM_TASKS, ...MULTI_ITEM_TASKS];
  if (typeof taskType !== "string" || !allTasks.includes(taskType)) {
    throw new BriefError(`expected one of ${allTasks.join(", ")}, got ${JSON.stringify(taskType)}`, "taskType");
  }
  const task = taskType as TaskType;
  if (inputType === "single") {
    if (!(SINGLE_ITEM_TASKS as readonly string[]).includes(task)) {
      throw new BriefError(`task "${task}" needs several items; a single-item input allows only ${SINGLE_ITEM_TASKS.join(", ")}`, "taskType");
    }
    if (outputType !== "single") {
      throw new BriefError(`a single-item "${task}" produces one judgement: outputType must be "single"`, "outputType");
    }
  } else if (outputType !== MULTI_OUTPUT[task]) {
    throw new BriefError(
      `task "${task}" over several items produces ${MULTI_OUTPUT[task] === "multiple" ? "a list" : "one item"}: outputType must be "${MULTI_OUTPUT[task]}"`,
      "outputType",
    );
  }
  const context = b["context"];
  if (context === null || typeof context !== "object") throw new BriefError("expected an object {taskObject, subject}", "context");
  const ctx = context as Record<string, unknown>;
  for (const key of ["taskObject", "subject"] as const) {
    const v = ctx[key];
    if (typeof v !== "string" || v.trim() === "") throw new BriefError("expected a non-empty string", `context.${key}`);
  }
  const out: Brief = {
    inputType,
    outputType,
    taskType: task,
    context: { taskObject: ctx["taskObject"] as string, subject: ctx["subject"] as string },
  };
  const kb = b["knowledgeBase"];
  if (kb !== undefined) {
    if (!Array.isArray(kb)) throw new BriefError("expected a list of strings", "knowledgeBase");
    kb.forEach((doc, i) => {
      if (typeof doc !== "string" || doc.trim() === "") throw new BriefError("expected a non-empty string", `knowledgeBase[${i}]`);
    });
    out.knowledgeBase = kb as string[];
  }
  return out;
}

/**
 * The hiring brief of the paper's experiment (§4): rank several candidate
 * resumes for a role, with the job description as knowledge base.
 *
 * @example
 * hiringBrief("Head of Technology", "EcoCycle Kenya", jobText).taskType; // "rank"
 */
export function hiringBrief(jobTitle: string, organization: string, jobDescription: string): Brief {
  return validateBrief({
    inputType: "multiple",
    outputType: "multiple",
    taskType: "rank",
    context: { taskObject: "candidate resumes", subject: `${jobTitle} at ${organization}` },
    knowledgeBase: [jobDescription],
  });
}
