/**
 * A model wrapper that masks every message a model is sent (the anonymised
 * control: tickers, names and dates replaced by the run's masker) while the
 * task input stays as it is: the offline policies, the meaning checks and the
 * session a recording files the call under all read the real input, so the
 * offline agents decide exactly as without the mask, and what a real model
 * receives is masked in full, the JSON-schema instruction included (the
 * wrapper masks the rendered messages, so no template can forget a field).
 *
 * Put it between the experiment and the run's model: a RecordingModel or a
 * cache inside it sees, hashes and stores the masked prompts.
 */
import { resolveCallParams } from "./params";
import { sessionOfInput } from "./recording";
import type { CallOptions, ChatMessage, Model, ModelResult, Task, UsageTotals } from "./types";

/** Masks one message's text for the call serving `session` (null: the input names no session). */
export type MessageMask = (text: string, session: string | null) => string;

/**
 * The task as a masked model sees it: the same task with each rendered
 * message masked for the input's session.
 *
 * @example
 * maskedTask(summarizeTask, (t) => t.replaceAll("MSFT", "ZZQEK")).render(input)[1].content; // no "MSFT"
 */
export function maskedTask<I, O>(task: Task<I, O>, mask: MessageMask, sessionOf: (input: I) => string | null = sessionOfInput): Task<I, O> {
  return {
    ...task,
    render: (input: I): ChatMessage[] => {
      const session = sessionOf(input);
      return task.render(input).map((m) => ({ ...m, content: mask(m.content, session) }));
    },
  };
}

/**
 * Runs every task with its messages masked (module comment).
 *
 * @example
 * const model = new AnonymizingModel(ctx.model, (text, session) => masker.mask(text, session));
 */
export class AnonymizingModel implements Model {
  readonly id: string;
  readonly isOffline: boolean;
  private readonly tasks = new WeakMap<object, Task<unknown, unknown>>();

  constructor(
    readonly inner: Model,
    private readonly mask: MessageMask,
  ) {
    this.id = inner.id;
    this.isOffline = inner.isOffline;
  }

  resolveParams<I, O>(task: Task<I, O>, options?: CallOptions): { temperature: number; seed: number | null } {
    return this.inner.resolveParams ? this.inner.resolveParams(this.masked(task), options) : resolveCallParams(task, options ?? {});
  }

  run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>> {
    return this.inner.run(this.masked(task), input, options);
  }

  usage(): UsageTotals {
    return this.inner.usage();
  }

  /** One masked task per task object (so a cache keyed by task identity keeps working). */
  private masked<I, O>(task: Task<I, O>): Task<I, O> {
    let m = this.tasks.get(task);
    if (!m) {
      m = maskedTask(task, this.mask) as Task<unknown, unknown>;
      this.tasks.set(task, m);
    }
    return m as Task<I, O>;
  }
}
