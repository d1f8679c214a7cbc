/**
 * One loopback server (node:http on 127.0.0.1, a free port) standing in for
 * the three public sources the data fetchers use, each answering in its own
 * documented format (see test/data/fetch/fixtures/README.md for where each format
 * comes from):
 *
 *   Yahoo chart   GET /v8/finance/chart/<T>?period1&period2&interval=1d&events=div,splits
 *   GDELT DOC 2.0 GET /api/v2/doc/doc?query&mode=artlist&format=json&maxrecords&startdatetime&enddatetime
 *   SEC EDGAR     GET /files/company_tickers.json, /submissions/CIK##########.json,
 *                 /api/xbrl/companyfacts/CIK##########.json,
 *                 /Archives/edgar/data/<cik>/<acc>/<acc>.hdr.sgml and /<primary document>
 *
 * Answers are generated from a small described market (`FakeCompany`), so a
 * test can ask for any range: prices are a deterministic walk with the
 * companies' splits (Close split-adjusted as of "today", like Yahoo), news
 * has `newsPerDay` headlines a day spread over the day (plus bursts, a
 * syndicated copy of every 10th headline and one malformed record on the 1st
 * of each month), filings are quarterly 10-Q / 10-K with inline XBRL covers,
 * MD&A sections and companyfacts in which the next filing restates the
 * previous period (so "as first reported" is testable).
 *
 * Scripted faults: `gdeltThrottle` (next n GDELT answers are GDELT's plain
 * text 429), `gdeltThrottle200`, `gdeltAnswer` (replaces the body of chosen
 * windows, e.g. with a recorded answer holding an invalid JSON escape),
 * `edgarBlock` (EDGAR's 403 block page from now on), `hangAfter` (request
 * number n+1 and later never answer: a child can be killed mid-fetch). Every
 * request is recorded.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tradingDays } from "../../src/data/calendar";
import { newYorkOffsetHours } from "../../src/data/sessions";

export interface FakeSplit {
  date: string;
  numerator: number;
  denominator: number;
}

export interface FakeFiling {
  form: "10-K" | "10-Q";
  /** Period of report. */
  period: string;
  /** Acceptance, New York wall time "YYYY-MM-DD HH:MM:SS". */
  acceptedEastern: string;
  /** Cover shares (one class) or per class letter. */
  shares: number | Record<string, number>;
  /** Cover date of the count. */
  sharesAsOf: string;
  revenue: number;
  netIncome: number;
  /** MD&A present under its heading (false: "incorporated by reference"). */
  mdna?: boolean;
  /** Serve the header (false: the archive answers 403 AccessDenied XML). */
  header?: boolean;
  /** The primary document tags its cover with inline XBRL (false: plain HTML, as before 2019). */
  ixbrl?: boolean;
  /** Undimensioned balance-sheet count (us-gaap:CommonStockSharesOutstanding at the period end) in companyfacts: every class together. */
  sheetShares?: number;
}

export interface FakeCompany {
  ticker: string;
  cik: number;
  name: string;
  /** First search term of the ticker's GDELT query (how the fake recognises it). */
  newsTerm: string;
  price0: number;
  splits?: FakeSplit[];
  filings: FakeFiling[];
  /** How the submissions index writes acceptance: true UTC, or New York wall time with a "Z". */
  indexStamp?: "utc" | "eastern-labelled-utc";
  /** Companyfacts has no `Liabilities` (derived from L&SE - equity). */
  noLiabilitiesTag?: boolean;
}

export interface FakeSourcesOptions {
  companies: FakeCompany[];
  /** Headlines per ticker and UTC day (default 3). */
  newsPerDay?: (ticker: string, day: string) => number;
  /** Extra headlines packed into one hour: [ticker, "YYYY-MM-DDTHH", count]. */
  bursts?: Array<[string, string, number]>;
  /** The fake's "today" for split adjustment (default 2026-01-01). */
  today?: string;
}

export interface RecordedRequest {
  source: "yahoo" | "gdelt" | "edgar" | "other";
  path: string;
  query: URLSearchParams;
  userAgent: string;
}

const DAY = 86_400_000;
const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dayMs = (d: string): number => Date.parse(`${d}T00:00:00Z`);

export class FakeSources {
  url = "";
  readonly requests: RecordedRequest[] = [];
  gdeltThrottle = 0;
  gdeltThrottle200 = 0;
  edgarBlock = false;
  hangAfter: number | null = null;
  /** Body to send instead of the generated answer for a window (null: the generated one). */
  gdeltAnswer: ((company: FakeCompany, startMs: number, endMs: number) => string | null) | null = null;
  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(readonly options: FakeSourcesOptions) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    // Keep idle connections open until stop(): with Node's default 5 s keep-alive timeout the server may close a pooled
    // socket just as the client reuses it (ECONNRESET) when a test pauses about 5 s between two fetches (a run between
    // two pulls, on a loaded machine).
    this.server.keepAliveTimeout = 0;
    this.server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** Environment for a child process: every source's base URL pointed here. */
  env(): Record<string, string> {
    return { CONSILIUM_YAHOO_URL: this.url, CONSILIUM_GDELT_URL: this.url, CONSILIUM_EDGAR_DATA_URL: this.url, CONSILIUM_EDGAR_WWW_URL: this.url };
  }

  count(source: RecordedRequest["source"]): number {
    return this.requests.filter((r) => r.source === source).length;
  }

  private company(pred: (c: FakeCompany) => boolean): FakeCompany | undefined {
    return this.options.companies.find(pred);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const u = new URL(req.url ?? "/", "http://x");
    const p = u.pathname;
    const source: RecordedRequest["source"] = p.startsWith("/v8/")
      ? "yahoo"
      : p.startsWith("/api/v2/doc")
        ? "gdelt"
        : /^\/(files|submissions|api\/xbrl|Archives)\//.test(p)
          ? "edgar"
          : "other";
    this.requests.push({ source, path: p, query: u.searchParams, userAgent: String(req.headers["user-agent"] ?? "") });
    if (this.hangAfter !== null && this.requests.length > this.hangAfter) return; // never answers
    const send = (status: number, body: string, type = "application/json", headers: Record<string, string> = {}): void => {
      res.writeHead(status, { "content-type": type, ...headers });
      res.end(body);
    };
    if (source === "yahoo") return this.yahoo(p, u.searchParams, send);
    if (source === "gdelt") return this.gdelt(u.searchParams, send);
    if (source === "edgar") return this.edgar(p, String(req.headers["user-agent"] ?? ""), send);
    send(404, "not found", "text/plain");
  }

  // ---------------------------------------------------------------- Yahoo

  /** Raw (unadjusted) close of a company on trading day number i. */
  private rawClose(c: FakeCompany, day: string, i: number): number {
    const factor = (c.splits ?? []).filter((s) => s.date <= day).reduce((a, s) => a * (s.denominator / s.numerator), 1);
    return Math.round(c.price0 * (1 + 0.0004 * i + 0.02 * Math.sin(i / 7)) * factor * 100) / 100;
  }

  private yahoo(path: string, q: URLSearchParams, send: (s: number, b: string, t?: string) => void): void {
    const ticker = decodeURIComponent(path.split("/").pop() ?? "");
    const c = this.company((x) => x.ticker === ticker);
    if (!c) return send(404, JSON.stringify({ chart: { result: null, error: { code: "Not Found", description: "No data found, symbol may be delisted" } } }));
    const from = ymd(Number(q.get("period1")) * 1000);
    const to = ymd(Number(q.get("period2")) * 1000 - DAY);
    const all = tradingDays("2015-01-02", this.options.today ?? "2026-01-01");
    const ts: number[] = [],
      close: number[] = [],
      adj: number[] = [];
    all.forEach((d, i) => {
      if (d < from || d > to) return;
      const later = (c.splits ?? []).filter((s) => s.date > d).reduce((a, s) => a * (s.numerator / s.denominator), 1);
      const cl = Math.round((this.rawClose(c, d, i) / later) * 10000) / 10000;
      ts.push(dayMs(d) / 1000 + 14.5 * 3600);
      close.push(cl);
      adj.push(Math.round(cl * (1 - 0.00005 * (all.length - i)) * 10000) / 10000);
    });
    const splits = Object.fromEntries(
      (c.splits ?? [])
        .filter((s) => s.date >= from && s.date <= to)
        .map((s) => [
          String(dayMs(s.date) / 1000 + 14.5 * 3600),
          { date: dayMs(s.date) / 1000 + 14.5 * 3600, numerator: s.numerator, denominator: s.denominator, splitRatio: `${s.numerator}:${s.denominator}` },
        ]),
    );
    const quote = { open: close, high: close.map((x) => x * 1.01), low: close.map((x) => x * 0.99), close, volume: close.map(() => 1_000_000) };
    const result = {
      meta: { currency: "USD", symbol: ticker, exchangeTimezoneName: "America/New_York", gmtoffset: -18000 },
      timestamp: ts,
      events: { splits },
      indicators: { quote: [quote], adjclose: [{ adjclose: adj }] },
    };
    send(200, JSON.stringify({ chart: { result: [result], error: null } }));
  }

  // ---------------------------------------------------------------- GDELT

  /** Every article GDELT "has" for a company (seen times in ms). */
  private articles(c: FakeCompany, startMs: number, endMs: number): Array<Record<string, string>> {
    const out: Array<Record<string, string>> = [];
    const perDay = this.options.newsPerDay ?? (() => 3);
    const stamp = (ms: number): string =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    for (let d = Math.floor(startMs / DAY) * DAY; d <= endMs; d += DAY) {
      const day = ymd(d);
      const n = perDay(c.ticker, day);
      for (let k = 0; k < n; k++) {
        const seen = d + Math.floor(((k + 0.5) * DAY) / n / 1000) * 1000;
        const title = `${c.name} headline ${day} number ${k}`;
        out.push({
          url: `https://news.example/${c.ticker}/${day}/${k}`,
          url_mobile: "",
          title,
          seendate: stamp(seen),
          socialimage: "",
          domain: "news.example",
          language: "English",
          sourcecountry: "United States",
        });
        if (k % 10 === 9)
          out.push({
            url: `https://wire.example/${c.ticker}-${day}-${k}`,
            url_mobile: "",
            title,
            seendate: stamp(seen + 300_000),
            socialimage: "",
            domain: "wire.example",
            language: "English",
            sourcecountry: "United States",
          });
      }
      if (day.endsWith("-01"))
        out.push({ url: `https://news.example/${c.ticker}/${day}/broken`, title: `${c.name} record without a seendate`, domain: "news.example" });
    }
    for (const [t, hour, count] of this.options.bursts ?? []) {
      if (t !== c.ticker) continue;
      const h = Date.parse(`${hour}:00:00Z`);
      for (let k = 0; k < count; k++)
        out.push({
          url: `https://burst.example/${t}/${hour}/${k}`,
          url_mobile: "",
          title: `${c.name} burst ${hour} ${k}`,
          seendate: stamp(h + k * 1000),
          socialimage: "",
          domain: "burst.example",
          language: "English",
          sourcecountry: "United States",
        });
    }
    return out.filter((a) => {
      const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(a["seendate"] ?? "");
      const ms = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Date.parse(`${a["url"]!.split("/").slice(-2, -1)[0]}T00:00:00Z`);
      return ms >= startMs && ms <= endMs;
    });
  }

  private gdelt(q: URLSearchParams, send: (s: number, b: string, t?: string, h?: Record<string, string>) => void): void {
    const limit = "Please limit requests to one every 5 seconds or contact kalev.leetaru5@gmail.com for larger queries.";
    if (this.gdeltThrottle > 0) {
      this.gdeltThrottle--;
      // A Retry-After that a client relying on it would obey (GDELT's own answers carry none to rely on).
      return send(429, limit, "text/html", { "retry-after": "1" });
    }
    if (this.gdeltThrottle200 > 0) {
      this.gdeltThrottle200--;
      return send(200, limit, "text/html");
    }
    const query = q.get("query") ?? "";
    if (/"[^" ]{1,4}"/.test(query)) return send(200, "The specified phrase is too short.", "text/html");
    const c = this.company((x) => query.includes(x.newsTerm));
    const parse = (s: string | null): number =>
      s && /^\d{14}$/.test(s) ? Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(8, 10), +s.slice(10, 12), +s.slice(12, 14)) : NaN;
    const start = parse(q.get("startdatetime"));
    const end = parse(q.get("enddatetime")) + 999;
    if (!c || !Number.isFinite(start) || !Number.isFinite(end)) return send(200, "{}");
    const scripted = this.gdeltAnswer?.(c, start, end) ?? null;
    if (scripted !== null) return send(200, scripted);
    const max = Math.min(250, Number(q.get("maxrecords") ?? 75));
    const list = this.articles(c, start, end)
      .sort((a, b) => ((a["seendate"] ?? "") < (b["seendate"] ?? "") ? 1 : -1))
      .slice(0, max);
    send(200, list.length === 0 ? "{}" : JSON.stringify({ articles: list }));
  }

  // ---------------------------------------------------------------- EDGAR

  private edgar(path: string, ua: string, send: (s: number, b: string, t?: string) => void): void {
    if (this.edgarBlock || !/@/.test(ua)) return send(403, BLOCK_PAGE, "text/html");
    const cikOf = (s: string): FakeCompany | undefined => this.company((c) => c.cik === Number(s));
    if (path === "/files/company_tickers.json")
      return send(
        200,
        JSON.stringify(Object.fromEntries(this.options.companies.map((c, i) => [String(i), { cik_str: c.cik, ticker: c.ticker, title: c.name }]))),
      );
    let m = /^\/submissions\/CIK(\d{10})\.json$/.exec(path);
    if (m) {
      const c = cikOf(m[1]!);
      return c ? send(200, JSON.stringify(submissions(c))) : send(404, "{}");
    }
    m = /^\/api\/xbrl\/companyfacts\/CIK(\d{10})\.json$/.exec(path);
    if (m) {
      const c = cikOf(m[1]!);
      return c ? send(200, JSON.stringify(companyFacts(c))) : send(404, "{}");
    }
    m = /^\/Archives\/edgar\/data\/(\d+)\/(\d{18})\/(.+)$/.exec(path);
    const c = m ? cikOf(m[1]!) : undefined;
    const f = c && m ? c.filings.find((x) => accession(c, x).replace(/-/g, "") === m![2]) : undefined;
    if (!c || !f || !m) return send(403, NO_SUCH_KEY, "application/xml");
    const acc = accession(c, f);
    if (m[3] === `${acc}.hdr.sgml`) return f.header === false ? send(403, NO_SUCH_KEY, "application/xml") : send(200, header(c, f), "text/plain");
    if (m[3] === primaryDocument(c, f)) return send(200, primaryHtml(c, f), "text/html");
    send(403, NO_SUCH_KEY, "application/xml");
  }
}

/** EDGAR's block page: its title and heading, as in the public copies listed in the fixtures README. */
export const BLOCK_PAGE =
  '<!DOCTYPE html>\n<html lang="en"><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head>\n<body><h1>Your Request Originates from an Undeclared Automated Tool</h1>\n<p>Please declare your traffic by updating your user agent to include company specific information.</p></body></html>\n';
/** What the archive (S3) answers for a file that does not exist. */
export const NO_SUCH_KEY = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

export function accession(c: FakeCompany, f: FakeFiling): string {
  const i = c.filings.indexOf(f);
  return `${String(c.cik).padStart(10, "0")}-${f.acceptedEastern.slice(2, 4)}-${String(100 + i).padStart(6, "0")}`;
}

export function primaryDocument(c: FakeCompany, f: FakeFiling): string {
  return `${c.ticker.toLowerCase().replace(/-/g, "")}-${f.period.replace(/-/g, "")}.htm`;
}

const filedDate = (f: FakeFiling): string => f.acceptedEastern.slice(0, 10);
const wall14 = (f: FakeFiling): string => f.acceptedEastern.replace(/[-: ]/g, "");

function indexStamp(c: FakeCompany, f: FakeFiling): string {
  const wall = f.acceptedEastern.replace(" ", "T");
  if (c.indexStamp === "eastern-labelled-utc") return `${wall}.000Z`;
  return new Date(Date.parse(`${wall}Z`) - newYorkOffsetHours(wall.slice(0, 10)) * 3_600_000).toISOString();
}

function submissions(c: FakeCompany): unknown {
  const rows = [...c.filings].reverse().map((f) => ({ f, acc: accession(c, f) }));
  const eightK = { acc: `${String(c.cik).padStart(10, "0")}-24-000999`, form: "8-K", filed: "2024-07-25", period: "2024-07-25" };
  const col = <T>(pick: (r: { f: FakeFiling; acc: string }) => T, eight: T): T[] => [eight, ...rows.map(pick)];
  return {
    cik: String(c.cik),
    entityType: "operating",
    name: c.name,
    tickers: [c.ticker],
    exchanges: ["Nasdaq"],
    filings: {
      recent: {
        accessionNumber: col((r) => r.acc, eightK.acc),
        filingDate: col((r) => filedDate(r.f), eightK.filed),
        reportDate: col((r) => r.f.period, eightK.period),
        acceptanceDateTime: col((r) => indexStamp(c, r.f), "2024-07-25T16:05:00.000Z"),
        act: col(() => "34", "34"),
        form: col((r) => r.f.form, eightK.form),
        fileNumber: col(() => "001-00001", "001-00001"),
        items: col(() => "", "2.02,9.01"),
        size: col(() => 1_234_567, 45_678),
        isXBRL: col(() => 1, 0),
        isInlineXBRL: col(() => 1, 0),
        primaryDocument: col((r) => primaryDocument(c, r.f), "ex991.htm"),
        primaryDocDescription: col((r) => r.f.form, "8-K"),
      },
      files: [],
    },
  };
}

const minusDays = (d: string, n: number): string => ymd(dayMs(d) - n * DAY);

function companyFacts(c: FakeCompany): unknown {
  const gaap0: Record<string, unknown> = {};
  const usd = (concept: string): Array<Record<string, unknown>> => {
    const rows: Array<Record<string, unknown>> = [];
    c.filings.forEach((f, i) => {
      const base = { accn: accession(c, f), fy: Number(f.period.slice(0, 4)), fp: f.form === "10-K" ? "FY" : "Q", form: f.form, filed: filedDate(f) };
      const quarterStart = minusDays(f.period, f.form === "10-K" ? 364 : 90);
      const v =
        concept === "Revenues"
          ? f.revenue
          : concept === "NetIncomeLoss"
            ? f.netIncome
            : concept === "Assets"
              ? f.revenue * 4
              : concept === "Liabilities"
                ? f.revenue * 2
                : concept === "LiabilitiesAndStockholdersEquity"
                  ? f.revenue * 4
                  : concept === "StockholdersEquity"
                    ? f.revenue * 2
                    : f.netIncome * 1.2;
      if (["Assets", "Liabilities", "LiabilitiesAndStockholdersEquity", "StockholdersEquity"].includes(concept)) rows.push({ end: f.period, val: v, ...base });
      else if (concept === "NetCashProvidedByUsedInOperatingActivities")
        rows.push({ start: minusDays(f.period, 180), end: f.period, val: v, ...base }); // YTD only
      else {
        rows.push({ start: quarterStart, end: f.period, val: v, ...base });
        if (f.form === "10-Q") rows.push({ start: minusDays(f.period, 180), end: f.period, val: v * 2, ...base }); // year to date
      }
      const prev = c.filings[i - 1];
      if (prev && concept === "Revenues")
        rows.push({ start: minusDays(prev.period, prev.form === "10-K" ? 364 : 90), end: prev.period, val: prev.revenue * 1.1, ...base }); // restated comparative
    });
    if (concept === "Revenues")
      rows.push({ start: "2020-01-01", end: "2020-03-31", val: "n/a", accn: "0000000000-20-000001", form: "10-Q", filed: "2020-05-01" });
    return rows;
  };
  const sheet = c.filings.filter((f) => f.sheetShares !== undefined);
  if (sheet.length > 0)
    gaap0["CommonStockSharesOutstanding"] = {
      label: "Common Stock, Shares, Outstanding",
      units: { shares: sheet.map((f) => ({ end: f.period, val: f.sheetShares, accn: accession(c, f), form: f.form, filed: filedDate(f) })) },
    };
  const concepts = [
    "Revenues",
    "NetIncomeLoss",
    "Assets",
    "LiabilitiesAndStockholdersEquity",
    "StockholdersEquity",
    "NetCashProvidedByUsedInOperatingActivities",
    ...(c.noLiabilitiesTag ? [] : ["Liabilities"]),
  ];
  const gaap: Record<string, unknown> = {
    ...gaap0,
    ...Object.fromEntries(concepts.map((k) => [k, { label: k, description: `${k} (fake)`, units: { USD: usd(k) } }])),
  };
  gaap["EarningsPerShareBasic"] = {
    label: "EPS",
    units: {
      "USD/shares": c.filings.map((f) => ({
        start: minusDays(f.period, f.form === "10-K" ? 364 : 90),
        end: f.period,
        val: 1.25,
        accn: accession(c, f),
        form: f.form,
        filed: filedDate(f),
      })),
    },
  };
  const single = c.filings.filter((f) => typeof f.shares === "number");
  const dei =
    single.length === 0
      ? {}
      : {
          EntityCommonStockSharesOutstanding: {
            label: "Entity Common Stock, Shares Outstanding",
            units: { shares: single.map((f) => ({ end: f.sharesAsOf, val: f.shares, accn: accession(c, f), form: f.form, filed: filedDate(f) })) },
          },
        };
  return { cik: c.cik, entityName: c.name, facts: { dei, "us-gaap": gaap } };
}

function header(c: FakeCompany, f: FakeFiling): string {
  const acc = accession(c, f);
  const d8 = filedDate(f).replace(/-/g, "");
  return [
    `<SEC-HEADER>${acc}.hdr.sgml : ${d8}`,
    `<ACCEPTANCE-DATETIME>${wall14(f)}`,
    `<ACCESSION-NUMBER>${acc}`,
    `<TYPE>${f.form}`,
    "<PUBLIC-DOCUMENT-COUNT>62",
    `<PERIOD>${f.period.replace(/-/g, "")}`,
    `<FILING-DATE>${d8}`,
    `<DATE-OF-FILING-DATE-CHANGE>${d8}`,
    "<FILER>",
    "<COMPANY-DATA>",
    `<CONFORMED-NAME>${c.name.toUpperCase()}`,
    `<CIK>${String(c.cik).padStart(10, "0")}`,
    "</COMPANY-DATA>",
    "</FILER>",
    "</SEC-HEADER>",
    "",
  ].join("\n");
}

function primaryHtml(c: FakeCompany, f: FakeFiling): string {
  const cik = String(c.cik).padStart(10, "0");
  const ctx = (id: string, dims: Array<[string, string]>, inner: string): string => {
    const seg =
      dims.length === 0
        ? ""
        : `<xbrli:segment>${dims.map(([d, m]) => `<xbrldi:explicitMember dimension="us-gaap:${d}">us-gaap:${m}</xbrldi:explicitMember>`).join("")}</xbrli:segment>`;
    return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">${cik}</xbrli:identifier>${seg}</xbrli:entity><xbrli:period>${inner}</xbrli:period></xbrli:context>`;
  };
  const classes = typeof f.shares === "number" ? [[null, f.shares] as const] : Object.entries(f.shares).map(([l, v]) => [`CommonClass${l}Member`, v] as const);
  const contexts = [
    ctx("c-1", [], `<xbrli:startDate>${minusDays(f.period, 90)}</xbrli:startDate><xbrli:endDate>${f.period}</xbrli:endDate>`),
    ...classes.map(([m], i) => ctx(`c-${i + 2}`, m ? [["StatementClassOfStockAxis", m]] : [], `<xbrli:instant>${f.sharesAsOf}</xbrli:instant>`)),
    // A count under another dimension (not a cover count): must be ignored.
    ctx("c-9", [["ConsolidationItemsAxis", "OperatingSegmentsMember"]], `<xbrli:instant>${f.period}</xbrli:instant>`),
  ];
  const cover = classes
    .map(([m, v], i) =>
      f.ixbrl === false
        ? `<div>${m ?? "Common stock"}: ${v.toLocaleString("en-US")} shares outstanding as of ${f.sharesAsOf}</div>`
        : `<div>${m ?? "Common stock"}: <ix:nonFraction unitRef="shares" contextRef="c-${i + 2}" decimals="INF" name="dei:EntityCommonStockSharesOutstanding" format="ixt:num-dot-decimal" scale="0" id="f-${i}">${v.toLocaleString("en-US")}</ix:nonFraction> shares outstanding as of ${f.sharesAsOf}</div>`,
    )
    .join("\n");
  const k = f.form === "10-K";
  const [mdnaItem, nextItem, nextTitle] = k
    ? ["Item 7.", "Item 7A.", "Quantitative and Qualitative Disclosures About Market Risk"]
    : ["Item 2.", "Item 3.", "Quantitative and Qualitative Disclosures About Market Risk"];
  const mdnaTitle = "Management&#8217;s Discussion and Analysis of Financial Condition and Results of Operations";
  const body =
    f.mdna === false
      ? "<p>The information required by this item is incorporated herein by reference to the Annual Report to Shareholders (Exhibit 13).</p>"
      : Array.from(
          { length: 12 },
          (_, i) =>
            `<p>${c.name} revenue for the period ended ${f.period} was $${f.revenue.toLocaleString("en-US")} and net income $${f.netIncome.toLocaleString("en-US")}; paragraph ${i + 1} discusses liquidity, capital resources and the outlook in the detail an analyst expects.</p>`,
        ).join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi">
<head><title>${c.ticker.toLowerCase()}-${f.period}</title><style>p { margin: 0 }</style></head>
<body>
${f.ixbrl === false ? "" : `<div style="display:none"><ix:header><ix:hidden><ix:nonNumeric name="dei:DocumentType" contextRef="c-1">${f.form}</ix:nonNumeric></ix:hidden><ix:resources>${contexts.join("")}<xbrli:unit id="shares"><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unit></ix:resources></ix:header></div>`}
<div>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</div><div>FORM ${f.form}</div>
${cover}
${f.ixbrl === false ? "" : `<div>Segment count: <ix:nonFraction unitRef="shares" contextRef="c-9" decimals="INF" name="dei:EntityCommonStockSharesOutstanding" scale="0">1</ix:nonFraction></div>`}
<table><tr><td>${mdnaItem}</td><td>${mdnaTitle}</td><td>14</td></tr><tr><td>${nextItem}</td><td>${nextTitle}</td><td>21</td></tr></table>
<div>Item 1. ${k ? "Business" : "Financial Statements"}</div><p>See ${mdnaItem} ${mdnaTitle} for a discussion of results.</p>
<div>${mdnaItem} ${mdnaTitle}</div>
${body}
<div>${nextItem} ${nextTitle}</div><p>Market risk text.</p>
<div>${k ? "Item 8. Financial Statements and Supplementary Data" : "Item 4. Controls and Procedures"}</div><p>Statements.</p>
</body></html>
`;
}

/**
 * The fake Acme Widgets' two 2024 10-Qs, shared by the data tests: the first
 * accepted 16:30 New York on Thursday 2024-05-02 (after the close: known from
 * Friday 05-03) with 1e9 shares before the 2:1 split of 2024-06-10, the second
 * accepted 08:00 on 2024-08-01 with 2.01e9.
 */
export const ACME_10QS_2024: readonly FakeFiling[] = [
  {
    form: "10-Q",
    period: "2024-03-30",
    acceptedEastern: "2024-05-02 16:30:15",
    shares: 1_000_000_000,
    sharesAsOf: "2024-04-26",
    revenue: 5e9,
    netIncome: 1e9,
  },
  {
    form: "10-Q",
    period: "2024-06-29",
    acceptedEastern: "2024-08-01 08:00:00",
    shares: 2_010_000_000,
    sharesAsOf: "2024-07-26",
    revenue: 5.5e9,
    netIncome: 1.1e9,
  },
];
