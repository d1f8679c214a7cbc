/**
 * Session-by-session comparison of two runs of an experiment for the
 * look-ahead audit (lookahead.ts): the rows of its daily tables and the
 * prompts a real model would have received, each difference classified as
 * explained by a declared read or not.
 */
import type { Cell, DailyTable, DeclaredRead, Row, Table } from "../core/index";
import { tableColumns } from "../core/index";
import type { RecordedPrompt } from "../llm/index";

/** One difference between the original run (a) and the poisoned run (b). */
export interface Difference {
  kind: "cell" | "row" | "prompt";
  /** Table name, or task name for prompts. */
  where: string;
  /** Column; for prompts the first differing message and line. */
  field: string;
  a: string;
  b: string;
  /** The declared read that explains it, or null (a look-ahead). */
  declaredBy: string | null;
}

export type SessionStatus = "identical" | "declared" | "leak";

export interface SessionVerdict {
  session: string;
  status: SessionStatus;
  /** Prompts recorded for the session in the original run. */
  prompts: number;
  /** Daily-table rows of the session in the original run. */
  rows: number;
  /** The differences (at most MAX_DIFFERENCES kept: undeclared first, the first of each table or task before the others). */
  differences: Difference[];
  /** How many differences there were in all. */
  differenceCount: number;
  /** Names of the declared reads that explain this session's declared differences. */
  declared: string[];
}

export const MAX_DIFFERENCES = 12;

const show = (v: Cell | undefined): string => (v === undefined ? "(absent)" : typeof v === "string" ? v : JSON.stringify(v));
const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The daily tables of a result: the declared ones, or every table with a `date` column.
 *
 * @example
 * dailyTablesOf(result.tables, undefined).map((t) => t.table); // ["finmem_decisions", ...]
 */
export function dailyTablesOf(tables: readonly Table[], declared: readonly DailyTable[] | undefined): DailyTable[] {
  if (declared) return [...declared];
  return tables.filter((t) => tableColumns(t).includes("date")).map((t) => ({ table: t.name }));
}

/** Rows of a daily table by session, each keyed within its session. */
function rowsBySession(table: Table | undefined, spec: DailyTable): Map<string, Map<string, Row>> {
  const out = new Map<string, Map<string, Row>>();
  const dateCol = spec.date ?? "date";
  for (const row of table?.rows ?? []) {
    const session = String(row[dateCol] ?? "").slice(0, 10);
    let rows = out.get(session);
    if (!rows) out.set(session, (rows = new Map()));
    const key = spec.keys?.length ? spec.keys.map((k) => show(row[k])).join(" | ") : `#${rows.size + 1}`;
    rows.set(key, row);
  }
  return out;
}

function covers(read: DeclaredRead, session: string, what: "columns" | "tasks", name: string): boolean {
  const sessionsOk = read.sessions === "all" || read.sessions.includes(session);
  const list = read[what];
  return sessionsOk && (list === "all" || list.includes(name));
}

/** The declared read (not an observer's) that explains a difference, or null. */
function explainedBy(reads: readonly DeclaredRead[], session: string, what: "columns" | "tasks", name: string): string | null {
  return reads.find((r) => !r.observer && covers(r, session, what, name))?.name ?? null;
}

/** Whether a column is an observer's evaluation on that session (left out of the comparison). */
function observed(reads: readonly DeclaredRead[], session: string, column: string): boolean {
  return reads.some((r) => r.observer === true && covers(r, session, "columns", column));
}

/** Differences between the daily-table rows of one session. */
function tableDifferences(
  spec: DailyTable,
  a: Map<string, Row> | undefined,
  b: Map<string, Row> | undefined,
  session: string,
  reads: readonly DeclaredRead[],
): Difference[] {
  const out: Difference[] = [];
  const dateCol = spec.date ?? "date";
  const keys = [...new Set([...(a?.keys() ?? []), ...(b?.keys() ?? [])])];
  for (const key of keys) {
    const ra = a?.get(key);
    const rb = b?.get(key);
    if (!ra || !rb) {
      const declaredBy = explainedBy(reads, session, "columns", "(row)");
      out.push({ kind: "row", where: spec.table, field: `row ${key}`, a: ra ? "present" : "absent", b: rb ? "present" : "absent", declaredBy });
      continue;
    }
    for (const col of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      if (col === dateCol || observed(reads, session, col) || JSON.stringify(ra[col]) === JSON.stringify(rb[col])) continue;
      const field = spec.keys?.length ? `${col} [${key}]` : col;
      out.push({
        kind: "cell",
        where: spec.table,
        field,
        a: clip(show(ra[col])),
        b: clip(show(rb[col])),
        declaredBy: explainedBy(reads, session, "columns", col),
      });
    }
  }
  return out;
}

/** The first message and line where two prompts differ. */
function firstLineDifference(a: RecordedPrompt | undefined, b: RecordedPrompt | undefined): { field: string; a: string; b: string } {
  const ma = a?.messages ?? [];
  const mb = b?.messages ?? [];
  if (!a || !b) return { field: "prompt count", a: a ? "present" : "absent", b: b ? "present" : "absent" };
  for (let m = 0; m < Math.max(ma.length, mb.length); m++) {
    const la = (ma[m]?.content ?? "").split("\n");
    const lb = (mb[m]?.content ?? "").split("\n");
    for (let l = 0; l < Math.max(la.length, lb.length); l++) {
      if (la[l] !== lb[l])
        return { field: `message ${m + 1} (${ma[m]?.role ?? mb[m]?.role}), line ${l + 1}`, a: clip(la[l] ?? "(absent)"), b: clip(lb[l] ?? "(absent)") };
    }
  }
  return { field: "prompt hash", a: a.hash.slice(0, 12), b: b.hash.slice(0, 12) };
}

/** Prompts of one session and task that the other run did not send (multiset difference of hashes, call order kept). */
function unmatched(mine: readonly RecordedPrompt[], theirs: readonly RecordedPrompt[]): RecordedPrompt[] {
  const count = new Map<string, number>();
  for (const p of theirs) count.set(p.hash, (count.get(p.hash) ?? 0) + 1);
  return mine.filter((p) => {
    const n = count.get(p.hash) ?? 0;
    if (n > 0) count.set(p.hash, n - 1);
    return n === 0;
  });
}

/** Differences between the prompts of one session (one per task that differs). */
function promptDifferences(a: readonly RecordedPrompt[], b: readonly RecordedPrompt[], session: string, reads: readonly DeclaredRead[]): Difference[] {
  const tasks = [...new Set([...a, ...b].map((p) => p.task))].sort();
  const out: Difference[] = [];
  for (const task of tasks) {
    const pa = a.filter((p) => p.task === task);
    const pb = b.filter((p) => p.task === task);
    const onlyA = unmatched(pa, pb);
    const onlyB = unmatched(pb, pa);
    if (onlyA.length === 0 && onlyB.length === 0) continue;
    const first = firstLineDifference(onlyA[0], onlyB[0]);
    const field = `${first.field} (${Math.max(onlyA.length, onlyB.length)} of ${Math.max(pa.length, pb.length)} prompts differ)`;
    out.push({ kind: "prompt", where: task, field, a: first.a, b: first.b, declaredBy: explainedBy(reads, session, "tasks", task) });
  }
  return out;
}

/** The first difference of each table or task first, then the others (so a capped list names every place that differs). */
function spread(diffs: readonly Difference[]): Difference[] {
  const seen = new Set<string>();
  const first: Difference[] = [];
  const rest: Difference[] = [];
  for (const d of diffs) {
    if (seen.has(d.where)) rest.push(d);
    else {
      seen.add(d.where);
      first.push(d);
    }
  }
  return [...first, ...rest];
}

/** Everything the comparison needs from one run. */
export interface RunRecord {
  tables: readonly Table[];
  prompts: readonly RecordedPrompt[];
}

function groupPrompts(prompts: readonly RecordedPrompt[]): Map<string, RecordedPrompt[]> {
  const out = new Map<string, RecordedPrompt[]>();
  for (const p of prompts) {
    if (p.session === null) continue;
    let list = out.get(p.session);
    if (!list) out.set(p.session, (list = []));
    list.push(p);
  }
  return out;
}

/**
 * Compare two runs session by session: every session of either run, each
 * with its differences and whether declared reads explain them.
 *
 * @example
 * const verdicts = compareRuns(original, poisoned, dailyTables, reads);
 * verdicts.find((v) => v.status === "leak")?.differences[0]; // the first look-ahead
 */
export function compareRuns(a: RunRecord, b: RunRecord, daily: readonly DailyTable[], reads: readonly DeclaredRead[]): SessionVerdict[] {
  const tablesA = daily.map((spec) =>
    rowsBySession(
      a.tables.find((t) => t.name === spec.table),
      spec,
    ),
  );
  const tablesB = daily.map((spec) =>
    rowsBySession(
      b.tables.find((t) => t.name === spec.table),
      spec,
    ),
  );
  const promptsA = groupPrompts(a.prompts);
  const promptsB = groupPrompts(b.prompts);
  const sessions = new Set<string>([...promptsA.keys(), ...promptsB.keys()]);
  for (const m of [...tablesA, ...tablesB]) for (const s of m.keys()) sessions.add(s);
  return [...sessions]
    .filter((s) => s !== "")
    .sort()
    .map((session) => {
      const diffs: Difference[] = [];
      daily.forEach((spec, i) => diffs.push(...tableDifferences(spec, tablesA[i]!.get(session), tablesB[i]!.get(session), session, reads)));
      const pa = promptsA.get(session) ?? [];
      diffs.push(...promptDifferences(pa, promptsB.get(session) ?? [], session, reads));
      const undeclared = diffs.filter((d) => d.declaredBy === null);
      const status: SessionStatus = diffs.length === 0 ? "identical" : undeclared.length ? "leak" : "declared";
      const kept = [...spread(undeclared), ...spread(diffs.filter((d) => d.declaredBy !== null))].slice(0, MAX_DIFFERENCES);
      const declared = [...new Set(diffs.map((d) => d.declaredBy).filter((n): n is string => n !== null))];
      const rows = tablesA.reduce((n, m) => n + (m.get(session)?.size ?? 0), 0);
      return { session, status, prompts: pa.length, rows, differences: kept, differenceCount: diffs.length, declared };
    });
}
