/**
 * Paired, interleaved timing: our run and the reference's run alternate one
 * by one (ours, reference, ours, reference, ...), so a burst of load on the
 * shared machine lands on both sides of a pair rather than on one side of a
 * whole benchmark. The ratio is the geometric mean of the per-pair ratios
 * ours_i / ref_i, with a 90 % interval from a seeded paired bootstrap of the
 * log ratios; a goal holds when the interval's upper end is under it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface, type Interface } from "node:readline";
import { Rng } from "../src/stats/rng";
import { PYTHON, referenceEnv, summarise, type Timing } from "./lib";

/** Pairs timed after warm-up unless a suite asks for more (the floor is 9). */
export const MIN_PAIRS = 9;
/** Bootstrap resamples for the ratio interval. */
export const BOOTSTRAP_RESAMPLES = 10_000;
/** Two-sided coverage of the ratio interval. */
export const INTERVAL_LEVEL = 0.9;

/** A reference side that can be asked for one timed run at a time. */
export interface ReferenceSide {
  /** Run once; resolves to the run's wall time in ms as measured by the reference itself. */
  run(): Promise<number>;
}

/**
 * A reference script speaking the run-by-run protocol of
 * bench/reference/_worker.py ("run" -> {"ms"}, "finish" -> results).
 *
 * @example
 * const py = PythonWorker.start(referenceScript("indicators.py"), [file, "60", "5000"]);
 * const ms = await py.run();
 * const results = await py.finish<{ shape: number[] }>();
 */
export class PythonWorker implements ReferenceSide {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly pending: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  private stderr = "";
  private exited: Error | null = null;

  private constructor(
    private readonly script: string,
    args: string[],
  ) {
    this.child = spawn(PYTHON, [script, ...args], {
      env: referenceEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-8000);
    });
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on("line", (line) => this.pending.shift()?.resolve(line));
    this.child.on("close", (code) => {
      this.exited = new Error(`${this.script} exited (${code}) before answering: ${this.stderr.trim() || "no stderr"}`);
      for (const p of this.pending.splice(0)) p.reject(this.exited);
    });
    this.child.on("error", (error) => {
      this.exited = error;
      for (const p of this.pending.splice(0)) p.reject(error);
    });
  }

  /** Start a reference script (it loads its inputs, then waits for commands). */
  static start(script: string, args: string[]): PythonWorker {
    return new PythonWorker(script, args);
  }

  private ask(command: string): Promise<string> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(`${command}\n`);
    });
  }

  async run(): Promise<number> {
    const line = await this.ask("run");
    const ms = (JSON.parse(line) as { ms?: unknown }).ms;
    if (typeof ms !== "number" || !(ms >= 0)) throw new Error(`${this.script}: bad answer to "run": ${line.slice(0, 200)}`);
    return ms;
  }

  /** Ask for the results of the last run (for the cross-check); the worker then exits. */
  async finish<T>(): Promise<T> {
    const line = await this.ask("finish");
    this.child.stdin.end();
    return JSON.parse(line) as T;
  }

  /** Stop the worker without asking for results (on errors). */
  kill(): void {
    if (!this.exited) this.child.kill();
  }
}

/** One paired measurement: both sides' timings and the per-pair ratio with its interval. */
export interface PairedTiming {
  ours: Timing;
  reference: Timing;
  /** Geometric mean of ours_i / ref_i over the pairs. */
  ratio: number;
  /** 90 % paired-bootstrap interval of the ratio [low, high]. */
  interval: [number, number];
  /** Raw per-pair times in ms (after `scale`). */
  pairs: Array<{ ours: number; reference: number }>;
}

/**
 * Percentile bootstrap of the mean of `logs` (resampling pairs with
 * replacement, seeded): returns exp of the (1 - level) / 2 and
 * (1 + level) / 2 quantiles, i.e. an interval for the geometric-mean ratio.
 *
 * @example
 * bootstrapRatioInterval([Math.log(0.9), Math.log(1.1), Math.log(1)], "x"); // ~[0.93, 1.07]
 */
export function bootstrapRatioInterval(logs: readonly number[], seed: string, resamples = BOOTSTRAP_RESAMPLES, level = INTERVAL_LEVEL): [number, number] {
  const n = logs.length;
  if (n === 0) return [NaN, NaN];
  const rng = new Rng(`bench-bootstrap:${seed}`);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += logs[rng.int(0, n)]!;
    means[b] = s / n;
  }
  means.sort();
  const at = (q: number): number => {
    const pos = (resamples - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return means[lo]! + (means[hi]! - means[lo]!) * (pos - lo);
  };
  return [Math.exp(at((1 - level) / 2)), Math.exp(at((1 + level) / 2))];
}

/**
 * Time ours and the reference alternately: `warmup` untimed pairs, then
 * `pairs` timed pairs (ours first in each). `scale` divides every time (e.g.
 * the number of queries in one run, to report per-query times).
 *
 * @example
 * const t = await pairedTiming({ id: "3", ours: () => compute(), reference: worker, pairs: 9 });
 * t.ratio; t.interval; // geometric-mean ratio and its 90 % interval
 */
export async function pairedTiming(input: {
  id: string;
  ours: () => unknown;
  reference: ReferenceSide;
  pairs?: number;
  warmup?: number;
  scale?: number;
}): Promise<PairedTiming> {
  const pairs = input.pairs ?? MIN_PAIRS;
  if (!(Number.isInteger(pairs) && pairs >= 1)) throw new RangeError(`pairedTiming: pairs must be a positive integer (got ${pairs})`);
  const scale = input.scale ?? 1;
  for (let w = 0; w < (input.warmup ?? 1); w++) {
    await input.ours();
    await input.reference.run();
  }
  const raw: Array<{ ours: number; reference: number }> = [];
  for (let i = 0; i < pairs; i++) {
    const t0 = performance.now();
    await input.ours();
    const ours = (performance.now() - t0) / scale;
    const reference = (await input.reference.run()) / scale;
    raw.push({ ours, reference });
  }
  const logs = raw.map((p) => Math.log(p.ours / p.reference));
  const meanLog = logs.reduce((a, b) => a + b, 0) / logs.length;
  return {
    ours: summarise(raw.map((p) => p.ours)),
    reference: summarise(raw.map((p) => p.reference)),
    ratio: Math.exp(meanLog),
    interval: bootstrapRatioInterval(logs, input.id),
    pairs: raw,
  };
}

/** A goal on the ratio: it holds when the interval's upper end is below `maxRatio`. */
export interface RatioGoal {
  maxRatio: number;
  /** How the goal reads in the report, e.g. "<= 1.0x numpy" or ">= 3x faster". */
  text: string;
}

/** Whether a paired timing meets a goal (upper end of the 90 % interval under it). */
export function goalMet(timing: Pick<PairedTiming, "interval">, goal: RatioGoal): boolean {
  return timing.interval[1] < goal.maxRatio;
}

/**
 * Measure once; when a goal is given and missed, measure once more (the
 * issue allows one re-measurement, and the report says so). Returns the
 * measurement that counts and, when there was one, the first attempt.
 *
 * @example
 * const m = await measureWithGoal(RETRIEVAL_GOAL, () => pairedTiming({ ... }));
 * m.first; // set when the first attempt missed the goal
 */
export async function measureWithGoal<M extends PairedTiming>(goal: RatioGoal | undefined, measure: () => Promise<M>): Promise<{ final: M; first?: M }> {
  const first = await measure();
  if (!goal || goalMet(first, goal)) return { final: first };
  return { final: await measure(), first };
}

/**
 * The usual shape of a line: a reference script started per attempt, paired
 * with `ours` run by run, re-measured once when the goal is missed; the last
 * attempt's worker is asked for its results (the cross-check's input).
 *
 * @example
 * const { measured, results } = await pairedWithScript<{ shape: number[] }>({
 *   id: "3", script: referenceScript("indicators.py"), args, ours: compute, pairs: 9, goal,
 * });
 */
export async function pairedWithScript<R>(input: {
  id: string;
  script: string;
  args: string[];
  ours: () => unknown;
  pairs: number;
  warmup?: number;
  scale?: number;
  goal?: RatioGoal;
}): Promise<{ measured: { final: PairedTiming; first?: PairedTiming }; results: R }> {
  let worker: PythonWorker | null = null;
  const measured = await measureWithGoal(input.goal, async () => {
    worker?.kill();
    const current = PythonWorker.start(input.script, input.args);
    worker = current;
    try {
      return await pairedTiming({ id: input.id, ours: input.ours, reference: current, pairs: input.pairs, warmup: input.warmup, scale: input.scale });
    } catch (error) {
      current.kill();
      throw error;
    }
  });
  const results = await (worker as unknown as PythonWorker).finish<R>();
  return { measured, results };
}
