/**
 * `consilium data <check|fetch|synth>`: validate a data folder, download
 * prices, news and filings into one (`data-fetch.ts`), or generate the
 * synthetic market.
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { checkDataFolder, formatCheckReport, FetchError, writeSyntheticDataset } from "../data/index";
import { FETCH_USAGE, fetchCommand } from "./data-fetch";
import { parseIntOption } from "./usage";

/** The two output streams the command writes to (the CLI's `CliIo` fits). */
export interface DataIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = `consilium data <command>

  check DIR [--json]                    validate a data folder; exit 1 on errors
${FETCH_USAGE}  synth [--out datasets] [--seed 7] [--stocks 30]
                                        generate the seeded synthetic market
`;

/**
 * Run a `consilium data ...` command and return its exit code (0 ok,
 * 1 errors found or bad usage, 2 network unreachable).
 *
 * @example
 * await dataCommand(["check", "../shared/datasets", "--json"], { stdout: console.log, stderr: console.error });
 */
export async function dataCommand(argv: string[], io: DataIo): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    switch (sub) {
      case "check":
        return runCheck(rest, io);
      case "fetch":
        return await fetchCommand(rest, io);
      case "synth":
        return runSynth(rest, io);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        io.stdout(USAGE);
        return sub === undefined ? 1 : 0;
      default:
        io.stderr(`unknown data command "${sub}"\n\n${USAGE}`);
        return 1;
    }
  } catch (e) {
    if (e instanceof FetchError) {
      io.stderr(`data fetch: ${e.message}\n${e.blocked || e.offline ? "Everything fetched so far is kept; rerun the same command to resume.\n" : ""}`);
      return e.offline ? 2 : 1;
    }
    io.stderr(`data ${sub}: ${(e as Error).message}\n`);
    return 1;
  }
}

function runCheck(argv: string[], io: DataIo): number {
  const { values, positionals } = parseArgs({ args: argv, options: { json: { type: "boolean" } }, allowPositionals: true });
  if (positionals.length !== 1) {
    io.stderr(`usage: consilium data check DIR [--json]\n`);
    return 1;
  }
  const report = checkDataFolder(positionals[0]!);
  io.stdout(values.json ? JSON.stringify(report, null, 2) + "\n" : formatCheckReport(report));
  return report.ok ? 0 : 1;
}

function runSynth(argv: string[], io: DataIo): number {
  const { values } = parseArgs({ args: argv, options: { out: { type: "string" }, seed: { type: "string" }, stocks: { type: "string" } } });
  const out = resolve(values.out ?? "datasets");
  const seed = parseIntOption(values.seed, "seed", 7);
  const stocks = parseIntOption(values.stocks, "stocks", 30);
  const { files, market } = writeSyntheticDataset(out, { seed, stocks });
  const bytes = files.reduce((a, f) => a + f.bytes, 0);
  io.stdout(
    `wrote ${files.length} files (${(bytes / 1e6).toFixed(2)} MB) to ${out}: ${market.prices.length} tickers x ${market.dates.length} days, ${market.news.length} news, ${market.filings.length} filings, ${market.social.length} posts (seed ${seed}, synthetic)\n`,
  );
  return 0;
}
