/**
 * Run reports (`consilium report <run-dir>`, `consilium run ... --report`):
 * one self-contained HTML file per run folder, with a tear sheet for runs
 * that have daily returns.
 *
 * @example
 * const file = writeRunReport("runs/blackboard-seed7"); // "runs/blackboard-seed7/report.html"
 */
export { renderRunReport, renderTableHtml, MAX_HTML_ROWS } from "./html";
export { reportFigures, type ReportFigures } from "./figures";
export { readRunFolder, RunFolderError, type RunFolder, type RunManifestLike } from "./run-folder";
export { findDailyReturns, tearSheet, TEAR_SHEET_SOURCES, type DailyReturns, type ReturnSeries, type TearSheet } from "./tearsheet";
export { writeRunReport } from "./write";
