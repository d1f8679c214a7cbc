/**
 * Data kernels: validated loaders for a data folder (prices, news, filings,
 * social posts, resumes, jobs) whose errors name file, line and field;
 * point-in-time views; the NYSE calendar; the seeded synthetic market; the
 * folder check; the downloads (Yahoo prices and splits, GDELT news, SEC
 * EDGAR filings and fundamentals, `fetch all`); dated shares outstanding and
 * market caps on one split basis.
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
export { chartUrl, FetchError, fetchYahooPrices, parseChart, parseChartSplits, YAHOO_URL_ENV, type FetchResult } from "./fetch";
export { fetchAll, formatSummary, type FetchAllOptions, type FetchAllResult, type SummaryRow } from "./fetch-all";
export { fetchGdeltNews, type GdeltFetchOptions, type GdeltTickerResult } from "./gdelt-fetch";
export { GDELT_URL_ENV } from "./gdelt";
export { BUILTIN_NEWS_TERMS, formatNamesFile, gdeltQuery, readNamesFile, resolveNewsTerms } from "./news-names";
export { fetchEdgarFilings, type EdgarFetchOptions, type EdgarTickerResult } from "./edgar-fetch";
export { EDGAR_DATA_URL_ENV, EDGAR_WWW_URL_ENV, SEC_USER_AGENT_ENV, secUserAgent } from "./edgar";
export { BUILTIN_SHARE_CLASSES, readCikTable, type CikEntry } from "./cik-map";
export { loadFundamentals, sharesKnownAt, type FundamentalsRecord, type SharesKnown, type SharesOutstanding } from "./fundamentals";
export { MarketCaps, type MarketCapQuote, type MarketCapWeights } from "./market-cap";
export { loadSplits, splitFactor, type Split } from "./splits";
export { readUniverse, type UniverseMember } from "./universe";
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
