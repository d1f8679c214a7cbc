/**
 * FinMem's reads that look ahead by design (for `consilium lookahead`): on
 * the sessions up to an audit date D, which outputs may change when only data
 * after D changes, and why the protocol allows it.
 *
 * - training label t+1: a training day's action is the next-day move and its
 *   reflection explains it (the paper's training phase), so the last training
 *   session <= D whose next session is after D reads a close after D: its
 *   decision row and its reflection prompts (train, extended);
 * - scoring: r_t = direction_t ln(P_{t+1}/P_t) of a test session <= D whose
 *   next session is after D (the evaluation, never seen by the agent: an
 *   observer read, whose columns the audit leaves out there);
 * - profile overview (profileOverview=window, the paper): the overview covers
 *   the training window, so while D < trainEnd every training prompt and
 *   retrieval query reads closes after D;
 * - TF-IDF vocabulary (embedder=tfidf): fitted on the training window's text,
 *   so while D < trainEnd every embedding reads text after D;
 * - date-only records on their own session (dateOnly=same-session, the
 *   authors' pipelines): a record dated D without a time is read at D's close
 *   though it may have been released after it.
 */
import { dateOnlyDeclaredReads, type DailyTable, type DeclaredRead } from "../core/index";
import { DataFolder } from "../data/index";
import type { FinMemConfig } from "./config";

/** The per-session tables of a FinMem run and how their rows are told apart. */
export const FINMEM_DAILY_TABLES: readonly DailyTable[] = [
  { table: "finmem_decisions" },
  { table: "finmem_memory_layers", keys: ["layer"] },
  { table: "finmem_cumulative_returns" },
];

/** The scoring columns of the daily tables (returns from close t to close t+1). */
export const SCORING_COLUMNS = ["strategy_return", "finmem_return", "buy_hold_return", "finmem_cumulative", "buy_hold_cumulative"] as const;

/**
 * The declared reads of a resolved config for an audit of the sessions up to `date` (module comment).
 *
 * @example
 * finmemDeclaredReads(config, "../shared/datasets", "2020-06-01").map((r) => r.name); // ["training label t+1", "profile overview of the training window"]
 */
export function finmemDeclaredReads(config: FinMemConfig, dataDir: string, date: string): DeclaredRead[] {
  const dates = DataFolder.open(dataDir, { validate: false }).prices(config.ticker).dates;
  const straddling = (from: string, to: string): string[] => {
    const out: string[] = [];
    for (let i = 0; i + 1 < dates.length; i++) {
      const t = dates[i]!;
      if (t >= from && t <= to && t <= date && dates[i + 1]! > date) out.push(t);
    }
    return out;
  };
  const reads: DeclaredRead[] = [
    {
      name: "training label t+1",
      reason: "a training day's action is the next-day move and its reflection explains that move (the paper's training phase shows the label)",
      sessions: straddling(config.trainStart, config.trainEnd),
      columns: "all",
      tasks: ["finmem.reflect.train", "finmem.reflect.extended"],
    },
    {
      name: "scoring t -> t+1",
      reason: "the evaluation scores a test decision with the next close, r_t = direction_t ln(P_{t+1}/P_t); the agent never sees it",
      sessions: straddling(config.testStart, config.testEnd),
      columns: [...SCORING_COLUMNS],
      tasks: [],
      observer: true,
    },
  ];
  const trainingAhead = date < config.trainEnd;
  if (config.profileOverview === "window" && trainingAhead) {
    reads.push({
      name: "profile overview of the training window",
      reason: `profileOverview=window (the paper): the profile, shown in every prompt and used as the retrieval query, summarises the closes up to trainEnd ${config.trainEnd}`,
      sessions: "all",
      columns: "all",
      tasks: "all",
    });
  }
  if (config.embedder === "tfidf" && trainingAhead) {
    reads.push({
      name: "TF-IDF vocabulary of the training window",
      reason: `embedder=tfidf is fitted on the news and filings up to trainEnd ${config.trainEnd}, so every embedding depends on them`,
      sessions: "all",
      columns: "all",
      tasks: "all",
    });
  }
  reads.push(...dateOnlyDeclaredReads(config.dateOnly, date));
  return reads.filter((r) => r.sessions === "all" || r.sessions.length > 0);
}
