/**
 * The light checks every experiment runs when it opens a data folder: the
 * layout is recognisable and each price file has the required columns.
 * (Row-level problems surface as `DataError`s when a file is first read;
 * `consilium data check` runs the full report.)
 */
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { splitCsvLine } from "./csv";
import { DataError } from "./errors";
import { listDataFiles } from "./files";
import { resolvePriceColumns } from "./prices";

export const DATA_SUBFOLDERS = ["prices", "news", "filings", "social", "resumes", "jobs", "fundamentals"] as const;

/**
 * The first line of a file (BOM stripped), read from its first 4 KiB only, so
 * a header can be checked without loading a large file.
 *
 * @example
 * readFirstLine("datasets/prices/SPY.csv"); // "Date,Open,High,Low,Close,AdjClose,Volume"
 */
export function readFirstLine(file: string): string {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString("utf8");
    const end = text.search(/\r?\n/);
    return (end < 0 ? text : text.slice(0, end)).replace(/^\uFEFF/, "");
  } finally {
    closeSync(fd);
  }
}

/**
 * Throw a `DataError` when `dir` is not a usable data folder: none of
 * prices/, news/, filings/, social/, resumes/, jobs/ present, or a price
 * file that is empty or misses a required column.
 *
 * @example
 * validateOnLoad("datasets"); // returns quietly on a good folder
 */
export function validateOnLoad(dir: string): void {
  if (!DATA_SUBFOLDERS.some((s) => existsSync(join(dir, s)))) {
    throw new DataError(`not a data folder: none of ${DATA_SUBFOLDERS.map((s) => s + "/").join(", ")} found`, { file: dir });
  }
  for (const file of listDataFiles(dir, "prices", ".csv")) {
    if (statSync(file).size === 0) throw new DataError("empty file", { file, line: 1 });
    resolvePriceColumns(
      splitCsvLine(readFirstLine(file)).map((h) => h.trim()),
      file,
    );
  }
}
