/**
 * `consilium data <check|fetch|synth>`: validate a data folder, download
 * prices, news and filings into one (`data-fetch.ts`), or generate the
 * synthetic market.
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { checkDataFolder, formatCheckReport, FetchError, writeSyntheticDataset } from "../data/index";
import { FETCH_USAGE, FETCH_USAGES, fetchCommand } from "./data-fetch";
import { describeFailure } from "./failure";
import { isUsageProblem, parseIntOption, parsePositiveIntOption, wantsHelp } from "./usage";

/** The two output streams the command writes to (the CLI's `CliIo` fits). */
export interface DataIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const CHECK_USAGE = `  check DIR [--json]                    validate a data folder; exit 1 on errors
`;
const SYNTH_USAGE = `  synth [--out datasets] [--seed 7] [--stocks 30]
                                        generate the seeded synthetic market
`;
export const DATA_USAGE = `consilium data <command>

${CHECK_USAGE}${FETCH_USAGE}${SYNTH_USAGE}  Exit codes: 0 done, 1 errors found or a download failed (also: source unreachable),
              2 bad command line (also: no SEC User-Agent for filings).
`;

/**
 * The usage of `data <sub> [<source>]`, for `--help` at any depth.
 *
 * @example
 * dataUsage(["fetch", "news"]); // "consilium data fetch\n  fetch news --source gdelt ..."
 */
export function dataUsage(argv: readonly string[]): string {
  const [sub, source] = argv;
  if (sub === "check") return `consilium data check\n${CHECK_USAGE}`;
  if (sub === "synth") return `consilium data synth\n${SYNTH_USAGE}`;
  if (sub === "fetch") {
    const one = source === "prices" || source === "news" || source === "filings" || source === "all" ? FETCH_USAGES[source] : null;
    return `consilium data fetch\n${one ?? FETCH_USAGE}`;
  }
  return DATA_USAGE;
}

/**
 * Run a `consilium data ...` command and return its exit code (0 ok, 1
 * errors found, a download failed or the source is unreachable, 2 a bad
 * command line or a missing SEC User-Agent).
 *
 * @example
 * await dataCommand(["check", "../shared/datasets", "--json"], { stdout: console.log, stderr: console.error });
 */
export async function dataCommand(argv: string[], io: DataIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (wantsHelp(rest)) {
    io.stdout(dataUsage(argv));
    return 0;
  }
  try {
    switch (sub) {
      case "check":
        return runCheck(rest, io);
      case "fetch":
        return await fetchCommand(rest, io);
      case "synth":
        return runSynth(rest, io);
      case "help":
      case "--help":
      case "-h":
        io.stdout(DATA_USAGE);
        return 0;
      case undefined:
        io.stderr(DATA_USAGE);
        return 2;
      default:
        io.stderr(`unknown data command "${sub}"\n\n${DATA_USAGE}`);
        return 2;
    }
  } catch (e) {
    if (isUsageProblem(e)) {
      io.stderr(`data ${sub}: ${e.message}\n`);
      return 2;
    }
    if (e instanceof FetchError) {
      // Unreachable or refused: the command failed (1); what was fetched stays and a rerun resumes.
      io.stderr(
        `data fetch: download failed: ${e.message}\n${e.blocked || e.offline ? "Everything fetched so far is kept; rerun the same command to resume.\n" : ""}`,
      );
      return 1;
    }
    io.stderr(`data ${sub}: ${describeFailure(e)}\n`);
    return 1;
  }
}

function runCheck(argv: string[], io: DataIo): number {
  const { values, positionals } = parseArgs({ args: argv, options: { json: { type: "boolean" } }, allowPositionals: true });
  if (positionals.length !== 1) {
    io.stderr(`usage: consilium data check DIR [--json]\n`);
    return 2;
  }
  const report = checkDataFolder(positionals[0]!);
  io.stdout(values.json ? JSON.stringify(report, null, 2) + "\n" : formatCheckReport(report));
  return report.ok ? 0 : 1;
}

function runSynth(argv: string[], io: DataIo): number {
  const { values } = parseArgs({ args: argv, options: { out: { type: "string" }, seed: { type: "string" }, stocks: { type: "string" } } });
  const out = resolve(values.out ?? "datasets");
  const seed = parseIntOption(values.seed, "seed", 7);
  const stocks = parsePositiveIntOption(values.stocks, "stocks", 30);
  const { files, market } = writeSyntheticDataset(out, { seed, stocks });
  const bytes = files.reduce((a, f) => a + f.bytes, 0);
  io.stdout(
    `wrote ${files.length} files (${(bytes / 1e6).toFixed(2)} MB) to ${out}: ${market.prices.length} tickers x ${market.dates.length} days, ${market.news.length} news, ${market.filings.length} filings, ${market.social.length} posts (seed ${seed}, synthetic)\n`,
  );
  return 0;
}
