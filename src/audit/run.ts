/**
 * Running the paper audit: the three papers' checks, and the verdict counts
 * per paper, table and reading.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { auditBlackboard } from "./blackboard";
import { auditFinmem } from "./finmem";
import { auditSentimentalAgents } from "./sentimental";
import { VERDICTS, type AuditGroupSummary, type AuditResult, type Finding, type ReadingValue, type Verdict } from "./types";

export interface AuditOptions {
  /**
   * Folder with real prices (`prices/SPY.csv`, `prices/TSLA.csv`), e.g. the
   * shared datasets; enables the checks against market data. Default: none
   * (the audit then uses only the papers' own numbers).
   */
  realDataDir?: string;
}

/**
 * The real-data folder if one is found: `CONSILIUM_REAL_DATA`, else
 * `../shared/datasets` or `../../shared/datasets` from the working directory.
 * @example runAudit({ realDataDir: findRealDataDir() ?? undefined })
 */
export function findRealDataDir(): string | null {
  const candidates = [process.env.CONSILIUM_REAL_DATA, path.resolve(process.cwd(), "../shared/datasets"), path.resolve(process.cwd(), "../../shared/datasets")];
  for (const c of candidates) if (c && existsSync(path.join(c, "prices", "SPY.csv"))) return c;
  return null;
}

/**
 * Run the whole audit.
 * @example runAudit().findings.filter((f) => f.verdict === "not-reproduced").map((f) => f.cell)
 */
export function runAudit(options: AuditOptions = {}): AuditResult {
  const findings = [...auditSentimentalAgents(), ...auditBlackboard(options.realDataDir), ...auditFinmem(options.realDataDir)];
  return { findings, summary: summarize(findings, options.realDataDir !== undefined && findings.some((f) => f.inputs.includes("prices/"))) };
}

/** Summary columns (ranking-method outcomes) that form a group of their own even when they share a check. */
const RANKING_COLUMNS: ReadonlySet<string> = new Set(["Borda Count Rank", "Borda Count", "Tiered", "Gut-Feeling"]);

function emptyCounts(): Record<Verdict, number> {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
}

/**
 * Per-(paper, table, check) counts of verdicts and of cells each reading reproduces.
 * @example summarize(runAudit().findings).groups[0].bestReadings
 */
export function summarize(findings: Finding[], realDataChecked = false): AuditResult["summary"] {
  // Per group: its summary, and per diagnostic the cells it explains (folded into fullDiagnostics at the end).
  const groups = new Map<string, { g: AuditGroupSummary; diagnosticHits: Map<string, number> }>();
  const totals = emptyCounts();
  for (const f of findings) {
    const ownGroup = RANKING_COLUMNS.has(f.column);
    const key = `${f.paper}\u0000${f.table}\u0000${ownGroup ? f.column : ""}\u0000${f.check}`;
    let group = groups.get(key);
    if (!group) {
      const g: AuditGroupSummary = {
        paper: f.paper,
        table: f.table,
        check: f.check,
        cells: 0,
        counts: emptyCounts(),
        readingHits: {},
        bestReadings: [],
        fullReadings: [],
        fullDiagnostics: [],
      };
      if (ownGroup) g.check = `${f.column}: ${f.check}`;
      group = { g, diagnosticHits: new Map() };
      groups.set(key, group);
    }
    const { g, diagnosticHits } = group;
    g.cells++;
    g.counts[f.verdict]++;
    totals[f.verdict]++;
    for (const name of Object.keys(f.diagnostics ?? {}))
      diagnosticHits.set(name, (diagnosticHits.get(name) ?? 0) + ((f.diagnosticMatches ?? []).includes(name) ? 1 : 0));
    for (const name of Object.keys(f.readings)) {
      const hit = (g.readingHits[name] ??= { exact: 0, withinRounding: 0 });
      if (f.matches.includes(name)) hit.exact++;
      else if (f.roundingMatches.includes(name)) hit.withinRounding++;
    }
  }
  for (const { g, diagnosticHits } of groups.values()) {
    const score = (h: { exact: number; withinRounding: number }) => h.exact * 1000 + h.withinRounding;
    const best = Math.max(0, ...Object.values(g.readingHits).map(score));
    g.bestReadings =
      best > 0
        ? Object.entries(g.readingHits)
            .filter(([, h]) => score(h) === best)
            .map(([k]) => k)
        : [];
    g.fullReadings = Object.entries(g.readingHits)
      .filter(([, h]) => h.exact + h.withinRounding === g.cells)
      .map(([k]) => k);
    g.fullDiagnostics = [...diagnosticHits.entries()].filter(([, n]) => n === g.cells).map(([k]) => k);
  }
  const unreproduced = findings.filter((f) => f.verdict === "not-reproduced" || f.verdict === "impossible" || f.verdict === "inconsistent").map((f) => f.cell);
  return { groups: [...groups.values()].map(({ g }) => g), totals, unreproduced, realDataChecked };
}

/** The reading closest to the published value (for cells nothing reproduces). */
export function closestReading(f: Finding): { name: string; value: ReadingValue } | null {
  let best: { name: string; value: ReadingValue; gap: number } | null = null;
  for (const [name, value] of Object.entries(f.readings)) {
    if (value === null) continue;
    const gap = typeof value === "number" ? Math.abs(value - f.published) : Math.max(0, value.lo - f.published, f.published - value.hi);
    if (Number.isFinite(gap) && (!best || gap < best.gap)) best = { name, value, gap };
  }
  return best ? { name: best.name, value: best.value } : null;
}
