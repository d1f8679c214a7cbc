// Source of notebooks/05-paper-audit.ipynb. Cells start at "// %%" lines; markdown cells are comment lines.
// npm run notebooks:build writes the notebook from this file; npm run notebooks:sync pulls edits made in Jupyter back.

// %% [markdown]
// # Paper audit: do the papers' own tables reproduce from their own inputs?
//
// Each paper publishes derived numbers next to the inputs they come from. Sentimental Agents derives per-agent ranks,
// Borda counts, valences, tiers, convictions and gut-feeling ranks (Tables 3, 5, 6, 8, 9) from its final sentiments
// (Table 4) and volatilities (Table 7), and quotes some of them again in its text. The Blackboard / Black–Litterman
// paper derives total, excess and annualised return and the Sharpe ratio from the portfolio values it reports, states
// its rolling Sharpe twice, and reports a perturbation's weight change. FinMem's headline buy-and-hold return on TSLA
// can be recomputed from market prices (when a real price folder is given); its agent's own returns need trades that
// are not published.
//
// The audit encodes the published tables as data (each value with its table and column), recomputes every derived
// cell from the paper's *own* inputs under each reading of the formulas that the paper text and the authors' code
// allow (e.g. Borda with $n$ points to the top vs the code's rank sums; conviction as sentiment / volatility vs mean ×
// std; geometric vs simple annualisation), and reports cell by cell which reading reproduces the printed number —
// exactly, or within the rounding of the printed digits — and which cells no reading reproduces.
//
// This notebook involves **no model at all**: no offline agents, no LLM. Everything below is arithmetic on numbers
// printed in the papers, so the findings can be cited.

// %% tags=["parameters"]
// ---- Parameters: the only cell you need to edit ----
// The audit is arithmetic on the papers' published numbers: no seed, no model.
// Real market prices (prices/SPY.csv, prices/TSLA.csv) enable the extra checks against market data;
// undefined = look for CONSILIUM_REAL_DATA or ../../shared/datasets, and skip those checks if neither exists.
const realDataDir: string | undefined = undefined; // e.g. "../../shared/datasets"
const maxRowsPerTable = 60; // rows shown of the long tables (the returned tables have every row)

// %%
import { auditMarkdown, auditTables, findRealDataDir, runAudit } from "../src/audit/index";
import { byName } from "../src/run/runner";
import { showFrame, showMarkdown, showTable } from "../src/notebook/display";
import { toDataFrame } from "../src/notebook/dataframe";

// %%
const audit = runAudit({ realDataDir: realDataDir ?? findRealDataDir() ?? undefined });
const tables = auditTables(audit);
const totals = audit.summary.totals;
console.log(
  `${audit.findings.length} cells audited: ${totals.reproduced} reproduced, ${totals["within-rounding"]} within rounding, ` +
    `${totals["not-reproduced"]} not reproduced, ${totals.impossible} impossible, ${totals.inconsistent} inconsistent, ${totals.unverifiable} unverifiable` +
    ` (real-data checks: ${audit.summary.realDataChecked ? "run" : "not run"})`,
);
console.log(tables.map((t) => `${t.name}: ${t.rows.length} rows`).join("\n"));

// %% [markdown]
// ## Summary per check
//
// One row per recomputed table and check: how many of its cells each verdict got, and the readings of the formula
// that reproduce the most cells (with their count). A check where the best reading is the authors' *code* rather than
// the paper's *text* (or the other way round) tells you which one the published numbers were computed with.

// %%
await showTable(byName(tables, "audit_summary", "table", "the audit"), maxRowsPerTable);

// %% [markdown]
// ## The findings report
//
// The citable report: method, the summary, every cell that no reading reproduces (with the published value and what
// each reading gives), and per-table details. `npx consilium audit` prints the same Markdown.

// %%
await showMarkdown(auditMarkdown(audit));

// %% [markdown]
// ## Every audited cell, and every reading of it
//
// `audit_findings`: one row per published cell — paper, table, row, column, published value, verdict, the readings
// that reproduce it exactly or within rounding, and the inputs it was recomputed from. `audit_readings`: the same
// cells in long format, one row per reading with its value.

// %%
await showTable(byName(tables, "audit_findings", "table", "the audit"), maxRowsPerTable);
await showTable(byName(tables, "audit_readings", "table", "the audit"), maxRowsPerTable);

// %% [markdown]
// The findings as a danfojs DataFrame: the verdicts per paper, and the published tables whose cells no reading
// reproduces, with how many such cells each has.

// %%
// This table has a column called "column", and danfojs gives every frame a property per column name, which hides
// the column() method here: the filter reads the verdicts from the table's rows instead.
const findingsTable = byName(tables, "audit_findings", "table", "the audit");
const findings = toDataFrame(findingsTable);
await showFrame(findings.groupby(["paper", "verdict"]).col(["column"]).count(), { title: "Audited cells per paper and verdict" });
const unreproduced = findings.query(findingsTable.rows.map((row) => row.verdict === "not-reproduced"));
await showFrame(unreproduced.groupby(["paper", "table"]).col(["column"]).count(), { title: "Cells no reading reproduces, per published table" });
