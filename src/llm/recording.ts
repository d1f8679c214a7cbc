/**
 * A model wrapper that records what a real model would receive: for every
 * call, the messages an OpenAI-compatible endpoint would be sent (the task's
 * rendered prompt with the JSON-schema instruction, `withSchemaInstruction`),
 * their SHA-256, the task and the session (trading day) the call serves. The
 * answer comes from the wrapped model (offline, an endpoint, or a replay
 * cache), so recording needs no key when it wraps the offline model.
 *
 * The look-ahead audit (src/run/lookahead.ts) compares two runs' recordings
 * session by session. With `divert`, calls serving a session after a given
 * date go to another model (the offline one): an audit then pays a real model
 * only for the sessions it compares.
 */
import { sha256Hex, stableStringify } from "./json";
import { resolveCallParams } from "./params";
import { withSchemaInstruction } from "./task";
import type { CallOptions, ChatMessage, Model, ModelResult, Task, UsageTotals } from "./types";

/** One recorded call. */
export interface RecordedPrompt {
  /** Call order within the recording (0-based). */
  seq: number;
  task: string;
  version: number;
  /** The trading day the call serves (YYYY-MM-DD), or null when the input names none. */
  session: string | null;
  /** SHA-256 of the canonical JSON of the messages. */
  hash: string;
  /** The messages themselves (kept unless `keepMessages: false`). */
  messages?: ChatMessage[];
  /** True when the call went to the `divert` model. */
  diverted: boolean;
}

export interface RecordingOptions {
  /** The session a call serves (default `sessionOfInput`). */
  sessionOf?: (taskName: string, input: unknown) => string | null;
  /** Keep the messages as well as their hash (default true: diffs can show the first differing line). */
  keepMessages?: boolean;
  /** Calls serving a session after `after` are answered by `model` instead. */
  divert?: { after: string; model: Model };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The session a task input serves: its `date` field (YYYY-MM-DD, a time part
 * ignored), else the first `date` found in its nested objects, in key order,
 * up to three levels down (e.g. a research brief's date); null when none.
 *
 * @example
 * sessionOfInput({ ticker: "MSFT", date: "2021-01-04" }); // "2021-01-04"
 * sessionOfInput({ brief: { ticker: "AAPL", date: "2025-03-03" }, round: 1 }); // "2025-03-03"
 */
export function sessionOfInput(input: unknown, depth = 3): string | null {
  if (input === null || typeof input !== "object" || depth < 0) return null;
  const record = input as Record<string, unknown>;
  const own = record["date"];
  if (typeof own === "string" && ISO_DAY.test(own)) return own.slice(0, 10);
  for (const value of Object.values(record)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const found = sessionOfInput(value, depth - 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Hash of the messages a real model would receive for a task input.
 *
 * @example
 * promptHash(summarizeTask, input); // "3f2a..." (64 hex digits)
 */
export function promptHash<I, O>(task: Task<I, O>, input: I): string {
  return sha256Hex(stableStringify(withSchemaInstruction(task, input)));
}

/**
 * Records every call's prompt (module comment) and delegates the answer.
 *
 * @example
 * const model = new RecordingModel(new OfflineModel({ seed: 7 }));
 * await runExperiment("finmem", { modelInstance: model });
 * model.prompts.filter((p) => p.session === "2021-01-04").map((p) => p.hash);
 */
export class RecordingModel implements Model {
  readonly id: string;
  readonly isOffline: boolean;
  readonly prompts: RecordedPrompt[] = [];

  constructor(
    readonly inner: Model,
    private readonly options: RecordingOptions = {},
  ) {
    this.id = inner.id;
    this.isOffline = inner.isOffline;
  }

  resolveParams<I, O>(task: Task<I, O>, options?: CallOptions): { temperature: number; seed: number | null } {
    return this.inner.resolveParams ? this.inner.resolveParams(task, options) : resolveCallParams(task, options ?? {});
  }

  async run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>> {
    const messages = withSchemaInstruction(task, input);
    const session = (this.options.sessionOf ?? ((_name: string, value: unknown) => sessionOfInput(value)))(task.name, input);
    const divert = this.options.divert;
    const diverted = divert !== undefined && session !== null && session > divert.after;
    this.prompts.push({
      seq: this.prompts.length,
      task: task.name,
      version: task.version,
      session,
      hash: sha256Hex(stableStringify(messages)),
      ...(this.options.keepMessages === false ? {} : { messages }),
      diverted,
    });
    return (diverted ? divert.model : this.inner).run(task, input, options);
  }

  usage(): UsageTotals {
    return this.inner.usage();
  }

  /**
   * The recorded prompts grouped by session, in call order (prompts without a session under "").
   *
   * @example
   * model.bySession().get("2021-01-04")?.length; // calls serving that day
   */
  bySession(): Map<string, RecordedPrompt[]> {
    const out = new Map<string, RecordedPrompt[]>();
    for (const p of this.prompts) {
      const key = p.session ?? "";
      let list = out.get(key);
      if (!list) out.set(key, (list = []));
      list.push(p);
    }
    return out;
  }
}
