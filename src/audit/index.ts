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
import { existsSync } from "node:fs";
import path from "node:path";
import type { Row, Table } from "../run/experiment";
import { auditBlackboard } from "./blackboard";
import { auditFinmem } from "./finmem";
import { compareReading, formatReading } from "./judge";
import { auditSentimentalAgents } from "./sentimental";
import { VERDICTS, type AuditGroupSummary, type AuditResult, type Finding, type ReadingValue, type Verdict } from "./types";

export type { AuditGroupSummary, AuditResult, Finding, ReadingValue, Verdict } from "./types";
export { SA_READINGS } from "./sentimental";
export { BB_READINGS } from "./blackboard";

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
  const groups = new Map<string, AuditGroupSummary>();
  const diagnosticHits = new Map<AuditGroupSummary, Map<string, number>>();
  const totals = emptyCounts();
  for (const f of findings) {
    const ownGroup = RANKING_COLUMNS.has(f.column);
    const key = `${f.paper}\u0000${f.table}\u0000${ownGroup ? f.column : ""}\u0000${f.check}`;
    let g = groups.get(key);
    if (!g) {
      g = {
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
      diagnosticHits.set(g, new Map());
      if (ownGroup) g.check = `${f.column}: ${f.check}`;
      groups.set(key, g);
    }
    g.cells++;
    g.counts[f.verdict]++;
    totals[f.verdict]++;
    const dh = diagnosticHits.get(g)!;
    for (const name of Object.keys(f.diagnostics ?? {})) dh.set(name, (dh.get(name) ?? 0) + ((f.diagnosticMatches ?? []).includes(name) ? 1 : 0));
    for (const name of Object.keys(f.readings)) {
      const hit = (g.readingHits[name] ??= { exact: 0, withinRounding: 0 });
      if (f.matches.includes(name)) hit.exact++;
      else if (f.roundingMatches.includes(name)) hit.withinRounding++;
    }
  }
  for (const g of groups.values()) {
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
    g.fullDiagnostics = [...diagnosticHits.get(g)!.entries()].filter(([, n]) => n === g.cells).map(([k]) => k);
  }
  const unreproduced = findings.filter((f) => f.verdict === "not-reproduced" || f.verdict === "impossible" || f.verdict === "inconsistent").map((f) => f.cell);
  return { groups: [...groups.values()], totals, unreproduced, realDataChecked };
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

/**
 * The audit as run tables: `audit_summary` (per check), `audit_findings`
 * (per cell), `audit_readings` (per cell and reading, long format).
 * @example auditTables().map((t) => t.name) // ["audit_summary", "audit_findings", "audit_readings"]
 */
export function auditTables(result: AuditResult = runAudit()): Table[] {
  const summaryRows: Row[] = result.summary.groups.map((g) => ({
    paper: g.paper,
    table: g.table,
    check: g.check,
    cells: g.cells,
    reproduced: g.counts.reproduced,
    within_rounding: g.counts["within-rounding"],
    not_reproduced: g.counts["not-reproduced"],
    impossible: g.counts.impossible,
    inconsistent: g.counts.inconsistent,
    unverifiable: g.counts.unverifiable,
    best_readings: g.bestReadings.map((r) => `${r} (${g.readingHits[r]!.exact + g.readingHits[r]!.withinRounding}/${g.cells})`).join("; "),
  }));
  const findingRows: Row[] = result.findings.map((f) => ({
    paper: f.paper,
    table: f.table,
    row: f.row,
    column: f.column,
    published: f.published,
    verdict: f.verdict,
    reproduced_by: f.matches.join("; "),
    within_rounding_by: f.roundingMatches.join("; "),
    explained_by_diagnostic: (f.diagnosticMatches ?? []).join("; "),
    inputs: f.inputs,
    note: f.note ?? "",
  }));
  const readingRows: Row[] = [];
  for (const f of result.findings) {
    const all: Array<[string, ReadingValue, boolean]> = [
      ...Object.entries(f.readings).map(([k, v]) => [k, v, false] as [string, ReadingValue, boolean]),
      ...Object.entries(f.diagnostics ?? {}).map(([k, v]) => [k, v, true] as [string, ReadingValue, boolean]),
    ];
    for (const [name, value, diagnostic] of all) {
      readingRows.push({
        cell: f.cell,
        reading: name,
        kind: diagnostic ? "diagnostic" : "reading",
        value: formatReading(value, f.decimals),
        published: f.published,
        match: compareReading(value, f.published, f.decimals),
      });
    }
  }
  return [
    {
      name: "audit_summary",
      title: "Paper audit — summary per recomputed table",
      rows: summaryRows,
      columns: [
        "paper",
        "table",
        "check",
        "cells",
        "reproduced",
        "within_rounding",
        "not_reproduced",
        "impossible",
        "inconsistent",
        "unverifiable",
        "best_readings",
      ],
      note: "Counts of published cells by verdict; best_readings = the reading(s) reproducing the most cells (hits/cells).",
    },
    {
      name: "audit_findings",
      title: "Paper audit — verdict per published cell",
      rows: findingRows,
      columns: ["paper", "table", "row", "column", "published", "verdict", "reproduced_by", "within_rounding_by", "explained_by_diagnostic", "inputs", "note"],
      note: "reproduced = a reading prints as the published value; within-rounding = only allowing for the rounding of the published inputs or an undetermined tie order.",
    },
    {
      name: "audit_readings",
      title: "Paper audit — every reading of every cell",
      rows: readingRows,
      columns: ["cell", "reading", "kind", "value", "published", "match"],
      note: "kind = diagnostic marks explanations stated neither in the paper nor in the authors' code; they never count towards a verdict.",
    },
  ];
}

function mdEscape(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function mdTable(header: string[], rows: string[][]): string {
  return [`| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.map(mdEscape).join(" | ")} |`)].join("\n");
}

/**
 * The audit as a citable Markdown report: method, summary per check, every
 * cell no reading reproduces, and per-table details.
 * @example writeFileSync("figures/audit.md", auditMarkdown());
 */
export function auditMarkdown(result: AuditResult = runAudit()): string {
  const { findings, summary } = result;
  const lines: string[] = [];
  lines.push("# Paper audit: do the published tables follow from the papers' own numbers?", "");
  lines.push(
    "Each paper's published tables are encoded as data (`src/audit/data/`). Every derived table is recomputed from the paper's own " +
      "input tables under each reading of the formulas that the paper's text or the authors' public code allows, and compared cell by cell " +
      "at the published rounding (half a unit in the last printed place).",
    "",
    "Verdicts: **reproduced** — some reading prints as the published value; **within-rounding** — only when the rounding of the published inputs " +
      "(or an undetermined order of tied values) is allowed for; **not-reproduced** — no reading gives it; **impossible** — the value cannot be what " +
      "the paper says it is; **inconsistent** — two published statements of the same quantity disagree; **unverifiable** — the paper does not publish " +
      "what is needed. *Diagnostic* explanations (stated neither in the paper nor in the code) are shown but never count towards a verdict.",
    "",
  );
  if (!summary.realDataChecked) lines.push("_Checks against real market prices did not run (no real price folder given)._", "");
  const t = summary.totals;
  lines.push(
    `**${findings.length} cells audited:** ${t.reproduced} reproduced, ${t["within-rounding"]} within rounding, ${t["not-reproduced"]} not reproduced, ` +
      `${t.impossible} impossible, ${t.inconsistent} inconsistent, ${t.unverifiable} unverifiable.`,
    "",
  );

  lines.push("## Summary per check", "");
  lines.push(
    mdTable(
      ["paper", "table", "check", "cells", "repr.", "rounding", "not repr.", "imposs.", "incons.", "unverif.", "best reading (cells)"],
      summary.groups.map((g) => [
        g.paper.split(" (")[0]!,
        g.table,
        g.check,
        String(g.cells),
        String(g.counts.reproduced),
        String(g.counts["within-rounding"]),
        String(g.counts["not-reproduced"]),
        String(g.counts.impossible),
        String(g.counts.inconsistent),
        String(g.counts.unverifiable),
        g.bestReadings.map((r) => `${r} (${g.readingHits[r]!.exact + g.readingHits[r]!.withinRounding})`).join("; ") || "—",
      ]),
    ),
    "",
  );

  lines.push("## Headline findings", "");
  for (const g of summary.groups) {
    const hits = Object.entries(g.readingHits);
    if (hits.length === 0 && g.counts.impossible === 0 && g.counts.inconsistent === 0) continue;
    const parts: string[] = [];
    const done = g.counts.reproduced + g.counts["within-rounding"];
    parts.push(`${done} of ${g.cells} cells reproduced${g.counts["within-rounding"] ? ` (${g.counts["within-rounding"]} only within rounding)` : ""}`);
    if (g.fullReadings.length) parts.push(`every cell by: ${g.fullReadings.map((r) => `*${r}*`).join(", ")}`);
    else if (hits.length)
      parts.push(
        `no single reading reproduces every cell (best: ${g.bestReadings.map((r) => `*${r}* ${g.readingHits[r]!.exact + g.readingHits[r]!.withinRounding}/${g.cells}`).join(", ") || "none"})`,
      );
    if (g.counts.impossible) parts.push(`${g.counts.impossible} impossible`);
    if (g.counts.inconsistent) parts.push(`${g.counts.inconsistent} inconsistent with another published statement`);
    if (g.fullDiagnostics.length) parts.push(`every cell fits the unstated explanation: ${g.fullDiagnostics.map((d) => `*${d}*`).join(", ")}`);
    lines.push(`- **${g.paper.split(" (")[0]} — ${g.table} — ${g.check}**: ${parts.join("; ")}.`);
  }
  lines.push("");

  lines.push("## Which reading reproduces what", "");
  for (const g of summary.groups) {
    const hits = Object.entries(g.readingHits);
    if (hits.length === 0) continue;
    lines.push(
      `- **${g.table} — ${g.check}** (${g.cells} cells): ` +
        hits.map(([r, h]) => `${r}: ${h.exact}${h.withinRounding ? ` (+${h.withinRounding} within rounding)` : ""}`).join("; "),
    );
  }
  lines.push("");

  const bad = findings.filter((f) => f.verdict === "not-reproduced" || f.verdict === "impossible" || f.verdict === "inconsistent");
  lines.push(`## Cells no reading reproduces (${bad.length})`, "");
  lines.push(
    mdTable(
      ["cell", "published", "verdict", "closest reading", "diagnostic that fits", "note"],
      bad.map((f) => {
        const c = closestReading(f);
        return [
          f.cell,
          formatReading(f.published, f.decimals === 0 ? 0 : Math.max(0, f.decimals - 2)),
          f.verdict,
          c ? `${formatReading(c.value, f.decimals)} (${c.name})` : "—",
          (f.diagnosticMatches ?? []).join("; ") || "—",
          f.note ?? "",
        ];
      }),
    ),
    "",
  );

  lines.push("## All cells", "");
  const byTable = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.paper} — ${f.table} — ${f.check}`;
    let list = byTable.get(key);
    if (!list) byTable.set(key, (list = []));
    list.push(f);
  }
  for (const [key, fs] of byTable) {
    lines.push(`### ${key}`, "", `Inputs: ${fs[0]!.inputs}`, "");
    lines.push(
      mdTable(
        ["row", "column", "published", "verdict", "reproduced by", "readings"],
        fs.map((f) => [
          f.row,
          f.column,
          formatReading(f.published, f.decimals === 0 ? 0 : Math.max(0, f.decimals - 2)),
          f.verdict,
          [...f.matches, ...f.roundingMatches.map((m) => `${m} (rounding)`)].join("; ") || "—",
          Object.entries(f.readings)
            .map(([k, v]) => `${k} = ${formatReading(v, f.decimals)}`)
            .join("; ") || "—",
        ]),
      ),
      "",
    );
  }
  return lines.join("\n");
}
