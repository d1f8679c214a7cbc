/**
 * `consilium prompts <experiment> [--set key=value ...]`: the prompts a real
 * model would read, rendered from the run's prompt set (or `promptDir`) for a
 * small example run, one call per task (src/run/prompts.ts). A student edits
 * a copied prompt folder and sees at once what a model will be sent; a bad
 * template fails here, naming its file and line, before any model is paid.
 */
import { parseArgs } from "node:util";
import { EXPERIMENT_NAMES, formatPromptSample, isExperimentName, PROMPT_EXAMPLES, samplePrompts } from "../run/index";
import { parseIntOption, UsageError, type CliIo } from "./usage";

export const PROMPTS_USAGE = `consilium prompts <experiment> [--set key=value ...] [--config FILE] [--data DIR] [--seed N]
    [--task NAME] [--full] [--json]
  Prints what a real model would be sent: the first call of every task in a small example run
  (sentimental: ${PROMPT_EXAMPLES.sentimental!.join(" ")}; finmem: ${PROMPT_EXAMPLES.finmem!.join(" ")};
  blackboard: ${PROMPT_EXAMPLES.blackboard!.join(" ")}), answered by the offline agents. --set goes on
  top (e.g. --set prompts=neutral, --set promptDir=my-prompts); --full uses the default config instead
  of the small example; --task shows one task; --json prints every task's messages, call count and digest.
`;

/**
 * Run the command; returns the exit code.
 *
 * @example
 * await promptsCommand(["finmem", "--set", "prompts=neutral", "--task", "finmem.reflect.test"], io); // 0
 */
export async function promptsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      set: { type: "string", multiple: true },
      config: { type: "string" },
      data: { type: "string" },
      seed: { type: "string" },
      task: { type: "string" },
      full: { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(PROMPTS_USAGE);
    return 0;
  }
  const name = positionals[0];
  if (!name || !isExperimentName(name)) throw new UsageError(`prompts needs an experiment: ${EXPERIMENT_NAMES.join(", ")}\n\n${PROMPTS_USAGE}`);
  if (positionals.length > 1) throw new UsageError(`prompts takes one experiment, got: ${positionals.join(" ")}`);
  const sample = await samplePrompts(name, {
    set: values.set ?? [],
    configFile: values.config,
    dataDir: values.data,
    seed: parseIntOption(values.seed, "seed", 7),
    ...(values.full ? { example: [] } : {}),
  });
  if (values.task !== undefined && !sample.tasks.some((t) => t.task === values.task)) {
    throw new UsageError(`--task ${values.task}: the example made no call to it; its tasks: ${sample.tasks.map((t) => t.task).join(", ")}`);
  }
  if (values.json) {
    const tasks = values.task ? sample.tasks.filter((t) => t.task === values.task) : sample.tasks;
    io.stdout(`${JSON.stringify({ experiment: sample.experiment, set: sample.set, dataDir: sample.dataDir, tasks }, null, 2)}\n`);
  } else io.stdout(`${formatPromptSample(sample, { task: values.task })}\n`);
  return 0;
}
