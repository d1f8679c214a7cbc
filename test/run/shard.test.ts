import { describe, expect, it } from "vitest";
import { inShard, parseShard, shardFileName } from "../../src/run/shard";

describe("parseShard", () => {
  it("reads i/n with 0 <= i < n", () => {
    expect(parseShard("0/3", {})).toEqual({ index: 0, count: 3 });
    expect(parseShard(" 2/3 ", {})).toEqual({ index: 2, count: 3 });
    expect(() => parseShard("3/3", {})).toThrow(/shard index 3 is not below the shard count 3 \(indices run 0\.\.2\)/);
    expect(() => parseShard("0/0", {})).toThrow(/at least 1/);
    expect(() => parseShard("1-3", {})).toThrow(/--shard must be i\/n/);
  });

  it("reads a SLURM array task, counting from the array's minimum", () => {
    expect(parseShard("auto", { SLURM_ARRAY_TASK_ID: "0", SLURM_ARRAY_TASK_COUNT: "4" })).toEqual({ index: 0, count: 4 });
    expect(parseShard("auto", { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_COUNT: "3" })).toEqual({ index: 2, count: 3 });
    expect(parseShard("auto/5", { SLURM_ARRAY_TASK_ID: "4", SLURM_ARRAY_TASK_COUNT: "9" })).toEqual({ index: 4, count: 5 });
    expect(() => parseShard("auto", { SLURM_ARRAY_TASK_ID: "x", SLURM_ARRAY_TASK_COUNT: "3" })).toThrow(/SLURM_ARRAY_TASK_ID must be a whole number/);
  });

  it("reads a Kubernetes completion index, with the count given", () => {
    expect(parseShard("auto/4", { JOB_COMPLETION_INDEX: "3" })).toEqual({ index: 3, count: 4 });
    expect(parseShard("auto", { JOB_COMPLETION_INDEX: "1", CONSILIUM_SHARD_COUNT: "2" })).toEqual({ index: 1, count: 2 });
    expect(() => parseShard("auto", { JOB_COMPLETION_INDEX: "1" })).toThrow(/needs the count: --shard auto\/N or CONSILIUM_SHARD_COUNT/);
    expect(() => parseShard("auto", {})).toThrow(/no scheduler variables found/);
  });
});

describe("inShard", () => {
  it("puts every grid position in exactly one shard, every n-th", () => {
    const positions = Array.from({ length: 11 }, (_, i) => i);
    const shards = [0, 1, 2].map((index) => positions.filter((p) => inShard(p, { index, count: 3 })));
    expect(shards).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7, 10],
      [2, 5, 8],
    ]);
    expect(shardFileName({ index: 1, count: 3 })).toBe("shard-1-of-3.json");
  });
});
