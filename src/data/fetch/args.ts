/**
 * The arguments every downloader (Yahoo prices, GDELT news, EDGAR filings)
 * takes alike, checked before the first request so a typo fails at once
 * rather than after minutes of polite waiting.
 */
import { isIsoDate } from "../dates";

/** Validate the common arguments of every downloader. @example checkFetchArgs(["AAPL"], "2024-01-01", "2024-12-31"); */
export function checkFetchArgs(tickers: readonly string[], from: string, to: string): void {
  if (!isIsoDate(from) || !isIsoDate(to)) throw new Error(`--from and --to must be YYYY-MM-DD dates (got ${from}, ${to})`);
  if (from > to) throw new Error(`--from ${from} is after --to ${to}`);
  if (tickers.length === 0) throw new Error("no tickers given");
  for (const t of tickers) if (!/^[A-Za-z0-9^.=-]{1,20}$/.test(t)) throw new Error(`invalid ticker "${t}"`);
}
