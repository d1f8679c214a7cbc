/**
 * The shared contract every layer above the kernels builds on: what an
 * experiment receives and returns (tables, figures, summary), how progress is
 * reported, the labels that mark offline-agent results, figure layout, table
 * serialisation and HTML escaping. It imports only types from the kernels
 * (the model and embedder interfaces), so any layer can depend on it.
 *
 * @example
 * import { makeFigure, OFFLINE_LABEL, type Table } from "../core/index";
 */
export type {
  Cell,
  DailyTable,
  DeclaredRead,
  DryRunPlan,
  Experiment,
  ExperimentResult,
  Figure,
  LookaheadContract,
  Progress,
  Row,
  RunContext,
  RunGaps,
  Table,
} from "./contract";
export { silentProgress } from "./contract";
export { dateOnlyDeclaredReads, type DateOnlyReading } from "./date-only-read";
export { countGaps, withGapNote } from "./gaps";
export { OFFLINE_LABEL, modelLabel, modelLabelOf } from "./labels";
export { lineProgress, terminalProgress } from "./progress";
export { escapeHtml, jsonForScript } from "./html";
export { conclusionAnnotation, discreteTicks, LEGEND_KEY, PALETTE, baseLayout, makeFigure, type AxisTitles } from "./figure";
export { distinctValues, labelledFigure, meanOfColumn, requireColumns, sweepLineFigure, type SweepLineOptions } from "./sweep-chart";
export { formatNumber, roundTableCells, TABLE_SIGNIFICANT_DIGITS, tableColumns, tableNumber, toCsv, toMarkdown } from "./tables";
export { documented, isCalendarDate, isoDateKey, isoDateOrEmptyKey, NOT_A_DATE, READING_LABELS, type KeyDoc, type Reading } from "./config";
