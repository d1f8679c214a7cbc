/**
 * The embedded model: runs each task's offline policy (a data-grounded
 * baseline agent) instead of calling an LLM. Every result is labelled
 * `model: "offline"` so it is never mistaken for a paper number.
 */
import { deriveRng } from "../stats/index";
import { OfflinePolicyError } from "./errors";
import { stableHash } from "./json";
import { resolveCallParams } from "./params";
import { checkOutput } from "./task";
import { emptyUsage, type CallOptions, type Model, type ModelResult, type Task, type UsageTotals } from "./types";

export interface OfflineModelConfig {
  /** Run seed: every policy's RNG is derived from it. */
  seed: number;
  /** Model-wide temperature override (otherwise the task's paper value). */
  temperature?: number;
}

/**
 * Runs `task.offline(input, rng, { temperature, seed })` with
 * rng = deriveRng(seed, task.name, task.version, stableHash(input)), so an
 * output depends only on (seed, task, input) and never on call order or
 * concurrency. Identical inputs therefore give identical outputs: callers
 * that want several independent samples put a sample index in the input.
 * The output is checked against the task schema and `validate`; a failure is
 * a bug in the policy and throws OfflinePolicyError.
 *
 * @example
 * const model = new OfflineModel({ seed: 42 });
 * const { output, model: label } = await model.run(task, input); // label === "offline"
 */
export class OfflineModel implements Model {
  readonly id = "offline";
  readonly isOffline = true;
  private readonly totals: UsageTotals = emptyUsage();

  constructor(private readonly config: OfflineModelConfig) {
    if (!Number.isFinite(config.seed)) throw new TypeError(`OfflineModel: seed must be a finite number, got ${config.seed}`);
  }

  resolveParams<I, O>(task: Task<I, O>, options: CallOptions = {}): { temperature: number; seed: number | null } {
    return resolveCallParams(task, options, { temperature: this.config.temperature, seed: this.config.seed });
  }

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    options.signal?.throwIfAborted();
    const params = this.resolveParams(task, options);
    const seed = params.seed ?? this.config.seed;
    const rng = deriveRng(seed, task.name, task.version, stableHash(input));
    const candidate = task.offline(input, rng, { temperature: params.temperature, seed });
    const checked = checkOutput(task, input, candidate);
    this.totals.calls++;
    if (checked.ok === false) throw new OfflinePolicyError(task.name, checked.error);
    return {
      output: checked.output,
      usage: { promptTokens: 0, completionTokens: 0 },
      cached: false,
      model: this.id,
      latencyMs: 0,
      repaired: false,
    };
  }

  usage(): UsageTotals {
    return { ...this.totals };
  }
}
