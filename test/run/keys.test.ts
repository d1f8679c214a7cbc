/**
 * `consilium keys` explains every key: what it does, what it accepts, its
 * default, and whose reading (paper text, authors' code, ...) the default or
 * each option follows.
 */
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import { configKeys } from "../../src/run/config";
import { loadExperiment } from "../../src/run/registry";

async function keysOutput(args: string[]): Promise<string> {
  let out = "";
  const code = await main(["keys", ...args], { stdout: (t) => (out += t), stderr: () => {}, readStdin: async () => "" });
  expect(code).toBe(0);
  return out;
}

// Experiments whose keys are all documented (each paper's issue adds its own here).
const DOCUMENTED = ["sentimental", "finmem", "blackboard"] as const;

describe("consilium keys", () => {
  it.each(DOCUMENTED)("documents every %s key with a description and whose reading its default follows", async (name) => {
    const keys = configKeys((await loadExperiment(name)).configSchema);
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) {
      expect(key.description, key.key).not.toBe("");
      const defaultReading = key.source ?? (typeof key.default === "string" ? key.readings[key.default] : undefined);
      expect(defaultReading, `${key.key}: whose reading is the default?`).toBeDefined();
    }
  });

  it("prints each key with what it accepts, its default and the reading of each option", async () => {
    const out = await keysOutput(["sentimental"]);
    expect(out).toContain('stopRule  one of "all-below-tolerance" (paper text), "first-below-tolerance" (authors\' code)');
    expect(out).toContain("alpha  a number in [0, 1]\n    default: 0.5 (paper text)\n    Weight of the newest statement");
  });

  it("shows data-dependent defaults for the data folder given", async () => {
    const out = await keysOutput(["finmem", "--data", "datasets"]);
    expect(out).toMatch(/ticker {2}a string\n {4}default: "[A-Z]+" \(from the data folder\)/);
  });

  it("answers --json with the keys as data", async () => {
    const keys = JSON.parse(await keysOutput(["sentimental", "--json"])) as Array<{ key: string; default: unknown; readings: Record<string, string> }>;
    expect(keys.find((k) => k.key === "borda")).toMatchObject({ default: "paper", readings: { paper: "paper", code: "code" } });
  });

  it("names the key, the value and what is accepted on a bad --set", async () => {
    let err = "";
    const code = await main(["run", "sentimental", "--set", "alpha=1.5"], { stdout: () => {}, stderr: (t) => (err += t), readStdin: async () => "" });
    expect(code).toBe(2);
    expect(err).toMatch(/config key "alpha": got 1\.5; allowed: a number in \[0, 1\]/);
  });
});
