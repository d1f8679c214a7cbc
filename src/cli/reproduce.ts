/** `consilium reproduce` / `npm run reproduce`. */
import { parseArgs } from "node:util";
import { EXPERIMENT_NAMES, isExperimentName, reproduceAll } from "../run/index";
import { parseLlm, UsageError } from "./usage";
import type { CliIo } from "./usage";

/**
 * `consilium reproduce [--out DIR] [--seed N] [--llm offline|openai|replay] [--model NAME] [--data DIR] [--only a,b] [--skip-exports]`:
 * every experiment, its figures in every format, a report each and the paper audit.
 *
 * @example
 * await reproduceCommand(["--only", "finmem", "--skip-exports", "--out", "/tmp/r"], io); // 0
 */
export async function reproduceCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: "string" },
      seed: { type: "string" },
      llm: { type: "string" },
      model: { type: "string" },
      data: { type: "string" },
      only: { type: "string" },
      "skip-exports": { type: "boolean" },
    },
  });
  const llm = parseLlm(values.llm);
  if (values.seed !== undefined && !/^\d+$/.test(values.seed)) throw new UsageError(`--seed expects a non-negative integer, got "${values.seed}"`);
  const only = values.only ? values.only.split(",").map((name) => name.trim()) : undefined;
  const unknown = only?.filter((name) => !isExperimentName(name)) ?? [];
  if (unknown.length > 0) throw new UsageError(`--only: unknown experiment(s) ${unknown.join(", ")}; choose from ${EXPERIMENT_NAMES.join(", ")}`);
  const started = performance.now();
  const result = await reproduceAll({
    outDir: values.out ?? "figures",
    seed: values.seed !== undefined ? Number(values.seed) : undefined,
    llm,
    model: values.model,
    dataDir: values.data,
    only,
    skipExports: values["skip-exports"],
    log: (line) => io.stderr(`${line}\n`),
  });
  io.stdout(`reproduced ${result.runs.length} experiments in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${result.outDir}\n`);
  for (const run of result.runs)
    io.stdout(
      `  ${run.experiment}: ${run.manifest.tables.length} tables, ${run.exported} exported figure files${run.report ? `, report ${run.report}` : ""}\n`,
    );
  io.stdout(`  audit: ${result.auditFile}\n`);
  return 0;
}
