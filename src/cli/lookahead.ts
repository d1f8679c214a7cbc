/**
 * `consilium lookahead <experiment> --at DATE [--set key=value ...]`: run an
 * experiment on the data folder and on a copy poisoned after DATE, and report
 * per session whether decisions, weights and prompts up to DATE stayed the
 * same (src/run/lookahead.ts). Exit 0 when nothing up to DATE depends on later
 * data beyond the experiment's declared reads, 3 when something does.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_SEED, EXPERIMENT_NAMES, formatLookahead, isExperimentName, runLookahead } from "../run/index";
import { MODEL_FLAG_OPTIONS, parseModelFlags } from "./model-flags";
import { parseDateOption, parseEmbedder, parseIntOption, parseLlm, parsePositiveIntOption, UsageError, type CliIo } from "./usage";

export const LOOKAHEAD_USAGE = `consilium lookahead <experiment> --at DATE [--set key=value ...] [--config FILE] [--data DIR]
    [--llm offline|openai|replay] [--model NAME] [--cache DIR] [--seed N] [--records remove|rewrite]
    [--keep-copy] [--json] [--out FILE] [--timeout SECONDS] [--response-format json_schema|json_object|none]
  Runs the experiment twice, on the data folder and on a copy poisoned after DATE's close (later prices
  scaled by seeded factors, later records removed or rewritten), records the hash of every prompt a real
  model would receive, and reports per session up to DATE: identical, different only where a declared
  read explains it (e.g. FinMem's training label t+1), or the first look-ahead with the field that differs.
  Exit 0: no look-ahead beyond the declared reads; 3: a look-ahead was found.
`;

/** Exit code when the audit finds a difference no declared read explains. */
export const LOOKAHEAD_FOUND = 3;

/**
 * Run the command; returns the exit code.
 *
 * @example
 * await lookaheadCommand(["finmem", "--at", "2021-01-04", "--data", "../shared/datasets"], io); // 0
 */
export async function lookaheadCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      at: { type: "string" },
      set: { type: "string", multiple: true },
      config: { type: "string" },
      data: { type: "string" },
      llm: { type: "string" },
      model: { type: "string" },
      cache: { type: "string" },
      seed: { type: "string" },
      records: { type: "string" },
      embedder: { type: "string" },
      concurrency: { type: "string" },
      ...MODEL_FLAG_OPTIONS,
      "keep-copy": { type: "boolean" },
      json: { type: "boolean" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const name = positionals[0];
  if (values.help) {
    io.stdout(LOOKAHEAD_USAGE);
    return 0;
  }
  if (!name || !isExperimentName(name)) throw new UsageError(`lookahead needs an experiment: ${EXPERIMENT_NAMES.join(", ")}\n\n${LOOKAHEAD_USAGE}`);
  if (!values.at) throw new UsageError(`lookahead needs --at DATE (a NYSE session)\n\n${LOOKAHEAD_USAGE}`);
  const at = parseDateOption(values.at, "at");
  const records = values.records ?? "remove";
  if (records !== "remove" && records !== "rewrite") throw new UsageError(`--records must be remove or rewrite, got "${records}"`);
  const llm = parseLlm(values.llm);
  if (llm === "offline" && values.model !== undefined) throw new UsageError(`--model ${values.model} needs --llm openai (or replay)`);
  if (llm === "replay" && !values.cache) throw new UsageError("--llm replay needs --cache DIR (the cache of a recorded run)");
  const embedder = parseEmbedder(values.embedder);
  const report = await runLookahead(name, {
    at,
    set: values.set ?? [],
    configFile: values.config,
    dataDir: values.data,
    llm,
    model: values.model,
    cacheDir: values.cache ? path.resolve(values.cache) : undefined,
    seed: parseIntOption(values.seed, "seed", DEFAULT_SEED),
    records,
    embedder,
    concurrency: parsePositiveIntOption(values.concurrency, "concurrency", 4),
    ...parseModelFlags(values, llm),
    keepCopy: values["keep-copy"] ?? false,
    log: values.json ? () => {} : (message) => io.stderr(`${message}\n`),
  });
  const json = JSON.stringify(report, null, 2) + "\n";
  if (values.out) writeFileSync(path.resolve(values.out), json);
  io.stdout(values.json ? json : formatLookahead(report));
  return report.firstLeak ? LOOKAHEAD_FOUND : 0;
}
