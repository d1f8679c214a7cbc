/**
 * npm run local-model:smoke [-- --record] [-- --only EXPERIMENT]
 *
 * The smallest run of each experiment (smoke-configs.ts) against the local
 * model (npm run local-model): starts the server when it is not running
 * (installing it first if needed; a missing model fails), sends every run
 * through a recording proxy, prints per experiment the calls, repairs, gaps,
 * wall time and time per request, the server's CPU time (user + sys of its
 * process, what load on a shared machine does not inflate much) and the load
 * average, and exits 1 when a run fails. The server it
 * started is stopped at the end. With --record the raw answers (the server's
 * bodies, before any repair) go to test/fixtures/local-model/<experiment>.jsonl
 * and what each run counted to runs.json there: run it again whenever a
 * prompt changes (the replay test says so when a request is not recorded).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startRecordingProxy } from "../../src/llm/testing/recorded-bodies";
import { FIXTURE_DIR, SMOKE_RUNS, smokeArgs, type SmokeRun } from "./smoke-configs";

const root = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({ args: process.argv.slice(2), options: { record: { type: "boolean" }, only: { type: "string" } } });
const port = process.env["LOCAL_MODEL_PORT"] ?? "8089";
const script = path.join(root, "scripts/local-model.sh");

const running = spawnSync("bash", [script, "status"], { stdio: "ignore" }).status === 0;
if (!running) {
  const started = spawnSync("bash", [script, "start"], { stdio: "inherit" });
  if (started.status !== 0) {
    console.error("local-model:smoke: the local model did not start (see above); the smoke runs need it");
    process.exit(1);
  }
}

interface Counted {
  experiment: string;
  set: readonly string[];
  exitCode: number;
  calls: number;
  repairs: number;
  gaps: number;
  requests: number;
  seconds: number;
  /** CPU seconds (user + sys) the server process used during the run; null when not measurable. */
  serverCpuSeconds: number | null;
}

/**
 * CPU seconds (user + sys) the local server has used so far, from
 * /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux);
 * null when its pid file or /proc is not there.
 */
function serverCpuSeconds(): number | null {
  try {
    const pid = readFileSync(path.join(root, ".cache/local-model/server.pid"), "utf8").trim().split(/\s+/)[0];
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One CLI run as a child process (async: the proxy in this process must keep answering). */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "bin/consilium.mjs"), ...args], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout }));
  });
}

const runs = SMOKE_RUNS.filter((r) => !values.only || r.experiment === values.only);
const work = mkdtempSync(path.join(tmpdir(), "consilium-smoke-"));
const counted: Counted[] = [];
let failed = false;
try {
  for (const run of runs) counted.push(await smoke(run));
} finally {
  rmSync(work, { recursive: true, force: true });
  if (!running) spawnSync("bash", [script, "stop"], { stdio: "inherit" });
}
if (values.record && !failed) {
  // With --only, the other experiments' entries stay as they were recorded.
  const file = path.join(root, FIXTURE_DIR, "runs.json");
  const kept = values.only && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Counted[]).filter((c) => c.experiment !== values.only) : [];
  const all = [...kept, ...counted].sort(
    (a, b) => SMOKE_RUNS.findIndex((r) => r.experiment === a.experiment) - SMOKE_RUNS.findIndex((r) => r.experiment === b.experiment),
  );
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`local-model:smoke: recorded ${counted.reduce((n, c) => n + c.requests, 0)} answers into ${FIXTURE_DIR}/`);
}
process.exitCode = failed ? 1 : 0;

async function smoke(run: SmokeRun): Promise<Counted> {
  const proxy = await startRecordingProxy(`http://127.0.0.1:${port}/v1`);
  const started = performance.now();
  const cpuBefore = serverCpuSeconds();
  const out = path.join(work, run.experiment);
  let result: { code: number; stdout: string };
  try {
    result = await runCli(smokeArgs(run, path.join(root, "datasets"), out), { ...process.env, OPENAI_API_KEY: "local", OPENAI_BASE_URL: proxy.baseURL });
  } finally {
    await proxy.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = serverCpuSeconds();
  const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  let manifest: { usage?: { calls?: number; repairs?: number }; gaps?: { total?: number } } = {};
  try {
    manifest = JSON.parse(result.stdout) as typeof manifest;
  } catch {
    // The run failed before printing its manifest; the exit code says so.
  }
  const calls = manifest.usage?.calls ?? 0;
  const repairs = manifest.usage?.repairs ?? 0;
  const gaps = manifest.gaps?.total ?? 0;
  const line =
    `${run.experiment}: exit ${result.code}, ${calls} calls, ${repairs} repaired (${pct(repairs, calls)}), ${gaps} gaps (${pct(gaps, calls)}), ` +
    `${proxy.records.length} requests, ${seconds.toFixed(0)} s (${(seconds / Math.max(1, proxy.records.length)).toFixed(1)} s per request)` +
    (cpu !== null ? `, server CPU ${cpu.toFixed(0)} s (${(cpu / Math.max(1, proxy.records.length)).toFixed(1)} s per request)` : "") +
    `, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
  console.log(`local-model:smoke: ${line}`);
  if (result.code !== 0) failed = true;
  if (values.record && result.code === 0) {
    mkdirSync(path.join(root, FIXTURE_DIR), { recursive: true });
    writeFileSync(path.join(root, FIXTURE_DIR, `${run.experiment}.jsonl`), proxy.records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  }
  return {
    experiment: run.experiment,
    set: run.set,
    exitCode: result.code,
    calls,
    repairs,
    gaps,
    requests: proxy.records.length,
    seconds: Math.round(seconds),
    serverCpuSeconds: cpu === null ? null : Math.round(cpu),
  };
}

function pct(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(0)} %` : "n/a";
}
