/**
 * `ablate=memory`: does memory decide anything? The same run with no memory
 * shown (every layer's list empty, so a decision rests on the momentum and
 * the risk inclination alone), scored beside the full run in the metrics
 * table, with the share of directional test days on which the two decide
 * differently.
 *
 *   directional days = test days on which either run buys or sells
 *   differing share  = #(directional days with different decisions) / #(directional days)
 *
 * For the offline agent a day differs exactly when the stated memory
 * contributions move the stated total across a threshold that the momentum
 * term alone does not cross (offline/offline-policy.ts).
 */
import { tableNumber, type Row, type Table } from "../core/index";
import type { TestEvaluation } from "./evaluation";
import type { DayRecord } from "./loop-types";
import type { FinMemMetrics } from "./metrics";
import type { ShownMemories } from "./reflection-io";

/** The metrics-table row name of the memory-ablated run. */
export const MEMORY_ABLATED_STRATEGY = "FinMem without memory (ablate=memory: momentum only)";

/**
 * What a run with memory ablated shows the agent: nothing in any layer.
 *
 * @example
 * noMemoriesShown().shallow; // []
 */
export function noMemoriesShown(): ShownMemories {
  return { shallow: [], intermediate: [], deep: [], reflection: [] };
}

/** Test days on which the full and the memory-ablated run decide differently. */
export interface DecisionDifference {
  /** Test days on which either run buys or sells. */
  directional: number;
  /** Of those, the days with different decisions. */
  differing: number;
  /** differing / directional (0 when no day is directional). */
  share: number;
  /** The dates that differ, ascending. */
  dates: string[];
}

/**
 * Compare the test decisions of two runs over the same test days (module comment).
 *
 * @example
 * decisionDifference(full.days, ablated.days); // { directional: 80, differing: 22, share: 0.275, dates: [...] }
 */
export function decisionDifference(full: readonly DayRecord[], ablated: readonly DayRecord[]): DecisionDifference {
  const other = new Map(ablated.filter((d) => d.phase === "test").map((d) => [d.date, d.decision]));
  let directional = 0;
  const dates: string[] = [];
  for (const d of full) {
    if (d.phase !== "test") continue;
    const a = other.get(d.date);
    if (a === undefined) throw new RangeError(`decisionDifference: the ablated run has no test day ${d.date}`);
    if (d.decision === "hold" && a === "hold") continue;
    directional++;
    if (d.decision !== a) dates.push(d.date);
  }
  return { directional, differing: dates.length, share: directional > 0 ? dates.length / directional : 0, dates };
}

function ablatedRow(base: Row, m: FinMemMetrics): Row {
  return {
    ...base,
    strategy: MEMORY_ABLATED_STRATEGY,
    days: m.days,
    cumulative_return: tableNumber(m.cumulativeReturn),
    annualized_return: tableNumber(m.annualizedReturn),
    annualized_volatility: tableNumber(m.annualizedVolatility),
    sharpe: tableNumber(m.sharpe),
    sharpe_code: tableNumber(m.sharpeCode),
    max_drawdown: tableNumber(m.maxDrawdown),
  };
}

/**
 * The metrics table with the memory-ablated run as a row beside the full run
 * and a column `directional_days_differing` (the share of directional test
 * days on which the two decide differently; on the ablated row).
 *
 * @example
 * withMemoryAblation(tables, ablatedEvaluation, difference).find((t) => t.name === "finmem_metrics")?.rows[1]?.strategy; // MEMORY_ABLATED_STRATEGY
 */
export function withMemoryAblation(tables: readonly Table[], ablated: TestEvaluation, difference: DecisionDifference): Table[] {
  return tables.map((t) => {
    if (t.name !== "finmem_metrics" || t.rows.length === 0) return t;
    const [full, ...rest] = t.rows;
    const rows = [
      { ...full!, directional_days_differing: null },
      { ...ablatedRow(full!, ablated.finmem), directional_days_differing: tableNumber(difference.share) },
      ...rest.map((r) => ({ ...r, directional_days_differing: null })),
    ];
    const note =
      `${t.note ?? ""} ${MEMORY_ABLATED_STRATEGY}: the same run with no memory shown; the two decide differently on ` +
      `${difference.differing} of ${difference.directional} directional test days (days on which either buys or sells).`;
    return { ...t, rows, note: note.trim() };
  });
}
