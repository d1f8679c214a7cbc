/**
 * `consilium data <check|fetch|synth>`: validate a data folder, download
 * Yahoo Finance prices into one, or generate the synthetic market.
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { checkDataFolder, formatCheckReport, FetchError, fetchYahooPrices, writeSyntheticDataset } from "../data/index";
import { parseIntOption } from "./usage";

/** The two output streams the command writes to (the CLI's `CliIo` fits). */
export interface DataIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = `consilium data <command>

  check DIR [--json]                    validate a data folder; exit 1 on errors
  fetch --tickers A,B --from YYYY-MM-DD --to YYYY-MM-DD --out DIR
        [--delay-ms 1500] [--retries 4] [--force] [--base-url URL]
                                        download daily OHLCV + adjusted close from Yahoo Finance
  synth [--out datasets] [--seed 7] [--stocks 30]
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
        return await runFetch(rest, io);
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
      io.stderr(`data fetch: ${e.message}\n`);
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

async function runFetch(argv: string[], io: DataIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      tickers: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      out: { type: "string" },
      "delay-ms": { type: "string" },
      retries: { type: "string" },
      force: { type: "boolean" },
      "base-url": { type: "string" },
    },
  });
  if (!values.tickers || !values.from || !values.to || !values.out) {
    io.stderr("usage: consilium data fetch --tickers AAPL,MSFT --from 2024-01-01 --to 2025-08-29 --out DIR\n");
    return 1;
  }
  const tickers = values.tickers
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
  const result = await fetchYahooPrices({
    tickers,
    from: values.from,
    to: values.to,
    outDir: resolve(values.out),
    delayMs: parseIntOption(values["delay-ms"], "delay-ms", 1500),
    retries: parseIntOption(values.retries, "retries", 4),
    force: values.force ?? false,
    baseUrl: values["base-url"],
    log: (m) => io.stderr(m + "\n"),
  });
  for (const r of result) {
    io.stdout(
      r.status === "failed"
        ? `${r.ticker.padEnd(8)} failed   ${r.error}\n`
        : `${r.ticker.padEnd(8)} ${r.status.padEnd(8)} ${String(r.rows).padStart(5)} rows  ${r.first} .. ${r.last}  ${r.file}\n`,
    );
  }
  return result.some((r) => r.status === "failed") ? 1 : 0;
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
