/**
 * Data kernels: validated loaders for a data folder (prices, news, filings,
 * social posts, resumes, jobs) whose errors name file, line and field;
 * point-in-time views; the NYSE calendar; the folder check; dated shares
 * outstanding and market caps on one split basis. In `fetch/` the downloads
 * (Yahoo prices and splits, GDELT news, SEC EDGAR filings and fundamentals,
 * `fetch all`); in `synthetic/` the seeded synthetic market.
 *
 * @example
 * import { DataFolder } from "../data/index";
 * const view = DataFolder.open("datasets").asOf("2025-03-03");
 */

// Readers: a data folder, its files and its point-in-time views.
export { writeFileAtomic } from "./atomic";
export { closureReason, easterSunday, isTradingDay, nyseHolidays, SPECIAL_CLOSURES, tradingDays } from "./calendar";
export { checkDataFolder, formatCheckReport } from "./check";
export { parseCsv, splitCsvLine } from "./csv";
export { addDays, daysInMonth, utcDate } from "./dates";
export { DataError } from "./errors";
export { loadFundamentals, sharesKnownAt, type FundamentalsRecord, type SharesKnown, type SharesOutstanding } from "./fundamentals";
export { MarketCaps, type MarketCapQuote, type MarketCapWeights } from "./market-cap";
export { loadSplits, splitFactor, type Split } from "./splits";
export { relativeSessionLabel, sessionsBefore } from "./relative-sessions";
export { levelFactor, priceBasisFor, priceBasisNote, rebasedBasis, shownPrice, shownPriceOn, splitTable, type PriceBasis } from "./price-basis";
export { DataFolder, PointInTimeView } from "./folder";
export { parseJsonl } from "./jsonl";
export { bundledDataDir, projectRoot, resolveDataDir } from "./paths";
export { loadPrices, parsePrices, resolvePriceColumns } from "./prices";
export { extractTickers, loadJobs, toFiling, toNews, toResume, toSocial } from "./records";
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
export { type JobDescription, type PriceSeries, type Resume, type TickerInfo } from "./types";

// Downloaders (fetch/): Yahoo prices and splits, GDELT news, SEC EDGAR filings, `fetch all`.
export { FetchError } from "./fetch/http";
export { chartUrl, fetchYahooPrices, parseChart, parseChartSplits, YAHOO_URL_ENV, type FetchResult } from "./fetch/yahoo";
export { fetchAll, formatSummary, type FetchAllOptions, type FetchAllResult, type SummaryRow } from "./fetch/fetch-all";
export { fetchGdeltNews, type GdeltFetchOptions, type GdeltTickerResult } from "./fetch/gdelt-fetch";
export { GDELT_URL_ENV } from "./fetch/gdelt";
export { BUILTIN_NEWS_TERMS, formatNamesFile, gdeltQuery, readNamesFile, resolveNewsTerms } from "./fetch/news-names";
export { fetchEdgarFilings, type EdgarFetchOptions, type EdgarTickerResult } from "./fetch/edgar-fetch";
export { EDGAR_DATA_URL_ENV, EDGAR_WWW_URL_ENV, SEC_USER_AGENT_ENV, secUserAgent } from "./fetch/edgar";
export { BUILTIN_SHARE_CLASSES, readCikTable, type CikEntry } from "./fetch/cik-map";
export { readUniverse, type UniverseMember } from "./fetch/universe";

// The seeded synthetic market (synthetic/).
export { writeSyntheticDataset } from "./synthetic/writer";
export { generateSyntheticMarket } from "./synthetic/market";
