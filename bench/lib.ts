/**
 * Benchmark harness: warm-up, repeated timing, median and spread, and Python
 * reference runs in the same invocation, so every line is a ratio measured on
 * the same machine at the same time.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export interface Timing {
  /** Median wall time in milliseconds. */
  medianMs: number;
  /** Interquartile range in milliseconds. */
  iqrMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
}

function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Summarise raw times (ms). */
export function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    medianMs: quantile(sorted, 0.5),
    iqrMs: quantile(sorted, 0.75) - quantile(sorted, 0.25),
    minMs: sorted[0]!,
    maxMs: sorted[sorted.length - 1]!,
    runs: sorted.length,
  };
}

/** Time `fn` `runs` times after `warmup` untimed calls. */
export async function timeIt(fn: () => unknown | Promise<unknown>, runs = 5, warmup = 1): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return summarise(times);
}

export const PYTHON = process.env.CONSILIUM_PYTHON ?? "/usr/bin/python3";

export interface PythonAvailability {
  ok: boolean;
  reason?: string;
  versions?: Record<string, string>;
}

/** Whether Debian's Python with numpy / pandas / scipy / gensim is there. */
export function pythonAvailability(modules: string[] = ["numpy", "pandas", "scipy", "gensim"]): PythonAvailability {
  if (!existsSync(PYTHON)) return { ok: false, reason: `${PYTHON} not found` };
  const code = `import json, importlib\nv={}\nfor m in ${JSON.stringify(modules)}:\n    v[m]=importlib.import_module(m).__version__\nimport sys\nv['python']=sys.version.split()[0]\nprint(json.dumps(v))`;
  const result = spawnSync(PYTHON, ["-c", code], { encoding: "utf8" });
  if (result.status !== 0) return { ok: false, reason: (result.stderr || "python failed").trim().split("\n").pop() };
  return { ok: true, versions: JSON.parse(result.stdout) as Record<string, string> };
}

/** Debian packages that provide the reference stack for /usr/bin/python3 (NLTK for VADER, threadpoolctl to name the BLAS kernel). */
export const REFERENCE_APT_PACKAGES = ["python3-numpy", "python3-scipy", "python3-pandas", "python3-gensim", "python3-nltk", "python3-threadpoolctl"];
/** Modules the reference scripts import, beyond the core four (their lines are skipped, with the reason, when missing). */
export const OPTIONAL_MODULES = ["nltk", "threadpoolctl"];

/**
 * The environment of every reference process: BLAS pinned to one thread (our
 * code is single-threaded), and OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE removed —
 * some machines here set them to work around old OpenBLAS builds, which
 * forces a slower generic kernel on a current numpy; `blasKernel()` reports
 * the kernel that then runs. Only the bench's reference processes see this.
 *
 * @example
 * spawnSync(PYTHON, [script], { env: referenceEnv() });
 */
export function referenceEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, OMP_NUM_THREADS: "1", OPENBLAS_NUM_THREADS: "1", MKL_NUM_THREADS: "1" };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  return env;
}

/**
 * The BLAS numpy loads in the reference environment, from threadpoolctl:
 * e.g. "openblas 0.3.21, kernel Zen, 1 thread"; null when it cannot be told.
 *
 * @example
 * blasKernel(); // "openblas 0.3.21 (libopenblasp-r0.3.21.so), kernel Zen, 1 thread"
 */
export function blasKernel(): string | null {
  const code = "import json, numpy, threadpoolctl\nprint(json.dumps([i for i in threadpoolctl.threadpool_info() if i.get('user_api') == 'blas']))";
  const result = spawnSync(PYTHON, ["-c", code], { encoding: "utf8", env: referenceEnv() });
  if (result.status !== 0) return null;
  const info = JSON.parse(result.stdout) as Array<{ internal_api?: string; version?: string; filepath?: string; architecture?: string; num_threads?: number }>;
  return info.length
    ? info
        .map(
          (i) =>
            `${i.internal_api} ${i.version} (${String(i.filepath).split("/").pop()}), kernel ${i.architecture ?? "?"}, ${i.num_threads} thread${i.num_threads === 1 ? "" : "s"}`,
        )
        .join("; ")
    : null;
}

/**
 * Make the reference stack available: when it is missing and we are root on a
 * Debian machine, install Debian's packages (what issue 7 asks the bench to do);
 * otherwise report why the references will be skipped.
 */
export function ensureReferencePython(log: (line: string) => void): PythonAvailability {
  const first = pythonAvailability();
  const optionalMissing = first.ok && !pythonAvailability(OPTIONAL_MODULES).ok;
  if ((first.ok && !optionalMissing) || process.env.CONSILIUM_BENCH_NO_INSTALL) return first;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) return first;
  log(
    `reference python incomplete (${first.reason ?? `missing one of ${OPTIONAL_MODULES.join(", ")}`}); installing ${REFERENCE_APT_PACKAGES.join(" ")} with apt-get`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  const install =
    update.status === 0
      ? spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...REFERENCE_APT_PACKAGES], { stdio: "ignore", env })
      : update;
  if (install.status !== 0) return first.ok ? first : { ok: false, reason: `${first.reason}; apt-get install failed (exit ${install.status})` };
  return pythonAvailability();
}

/**
 * Run a Python reference script; it prints one JSON object with `times_ms`
 * (per timed run) and whatever results it wants compared.
 */
export function runPython<T extends { times_ms: number[] }>(script: string, args: string[]): T {
  const result = spawnSync(PYTHON, [script, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: referenceEnv(),
  });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop()!) as T;
}
