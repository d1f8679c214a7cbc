/**
 * The loopback sources and universe that `data fetch all` is tested against
 * (fetch-all.test.ts in process, fetch-all-resume.e2e.test.ts with killed
 * child processes): two companies and SPY, with the filings, splits and share
 * classes the market-cap prior must read at the right dates.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ACME_10QS_2024, type FakeCompany } from "../../helpers/fake-sources";

export const ACME: FakeCompany = {
  ticker: "ACME",
  cik: 12345,
  name: "Acme Widgets Inc.",
  newsTerm: "Acme Widgets",
  price0: 50,
  splits: [{ date: "2024-06-10", numerator: 2, denominator: 1 }],
  indexStamp: "eastern-labelled-utc",
  filings: [...ACME_10QS_2024],
};
export const DUAL: FakeCompany = {
  ticker: "BRK-B",
  cik: 34567,
  name: "Dual Holdings Inc",
  newsTerm: "Berkshire Hathaway",
  price0: 400,
  filings: [
    {
      form: "10-Q",
      period: "2024-03-31",
      acceptedEastern: "2024-05-04 09:15:00",
      shares: { A: 1000, B: 2_000_000 },
      sharesAsOf: "2024-04-25",
      revenue: 9e9,
      netIncome: 2e9,
    },
    {
      form: "10-Q",
      period: "2024-09-30",
      acceptedEastern: "2024-11-02 09:15:00",
      shares: { A: 990, B: 2_010_000 },
      sharesAsOf: "2024-10-24",
      revenue: 9.5e9,
      netIncome: 2.1e9,
    },
  ],
};
export const SPY: FakeCompany = { ticker: "SPY", cik: 99999, name: "SPDR S&P 500 ETF Trust", newsTerm: "SPDR", price0: 450, filings: [] };

export const UNIVERSE = "Symbol,Security,GICS Sector,CIK\nACME,Acme Widgets Inc.,Industrials,12345\nBRK.B,Dual Holdings Inc,Financials,0000034567\n";
export const RANGE = ["--from", "2024-03-01", "--to", "2024-08-30"];
export const UA = "Consilium Tests tests@example.org";

/** Every file of a folder, relative path -> content. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const f of readdirSync(d).sort()) {
      const full = join(d, f);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}

/** The command line of `consilium data fetch all` over the universe file, the range and the loopback sources, into `out`. */
export const fetchAllArgs = (universe: string, out: string): string[] => [
  "fetch",
  "all",
  "--universe",
  universe,
  ...RANGE,
  "--out",
  out,
  "--user-agent",
  UA,
  "--delay-ms",
  "0",
];
