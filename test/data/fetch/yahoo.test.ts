import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { FetchError } from "../../../src/data/fetch/http";
import { barIsFinal, chartUrl, fetchYahooPrices, finalThrough, parseChart } from "../../../src/data/fetch/yahoo";
import { checkDataFolder } from "../../../src/data/check";
import { DataFolder } from "../../../src/data/folder";
import { makeFolder } from "../helpers";

const FIXTURES = join(process.cwd(), "test/data/fetch/fixtures");
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), "utf8");

/** Loopback stand-in for Yahoo's chart endpoint, serving the recorded fixtures. */
let server: Server;
let base = "";
const hits: string[] = [];
let flaky = 0;
/** What the LIVE symbol answers: the chart fetched at 11:23 New York on 2024-01-12 (live bar), or after that day's close. */
let liveSession = true;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const m = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
    const ticker = m ? decodeURIComponent(m[1]!) : "";
    hits.push(ticker);
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(body);
    };
    if (!url.searchParams.get("period1") || url.searchParams.get("interval") !== "1d") return send(400, "{}");
    if (ticker === "AAPL") return send(200, fixture("yahoo_chart_AAPL_2024-01.json"));
    if (ticker === "MSFT") return send(200, fixture("yahoo_chart_MSFT_2024-01.json"));
    if (ticker === "FLAKY") {
      // 429 with Retry-After, then a 503, then the data.
      flaky++;
      if (flaky === 1) return send(429, "Too Many Requests", { "retry-after": "1" });
      if (flaky === 2) return send(503, "unavailable");
      return send(200, fixture("yahoo_chart_AAPL_2024-01.json"));
    }
    if (ticker === "DOWN") return send(500, "boom");
    if (ticker === "LIVE") return send(200, fixture(liveSession ? "yahoo_chart_AAPL_live_2024-01-12.json" : "yahoo_chart_AAPL_2024-01.json"));
    return send(404, fixture("yahoo_chart_not_found.json"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const noSleep = { sleep: async () => {}, delayMs: 0 };

async function unusedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe("Yahoo chart parsing", () => {
  it("builds the documented URL", () => {
    expect(chartUrl("BRK-B", "2024-01-01", "2024-01-31", "http://h/")).toBe(
      "http://h/v8/finance/chart/BRK-B?period1=1704067200&period2=1706745600&interval=1d&events=div%2Csplits&includeAdjustedClose=true",
    );
  });
  it("maps timestamps to New York dates, drops null bars, clips to the range", () => {
    const s = parseChart(JSON.parse(fixture("yahoo_chart_MSFT_2024-01.json")), "MSFT", "2024-01-03", "2024-01-11");
    expect(s.dates).toEqual(["2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08", "2024-01-10", "2024-01-11"]);
    expect(s.close[0]).toBe(370.6);
    expect(s.adjClose[0]).toBe(367.67);
    expect(s.volume[0]).toBe(23083500);
  });
  it("turns Yahoo's error object into a FetchError", () => {
    expect(() => parseChart(JSON.parse(fixture("yahoo_chart_not_found.json")), "NOPE", "2024-01-01", "2024-01-31")).toThrow(/Not Found: No data found/);
  });
});

describe("fetchYahooPrices against a loopback server", () => {
  it("downloads into the data-folder layout, loadable by DataFolder", async () => {
    const out = makeFolder({});
    const res = await fetchYahooPrices({ tickers: ["AAPL", "MSFT"], from: "2024-01-01", to: "2024-01-12", outDir: out, baseUrl: base, ...noSleep });
    expect(res.map((r) => [r.ticker, r.status, r.rows])).toEqual([
      ["AAPL", "fetched", 9],
      ["MSFT", "fetched", 8],
    ]);
    const text = readFileSync(join(out, "prices/AAPL.csv"), "utf8").split("\n");
    expect(text[0]).toBe("Date,Open,High,Low,Close,AdjClose,Volume");
    expect(text[1]).toBe("2024-01-02,187.15,188.44,183.89,185.64,184.53,82488700");
    const data = DataFolder.open(out);
    expect(data.tickers()).toEqual(["AAPL", "MSFT"]);
    expect(data.prices("MSFT").dates).not.toContain("2024-01-09");
    // No temp files left behind.
    expect(readdirSync(join(out, "prices")).sort()).toEqual(["AAPL.csv", "MSFT.csv", "_fetch.json", "_splits.csv"]);
    // Neither fixture has split events: the splits file says so with a header only.
    expect(readFileSync(join(out, "prices/_splits.csv"), "utf8")).toBe("ticker,date,numerator,denominator\n");
  });

  it("resumes: tickers whose file covers the range are skipped without a request", async () => {
    const out = makeFolder({});
    await fetchYahooPrices({ tickers: ["AAPL"], from: "2024-01-01", to: "2024-01-12", outDir: out, baseUrl: base, ...noSleep });
    const before = hits.length;
    const res = await fetchYahooPrices({ tickers: ["AAPL", "MSFT"], from: "2024-01-02", to: "2024-01-12", outDir: out, baseUrl: base, ...noSleep });
    expect(res.map((r) => r.status)).toEqual(["skipped", "fetched"]);
    expect(hits.slice(before)).toEqual(["MSFT"]);
    // MSFT lacks 2024-01-09 (null bar) but the fetch log records the covering request.
    const again = await fetchYahooPrices({ tickers: ["AAPL", "MSFT"], from: "2024-01-02", to: "2024-01-12", outDir: out, baseUrl: base, ...noSleep });
    expect(again.map((r) => r.status)).toEqual(["skipped", "skipped"]);
    expect(hits.length).toBe(before + 1);
    // A longer range than the file holds is fetched again; --force always is.
    const forced = await fetchYahooPrices({ tickers: ["AAPL"], from: "2024-01-02", to: "2024-01-12", outDir: out, baseUrl: base, force: true, ...noSleep });
    expect(forced[0]!.status).toBe("fetched");
  });

  it("extending a file re-downloads the union of its span and the request, dropping nothing", async () => {
    const out = makeFolder({ "prices/AAPL.csv": "Date,Open,High,Low,Close,AdjClose,Volume\n2024-01-02,1,1,1,1,1,1\n2024-01-03,1,1,1,1,1,1\n" });
    const before = hits.length;
    let url = "";
    const spy: typeof fetch = (input, init) => ((url = String(input)), fetch(input, init));
    const res = await fetchYahooPrices({ tickers: ["AAPL"], from: "2024-01-08", to: "2024-01-12", outDir: out, baseUrl: base, fetch: spy, ...noSleep });
    expect(hits.length).toBe(before + 1);
    expect(new URL(url).searchParams.get("period1")).toBe("1704153600"); // 2024-01-02, the file's first day
    expect(res[0]).toMatchObject({ status: "fetched", rows: 9, first: "2024-01-02", last: "2024-01-12" });
    // Re-adjusted values replace the old ones (Yahoo's adjclose for 2024-01-02 is 184.53).
    expect(DataFolder.open(out).prices("AAPL").adjClose[0]).toBe(184.53);
    expect(JSON.parse(readFileSync(join(out, "prices/_fetch.json"), "utf8"))).toEqual({ AAPL: { from: "2024-01-02", to: "2024-01-12", rows: 9, splits: 0 } });
  });

  it("a corrupt existing file is re-downloaded", async () => {
    const out = makeFolder({ "prices/AAPL.csv": "Date,Open\n2024-01-02,1\n" });
    const res = await fetchYahooPrices({ tickers: ["AAPL"], from: "2024-01-01", to: "2024-01-12", outDir: out, baseUrl: base, ...noSleep });
    expect(res[0]!.status).toBe("fetched");
  });

  it("retries 429 (honouring Retry-After) and 5xx, waits between tickers", async () => {
    const out = makeFolder({});
    const waits: number[] = [];
    flaky = 0;
    const logs: string[] = [];
    const res = await fetchYahooPrices({
      tickers: ["FLAKY", "AAPL", "DOWN", "NOPE"],
      from: "2024-01-01",
      to: "2024-01-12",
      outDir: out,
      baseUrl: base,
      delayMs: 250,
      retries: 2,
      backoffMs: 10,
      sleep: async (ms) => void waits.push(ms),
      log: (m) => logs.push(m),
    });
    expect(res.map((r) => r.status)).toEqual(["fetched", "fetched", "failed", "failed"]);
    expect(res[2]!.error).toBe("DOWN: HTTP 500 after 3 attempts");
    expect(res[3]!.error).toBe("NOPE: HTTP 404 Not Found: No data found, symbol may be delisted");
    // FLAKY: Retry-After 1 s, then backoff 10 * 2^1; delays of 250 ms before each later ticker; DOWN: 10, 20.
    expect(waits).toEqual([1000, 20, 250, 250, 10, 20, 250]);
    expect(logs).toContain("FLAKY: HTTP 429; retry 1/2 in 1000 ms");
  });

  it("fails clearly when offline (connection refused), exit code 2 from the CLI", async () => {
    const port = await unusedPort();
    const out = makeFolder({});
    await expect(
      fetchYahooPrices({ tickers: ["AAPL"], from: "2024-01-01", to: "2024-01-12", outDir: out, baseUrl: `http://127.0.0.1:${port}`, ...noSleep }),
    ).rejects.toThrow(new FetchError(`cannot reach Yahoo Finance (offline?): ECONNREFUSED for 127.0.0.1:${port}`, true));
    let err = "";
    const code = await dataCommand(
      ["fetch", "--tickers", "AAPL", "--from", "2024-01-01", "--to", "2024-01-12", "--out", out, "--base-url", `http://127.0.0.1:${port}`, "--delay-ms", "0"],
      { stdout: () => {}, stderr: (t) => (err += t) },
    );
    expect(code).toBe(1); // the command failed (2 is for a bad command line)
    expect(err).toContain("cannot reach Yahoo Finance (offline?)");
    expect(existsSync(join(out, "prices/AAPL.csv"))).toBe(false);
  });

  it("CLI fetch prints one line per ticker and validates arguments", async () => {
    const out = makeFolder({});
    let stdout = "",
      stderr = "";
    const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t) };
    expect(
      await dataCommand(
        ["fetch", "--tickers", "AAPL,MSFT", "--from", "2024-01-01", "--to", "2024-01-12", "--out", out, "--base-url", base, "--delay-ms", "0"],
        io,
      ),
    ).toBe(0);
    expect(stdout).toMatch(/^AAPL\s+fetched\s+9 rows\s+2024-01-02 \.\. 2024-01-12/m);
    expect(await dataCommand(["fetch", "--tickers", "AAPL", "--from", "2024-02-01", "--to", "2024-01-01", "--out", out], io)).toBe(2);
    expect(stderr).toContain("--from 2024-02-01 is after --to 2024-01-01");
    expect(await dataCommand(["fetch", "--tickers", "AAPL"], io)).toBe(2);
    expect(stderr).toContain("usage: consilium data fetch");
  });

  it("never leaves a torn CSV: the write is temp file + rename", async () => {
    const out = makeFolder({});
    mkdirSync(join(out, "prices"), { recursive: true });
    writeFileSync(join(out, "prices/AAPL.csv"), "Date,Open,High,Low,Close,AdjClose,Volume\n2024-01-02,1,1,1,1,1,1\n");
    await fetchYahooPrices({ tickers: ["AAPL"], from: "2024-01-01", to: "2024-01-12", outDir: out, baseUrl: base, ...noSleep });
    expect(readdirSync(join(out, "prices")).filter((f) => f.includes(".tmp-"))).toEqual([]);
    expect(DataFolder.open(out).prices("AAPL").dates).toHaveLength(9);
  });
});

describe("bars of sessions not yet closed", () => {
  it("a session's bar is final 30 minutes after its close: 16:00 New York, 13:00 on early closes, daylight saving applied", () => {
    const utc = (d: string, hh: number, mm = 0): number => Date.parse(`${d}T${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00Z`);
    expect(barIsFinal("2024-03-08", utc("2024-03-08", 21, 29))).toBe(false); // EST: close 21:00 UTC
    expect(barIsFinal("2024-03-08", utc("2024-03-08", 21, 30))).toBe(true);
    expect(barIsFinal("2024-03-11", utc("2024-03-11", 20, 30))).toBe(true); // EDT from 03-10: close 20:00 UTC
    expect(barIsFinal("2024-11-29", utc("2024-11-29", 18, 30))).toBe(true); // early close 13:00 EST
    expect(barIsFinal("2024-11-29", utc("2024-11-29", 18, 10))).toBe(false);
    expect(barIsFinal("2024-07-03", utc("2024-07-03", 17, 30))).toBe(true); // early close 13:00 EDT
    expect(finalThrough(utc("2024-01-12", 16, 23))).toBe("2024-01-11"); // Friday 11:23 New York: trading
    expect(finalThrough(utc("2024-01-12", 21, 45))).toBe("2024-01-12");
    expect(finalThrough(utc("2024-01-13", 3))).toBe("2024-01-12"); // 22:00 Friday in New York
    expect(finalThrough(utc("2024-01-13", 15))).toBe("2024-01-13"); // Saturday: no session
    expect(finalThrough(utc("2024-07-04", 16))).toBe("2024-07-04"); // a holiday
  });

  it("leaves out Yahoo's live intraday bar when --to is today, and a rerun after the close fetches the final bar", async () => {
    const out = makeFolder({});
    const logs: string[] = [];
    liveSession = true;
    const at = (iso: string) => ({
      tickers: ["LIVE"],
      from: "2024-01-01",
      to: "2024-01-12",
      outDir: out,
      baseUrl: base,
      now: Date.parse(iso),
      log: (m: string) => void logs.push(m),
      ...noSleep,
    });
    const [r] = await fetchYahooPrices(at("2024-01-12T16:23:23Z"));
    expect(r).toMatchObject({ status: "fetched", rows: 8, last: "2024-01-11" });
    expect(DataFolder.open(out).prices("LIVE").dates).not.toContain("2024-01-12");
    expect(logs).toContain("LIVE: sessions after 2024-01-11 have not closed yet (2024-01-12T16:23:23.000Z): their bars are left out");
    expect(JSON.parse(readFileSync(join(out, "prices/_fetch.json"), "utf8")).LIVE).toEqual({ from: "2024-01-01", to: "2024-01-11", rows: 8, splits: 0 });
    // Later that day, before the bar is final: asked again (not skipped as covered), still without it.
    const before = hits.length;
    expect((await fetchYahooPrices(at("2024-01-12T21:10:00Z")))[0]).toMatchObject({ status: "fetched", rows: 8 });
    expect(hits.length).toBe(before + 1);
    liveSession = false;
    const [after] = await fetchYahooPrices(at("2024-01-12T21:45:00Z"));
    expect(after).toMatchObject({ status: "fetched", rows: 9, last: "2024-01-12" });
    const s = DataFolder.open(out).prices("LIVE");
    expect(s.close[s.close.length - 1]).toBe(185.92); // the session's final close, not the live 185.37
    expect((await fetchYahooPrices(at("2024-01-13T15:00:00Z")))[0]!.status).toBe("skipped");
    expect(checkDataFolder(out).ok).toBe(true);
  });

  it("asks nothing when no session of the range has closed yet", async () => {
    const out = makeFolder({});
    const before = hits.length;
    const [r] = await fetchYahooPrices({
      tickers: ["LIVE"],
      from: "2024-01-12",
      to: "2024-01-12",
      outDir: out,
      baseUrl: base,
      now: Date.parse("2024-01-12T16:23:23Z"),
      ...noSleep,
    });
    expect(r).toMatchObject({ status: "skipped", rows: 0 });
    expect(hits.length).toBe(before);
  });

  it("records a ticker whose download failed in prices/_yahoo_ledger.json, which data check reports until it succeeds", async () => {
    const out = makeFolder({});
    await fetchYahooPrices({ tickers: ["AAPL", "NOPE"], from: "2024-01-01", to: "2024-01-12", outDir: out, baseUrl: base, ...noSleep });
    const ledger = JSON.parse(readFileSync(join(out, "prices/_yahoo_ledger.json"), "utf8"));
    expect(ledger).toEqual({
      source: "yahoo",
      units: {
        NOPE: { status: "failed", ticker: "NOPE", unit: "2024-01-01..2024-01-12", error: "NOPE: HTTP 404 Not Found: No data found, symbol may be delisted" },
      },
    });
    const report = checkDataFolder(out);
    expect(report.ok).toBe(false);
    expect(report.files.find((f) => f.path === "prices/_yahoo_ledger.json")!.errors).toEqual([
      'NOPE: prices fetch failed for 1 of 1 unit(s), first 2024-01-01..2024-01-12: "NOPE: HTTP 404 Not Found: No data found, symbol may be delisted"; rerun the fetch to retry',
    ]);
  });
});
