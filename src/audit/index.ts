/**
 * The paper audit (`consilium audit`, notebook 05): each paper's published
 * tables encoded as data, every derived table recomputed from the paper's own
 * inputs under each reading of the formulas the paper and the authors' code
 * allow, and a cell-by-cell verdict.
 *
 * @example
 * const { findings, summary } = runAudit();
 * summary.totals.reproduced; // number of cells some reading reproduces
 * console.log(auditMarkdown());
 */
export type { AuditGroupSummary, AuditResult, Finding, ReadingValue, Verdict } from "./types";
export { SA_READINGS } from "./sentimental";
export { BB_READINGS } from "./blackboard";
export { closestReading, findRealDataDir, runAudit, summarize, type AuditOptions } from "./run";
export { auditMarkdown, auditTables } from "./markdown";
