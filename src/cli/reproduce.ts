/** `consilium reproduce` / `npm run reproduce`. */
import { parseArgs } from "node:util";
import { reproduceAll } from "../run/reproduce";
import type { CliIo } from "./main";

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
  const llm = (values.llm ?? "offline") as "offline" | "openai" | "replay";
  const started = performance.now();
  const result = await reproduceAll({
    outDir: values.out ?? "figures",
    seed: values.seed ? Number(values.seed) : undefined,
    llm,
    model: values.model,
    dataDir: values.data,
    only: values.only ? values.only.split(",") : undefined,
    skipExports: values["skip-exports"],
    log: (line) => io.stderr(`${line}\n`),
  });
  io.stdout(`reproduced ${result.runs.length} experiments in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${result.outDir}\n`);
  for (const run of result.runs) io.stdout(`  ${run.experiment}: ${run.manifest.tables.length} tables, ${run.exported} exported figure files${run.report ? `, report ${run.report}` : ""}\n`);
  io.stdout(`  audit: ${result.auditFile}\n`);
  return 0;
}
