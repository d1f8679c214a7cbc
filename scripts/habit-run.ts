/**
 * npm run habits [-- <experiment>] [--seed N] [--latency MIN,MAX] [--response-format F] [--small] [--set key=value ...]
 *
 * A default-size run of an experiment (default sentimental) against the habit
 * server (src/llm/testing/habit-server.ts): a loopback endpoint with real
 * models' habits and latency (default 50..400 ms per answer), read through
 * the real OpenAI client with `onInvalid=skip` where the experiment has it.
 * Prints the calls, repairs, the re-asks after a cut-off answer, the gaps,
 * the time, and how often the server showed each habit. --small runs the
 * experiment's small example instead (consilium prompts uses it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createModel, parseResponseFormat } from "../src/llm/index";
import { HABITS, startHabitServer } from "../src/llm/testing/habit-server";
import { configKeys, EXPERIMENT_NAMES, isExperimentName, loadExperiment, PROMPT_EXAMPLES, runExperiment } from "../src/run/index";

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    seed: { type: "string" },
    latency: { type: "string" },
    "response-format": { type: "string" },
    small: { type: "boolean" },
    set: { type: "string", multiple: true },
    concurrency: { type: "string" },
  },
});
const name = positionals[0] ?? "sentimental";
if (!isExperimentName(name)) throw new Error(`unknown experiment "${name}"; choose one of ${EXPERIMENT_NAMES.join(", ")}`);
const seed = Number(values.seed ?? 7);
const [minLatency, maxLatency] = (values.latency ?? "50,400").split(",").map(Number) as [number, number];
const responseFormat = parseResponseFormat(values["response-format"]);

const experiment = await loadExperiment(name);
const hasOnInvalid = configKeys(experiment.configSchema).some((k) => k.key === "onInvalid");
const set = [...(values.small ? (PROMPT_EXAMPLES[name] ?? []) : []), ...(hasOnInvalid ? ["onInvalid=skip"] : []), ...(values.set ?? [])];

const server = await startHabitServer({ seed, latencyMs: [minLatency, maxLatency] });
const cacheDir = mkdtempSync(path.join(tmpdir(), "consilium-habits-"));
const retryLines: string[] = [];
const model = createModel({
  llm: "openai",
  model: "habit-model",
  apiKey: "sk-habit-local",
  baseURL: server.baseURL,
  seed,
  responseFormat,
  log: (line) => retryLines.push(line),
});
console.log(
  `${name}: ${values.small ? "small example" : "default size"} against ${server.baseURL} (latency ${minLatency}..${maxLatency} ms, --set ${set.join(" ") || "(none)"})`,
);
const started = performance.now();
let failure: unknown = null;
let gaps: unknown = "n/a";
let gapsByTask: Record<string, number> = {};
let gapErrors = "";
try {
  const run = await runExperiment(name, {
    llm: "openai",
    seed,
    set,
    cacheDir,
    modelInstance: model,
    concurrency: Number(values.concurrency ?? 4),
    log: () => {},
  });
  gaps = run.result.gaps?.total ?? run.result.summary["gaps"] ?? "n/a (the experiment does not report gaps)";
  gapsByTask = run.result.gaps?.byTask ?? {};
  gapErrors = (run.result.artifacts ?? []).find((a) => a.path === "gaps.json")?.content ?? "";
} catch (error) {
  failure = error;
} finally {
  await server.stop();
  rmSync(cacheDir, { recursive: true, force: true });
}
const seconds = (performance.now() - started) / 1000;
const usage = model.usage();
const stats = server.stats();
const cutReasks = retryLines.filter((l) => l.includes("cut off at the token limit")).length;
const retries = retryLines.filter((l) => / retry \d+\/\d+ in /.test(l)).length;
console.log(`  calls ${usage.calls}, repairs ${usage.repairs}, re-asks after a cut ${cutReasks}, transport retries ${retries}, requests ${stats.requests}`);
console.log(`  gaps ${String(gaps)}${typeof gaps === "number" && usage.calls > 0 ? ` (${((100 * gaps) / usage.calls).toFixed(2)} % of calls)` : ""}`);
const byTask = Object.entries(gapsByTask).filter(([, n]) => n > 0);
if (byTask.length > 0) console.log(`  gaps by task: ${byTask.map(([task, n]) => `${task} ${n}`).join(", ")}`);
if (process.env["HABITS_SHOW_GAPS"]) console.log(gapErrors);
console.log(`  extra keys ignored ${usage.extraKeys ?? 0}, time ${seconds.toFixed(1)} s`);
console.log(
  `  habits in first answers (of ${stats.firstRequests}): ` +
    HABITS.map((h) => `${h} ${stats.firstByHabit[h]} (${((100 * stats.firstByHabit[h]) / Math.max(1, stats.firstRequests)).toFixed(0)} %)`).join(", "),
);
if (failure) {
  console.log(`  STOPPED: ${failure instanceof Error ? failure.message : String(failure)}`);
  process.exitCode = 1;
}
