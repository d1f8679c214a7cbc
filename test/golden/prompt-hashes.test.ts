/**
 * Golden prompt hashes: for one small example run per experiment and built-in
 * prompt set (src/run/prompts.ts), the number of calls and an order-free
 * digest of every prompt a real model would be sent, per task. A change to a
 * template, to what a prompt carries or to the JSON-schema instruction moves a
 * digest and fails here, so prompts change only on purpose, and the diff of
 * prompt-hashes.json names the tasks that moved. After an intended change:
 *
 *     UPDATE_GOLDEN=1 npx vitest run test/golden/prompt-hashes.test.ts
 *
 * (and bump the task's `version` so recorded caches are not replayed for the new wording).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { samplePrompts } from "../../src/run/index";

const FIXTURE = path.join(__dirname, "prompt-hashes.json");
const BUNDLED = path.resolve(__dirname, "../../datasets");

/** Each experiment's small example under each built-in prompt set (and the task only a non-default key sends). */
const CASES: ReadonlyArray<{ experiment: string; set: string[] }> = [
  { experiment: "sentimental", set: [] },
  { experiment: "sentimental", set: ["prompts=neutral"] },
  { experiment: "sentimental", set: ["sentiment=llm"] },
  { experiment: "finmem", set: [] },
  { experiment: "finmem", set: ["prompts=neutral"] },
  { experiment: "blackboard", set: [] },
];

type Golden = Record<string, Record<string, { version: number; calls: number; digest: string }>>;

const keyOf = (c: (typeof CASES)[number]): string => [c.experiment, ...c.set].join(" ");

async function measure(c: (typeof CASES)[number]): Promise<Golden[string]> {
  const sample = await samplePrompts(c.experiment, { dataDir: BUNDLED, seed: 7, set: c.set });
  return Object.fromEntries(sample.tasks.map((t) => [t.task, { version: t.version, calls: t.calls, digest: t.digest }]));
}

describe("golden prompt hashes (one small run per experiment and prompt set)", () => {
  const update = process.env.UPDATE_GOLDEN === "1";
  const golden: Golden = existsSync(FIXTURE) ? (JSON.parse(readFileSync(FIXTURE, "utf8")) as Golden) : {};
  const measured: Golden = {};

  for (const c of CASES) {
    it(`${keyOf(c)}: every task's prompts are the recorded ones`, async () => {
      measured[keyOf(c)] = await measure(c);
      if (update) return;
      expect(golden[keyOf(c)], `no golden entry for "${keyOf(c)}": run with UPDATE_GOLDEN=1`).toBeDefined();
      expect(measured[keyOf(c)]).toEqual(golden[keyOf(c)]);
    }, 60_000);
  }

  it.runIf(update)("writes prompt-hashes.json (UPDATE_GOLDEN=1)", () => {
    writeFileSync(FIXTURE, `${JSON.stringify(measured, null, 2)}\n`);
    expect(Object.keys(measured)).toHaveLength(CASES.length);
  });
});
