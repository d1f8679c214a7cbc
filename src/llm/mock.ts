/**
 * The one scripted model for tests: answers per task name from a handler,
 * records every call (task, input, the messages a real endpoint would read,
 * options), and counts usage like any other model. A test states what the
 * model says and then asserts on what the code under test asked.
 */
import { OfflineModel } from "./offline";
import { resolveCallParams, type CallParams } from "./params";
import { estimateCostUsd } from "./pricing";
import { withSchemaInstruction } from "./task";
import { emptyUsage, type CallOptions, type ChatMessage, type Model, type ModelResult, type Task, type Usage, type UsageTotals } from "./types";

/** One call a MockModel received. */
export interface MockCall {
  /** Order among all calls of this model (0-based). */
  seq: number;
  task: string;
  version: number;
  /** The input as passed (not copied). */
  input: unknown;
  /** What an OpenAI-compatible endpoint would read: `withSchemaInstruction(task, input)`. */
  messages: ChatMessage[];
  /** The call options as passed (`{}` when none). */
  options: CallOptions;
  /** Order among the calls of the same task (0-based): the index into a list handler. */
  turn: number;
}

/**
 * How a MockModel answers one task:
 * - a value: that output on every call (a fresh copy each time);
 * - a function `(input, call) => output` (may be async; annotate `input` with the task's input type);
 * - a list: its items in call order, one per call; a call after the last item throws (script a value to repeat one).
 * An `Error` given as the value or as a list item is thrown on its call (a model that fails).
 * A task whose output is itself an array is therefore scripted as a list of arrays.
 */
export type MockHandler = unknown | readonly unknown[] | ((input: never, call: MockCall) => unknown);

/** How tasks without a handler are answered. */
export type MockFallback = "offline" | "throw" | Model;

export interface MockModelOptions {
  /** Answers by task name (see MockHandler). */
  handlers?: Readonly<Record<string, MockHandler>>;
  /**
   * Tasks without a handler: "throw" (default: an unexpected call fails the
   * test), "offline" (the task's offline policy, exactly as `OfflineModel({ seed })`
   * answers it), or a Model the call is passed to unchanged.
   */
  unhandled?: MockFallback;
  /** Default "mock", or the fallback model's id. */
  id?: string;
  /** Default false, or the fallback model's flag. */
  isOffline?: boolean;
  /** Seed of the offline fallback and of `resolveParams` (default 0). */
  seed?: number;
  /** Token usage reported by each answer from a handler (default none). */
  usagePerCall?: Usage;
}

const NO_USAGE: Usage = { promptTokens: 0, completionTokens: 0 };

/**
 * A scripted Model (module doc). Handler answers are returned as given,
 * unchecked against the task's schema or `validate`, so a test can hand the
 * caller what a misbehaving model would; they carry `model: id`, no latency
 * and `usagePerCall`. Fallback answers are the fallback's own results.
 * `usage()` totals the answers returned: calls, the cache hits and repairs
 * they report, their tokens and their cost at this id's price; a mock makes
 * no network call.
 *
 * @example
 * const model = new MockModel({
 *   handlers: {
 *     "demo.rate": [{ score: 2 }, { score: 5 }],                                  // first call, second call
 *     "demo.summary": (input: { text: string }) => ({ summary: input.text.slice(0, 10) }),
 *     "demo.judge": new LlmOutputError("bad", "demo.judge", "{}", "score: Invalid input"),
 *   },
 *   unhandled: "offline",
 * });
 * await rateAll(model, texts); // the code under test
 * model.callsOf("demo.rate").map((c) => c.options.temperature); // what it asked for
 */
export class MockModel implements Model {
  readonly id: string;
  readonly isOffline: boolean;
  /** Every call, in order. */
  readonly calls: MockCall[] = [];
  readonly #handlers: ReadonlyMap<string, MockHandler>;
  readonly #fallback: Model | "throw";
  readonly #seed: number;
  readonly #usagePerCall: Usage;
  readonly #totals: UsageTotals = emptyUsage();
  readonly #turns = new Map<string, number>();

  constructor(options: MockModelOptions = {}) {
    const unhandled = options.unhandled ?? "throw";
    this.#seed = options.seed ?? 0;
    this.#fallback = unhandled === "offline" ? new OfflineModel({ seed: this.#seed }) : unhandled;
    const delegate = typeof unhandled === "object" ? unhandled : null;
    this.id = options.id ?? delegate?.id ?? "mock";
    this.isOffline = options.isOffline ?? delegate?.isOffline ?? false;
    this.#handlers = new Map(Object.entries(options.handlers ?? {}));
    this.#usagePerCall = { ...(options.usagePerCall ?? NO_USAGE) };
  }

  /**
   * The calls of one task, in order.
   *
   * @example
   * model.callsOf("demo.rate").length; // 2
   */
  callsOf(task: string | Task<unknown, unknown>): MockCall[] {
    const name = typeof task === "string" ? task : task.name;
    return this.calls.filter((c) => c.task === name);
  }

  resolveParams<I, O>(task: Task<I, O>, options: CallOptions = {}): CallParams {
    const delegate = this.#fallback === "throw" ? undefined : this.#fallback.resolveParams;
    return delegate ? delegate.call(this.#fallback, task, options) : resolveCallParams(task, options, { seed: this.#seed });
  }

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    const turn = this.#turns.get(task.name) ?? 0;
    this.#turns.set(task.name, turn + 1);
    const call: MockCall = {
      seq: this.calls.length,
      task: task.name,
      version: task.version,
      input,
      messages: withSchemaInstruction(task, input),
      options,
      turn,
    };
    this.calls.push(call);
    this.#totals.calls++;
    const result = this.#handlers.has(task.name) ? await this.answer<O>(this.#handlers.get(task.name), input, call) : await this.fallback(task, input, options);
    this.count(result);
    return result;
  }

  usage(): UsageTotals {
    return { ...this.#totals };
  }

  private async answer<O>(handler: MockHandler, input: unknown, call: MockCall): Promise<ModelResult<O>> {
    let output: unknown;
    if (typeof handler === "function") output = await (handler as (input: unknown, call: MockCall) => unknown)(input, call);
    else if (Array.isArray(handler)) {
      if (call.turn >= handler.length) {
        throw new Error(`MockModel: task "${call.task}" was called ${call.turn + 1} times, but its list holds ${handler.length} answers`);
      }
      output = scripted(handler[call.turn]);
    } else output = scripted(handler);
    return { output: output as O, usage: { ...this.#usagePerCall }, cached: false, model: this.id, latencyMs: 0, repaired: false };
  }

  private fallback<I, O>(task: Task<I, O>, input: I, options: CallOptions): Promise<ModelResult<O>> {
    if (this.#fallback === "throw") {
      const known = [...this.#handlers.keys()].join(", ") || "none";
      throw new Error(`MockModel: no handler for task "${task.name}" (handlers: ${known}); add one or pass unhandled: "offline"`);
    }
    return this.#fallback.run(task, input, options);
  }

  private count(result: ModelResult<unknown>): void {
    if (result.cached) this.#totals.cacheHits++;
    if (result.repaired) this.#totals.repairs++;
    this.#totals.promptTokens += result.usage.promptTokens;
    this.#totals.completionTokens += result.usage.completionTokens;
    this.#totals.estimatedCostUsd += estimateCostUsd(this.id, result.usage);
  }
}

/** A scripted value as an answer: an Error is thrown, anything else is copied (callers may mutate outputs). */
function scripted(value: unknown): unknown {
  if (value instanceof Error) throw value;
  return structuredClone(value);
}
