/** Typed failures of the LLM layer. None of them ever carries an API key. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly task?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The model answered, but not with valid JSON matching the task's schema, even after a repair round. */
export class LlmOutputError extends LlmError {
  constructor(
    message: string,
    task: string,
    readonly lastOutput: string,
    readonly validationError: string,
    /** The provider's stop reason for the last answer ("length" means it was cut off), when known. */
    readonly finishReason: string | null = null,
  ) {
    super(message, task);
  }
}

/** Transport kept failing (timeouts, 429, 5xx) after every retry. */
export class LlmTransportError extends LlmError {
  constructor(
    message: string,
    task: string | undefined,
    readonly status: number | undefined,
    readonly attempts: number,
  ) {
    super(message, task);
  }
}

/** Replay mode found no cached answer for this request. */
export class ReplayMissError extends LlmError {
  /**
   * @param hint what the cache does hold for this task (e.g. "3 answers recorded with model X, seed 5"),
   *   so a mismatched --model / --seed / --set is easy to spot; empty when nothing is known.
   */
  constructor(
    task: string,
    readonly key: string,
    readonly cacheDir: string,
    readonly hint = "",
  ) {
    super(
      `replay: no cached answer for task "${task}" (key ${key}) in ${cacheDir}; ` + (hint ? `${hint}; ` : "") + "run once with --llm openai to record it",
      task,
    );
  }
}

/** A task's offline policy returned an output that fails its own schema or validate(): a bug in the policy. */
export class OfflinePolicyError extends LlmError {
  constructor(
    task: string,
    readonly validationError: string,
  ) {
    super(`offline policy of task "${task}" produced an invalid output: ${validationError}`, task);
  }
}

/** The on-disk record/replay cache is unreadable (names the file and line). */
export class LlmCacheError extends LlmError {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

/** The LLM layer was configured inconsistently (e.g. `--llm openai` without an API key). */
export class LlmConfigError extends LlmError {}
