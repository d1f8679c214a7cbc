/**
 * A universe file for `consilium data fetch all --universe FILE`: either a
 * CSV with a ticker column (`ticker` or `Symbol`) and optionally `CIK`, a
 * company name (`name` or `Security`) and a sector (`sector` or
 * `GICS Sector`) — the S&P 500 constituents list of Wikipedia's shape fits
 * as it is — or plain text with one ticker per line (`#` starts a comment).
 * Tickers are written as Yahoo and EDGAR write them: BRK.B -> BRK-B.
 */
import { readFileSync } from "node:fs";
import { parseCsv } from "../csv";
import { DataError } from "../errors";

export interface UniverseMember {
  ticker: string;
  cik: string | null;
  name: string | null;
  sector: string | null;
}

/** Yahoo / EDGAR spelling of a class ticker. @example normaliseTicker("brk.b"); // "BRK-B" */
export function normaliseTicker(t: string): string {
  return t.trim().toUpperCase().replace(/\./g, "-");
}

/**
 * Read a universe file; errors name file, line and field.
 *
 * @example
 * readUniverse("../shared/datasets/reference/sp500_constituents.csv").length; // 503
 */
export function readUniverse(file: string): UniverseMember[] {
  const text = readFileSync(file, "utf8");
  const first = text.split(/\r?\n/).find((l) => l.trim() !== "" && !l.trim().startsWith("#")) ?? "";
  const members: UniverseMember[] = [];
  const seen = new Set<string>();
  const add = (m: UniverseMember, line: number): void => {
    if (!/^[A-Z0-9^.=-]{1,20}$/.test(m.ticker)) throw new DataError(`invalid ticker "${m.ticker}"`, { file, line, field: "ticker" });
    if (seen.has(m.ticker)) return;
    seen.add(m.ticker);
    members.push(m);
  };
  if (!first.includes(",")) {
    text.split(/\r?\n/).forEach((raw, i) => {
      const t = raw.replace(/#.*/, "").trim();
      if (t !== "") add({ ticker: normaliseTicker(t), cik: null, name: null, sector: null }, i + 1);
    });
    return members;
  }
  const table = parseCsv(text, file);
  const lower = table.header.map((h) => h.toLowerCase());
  const col = (...names: string[]): number => lower.findIndex((h) => names.includes(h));
  const iT = col("ticker", "symbol");
  if (iT < 0) throw new DataError(`no ticker column (expected "ticker" or "Symbol"; header: ${table.header.join(",")})`, { file, line: 1, field: "ticker" });
  const iC = col("cik"),
    iN = col("name", "security", "company"),
    iS = col("sector", "gics sector", "gics_sector");
  for (const { line, cells } of table.records) {
    const get = (i: number): string | null => (i >= 0 && cells[i]!.trim() !== "" ? cells[i]!.trim() : null);
    const ticker = get(iT);
    if (ticker === null) throw new DataError("empty ticker", { file, line, field: table.header[iT] });
    const cik = get(iC);
    if (cik !== null && !/^\d{1,10}$/.test(cik))
      throw new DataError(`invalid CIK "${cik}" (expected up to 10 digits)`, { file, line, field: table.header[iC] });
    add({ ticker: normaliseTicker(ticker), cik, name: get(iN), sector: get(iS) }, line);
  }
  return members;
}
