/**
 * The fundamentals a filing first reported, from EDGAR's companyfacts API
 * (`data.sec.gov/api/xbrl/companyfacts/CIK##########.json`):
 *
 *   {"cik": 320193, "entityName": "Apple Inc.", "facts": {"us-gaap": {"Assets": {"label": ..., "units": {"USD": [
 *     {"end": "2024-09-28", "val": 364980000000, "accn": "0000320193-24-000123", "fy": 2024, "fp": "FY", "form": "10-K", "filed": "2024-11-01", "frame": "CY2024Q3I"}, ...]}}}}}
 *
 * Every filing's facts are listed with its accession number (`accn`), the
 * current period's and the comparatives alike. A value *as first reported*
 * is the one carried by the filing for its own period: accn = the filing,
 * end = its period of report. Later filings that repeat (or restate) the
 * period carry other accession numbers and are never used for it. Concepts
 * are tried in order (filers tag revenue differently); durations prefer the
 * fiscal period of the form (about a year for a 10-K, a quarter for a 10-Q)
 * and fall back to the year to date (10-Q cash-flow statements are YTD only);
 * the chosen start and end are kept so the reader sees which it is.
 */
import type { MetricName, MetricValue } from "../fundamentals";

interface MetricSpec {
  name: MetricName;
  kind: "duration" | "instant";
  unit: "USD" | "USD/shares";
  concepts: readonly string[];
}

/** The metrics (in the order of `METRIC_NAMES`) and the us-gaap concepts that carry them, in order of preference. */
export const METRICS: readonly MetricSpec[] = [
  {
    name: "revenue",
    kind: "duration",
    unit: "USD",
    concepts: [
      "Revenues",
      "RevenueFromContractWithCustomerExcludingAssessedTax",
      "RevenueFromContractWithCustomerIncludingAssessedTax",
      "SalesRevenueNet",
      "SalesRevenueGoodsNet",
      "RevenuesNetOfInterestExpense",
    ],
  },
  { name: "net_income", kind: "duration", unit: "USD", concepts: ["NetIncomeLoss", "ProfitLoss", "NetIncomeLossAvailableToCommonStockholdersBasic"] },
  { name: "total_assets", kind: "instant", unit: "USD", concepts: ["Assets"] },
  { name: "total_liabilities", kind: "instant", unit: "USD", concepts: ["Liabilities"] },
  {
    name: "stockholders_equity",
    kind: "instant",
    unit: "USD",
    concepts: ["StockholdersEquity", "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"],
  },
  {
    name: "cash",
    kind: "instant",
    unit: "USD",
    concepts: ["CashAndCashEquivalentsAtCarryingValue", "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents", "Cash"],
  },
  {
    name: "operating_cash_flow",
    kind: "duration",
    unit: "USD",
    concepts: ["NetCashProvidedByUsedInOperatingActivities", "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations"],
  },
  { name: "capital_expenditure", kind: "duration", unit: "USD", concepts: ["PaymentsToAcquirePropertyPlantAndEquipment", "PaymentsToAcquireProductiveAssets"] },
  { name: "eps_basic", kind: "duration", unit: "USD/shares", concepts: ["EarningsPerShareBasic", "EarningsPerShareBasicAndDiluted"] },
  { name: "eps_diluted", kind: "duration", unit: "USD/shares", concepts: ["EarningsPerShareDiluted", "EarningsPerShareBasicAndDiluted"] },
];

/** Concepts needed besides the metrics: cover shares and the pieces of derived liabilities. */
const EXTRA = ["dei:EntityCommonStockSharesOutstanding", "us-gaap:LiabilitiesAndStockholdersEquity", "us-gaap:CommonStockSharesOutstanding"];

/** One fact of the companyfacts file. */
export interface Fact {
  concept: string;
  unit: string;
  start: string | null;
  end: string;
  value: number;
}

export interface IndexedFacts {
  /** Facts by the accession number of the filing that carried them. */
  byAccession: Map<string, Fact[]>;
  malformed: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Index the concepts we use by accession number; facts with an unusable
 * `val`, `end` or `accn` are skipped and named by JSON path.
 *
 * @example
 * indexCompanyFacts(json, "companyfacts CIK0000320193.json").byAccession.get("0000320193-24-000123")?.length;
 */
export function indexCompanyFacts(json: unknown, where: string): IndexedFacts {
  const facts = (json as { facts?: Record<string, Record<string, { units?: Record<string, unknown> }>> } | null)?.facts;
  if (!facts || typeof facts !== "object") throw new Error(`${where}: no "facts" object`);
  const wanted = new Set([...METRICS.flatMap((m) => m.concepts.map((c) => `us-gaap:${c}`)), ...EXTRA]);
  const byAccession = new Map<string, Fact[]>();
  const malformed: string[] = [];
  for (const key of wanted) {
    const [taxonomy, concept] = key.split(":") as [string, string];
    const units = facts[taxonomy]?.[concept]?.units;
    if (!units) continue;
    for (const [unit, rows] of Object.entries(units)) {
      if (!Array.isArray(rows)) continue;
      rows.forEach((r: Record<string, unknown>, i) => {
        const path = `${where} facts.${taxonomy}.${concept}.units.${unit}[${i}]`;
        const accn = r?.["accn"];
        const end = r?.["end"];
        const val = r?.["val"];
        const start = r?.["start"];
        if (typeof accn !== "string") return malformed.push(`${path}: field "accn" missing`);
        if (typeof end !== "string" || !DATE.test(end)) return malformed.push(`${path}: field "end" is not YYYY-MM-DD`);
        if (typeof val !== "number" || !Number.isFinite(val)) return malformed.push(`${path}: field "val" is not a finite number (${JSON.stringify(val)})`);
        if (start !== undefined && (typeof start !== "string" || !DATE.test(start))) return malformed.push(`${path}: field "start" is not YYYY-MM-DD`);
        const list = byAccession.get(accn) ?? [];
        list.push({ concept: key, unit, start: typeof start === "string" ? start : null, end, value: val });
        byAccession.set(accn, list);
      });
    }
  }
  return { byAccession, malformed };
}

const days = (a: string, b: string): number => (Date.parse(b) - Date.parse(a)) / 86_400_000 + 1;

/** The fact of one concept for the filing's own period, by the duration rules above. */
function pick(facts: readonly Fact[], concept: string, spec: MetricSpec, form: string, period: string): Fact | null {
  const own = facts.filter((f) => f.concept === concept && f.unit === spec.unit && f.end === period);
  if (spec.kind === "instant") return own.find((f) => f.start === null) ?? null;
  const durations = own.filter((f): f is Fact & { start: string } => f.start !== null);
  const [lo, hi] = form.startsWith("10-K") ? [330, 380] : [80, 100];
  const fiscal = durations.find((f) => days(f.start, f.end) >= lo && days(f.start, f.end) <= hi);
  if (fiscal) return fiscal;
  return durations.sort((a, b) => days(b.start, b.end) - days(a.start, a.end))[0] ?? null;
}

/**
 * The metrics a filing reported for its own period (null where it tagged
 * none of the concepts). Missing total liabilities are derived as total
 * liabilities-and-equity minus equity, labelled as derived.
 *
 * @example
 * firstReportedMetrics(facts.byAccession.get(accession) ?? [], "10-K", "2024-09-28").revenue?.value; // 391035000000
 */
export function firstReportedMetrics(facts: readonly Fact[], form: string, period: string): Record<MetricName, MetricValue | null> {
  const out = {} as Record<MetricName, MetricValue | null>;
  for (const spec of METRICS) {
    out[spec.name] = null;
    for (const c of spec.concepts) {
      const f = pick(facts, `us-gaap:${c}`, spec, form, period);
      if (f) {
        out[spec.name] = { value: f.value, unit: f.unit, concept: f.concept, start: f.start, end: f.end };
        break;
      }
    }
  }
  const total = facts.find((f) => f.concept === "us-gaap:LiabilitiesAndStockholdersEquity" && f.unit === "USD" && f.end === period && f.start === null);
  const equity = out.stockholders_equity;
  if (out.total_liabilities === null && total && equity) {
    out.total_liabilities = {
      value: total.value - equity.value,
      unit: "USD",
      concept: `derived: us-gaap:LiabilitiesAndStockholdersEquity - ${equity.concept}`,
      start: null,
      end: period,
    };
  }
  return out;
}

/**
 * The filing's undimensioned cover share count (dei) from companyfacts, the
 * latest as-of date if it lists several; or its balance-sheet count
 * (us-gaap:CommonStockSharesOutstanding at the period end) as a fallback.
 *
 * @example
 * sharesFromFacts(facts.byAccession.get(accession) ?? [], "2024-09-28"); // { value: 15115823000, asOf: "2024-10-18", concept: "dei:EntityCommonStockSharesOutstanding" }
 */
export function sharesFromFacts(facts: readonly Fact[], period: string): { value: number; asOf: string; concept: string } | null {
  const cover = facts.filter((f) => f.concept === "dei:EntityCommonStockSharesOutstanding" && f.unit === "shares").sort((a, b) => (a.end < b.end ? 1 : -1));
  // Undimensioned facts: one count per as-of date (a repeated listing is the same fact).
  if (cover[0] && cover[0].value > 0) return { value: cover[0].value, asOf: cover[0].end, concept: "dei:EntityCommonStockSharesOutstanding" };
  const sheet = facts.find((f) => f.concept === "us-gaap:CommonStockSharesOutstanding" && f.unit === "shares" && f.end === period && f.start === null);
  return sheet && sheet.value > 0 ? { value: sheet.value, asOf: sheet.end, concept: "us-gaap:CommonStockSharesOutstanding (balance sheet)" } : null;
}
