/**
 * `consilium` — the command line face of the workbench. Every command is a thin
 * layer over src/: the same functions the notebooks call.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { resolveDataDir } from "../data/index";
import {
  checkRunFolder,
  checkSweepFolder,
  claimRunFolder,
  configKeys,
  defaultRunDir,
  formatConfigKeys,
  DEFAULT_SEED,
  dataDependentDefaults,
  runExperiment,
  EXPERIMENT_NAMES,
  isExperimentName,
  loadExperiment,
  resolveRunConfig,
  writeRunFolder,
  packageVersion,
} from "../run/index";
import { CALC_NAMES, loadCalc } from "./calc/index";
import { terminalProgress } from "../core/index";
import { describeFailure } from "./failure";
import { MODEL_FLAG_OPTIONS, parseModelFlags } from "./model-flags";
import { commandUsage } from "./help";
import { isUsageProblem, parseEmbedder, parseIntOption, parseLlm, parsePositiveIntOption, UsageError, wantsHelp, type CliIo } from "./usage";

export type { CliIo } from "./usage";

const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
};

const USAGE = `consilium ${"<command>"} — reproduce three papers on LLM multi-agent systems

Commands:
  run <sentimental|finmem|blackboard>   run one experiment and write a run folder
      [--config FILE] [--set key=value ...] [--llm offline|openai|replay] [--model NAME]
      [--seed N] [--data DIR] [--out DIR] [--force] [--cache DIR] [--concurrency N] [--embedder hashing|minilm|openai]
      [--json] [--report] [--max-calls N] [--max-cost USD] [--timeout SECONDS] [--response-format json_schema|json_object|none]
      --dry-run [--model NAME]   calls, prompt tokens, output estimate and cost per task, no model called
  sweep <experiment> --grid key=v1,v2 [--grid ...]   run a parameter grid (resumable via the LLM cache);
      --grid model=A,B compares models (with --llm openai; recorded, then --llm replay)
  evaluate sentimental --transcript PATH [--set ...] [--out DIR]   every table from a recorded conversation
  calc <${CALC_NAMES.join("|")}>   JSON object on stdin -> JSON object on stdout
  data <check|fetch|synth> ...         validate, download or generate a data folder
  figures <run-dir> [--formats svg,pdf,png,html] [--dpi 300]   export a run's figures
  report <run-dir>                     one self-contained HTML report of a run
  audit [--json] [--out FILE] [--real-data DIR]   recompute the papers' own tables under each reading
  reproduce [--out DIR] [--seed N] [--data DIR]   every experiment on the embedded defaults (npm run reproduce)
  keys <experiment>                    the config keys of an experiment and what they accept
  lookahead <experiment> --at DATE [--set ...]   does anything up to DATE depend on later data?
  prompts <experiment> [--set ...] [--task NAME]   the prompts a real model would read (a small example run)

Every command explains itself: consilium <command> --help.
Models: --llm offline (default; embedded data-grounded agents, labelled as such),
        --llm openai (OPENAI_API_KEY, OPENAI_BASE_URL, --model), --llm replay (cache only).
Data:   --data DIR, else CONSILIUM_DATA, else the bundled synthetic datasets/.
Exit codes: 0 done, 1 the command failed, 2 bad command line, config or LLM setup,
            3 lookahead found a difference no declared read explains,
            4 stopped at --max-calls / --max-cost (the manifest says why; rerun to resume from the cache).
`;

const RUN_OPTIONS = {
  config: { type: "string" },
  set: { type: "string", multiple: true },
  llm: { type: "string" },
  model: { type: "string" },
  seed: { type: "string" },
  data: { type: "string" },
  out: { type: "string" },
  cache: { type: "string" },
  concurrency: { type: "string" },
  embedder: { type: "string" },
  json: { type: "boolean" },
  report: { type: "boolean" },
  "dry-run": { type: "boolean" },
  "max-calls": { type: "string" },
  "max-cost": { type: "string" },
  grid: { type: "string", multiple: true },
  ...MODEL_FLAG_OPTIONS,
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** The sweep's flags: the run's, plus `--shard`. */
const SWEEP_OPTIONS = { ...RUN_OPTIONS, shard: { type: "string" } } as const;

/**
 * Run one `consilium` command; returns the process exit code (0 ok, 1 the
 * command failed, 2 the command line, config or LLM setup is wrong, 3 a
 * lookahead was found, 4 a spending limit stopped the run). `<command>
 * --help` prints that command's usage (exit 0) before reading its flags.
 *
 * @example
 * const code = await main(["calc", "sentiment"], io); // reads {"texts": [...]} from io.readStdin()
 */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const usage = command !== undefined && wantsHelp(rest) ? await commandUsage(command, rest) : null;
    if (usage !== null) {
      io.stdout(usage);
      return 0;
    }
    switch (command) {
      case undefined:
      case "help":
      case "--help":
      case "-h":
        io.stdout(USAGE);
        return 0;
      case "--version":
      case "version":
        io.stdout(`${packageVersion()}\n`);
        return 0;
      case "run":
        return await runCommand(rest, io);
      case "sweep":
        return await sweepCommand(rest, io);
      case "calc":
        return await calcCommand(rest, io);
      case "evaluate": {
        const { evaluateCommand } = await import("./evaluate");
        return await evaluateCommand(rest, io);
      }
      case "keys":
        return await keysCommand(rest, io);
      case "data": {
        const { dataCommand } = await import("./data");
        return await dataCommand(rest, io);
      }
      case "figures":
        return await figuresCommand(rest, io);
      case "report":
        return await reportCommand(rest, io);
      case "audit":
        return await auditCommand(rest, io);
      case "reproduce": {
        const { reproduceCommand } = await import("./reproduce");
        return await reproduceCommand(rest, io);
      }
      case "lookahead": {
        const { lookaheadCommand } = await import("./lookahead");
        return await lookaheadCommand(rest, io);
      }
      case "prompts": {
        const { promptsCommand } = await import("./prompts");
        return await promptsCommand(rest, io);
      }
      default:
        io.stderr(`consilium: unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (isUsageProblem(error)) {
      io.stderr(`consilium: ${error.message}\n`);
      return 2;
    }
    io.stderr(`consilium: ${describeFailure(error)}\n`);
    if (process.env.CONSILIUM_DEBUG) io.stderr(`${(error as Error).stack ?? ""}\n`);
    return 1;
  }
}

async function runCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: RUN_OPTIONS, allowPositionals: true, strict: true });
  const name = positionals[0];
  if (!name) throw new UsageError(`run needs an experiment: ${EXPERIMENT_NAMES.join(", ")} (consilium run --help)`);
  if (!isExperimentName(name)) throw new UsageError(`unknown experiment "${name}"; choose one of ${EXPERIMENT_NAMES.join(", ")}`);
  if (values["dry-run"]) return dryRunCommand(name, values, io);
  const llm = parseLlm(values.llm);
  if (llm === "offline" && values.model !== undefined) {
    throw new UsageError(`--model ${values.model} needs --llm openai (or replay); --llm offline runs the embedded agents, which have no model name`);
  }
  const embedder = parseEmbedder(values.embedder);
  const seed = parseIntOption(values.seed, "seed", DEFAULT_SEED);
  const concurrency = parsePositiveIntOption(values.concurrency, "concurrency", 4);
  const budget = budgetOptions(values, llm);
  const modelFlags = parseModelFlags(values, llm);
  const force = values.force ?? false;
  const outDir = path.resolve(values.out ?? (await defaultOutDir(name, seed, llm, values)));
  // Refused before anything runs: a file, a folder of other things, another experiment's run.
  checkRunFolder(outDir, name, { force });
  const cacheDir = values.cache ? path.resolve(values.cache) : llm === "offline" ? undefined : path.join(outDir, "llm-cache");
  const progress = terminalProgress(process.stderr, Boolean(process.stderr.isTTY) && !values.json);
  const run = await runExperiment(name, {
    llm,
    model: values.model,
    seed,
    dataDir: values.data,
    configFile: values.config,
    set: values.set ?? [],
    cacheDir,
    runDir: outDir,
    embedder,
    concurrency,
    ...budget,
    ...modelFlags,
    progress,
    log: values.json ? () => {} : (message) => io.stderr(`${message}\n`),
    // With the model known (a replay learns it from its cache): another seed, model or config is refused, the same run resumes.
    beforeRun: (identity) => void claimRunFolder(outDir, identity, llm, { force }),
  });
  const manifest = writeRunFolder(run, outDir, llm);
  if (run.stopped) {
    if (values.json) io.stdout(JSON.stringify({ outDir, ...manifest }, null, 2) + "\n");
    else io.stdout(`${run.experiment}: ${run.stopped.message}\n  -> ${outDir} (manifest.json: "stopped")\n`);
    return 4;
  }
  let reportPath: string | undefined;
  if (values.report) {
    const { writeRunReport } = await import("../report/index");
    reportPath = await writeRunReport(outDir);
  }
  if (values.json) {
    io.stdout(JSON.stringify({ outDir, report: reportPath ?? null, ...manifest }, null, 2) + "\n");
  } else {
    io.stdout(`${run.experiment} (${run.modelLabel}, seed ${run.seed}) -> ${outDir}\n`);
    io.stdout(
      `  ${manifest.tables.length} tables, ${manifest.figures.length} figures, ${run.usage.calls} model calls (${run.usage.cacheHits} cached), ${(run.timings.totalMs / 1000).toFixed(1)} s\n`,
    );
    if (reportPath) io.stdout(`  report: ${reportPath}\n`);
  }
  return 0;
}

/**
 * `runs/<experiment>-seed<N>[-<llm>]-<hash>`: the hash is of the resolved
 * config (and the model when one is named), so another config never lands in
 * this run's folder and the same command finds it again.
 */
async function defaultOutDir(
  name: string,
  seed: number,
  llm: string,
  values: { data?: string; config?: string; set?: string[]; model?: string },
): Promise<string> {
  const config = await resolveRunConfig(name, { dataDir: values.data, configFile: values.config, set: values.set ?? [] });
  const model = llm === "offline" ? "offline" : values.model;
  return defaultRunDir({ experiment: name, seed, config, ...(model !== undefined ? { model } : {}) }, llm);
}

/** --max-calls / --max-cost as runner options (they limit endpoint calls, so only with --llm openai). */
function budgetOptions(values: { "max-calls"?: string; "max-cost"?: string }, llm: string): { maxCalls?: number; maxCostUsd?: number } {
  const maxCalls = values["max-calls"] === undefined ? undefined : parseIntOption(values["max-calls"], "max-calls", 0);
  const maxCostUsd = values["max-cost"] === undefined ? undefined : Number(values["max-cost"]);
  if (maxCostUsd !== undefined && !(Number.isFinite(maxCostUsd) && maxCostUsd >= 0))
    throw new UsageError(`--max-cost must be a number of USD >= 0, got ${values["max-cost"]}`);
  if ((maxCalls !== undefined || maxCostUsd !== undefined) && llm !== "openai") {
    throw new UsageError(`--max-calls / --max-cost limit calls to an endpoint: use them with --llm openai (--llm ${llm} makes none)`);
  }
  return { ...(maxCalls !== undefined ? { maxCalls } : {}), ...(maxCostUsd !== undefined ? { maxCostUsd } : {}) };
}

/** `run <experiment> --dry-run`: what a real run would cost, without calling a model. */
async function dryRunCommand(
  name: string,
  values: { model?: string; seed?: string; data?: string; config?: string; set?: string[]; json?: boolean; embedder?: string },
  io: CliIo,
): Promise<number> {
  const { dryRunExperiment, renderDryRun } = await import("../run/index");
  const report = await dryRunExperiment(name, {
    model: values.model,
    seed: parseIntOption(values.seed, "seed", DEFAULT_SEED),
    dataDir: values.data,
    configFile: values.config,
    set: values.set ?? [],
    embedder: parseEmbedder(values.embedder),
    // The stable prefix under every built-in prompt set, so a user sees what another set would let a provider cache.
    allPromptSets: true,
  });
  io.stdout(values.json ? JSON.stringify(report, null, 2) + "\n" : renderDryRun(report));
  return 0;
}

/**
 * `--grid alpha=0.3,0.5` -> { alpha: ["0.3", "0.5"] } (values coerced later by the config schema).
 *
 * @example
 * parseGrid(["alpha=0.3,0.5", "tolerance=0.001"]); // { alpha: ["0.3", "0.5"], tolerance: ["0.001"] }
 */
export function parseGrid(specs: readonly string[]): Record<string, string[]> {
  const grid: Record<string, string[]> = {};
  for (const spec of specs) {
    const eq = spec.indexOf("=");
    if (eq <= 0) throw new UsageError(`--grid expects key=v1,v2,..., got "${spec}"`);
    const values = spec
      .slice(eq + 1)
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (values.length === 0) throw new UsageError(`--grid ${spec.slice(0, eq)} has no values`);
    grid[spec.slice(0, eq).trim()] = values;
  }
  return grid;
}

async function sweepCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === "merge") return sweepMergeCommand(argv.slice(1), io);
  const { values, positionals } = parseArgs({ args: argv, options: SWEEP_OPTIONS, allowPositionals: true, strict: true });
  const name = positionals[0];
  if (!name || !isExperimentName(name)) throw new UsageError(`sweep needs an experiment: ${EXPERIMENT_NAMES.join(", ")}`);
  const grid = parseGrid(values.grid ?? []);
  if (Object.keys(grid).length === 0) throw new UsageError("sweep needs at least one --grid key=v1,v2");
  const llm = parseLlm(values.llm);
  if (llm === "offline" && values.model !== undefined) throw new UsageError(`--model ${values.model} needs --llm openai (or replay)`);
  const seed = parseIntOption(values.seed, "seed", DEFAULT_SEED);
  const concurrency = parsePositiveIntOption(values.concurrency, "concurrency", 2);
  const budget = budgetOptions(values, llm);
  const modelFlags = parseModelFlags(values, llm);
  // Not config-hashed: a sweep folder resumes a grown or reordered grid from its cells (keyed by the full config).
  const outDir = path.resolve(values.out ?? path.join("runs", `sweep-${name}-seed${seed}`));
  checkSweepFolder(outDir, name, { force: values.force ?? false });
  const { runSweep, parseShard } = await import("../run/index");
  const { BudgetStopError } = await import("../llm/index");
  const shard = values.shard !== undefined ? parseShard(values.shard, process.env) : undefined;
  const sweep = await runSweep(name, grid, {
    ...(shard ? { shard } : {}),
    llm,
    model: values.model,
    seed,
    dataDir: values.data,
    configFile: values.config,
    set: values.set ?? [],
    cacheDir: values.cache ? path.resolve(values.cache) : path.join(outDir, "llm-cache"),
    concurrency,
    ...budget,
    ...modelFlags,
    progress: terminalProgress(process.stderr, Boolean(process.stderr.isTTY) && !values.json),
    // An endpoint's retries are shown as they happen (offline sweeps stay quiet).
    ...(llm === "openai" && !values.json ? { log: (message: string) => io.stderr(`${message}\n`) } : {}),
    outDir,
  }).catch((error: unknown) => {
    if (!(error instanceof BudgetStopError)) throw error;
    // Finished cells are in cells/ and answered calls in the cache: a rerun resumes.
    io.stdout(`sweep ${name}: ${error.stop.message}\n`);
    return null;
  });
  if (!sweep) return 4;
  if (values.json) io.stdout(JSON.stringify(sweep.table, null, 2) + "\n");
  else if (shard) {
    io.stdout(
      `sweep ${name} shard ${shard.index} of ${shard.count}: ${sweep.table.rows.length} cells (${sweep.resumed} resumed) in ${path.join(outDir, "cells")}; ` +
        `when every shard is done: consilium sweep merge OUT ${outDir} ...\n`,
    );
  } else {
    io.stdout(`sweep ${name}: ${sweep.table.rows.length} cells (${sweep.resumed} resumed from ${path.join(outDir, "cells")}) -> ${sweep.files.csv}\n`);
    for (const figure of sweep.figures) io.stdout(`  figure: ${figure}\n`);
  }
  return 0;
}

/**
 * `consilium sweep merge OUT DIR...`: the shards' folders into one sweep
 * folder and table (exit 0), or exit 1 when a cell or a cached answer differs
 * between folders (everything is still written, the first folder's kept).
 */
async function sweepMergeCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { json: { type: "boolean" } }, allowPositionals: true, strict: true });
  const [out, ...dirs] = positionals;
  if (!out || dirs.length === 0) throw new UsageError("sweep merge needs OUT and at least one sweep folder: consilium sweep merge OUT DIR...");
  const { mergeSweeps } = await import("../run/index");
  const merged = await mergeSweeps(path.resolve(out), dirs);
  const conflicts = merged.cellConflicts.length + merged.cacheConflicts.length;
  if (values.json) io.stdout(JSON.stringify(merged.table, null, 2) + "\n");
  else {
    const from = merged.cellsFrom.map((s) => `${s.cells} from ${s.dir}`).join(", ");
    io.stdout(`sweep merge: ${merged.table.rows.length} cells (${from}), ${merged.cacheAppended} cached answers -> ${merged.files.csv}\n`);
    for (const figure of merged.figures) io.stdout(`  figure: ${figure}\n`);
  }
  for (const c of merged.cellConflicts) io.stderr(`conflict: cell ${c.cell} (${c.key}) differs between ${c.kept} (kept) and ${c.differs}\n`);
  for (const c of merged.cacheConflicts) io.stderr(`conflict: ${c.kind} ${c.name} key ${c.key} has another answer in ${c.differs} than in ${c.kept} (kept)\n`);
  if (conflicts > 0) io.stderr(`sweep merge: ${conflicts} conflict(s), listed in ${merged.report}; cells built on a dropped answer will not replay exactly\n`);
  return conflicts > 0 ? 1 : 0;
}

async function calcCommand(argv: string[], io: CliIo): Promise<number> {
  const name = argv[0];
  if (!name) throw new UsageError(`calc needs a calculator: ${CALC_NAMES.join(", ")} (consilium calc --help)`);
  if (!CALC_NAMES.includes(name)) throw new UsageError(`unknown calc "${name}"; choose one of ${CALC_NAMES.join(", ")}`);
  const calc = await loadCalc(name);
  const text = await io.readStdin();
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`calc ${name}: stdin is not valid JSON (${(error as Error).message})`);
  }
  const output = await calc.run(input);
  io.stdout(JSON.stringify(output) + "\n");
  return 0;
}

async function keysCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { data: { type: "string" }, json: { type: "boolean" } } });
  const name = positionals[0];
  if (!name || !isExperimentName(name)) throw new UsageError(`keys needs an experiment: ${EXPERIMENT_NAMES.join(", ")}`);
  const experiment = await loadExperiment(name);
  const keys = configKeys(experiment.configSchema);
  // Data-dependent defaults (e.g. FinMem's windows) are shown for the folder a run would use.
  const dataDefaults = await dataDependentDefaults(experiment, path.resolve(resolveDataDir(values.data)));
  if (values.json) {
    io.stdout(
      JSON.stringify(
        keys.map((k) => ({ ...k, default: k.key in dataDefaults ? dataDefaults[k.key] : k.default })),
        null,
        2,
      ) + "\n",
    );
  } else {
    io.stdout(
      `${experiment.name}: ${experiment.description}\nSet with --set key=value (or a --config JSON file). Readings: "paper text" is the paper's wording; "authors' code" what their public code does.\n\n`,
    );
    io.stdout(formatConfigKeys(keys, dataDefaults));
  }
  return 0;
}

function requireRunDir(dir: string | undefined, command: string): string {
  if (!dir) throw new UsageError(`${command} needs a run folder (written by consilium run)`);
  const resolved = path.resolve(dir);
  if (!existsSync(path.join(resolved, "manifest.json"))) throw new UsageError(`${resolved} is not a run folder (no manifest.json)`);
  return resolved;
}

const FIGURE_FORMATS = ["svg", "pdf", "png", "html"] as const;
type FigureFormat = (typeof FIGURE_FORMATS)[number];

async function figuresCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { formats: { type: "string" }, dpi: { type: "string" }, out: { type: "string" } },
    allowPositionals: true,
  });
  const runDir = requireRunDir(positionals[0], "figures");
  const manifest = JSON.parse(readFileSync(path.join(runDir, "manifest.json"), "utf8")) as { figures: Array<{ json: string }> };
  const figures = manifest.figures.map((f) => JSON.parse(readFileSync(path.join(runDir, f.json), "utf8")));
  const formats = (values.formats ?? "svg,pdf,png,html").split(",").map((f) => f.trim());
  const unknown = formats.filter((f) => !FIGURE_FORMATS.includes(f as FigureFormat));
  if (unknown.length > 0) throw new UsageError(`--formats: unknown format(s) ${unknown.join(", ")}; choose from ${FIGURE_FORMATS.join(", ")}`);
  const dpi = parsePositiveIntOption(values.dpi, "dpi", 300);
  const outDir = path.resolve(values.out ?? path.join(runDir, "figures"));
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) throw new UsageError(`--out ${outDir} is a file, not a folder`);
  // Progress goes to stderr, one line per figure: a run's export takes tens of seconds.
  io.stderr(
    `figures: exporting ${figures.length} figure(s) as ${formats.join(", ")}${formats.some((f) => f !== "html") ? ` (${dpi} dpi, headless Chromium)` : ""}\n`,
  );
  const { exportFigures } = await import("../plot/export");
  const written = await exportFigures(figures, outDir, {
    formats: formats as FigureFormat[],
    dpi,
    onFigure: (index, total, name) => io.stderr(`  figure ${index}/${total}: ${name}\n`),
  });
  io.stdout(`${written.length} files -> ${outDir}\n`);
  return 0;
}

async function reportCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true });
  if (positionals.length > 1) throw new UsageError(`report takes one run folder, got: ${positionals.join(" ")}`);
  const runDir = requireRunDir(positionals[0], "report");
  const { writeRunReport } = await import("../report/index");
  io.stdout(`${await writeRunReport(runDir)}\n`);
  return 0;
}

async function auditCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: "boolean" }, out: { type: "string" }, "real-data": { type: "string" } } });
  const audit = await import("../audit/index");
  const realDataDir = values["real-data"] ? path.resolve(values["real-data"]) : (audit.findRealDataDir() ?? undefined);
  const result = audit.runAudit({ realDataDir });
  if (values.json) io.stdout(JSON.stringify(result, null, 2) + "\n");
  else {
    const markdown = audit.auditMarkdown(result);
    if (values.out) {
      const { writeFileAtomic } = await import("../data/index");
      writeFileAtomic(path.resolve(values.out), markdown);
      io.stdout(`${path.resolve(values.out)}\n`);
    } else io.stdout(markdown);
  }
  return 0;
}
