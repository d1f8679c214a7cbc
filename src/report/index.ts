/**
 * Run reports (`consilium report <run-dir>`, `consilium run ... --report`):
 * one self-contained HTML file per run folder.
 *
 * @example
 * const file = writeRunReport("runs/blackboard-seed7"); // "runs/blackboard-seed7/report.html"
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { renderRunReport } from "./html";
import { readRunFolder } from "./run-folder";

export { renderRunReport, renderTableHtml, MAX_HTML_ROWS } from "./html";
export { readRunFolder, RunFolderError, type RunFolder, type RunManifestLike } from "./run-folder";
export { findDailyReturns, tearSheet, TEAR_SHEET_SOURCES, type DailyReturns, type TearSheet } from "./tearsheet";

/**
 * Write `<runDir>/report.html` (or `options.out`) and return its path.
 * @example writeRunReport("runs/finmem-7", { out: "figures/finmem-report.html" })
 */
export function writeRunReport(runDir: string, options: { out?: string } = {}): string {
  const run = readRunFolder(runDir);
  const out = path.resolve(options.out ?? path.join(run.dir, "report.html"));
  writeFileSync(out, renderRunReport(run));
  return out;
}
