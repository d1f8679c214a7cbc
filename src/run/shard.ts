/**
 * Sweep shards: which cells of a grid one process runs when a sweep is split
 * over the array jobs of a scheduler the user already has (SLURM job arrays,
 * Kubernetes Indexed Jobs). Shard k of n runs the cells at grid positions
 * k, k + n, k + 2n, ... (0-based), so every cell belongs to exactly one shard,
 * the split needs no coordination, and shards of a grid of unequal cells get
 * a similar mix of them.
 */
import { ConfigError } from "./config";

/** Shard `index` (0-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** The environment variables a scheduler sets for an array task (read by `--shard auto`). */
export type ShardEnv = Readonly<Record<string, string | undefined>>;

function nonNegativeInt(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d+$/.test(text.trim())) throw new ConfigError(`${what} must be a whole number >= 0, got ${JSON.stringify(text ?? "")}`);
  return Number(text.trim());
}

function checked(index: number, count: number, source: string): Shard {
  if (count < 1) throw new ConfigError(`${source}: the shard count must be at least 1, got ${count}`);
  if (index >= count) throw new ConfigError(`${source}: shard index ${index} is not below the shard count ${count} (indices run 0..${count - 1})`);
  return { index, count };
}

/**
 * Parse `--shard`: `i/n` (shard i of n, i from 0 to n-1), `auto` (from the
 * scheduler: SLURM's SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN, of
 * SLURM_ARRAY_TASK_COUNT; or Kubernetes' JOB_COMPLETION_INDEX of
 * CONSILIUM_SHARD_COUNT, since an Indexed Job does not tell its pods the
 * completion count), or `auto/n` (the index from the scheduler, the count
 * given). Subtracting the array's minimum lets `--array=1-3` and
 * `--array=0-2` both work.
 *
 * @example
 * parseShard("1/3", {}); // { index: 1, count: 3 }
 * parseShard("auto", { SLURM_ARRAY_TASK_ID: "2", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_COUNT: "3" }); // { index: 1, count: 3 }
 * parseShard("auto/4", { JOB_COMPLETION_INDEX: "3" }); // { index: 3, count: 4 }
 */
export function parseShard(spec: string, env: ShardEnv): Shard {
  const text = spec.trim();
  const explicit = /^(\d+)\/(\d+)$/.exec(text);
  if (explicit) return checked(Number(explicit[1]), Number(explicit[2]), `--shard ${text}`);
  const auto = /^auto(?:\/(\d+))?$/.exec(text);
  if (!auto) throw new ConfigError(`--shard must be i/n (0 <= i < n), auto or auto/n, got "${spec}"`);
  const given = auto[1] !== undefined ? Number(auto[1]) : undefined;
  if (env.SLURM_ARRAY_TASK_ID !== undefined) {
    const id = nonNegativeInt(env.SLURM_ARRAY_TASK_ID, "SLURM_ARRAY_TASK_ID");
    const min = env.SLURM_ARRAY_TASK_MIN !== undefined ? nonNegativeInt(env.SLURM_ARRAY_TASK_MIN, "SLURM_ARRAY_TASK_MIN") : 0;
    const count = given ?? nonNegativeInt(env.SLURM_ARRAY_TASK_COUNT, "SLURM_ARRAY_TASK_COUNT");
    return checked(id - min, count, `--shard ${text} (SLURM array task ${id})`);
  }
  if (env.JOB_COMPLETION_INDEX !== undefined) {
    const index = nonNegativeInt(env.JOB_COMPLETION_INDEX, "JOB_COMPLETION_INDEX");
    if (given === undefined && env.CONSILIUM_SHARD_COUNT === undefined)
      throw new ConfigError(`--shard auto under a Kubernetes Indexed Job needs the count: --shard auto/N or CONSILIUM_SHARD_COUNT=N (the Job's completions)`);
    const count = given ?? nonNegativeInt(env.CONSILIUM_SHARD_COUNT, "CONSILIUM_SHARD_COUNT");
    return checked(index, count, `--shard ${text} (Kubernetes completion index ${index})`);
  }
  throw new ConfigError(`--shard ${text}: no scheduler variables found (SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX); give --shard i/n`);
}

/**
 * Whether the cell at 0-based grid position `position` belongs to `shard`
 * (every cell belongs to exactly one shard of a split: position mod n).
 *
 * @example
 * [0, 1, 2, 3, 4].filter((p) => inShard(p, { index: 1, count: 2 })); // [1, 3]
 */
export function inShard(position: number, shard: Shard): boolean {
  return position % shard.count === shard.index;
}

/**
 * The file name a shard leaves in its sweep folder: `shard-<i>-of-<n>.json`.
 *
 * @example
 * shardFileName({ index: 0, count: 3 }); // "shard-0-of-3.json"
 */
export function shardFileName(shard: Shard): string {
  return `shard-${shard.index}-of-${shard.count}.json`;
}
