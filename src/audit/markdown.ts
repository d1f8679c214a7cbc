/**
 * The audit's outputs: tidy tables of every finding, and the Markdown report
 * (`figures/paper-audit.md`, notebook 05).
 */
import type { Row, Table } from "../core/index";
import { compareReading, formatReading } from "./judge";
import { closestReading, runAudit } from "./run";
import type { AuditGroupSummary, AuditResult, Finding, ReadingValue } from "./types";

/** Cells a reading reproduces in a group, exactly or within rounding (0 for a reading the group never saw). */
function cellsReproducedBy(g: AuditGroupSummary, reading: string): number {
  const hits = g.readingHits[reading];
  return hits ? hits.exact + hits.withinRounding : 0;
}

/** The paper's short name: its full name without the parenthesised authors and venue. */
function paperName(paper: string): string {
  return paper.split(" (")[0] ?? paper;
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
    best_readings: g.bestReadings.map((r) => `${r} (${cellsReproducedBy(g, r)}/${g.cells})`).join("; "),
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
        paperName(g.paper),
        g.table,
        g.check,
        String(g.cells),
        String(g.counts.reproduced),
        String(g.counts["within-rounding"]),
        String(g.counts["not-reproduced"]),
        String(g.counts.impossible),
        String(g.counts.inconsistent),
        String(g.counts.unverifiable),
        g.bestReadings.map((r) => `${r} (${cellsReproducedBy(g, r)})`).join("; ") || "—",
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
        `no single reading reproduces every cell (best: ${g.bestReadings.map((r) => `*${r}* ${cellsReproducedBy(g, r)}/${g.cells}`).join(", ") || "none"})`,
      );
    if (g.counts.impossible) parts.push(`${g.counts.impossible} impossible`);
    if (g.counts.inconsistent) parts.push(`${g.counts.inconsistent} inconsistent with another published statement`);
    if (g.fullDiagnostics.length) parts.push(`every cell fits the unstated explanation: ${g.fullDiagnostics.map((d) => `*${d}*`).join(", ")}`);
    lines.push(`- **${paperName(g.paper)} — ${g.table} — ${g.check}**: ${parts.join("; ")}.`);
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
    lines.push(`### ${key}`, "", `Inputs: ${fs[0]!.inputs}`, ""); // every list got its first finding when it was made
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
