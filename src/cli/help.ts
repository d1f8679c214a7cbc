/**
 * `consilium <command> --help`: every command's usage, printed with exit 0
 * before any of its flags are read (so `sweep finmem --help` explains the
 * grid instead of asking for one, and `report --help` is not a folder).
 */
import { EXPERIMENT_NAMES } from "../run/index";
import { CALC_NAMES, loadCalc } from "./calc/index";

const EXPERIMENTS = EXPERIMENT_NAMES.join("|");

export const RUN_USAGE = `consilium run <${EXPERIMENTS}> [options]
  Runs one experiment and writes a run folder: manifest.json, config.json, tables/, figures/, artifacts/
  (and llm-cache/ with a model). Default folder: runs/<experiment>-seed<N>[-<llm>]-<hash of the config>.
  A folder holding another experiment's run, or a run of another seed, model or config, is refused;
  the same run resumes in place (after --max-calls / --max-cost, onInvalid=fail or a crash).
    --config FILE              a JSON object of config keys
    --set key=value            one config key (repeatable; consilium keys <experiment> lists them)
    --llm offline|openai|replay  the embedded agents (default), an endpoint, or its recorded cache
    --model NAME               the endpoint's model (openai, replay)
    --seed N                   default 7
    --data DIR                 default CONSILIUM_DATA, else the bundled datasets/
    --out DIR                  the run folder
    --force                    replace the folder's tables, figures and reports (never its llm-cache/)
    --cache DIR                record/replay cache (default <out>/llm-cache with a model)
    --concurrency N            parallel model calls (>= 1, default 4)
    --embedder hashing|minilm|openai  default hashing; minilm = all-MiniLM-L6-v2 on the CPU (bash scripts/setup-minilm.sh)
    --json                     print the manifest as JSON
    --report                   also write report.html
    --max-calls N, --max-cost USD  stop cleanly at a spending limit (--llm openai; exit 4, a rerun resumes)
    --timeout SECONDS          per-request timeout, the answer included (--llm openai; default 60, 5 attempts)
    --response-format json_schema|json_object|none  what response_format asks of the server (--llm openai;
                               default json_object; docs/real-models.md says which server takes which)
    --dry-run [--model NAME]   calls, prompt tokens, output estimate and cost per task; no model called
`;

export const SWEEP_USAGE = `consilium sweep <${EXPERIMENTS}> --grid key=v1,v2 [--grid key=...] [options]
  Runs every cell of the grid (the cartesian product of the --grid keys) and writes one tidy table,
  sweep_<experiment>.csv|md|json, plus the experiment's sweep figures, under --out
  (default runs/sweep-<experiment>-seed<N>). Finished cells are kept in cells/ (keyed by the full config)
  and answered calls in llm-cache/, so a rerun, or a grown grid, resumes.
  --grid model=A,B compares models (with --llm openai; recorded, then --llm replay; "offline" = the embedded agents).
  Also: --config FILE, --set key=value, --llm, --model, --seed, --data, --out, --cache, --concurrency N (default 2),
        --force (remove the folder's cells, table and figures; never its llm-cache/), --max-calls, --max-cost, --json,
        --timeout SECONDS, --response-format json_schema|json_object|none (--llm openai)
  --shard i/n | auto | auto/n  run only cells i, i+n, i+2n, ... (0 <= i < n) of the grid, e.g. one array task each;
        auto reads SLURM_ARRAY_TASK_ID/_MIN/_COUNT or Kubernetes' JOB_COMPLETION_INDEX (count: auto/n or CONSILIUM_SHARD_COUNT)
consilium sweep merge OUT DIR... [--json]
  Assembles the shards' folders into OUT: their cells, their llm-cache/ answers and the whole table, byte for byte
  what one machine's sweep writes; exit 2 naming the cells no shard finished (or a folder of another sweep),
  exit 1 if a cell or cached answer differs between folders (listed; the first kept).
  docs/scale-out.md: SLURM and Kubernetes recipes.
`;

export const KEYS_USAGE = `consilium keys <${EXPERIMENTS}> [--data DIR] [--json]
  Every config key of the experiment: what it accepts, its default (data-dependent ones for DIR) and whose
  reading it follows (paper text, authors' code, ...). Set keys with --set key=value or a --config JSON file.
`;

export const FIGURES_USAGE = `consilium figures <run-dir> [--formats svg,pdf,png,html] [--dpi 300] [--out DIR]
  Exports every figure of a run folder (default into <run-dir>/figures/; needs a system Chromium).
`;

export const REPORT_USAGE = `consilium report <run-dir>
  Writes <run-dir>/report.html: one self-contained HTML report of the run (tables, figures, config, model label).
`;

export const AUDIT_USAGE = `consilium audit [--json] [--out FILE] [--real-data DIR]
  Recomputes the papers' own published tables under each reading (paper text, authors' code) and prints
  the audit as Markdown (or JSON); --real-data DIR adds the price checks (default CONSILIUM_REAL_DATA or
  ../shared/datasets when present).
`;

export const REPRODUCE_USAGE = `consilium reproduce [--out DIR] [--seed N] [--llm offline|openai|replay] [--model NAME] [--data DIR]
                   [--only sentimental,finmem,blackboard] [--skip-exports]
  Every experiment on the embedded defaults (= npm run reproduce): a run folder per experiment under
  DIR/<experiment>/ (default DIR: figures), each figure as SVG, PDF, 300-DPI PNG and HTML, an HTML report each,
  the paper audit (paper-audit.md), MANIFEST.json and INDEX.md. --data DIR runs on another data folder
  (default CONSILIUM_DATA, else the bundled datasets/); --skip-exports skips the browser exports.
`;

/** `calc --help` without a name: every calculator. */
const CALC_USAGE = `consilium calc <${CALC_NAMES.join("|")}>
  One JSON object on stdin, one JSON object on stdout; consilium calc <name> --help describes its input.
  Exit 2 when stdin is not JSON or does not fit the calculator's input.
`;

/**
 * The usage of `command` (for `consilium <command> ... --help`), or null for
 * an unknown command. Usages kept beside their commands load on demand.
 *
 * @example
 * await commandUsage("sweep", ["finmem", "--help"]); // "consilium sweep <sentimental|finmem|blackboard> --grid ..."
 */
export async function commandUsage(command: string, argv: readonly string[]): Promise<string | null> {
  switch (command) {
    case "run":
      return RUN_USAGE;
    case "sweep":
      return SWEEP_USAGE;
    case "keys":
      return KEYS_USAGE;
    case "figures":
      return FIGURES_USAGE;
    case "report":
      return REPORT_USAGE;
    case "audit":
      return AUDIT_USAGE;
    case "reproduce":
      return REPRODUCE_USAGE;
    case "calc": {
      const name = argv[0];
      if (!name || !CALC_NAMES.includes(name)) return CALC_USAGE;
      return `consilium calc ${name}\n  ${(await loadCalc(name)).description}\n`;
    }
    case "data":
      return (await import("./data")).dataUsage(argv);
    case "evaluate":
      return (await import("./evaluate")).EVALUATE_USAGE;
    case "lookahead":
      return (await import("./lookahead")).LOOKAHEAD_USAGE;
    case "prompts":
      return (await import("./prompts")).PROMPTS_USAGE;
    default:
      return null;
  }
}
