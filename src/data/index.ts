/**
 * Data kernels: validated loaders for a data folder (prices, news, filings,
 * social posts, resumes, jobs) whose errors name file, line and field;
 * point-in-time views; the NYSE calendar; the seeded synthetic market; the
 * folder check and the price download.
 *
 * @example
 * import { DataFolder } from "../data/index";
 * const view = DataFolder.open("datasets").asOf("2025-03-03");
 */

export { writeFileAtomic } from "./atomic";
export { closureReason, easterSunday, isTradingDay, nyseHolidays, SPECIAL_CLOSURES, tradingDays } from "./calendar";
export { checkDataFolder, formatCheckReport } from "./check";
export { parseCsv, splitCsvLine } from "./csv";
export { addDays, daysInMonth, utcDate } from "./dates";
export { DataError } from "./errors";
export { chartUrl, FetchError, fetchYahooPrices, parseChart } from "./fetch";
export { DataFolder, PointInTimeView } from "./folder";
export { parseJsonl } from "./jsonl";
export { bundledDataDir, projectRoot, resolveDataDir } from "./paths";
export { loadPrices, parsePrices, resolvePriceColumns } from "./prices";
export { extractTickers, loadJobs, toFiling, toNews, toResume, toSocial } from "./records";
export { writeSyntheticDataset } from "./synthWriter";
export { generateSyntheticMarket } from "./synthetic";
export { type JobDescription, type PriceSeries, type Resume, type TickerInfo } from "./types";
export {
  earlyCloseReason,
  isKnownBy,
  knownAtSession,
  newlyKnownBySession,
  newYorkOffsetHours,
  parseStampUtc,
  sessionCloseUtc,
  type DateOnlyRule,
  type KnownAtOptions,
  type NaiveZone,
  type Stamped,
} from "./sessions";
