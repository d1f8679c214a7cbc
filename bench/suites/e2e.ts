/**
 * Benchmark 7: end to end.
 *
 * a) `node bin/consilium.mjs run <experiment> --out <tmp>` offline with the
 *    default config, for every experiment (process start and tsx included).
 * b) Warm-cache rerun: the experiment runs once through an OpenAI-compatible
 *    loopback server (test/helpers/fake-openai.ts) whose answers are the
 *    offline agents' outputs, recorded into an LLM cache; the server is then
 *    STOPPED and the experiment reruns with `llm: "replay"` from that cache.
 *    The rerun must make zero network calls and reproduce the recorded run.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { CachedModel } from "../../src/llm/cache";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import type { UsageTotals } from "../../src/llm/types";
import { stableStringify } from "../../src/llm/json";
import { EXPERIMENT_NAMES } from "../../src/run/registry";
import { runExperiment } from "../../src/run/runner";
import { startFakeOpenAI } from "../../test/helpers/fake-openai";
import { LoopbackModel } from "../../test/helpers/loopback-model";
import { scratchDir } from "../data";
import { summarise, timeIt, type Timing } from "../lib";
import { REPO_DIR } from "../paths";
import { ratioOf, type BenchRow, type BenchSuite } from "../types";

const SEED = 7;
const FAKE_MODEL = "bench-fake-model";

function cliRun(experiment: string, outDir: string): { ms: number; calls: number } {
  const t0 = performance.now();
  const result = spawnSync(process.execPath, [path.join(REPO_DIR, "bin/consilium.mjs"), "run", experiment, "--out", outDir, "--json"], {
    cwd: REPO_DIR,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  if (result.status !== 0) throw new Error(`consilium run ${experiment} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  const json = JSON.parse(result.stdout) as { usage?: UsageTotals };
  return { ms, calls: json.usage?.calls ?? NaN };
}

export const e2eSuite: BenchSuite = {
  id: 7,
  name: "End to end",
  async run(options) {
    const rows: BenchRow[] = [];
    const runs = options.quick ? 1 : 3;
    const scratch = scratchDir("e2e");
    try {
      for (const name of EXPERIMENT_NAMES) {
        let i = 0;
        let calls = NaN;
        let ours: Timing;
        try {
          ours = await timeIt(
            () => {
              calls = cliRun(name, path.join(scratch.dir, `${name}-offline-${i++}`)).calls;
            },
            runs,
            1,
          );
        } catch (error) {
          const message = (error as Error).message.split("\n").slice(0, 3).join(" ");
          rows.push({
            id: `7/${name}`,
            name: `consilium run ${name} (offline)`,
            workload: `\`node bin/consilium.mjs run ${name} --out <tmp>\`, default config, offline agents`,
            ours: summarise([NaN]),
            referenceName: null,
            reference: null,
            referenceSkipped: "no reference for a whole workbench run",
            ratio: null,
            check: { description: "the run must succeed", value: `run FAILED: ${message}`, ok: false },
          });
          options.log(`${name}: offline run failed: ${message}`);
          continue;
        }
        rows.push({
          id: `7/${name}`,
          name: `consilium run ${name} (offline)`,
          workload: `\`node bin/consilium.mjs run ${name} --out <tmp>\`, default config, offline agents; process start, tsx compile, run and writing the run folder`,
          ours,
          referenceName: null,
          reference: null,
          referenceSkipped: "no reference for a whole workbench run",
          ratio: null,
          check: null,
          extra: { llmCalls: calls },
        });
      }

      for (const name of EXPERIMENT_NAMES) {
        try {
          await cacheRerun(name);
        } catch (error) {
          const message = (error as Error).message.split("\n")[0]!;
          rows.push({
            id: `7/${name}-cache`,
            name: `${name}: warm-cache rerun`,
            workload: `runExperiment("${name}") recorded through the loopback OpenAI-compatible server, then rerun with llm "replay"`,
            ours: summarise([NaN]),
            referenceName: "recording run (loopback HTTP)",
            reference: null,
            ratio: null,
            check: { description: "recording run must succeed", value: `recording FAILED: ${message}`, ok: false },
          });
          options.log(`${name}: recording failed: ${message}`);
        }
      }
    } finally {
      scratch.dispose();
    }
    return rows;

    async function cacheRerun(name: string): Promise<void> {
      {
        const cacheDir = path.join(scratch.dir, `${name}-llm-cache`);
        const server = await startFakeOpenAI();
        let recorded: Awaited<ReturnType<typeof runExperiment>>;
        let recordTiming: Timing;
        try {
          const remote = new OpenAIModel({
            model: FAKE_MODEL,
            apiKey: "sk-bench-not-a-key",
            baseURL: server.baseURL,
            seed: SEED,
            maxRetries: 0,
            concurrency: 1,
          });
          const model = new CachedModel(new LoopbackModel(new OfflineModel({ seed: SEED }), remote, server), { dir: cacheDir, mode: "record" });
          const t0 = performance.now();
          recorded = await runExperiment(name, { modelInstance: model, seed: SEED });
          recordTiming = summarise([performance.now() - t0]);
        } finally {
          await server.stop();
        }
        const serverRequests = server.requests.length;
        // Server stopped: any network attempt would now fail with a connection error.
        let replayed!: Awaited<ReturnType<typeof runExperiment>>;
        let replayTiming: Timing;
        try {
          replayTiming = await timeIt(
            async () => {
              replayed = await runExperiment(name, { llm: "replay", model: FAKE_MODEL, cacheDir, seed: SEED });
            },
            runs,
            0,
          );
        } catch (error) {
          // A replay miss means the rerun asked for a call the recording did not make: a reproducibility bug to report.
          const message = (error as Error).message
            .split("\n")[0]!
            .replace(/ in \/[^\s;]+/, "")
            .replace(/; run once with .*$/, "");
          rows.push({
            id: `7/${name}-cache`,
            name: `${name}: warm-cache rerun`,
            workload: `runExperiment("${name}") recorded through the loopback OpenAI-compatible server (${recorded.usage.networkCalls} HTTP calls), then rerun with llm "replay" and the server stopped`,
            ours: summarise([NaN]),
            referenceName: "recording run (loopback HTTP)",
            reference: recordTiming,
            ratio: null,
            check: { description: "rerun must replay every call from the cache", value: `replay FAILED: ${message}`, ok: false },
            extra: { recordNetworkCalls: recorded.usage.networkCalls, serverRequests },
          });
          options.log(`${name}: replay failed: ${message}`);
          return;
        }
        const same =
          stableStringify(replayed.result.summary) === stableStringify(recorded.result.summary) &&
          stableStringify(replayed.result.tables) === stableStringify(recorded.result.tables);
        const u = replayed.usage;
        rows.push({
          id: `7/${name}-cache`,
          name: `${name}: warm-cache rerun`,
          workload: `runExperiment("${name}") recorded through the loopback OpenAI-compatible server (${recorded.usage.networkCalls} HTTP calls), then rerun with llm "replay" and the server stopped`,
          ours: replayTiming,
          referenceName: "recording run (loopback HTTP)",
          reference: recordTiming,
          ratio: ratioOf(replayTiming, recordTiming),
          check: {
            description: "rerun: networkCalls must be 0, every call a cache hit, and summary + tables equal to the recorded run's",
            value: `calls ${u.calls}, cacheHits ${u.cacheHits}, networkCalls ${u.networkCalls}; same results ${same}`,
            ok: u.networkCalls === 0 && u.calls === u.cacheHits && u.calls > 0 && same,
          },
          extra: {
            recordNetworkCalls: recorded.usage.networkCalls,
            serverRequests,
            replayCalls: u.calls,
            replayCacheHits: u.cacheHits,
            replayNetworkCalls: u.networkCalls,
          },
        });
        options.log(
          `${name}: recorded ${recorded.usage.networkCalls} calls in ${recordTiming.medianMs.toFixed(0)} ms, replay ${replayTiming.medianMs.toFixed(0)} ms, networkCalls ${u.networkCalls}`,
        );
      }
    }
  },
};
