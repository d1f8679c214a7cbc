/**
 * What the CLI prints when a command fails: what failed, in words, then the
 * error's own detail, and the exit code the README documents (2 for a
 * problem on the command line, in the config or the LLM setup; 1 for a
 * command that failed). Never a JavaScript class name: a reader sees "data
 * folder problem: ...", not "DataError: ...".
 */

/** What failed, per error name (error classes set `name`); "" = the message already says it. */
const WHAT_FAILED: Readonly<Record<string, string>> = {
  DataError: "data folder problem",
  FetchError: "download failed",
  LlmTransportError: "model endpoint unreachable",
  LlmOutputError: "the model's answer was not usable",
  LlmCacheError: "LLM cache unreadable",
  OfflinePolicyError: "offline agent produced an invalid answer (a bug; please report it)",
  InvalidTurnError: "a model turn stayed invalid",
  InvalidAnswerError: "a model answer stayed invalid",
  ReplayMissError: "",
  BudgetStopError: "",
  RunFolderError: "run folder problem",
  TranscriptError: "transcript problem",
  BriefError: "brief problem",
  ChromiumNotFoundError: "figure export needs Chromium",
};

/** Errors of the JavaScript runtime: a bug or an input nobody checked, said as such. */
const RUNTIME_ERRORS = new Set(["RangeError", "TypeError", "ReferenceError", "SyntaxError", "EvalError", "URIError"]);

/**
 * The one line the CLI prints for a failed command (without the `consilium: ` prefix).
 *
 * @example
 * describeFailure(new DataError("data folder not found", { file: "/x" })); // "data folder problem: /x: data folder not found"
 * describeFailure(new RangeError("Invalid time value")); // "internal error: Invalid time value (CONSILIUM_DEBUG=1 shows where)"
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return `failed: ${String(error)}`;
  const name = error.name;
  if (name in WHAT_FAILED) {
    const what = WHAT_FAILED[name];
    return what ? `${what}: ${error.message}` : error.message;
  }
  if (RUNTIME_ERRORS.has(name)) return `internal error: ${error.message} (CONSILIUM_DEBUG=1 shows where)`;
  // A system error (ENOENT, EACCES, EEXIST, ...) names the path; say it is one.
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return `file system: ${error.message}`;
  return error.message;
}
