/**
 * The smallest run of each experiment that goes end to end on the local
 * model (npm run local-model): what `npm run local-model:smoke` runs in CI
 * and `npm run local-model:record` records into test/fixtures/local-model/,
 * and what the replay test (test/llm/local-model-replay.e2e.test.ts) asks
 * again with the model stopped. One candidate and one round (Sentimental),
 * three training and three test sessions with one news item a day and no
 * extended reflection (FinMem), one ticker at one rebalance with one debate
 * round (Blackboard); every run with onInvalid=skip, so a 135M model's
 * invalid answers become counted gaps instead of stopping the run.
 */

/** The model alias the local server answers to (scripts/local-model/serve.py). */
export const LOCAL_MODEL_NAME = "smollm2-135m-instruct";

/**
 * Flags of every smoke run: the real client against the server's constrained
 * decoding, seed 7, and a per-request timeout long enough for 2 cores shared
 * with other work (a request that times out is sent again, and its late
 * answer would be recorded twice).
 */
export const SMOKE_FLAGS: readonly string[] = [
  "--llm",
  "openai",
  "--model",
  LOCAL_MODEL_NAME,
  "--seed",
  "7",
  "--response-format",
  "json_schema",
  "--timeout",
  "900",
];

export interface SmokeRun {
  experiment: "sentimental" | "finmem" | "blackboard";
  set: readonly string[];
}

/** The three runs, each as `--set` values. */
export const SMOKE_RUNS: readonly SmokeRun[] = [
  { experiment: "sentimental", set: ["candidates=1", "maxRounds=1", "runs=1", "onInvalid=skip"] },
  {
    experiment: "finmem",
    set: [
      "trainStart=2023-09-05",
      "trainEnd=2023-09-07",
      "testStart=2023-09-08",
      "testEnd=2023-09-12",
      "maxNewsPerDay=1",
      "extendedReflectionEvery=0",
      "onInvalid=skip",
    ],
  },
  { experiment: "blackboard", set: ["maxTickers=1", "start=2025-01-02", "end=2025-01-08", "debateRounds=1", "onInvalid=skip"] },
];

/** The CLI arguments of one smoke run on the data folder `data` (the bundled datasets/) into `out`. */
export function smokeArgs(run: SmokeRun, data: string, out: string): string[] {
  return ["run", run.experiment, ...SMOKE_FLAGS, "--data", data, "--out", out, "--report", "--json", ...run.set.flatMap((s) => ["--set", s])];
}

/** The fixture folder of the recorded answers. */
export const FIXTURE_DIR = "test/fixtures/local-model";
