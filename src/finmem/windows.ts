/**
 * FinMem's train / test windows (Yu et al., arXiv 2311.13743, §4).
 *
 * - `window=anchored` (default, ours): anchored on the ticker's first news
 *   day D0 (or its first price day, if later): training D0 .. D0 + N months - 1
 *   day, test from D0 + N months for M months. Nothing in it depends on how
 *   far the data folder reaches, so adding (or removing) later data moves
 *   neither the split nor the profile nor the retrieval query.
 * - `window=paper`: the paper's windows for its tickers (TSLA, NFLX, AMZN,
 *   MSFT, COIN): training 2021-08-17 .. 2022-10-05, test 2022-10-06 ..
 *   2023-04-10 (the test window is also the one the authors' metrics and
 *   plotting scripts use, per REFERENCE-NOTES; the training dates are the
 *   paper's full text, which the shared papers folder does not hold — its
 *   Chinese summary stops before the experiments). A clear error when the
 *   data folder has no news of the ticker inside a window.
 *
 * The default ticker is the one with prices and news that has filings, then
 * the most news (ties alphabetical).
 */
import { addDays, daysInMonth, type DataFolder } from "../data/index";

/** The traded ticker and the train / test windows of a config. */
export interface FinMemWindows {
  ticker: string;
  trainStart: string;
  trainEnd: string;
  testStart: string;
  testEnd: string;
}

/** The paper's training and test windows (§4). */
export const PAPER_WINDOWS: Readonly<Omit<FinMemWindows, "ticker">> = {
  trainStart: "2021-08-17",
  trainEnd: "2022-10-05",
  testStart: "2022-10-06",
  testEnd: "2023-04-10",
};

/** The tickers the paper trades in those windows. */
export const PAPER_TICKERS: readonly string[] = ["TSLA", "NFLX", "AMZN", "MSFT", "COIN"];

/**
 * The ticker and the four window dates, in this key order (the loop options
 * and the run summary list them so, and their JSON is compared byte for byte).
 *
 * @example
 * windowsOf({ ...config, topK: 3 }); // { ticker, trainStart, trainEnd, testStart, testEnd }
 */
export function windowsOf(config: FinMemWindows): FinMemWindows {
  return { ticker: config.ticker, trainStart: config.trainStart, trainEnd: config.trainEnd, testStart: config.testStart, testEnd: config.testEnd };
}

/**
 * A date plus whole calendar months, the day clamped to the target month's
 * length (2021-01-31 + 1 month = 2021-02-28).
 *
 * @example
 * addMonths("2020-03-13", 9); // "2020-12-13"
 * addMonths("2021-01-31", 1); // "2021-02-28"
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The ticker with prices and news that best supports a FinMem run: one with
 * filings first, then the most news, ties alphabetical (undefined when none).
 *
 * @example
 * defaultTicker(DataFolder.open("../shared/datasets")); // "MSFT"
 */
export function defaultTicker(folder: DataFolder): string | undefined {
  const priced = new Set(folder.tickers());
  const ranked = folder
    .newsTickers()
    .filter((t) => priced.has(t))
    .map((t) => ({ t, filings: folder.filings(t).length > 0 ? 1 : 0, news: folder.news(t).length }))
    .sort((a, b) => b.filings - a.filings || b.news - a.news || (a.t < b.t ? -1 : 1));
  return ranked[0]?.t;
}

/**
 * `window=anchored`: training from the ticker's first news day (or first
 * price day, if later) for `trainMonths`, then `testMonths` of test.
 *
 * @example
 * anchoredWindows(DataFolder.open("../shared/datasets"), "MSFT", 9, 4);
 * // { ticker: "MSFT", trainStart: "2020-03-13", trainEnd: "2020-12-12", testStart: "2020-12-13", testEnd: "2021-04-12" }
 */
export function anchoredWindows(folder: DataFolder, ticker: string, trainMonths: number, testMonths: number): FinMemWindows {
  const firstNews = folder.news(ticker)[0]?.date;
  if (firstNews === undefined) throw new Error(`finmem: window=anchored needs news of ${ticker} in ${folder.dir}/news (found none)`);
  const firstPrice = folder.hasPrices(ticker) ? folder.prices(ticker).dates[0] : undefined;
  if (firstPrice === undefined) throw new Error(`finmem: no prices of ${ticker} in ${folder.dir}/prices`);
  const trainStart = firstNews > firstPrice ? firstNews : firstPrice;
  const testStart = addMonths(trainStart, trainMonths);
  return { ticker, trainStart, trainEnd: addDays(testStart, -1), testStart, testEnd: addDays(addMonths(testStart, testMonths), -1) };
}

/**
 * `window=paper`: the paper's windows, for the paper's tickers; throws when
 * the ticker is not one of them or the data folder has no news of it inside
 * the training or the test window.
 *
 * @example
 * paperWindows(DataFolder.open("../shared/datasets"), "TSLA"); // { ticker: "TSLA", trainStart: "2021-08-17", ... }
 */
export function paperWindows(folder: DataFolder, ticker: string): FinMemWindows {
  if (!PAPER_TICKERS.includes(ticker)) throw new Error(`finmem: window=paper is defined for the paper's tickers ${PAPER_TICKERS.join(", ")}, not ${ticker}`);
  const w = { ticker, ...PAPER_WINDOWS };
  const news = folder.news(ticker);
  const span = news.length ? `its news spans ${news[0]!.date} .. ${news[news.length - 1]!.date}` : "it has no news at all";
  for (const [name, from, to] of [
    ["training", w.trainStart, w.trainEnd],
    ["test", w.testStart, w.testEnd],
  ] as const) {
    if (!news.some((n) => n.date >= from && n.date <= to)) {
      throw new Error(
        `finmem: window=paper: ${folder.dir} has no ${ticker} news inside the paper's ${name} window ${from} .. ${to} (${span}); use window=anchored or set trainStart..testEnd`,
      );
    }
  }
  return w;
}

/**
 * What a user should know about the windows before a run: where they come
 * from and how much of them the data's news covers.
 *
 * @example
 * describeWindows(w, "anchored", folder, 9, 4); // "finmem: MSFT, train 2020-03-13 .. 2020-12-12, test ... (window=anchored: ...)"
 */
export function describeWindows(w: FinMemWindows, origin: string, folder: DataFolder): string {
  const news = folder.news(w.ticker);
  const first = news[0]?.date;
  const last = news[news.length - 1]?.date;
  const notes: string[] = [];
  if (first !== undefined && first > w.trainStart) notes.push(`${w.ticker} news starts only on ${first}`);
  if (last !== undefined && last < w.testEnd) notes.push(`${w.ticker} news ends on ${last}`);
  return (
    `finmem: ${w.ticker}, train ${w.trainStart} .. ${w.trainEnd}, test ${w.testStart} .. ${w.testEnd} (${origin})` +
    (notes.length ? `; note: ${notes.join(", ")}` : "")
  );
}
