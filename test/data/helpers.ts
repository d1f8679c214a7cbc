import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** Real shared data folder, when this machine has it. */
export const SHARED = resolve(process.cwd(), "../shared/datasets");

/** Write a temp data folder from a map of relative path -> content. */
export function makeFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "consilium-data-"));
  for (const [rel, content] of Object.entries(files)) {
    const full = join(dir, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return dir;
}

export const HEADER = "Date,Open,High,Low,Close,AdjClose,Volume";

export function priceCsv(rows: Array<[string, number, number?]>): string {
  // [date, close, volume?] -> consistent OHLC around the close
  return [HEADER, ...rows.map(([d, c, v]) => `${d},${c},${c * 1.01},${c * 0.99},${c},${c},${v ?? 1000}`)].join("\n") + "\n";
}
