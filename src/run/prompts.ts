/**
 * What a real model would read: one small example run of an experiment,
 * answered by the offline agents and recorded by a RecordingModel, gives the
 * exact messages (prompt-set template, inputs, JSON-schema instruction) an
 * OpenAI-compatible endpoint would be sent for every task. `consilium prompts`
 * prints one call per task; the golden prompt-hash test keeps a digest per
 * task, so that a change to what a model is sent is made on purpose and shows
 * in the diff.
 */
import path from "node:path";
import { OfflineModel, RecordingModel, sha256Hex, type ChatMessage, type RecordedPrompt } from "../llm/index";
import { DataFolder, resolveDataDir } from "../data/index";
import { DEFAULT_SEED, resolveExperimentConfig, runExperiment, type RunOptions } from "./runner";
import { loadExperiment } from "./registry";

/**
 * The small example of each experiment: `--set` pairs under which a run on
 * the bundled data sends every task its default config sends, in about a
 * second (one candidate and two rounds; one month of training and one of
 * test; three tickers over six weeks). The user's own `--set` pairs go on top.
 */
export const PROMPT_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  sentimental: ["candidates=1", "maxRounds=2"],
  finmem: ["trainMonths=1", "testMonths=1"],
  blackboard: ["maxTickers=3", "start=2025-01-02", "end=2025-02-14"],
};

export interface PromptSampleOptions extends Pick<RunOptions, "dataDir" | "seed" | "configFile" | "config"> {
  /** `key=value` pairs on top of the small example (e.g. `prompts=neutral`, `promptDir=my-prompts`). */
  set?: readonly string[];
  /** Use these pairs instead of the small example (e.g. [] for the default config). */
  example?: readonly string[];
}

/** Every call of one task in the example, and the first one's messages. */
export interface TaskPrompts {
  task: string;
  version: number;
  /** How many calls the example made to this task. */
  calls: number;
  /** The trading day the first call serves, or null. */
  session: string | null;
  /** The messages of the first call, as an endpoint would receive them. */
  messages: ChatMessage[];
  /** SHA-256 over the sorted hashes of every call: changes when any call's messages change. */
  digest: string;
}

export interface PromptSample {
  experiment: string;
  /** The `--set` pairs the example ran with. */
  set: string[];
  config: Record<string, unknown>;
  dataDir: string;
  /** One entry per task, in the order of each task's first call. */
  tasks: TaskPrompts[];
}

/**
 * Groups recorded calls by task (order of first call): count, first call and
 * an order-free digest (concurrent calls may be recorded in any order).
 *
 * @example
 * summarizeByTask(recorder.prompts)[0]; // { task: "sentimental.mms-description", calls: 6, digest: "9c1f...", ... }
 */
export function summarizeByTask(prompts: readonly RecordedPrompt[]): TaskPrompts[] {
  const groups = new Map<string, RecordedPrompt[]>();
  for (const p of prompts) {
    const list = groups.get(p.task) ?? [];
    list.push(p);
    groups.set(p.task, list);
  }
  return [...groups.values()].map((calls) => {
    const first = calls.reduce((a, b) => (b.seq < a.seq ? b : a));
    return {
      task: first.task,
      version: first.version,
      calls: calls.length,
      session: first.session,
      messages: first.messages ?? [],
      digest: sha256Hex(
        calls
          .map((c) => `${c.version}:${c.hash}`)
          .sort()
          .join("\n"),
      ),
    };
  });
}

/**
 * Runs an experiment's small example with the offline agents behind a
 * recorder and returns what a real model would have been sent, task by task.
 *
 * @example
 * const sample = await samplePrompts("finmem", { set: ["prompts=neutral"] });
 * sample.tasks.map((t) => t.task); // ["finmem.summarize", "finmem.reflect.train", ...]
 */
export async function samplePrompts(name: string, options: PromptSampleOptions = {}): Promise<PromptSample> {
  const experiment = await loadExperiment(name);
  const seed = options.seed ?? DEFAULT_SEED;
  const dataDir = path.resolve(resolveDataDir(options.dataDir));
  DataFolder.open(dataDir);
  const set = [...(options.example ?? PROMPT_EXAMPLES[experiment.name] ?? []), ...(options.set ?? [])];
  const runOptions = { seed, dataDir, set, configFile: options.configFile, config: options.config };
  const config = await resolveExperimentConfig(experiment, dataDir, runOptions);
  const recorder = new RecordingModel(new OfflineModel({ seed }));
  await runExperiment(experiment.name, { ...runOptions, modelInstance: recorder });
  return { experiment: experiment.name, set, config, dataDir, tasks: summarizeByTask(recorder.prompts) };
}

/**
 * The sample as text: per task a heading (calls, session) and the first
 * call's messages, role by role.
 *
 * @example
 * formatPromptSample(sample, { task: "finmem.reflect.test" }); // "== finmem.reflect.test (v4): 19 calls ...\n-- system\n..."
 */
export function formatPromptSample(sample: PromptSample, options: { task?: string } = {}): string {
  const tasks = options.task ? sample.tasks.filter((t) => t.task === options.task) : sample.tasks;
  const lines = [
    `# ${sample.experiment}: the prompts a real model would read in a small example run (--set ${sample.set.join(" ") || "(defaults)"})`,
    `# data: ${sample.dataDir}; each task's first call shown, its JSON-schema instruction included; answers from the offline agents`,
    "",
  ];
  for (const t of tasks) {
    lines.push(`== ${t.task} (v${t.version}): ${t.calls} call${t.calls === 1 ? "" : "s"} in the example${t.session ? `; first serves ${t.session}` : ""}`);
    for (const m of t.messages) lines.push(`-- ${m.role}`, m.content, "");
  }
  return lines.join("\n");
}
