/**
 * Resolution of per-call sampling parameters, shared by models and by the
 * cache (which must key on exactly what the model will send).
 */
import type { CallOptions, Task } from "./types";

/** OpenAI's own default sampling temperature, used when nothing else is set. */
export const DEFAULT_TEMPERATURE = 1;

export interface CallParams {
  temperature: number;
  /** Endpoint / offline seed; null when none is sent. */
  seed: number | null;
}

export interface ParamDefaults {
  /** Model-wide override (e.g. a CLI `--temperature 0`): beats the task's paper value. */
  temperature?: number;
  /** Model-wide seed (the run seed). */
  seed?: number;
}

/**
 * temperature = call option ?? model-wide override ?? task default (the
 * paper's value) ?? 1; seed = call option ?? model seed ?? null.
 *
 * @example
 * resolveCallParams({ temperature: 0.2 } as Task<unknown, unknown>, {}, { seed: 7 }); // { temperature: 0.2, seed: 7 }
 */
export function resolveCallParams<I, O>(task: Task<I, O>, options: CallOptions = {}, defaults: ParamDefaults = {}): CallParams {
  const temperature = options.temperature ?? defaults.temperature ?? task.temperature ?? DEFAULT_TEMPERATURE;
  const seed = options.seed ?? defaults.seed ?? null;
  return { temperature, seed };
}
