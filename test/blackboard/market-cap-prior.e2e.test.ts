/**
 * marketWeights=marketCap over a data folder with dated share counts
 * (fundamentals/): each rebalance's prior w_mkt is the close of its
 * decision date x the shares of the last filing known at that close,
 * normalised (hand-computed from the CSVs here); a filing accepted after a
 * decision date's close does not reach that rebalance (with or without an
 * execution lag); a date without every cap falls back to equal weights for
 * that rebalance only, counted in config.json, the manifest and the tables.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ToolBox } from "../../src/blackboard/tools";
import { main } from "../../src/cli/main";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { runExperiment } from "../../src/run/runner";
import { useTempDirs } from "./helpers/temp-dirs";

const TICKERS = ["ALTA", "BRIX", "CORV"];
const SMALL = [`tickers=${TICKERS.join(",")}`, "start=2025-06-02", "end=2025-07-15", "rebalanceEvery=10"];
/** Summer: the 16:00 New York close is 20:00 UTC. */
const FIRST = "2025-06-02";

const tempDir = useTempDirs();

interface ShareFiling {
  ticker: string;
  /** Acceptance time, UTC. */
  accepted: string;
  shares: number;
}

/** The bundled folder plus fundamentals/ with these filings and an empty split record (no splits: Close is the day's basis). */
function folderWith(filings: readonly ShareFiling[]): string {
  const root = tempDir("bb-caps-");
  const dir = path.join(root, "data");
  cpSync(bundledDataDir(), dir, { recursive: true });
  writeFileSync(path.join(dir, "prices", "_splits.csv"), "ticker,date,numerator,denominator\n");
  mkdirSync(path.join(dir, "fundamentals"));
  filings.forEach((f, k) => {
    const record = {
      date: f.accepted.slice(0, 10),
      datetime: f.accepted,
      ticker: f.ticker,
      cik: "0000000001",
      accession: `0000000001-25-${String(k).padStart(6, "0")}`,
      form: "10-Q",
      period: "2025-03-31",
      filing_date: f.accepted.slice(0, 10),
      source: "test",
      metrics: {},
      shares_outstanding: { value: f.shares, as_of: "2025-04-15", source: "cover" },
    };
    writeFileSync(path.join(dir, "fundamentals", `${f.ticker}.jsonl`), JSON.stringify(record) + "\n", { flag: "a" });
  });
  return dir;
}

function closeOn(dir: string, ticker: string, date: string): number {
  const lines = readFileSync(path.join(dir, "prices", `${ticker}.csv`), "utf8")
    .trim()
    .split("\n");
  const header = lines[0]!.split(",");
  const row = lines.find((l) => l.startsWith(`${date},`));
  if (!row) throw new Error(`no ${ticker} bar on ${date}`);
  return Number(row.split(",")[header.indexOf("Close")]);
}

async function run(dir: string, extra: string[] = []) {
  const r = await runExperiment("blackboard", { seed: 7, dataDir: dir, set: [...SMALL, ...extra] });
  const table = (name: string) => r.result.tables.find((t) => t.name === name)!.rows;
  const wMkt = (date: string) =>
    Object.fromEntries(
      table("bb_weights")
        .filter((w) => w.date === date)
        .map((w) => [w.ticker as string, w.w_mkt as number]),
    );
  return { r, table, wMkt, dates: [...new Set(table("bb_weights").map((w) => w.date as string))] };
}

const EARLY = "2025-05-01T14:00:00Z";
const BASE = { ALTA: 4e8, BRIX: 9e8, CORV: 2.5e8 } as const;

describe("marketWeights=marketCap from dated share counts", () => {
  it("w_mkt = Close x shares known at the decision date's close, normalised (hand-computed)", async () => {
    const dir = folderWith(TICKERS.map((t) => ({ ticker: t, accepted: EARLY, shares: BASE[t as keyof typeof BASE] })));
    const { r, table, wMkt, dates } = await run(dir);
    expect(dates.length).toBeGreaterThanOrEqual(3);
    for (const date of dates) {
      const caps = TICKERS.map((t) => closeOn(dir, t, date) * BASE[t as keyof typeof BASE]);
      const total = caps.reduce((a, b) => a + b, 0);
      const got = wMkt(date);
      TICKERS.forEach((t, k) => expect(got[t]).toBeCloseTo(caps[k]! / total, 7));
    }
    expect(table("bb_rebalances").every((row) => row.prior === "marketCap")).toBe(true);
    expect(r.result.effective).toBeUndefined();
    expect(r.result.summary).toMatchObject({
      marketWeightsUsed: "marketCap",
      marketWeightsSource: "filings",
      priorMarketCapRebalances: dates.length,
      priorEqualRebalances: 0,
    });
  });

  it("a filing accepted after a decision date's close reaches only the later rebalances, also with executionLag=1", async () => {
    const after = { ticker: "ALTA", accepted: `${FIRST}T20:30:00Z`, shares: 10 * BASE.ALTA }; // 16:30 New York: after the close
    const dir = folderWith([...TICKERS.map((t) => ({ ticker: t, accepted: EARLY, shares: BASE[t as keyof typeof BASE] })), after]);
    for (const lag of ["executionLag=0", "executionLag=1"]) {
      const { wMkt, dates } = await run(dir, [lag]);
      expect(dates[0]).toBe(FIRST);
      const capsOn = (date: string, alta: number) => {
        const caps = [closeOn(dir, "ALTA", date) * alta, closeOn(dir, "BRIX", date) * BASE.BRIX, closeOn(dir, "CORV", date) * BASE.CORV];
        return caps[0]! / caps.reduce((a, b) => a + b, 0);
      };
      expect(wMkt(FIRST).ALTA).toBeCloseTo(capsOn(FIRST, BASE.ALTA), 7);
      expect(wMkt(FIRST).ALTA).not.toBeCloseTo(capsOn(FIRST, after.shares), 2);
      expect(wMkt(dates[1]!).ALTA).toBeCloseTo(capsOn(dates[1]!, after.shares), 7);
    }
  });

  it("a filing accepted just before the close counts that day", async () => {
    const before = { ticker: "ALTA", accepted: `${FIRST}T19:30:00Z`, shares: 10 * BASE.ALTA }; // 15:30 New York
    const dir = folderWith([...TICKERS.map((t) => ({ ticker: t, accepted: EARLY, shares: BASE[t as keyof typeof BASE] })), before]);
    const { wMkt } = await run(dir);
    const caps = [closeOn(dir, "ALTA", FIRST) * before.shares, closeOn(dir, "BRIX", FIRST) * BASE.BRIX, closeOn(dir, "CORV", FIRST) * BASE.CORV];
    expect(wMkt(FIRST).ALTA).toBeCloseTo(caps[0]! / caps.reduce((a, b) => a + b, 0), 7);
  });

  it("a rebalance without every cap uses equal weights, and the run counts it (config.json, manifest, rebalance table)", async () => {
    // CORV's first share count is accepted after the first rebalance's close: that rebalance is equal, the later ones marketCap.
    const dir = folderWith([
      { ticker: "ALTA", accepted: EARLY, shares: BASE.ALTA },
      { ticker: "BRIX", accepted: EARLY, shares: BASE.BRIX },
      { ticker: "CORV", accepted: `${FIRST}T21:00:00Z`, shares: BASE.CORV },
    ]);
    const out = path.join(path.dirname(dir), "run");
    const code = await main(["run", "blackboard", "--out", out, "--data", dir, ...SMALL.flatMap((s) => ["--set", s])], {
      stdout: () => {},
      stderr: () => {},
      readStdin: async () => "",
    });
    expect(code).toBe(0);
    const rebalances = JSON.parse(readFileSync(path.join(out, "tables", "bb_rebalances.json"), "utf8")) as { rows: Array<Record<string, unknown>> };
    const priors = rebalances.rows.map((row) => row.prior);
    expect(priors[0]).toBe("equal");
    expect(priors.slice(1).every((p) => p === "marketCap")).toBe(true);
    const weights = JSON.parse(readFileSync(path.join(out, "tables", "bb_weights.json"), "utf8")) as { rows: Array<Record<string, unknown>> };
    for (const w of weights.rows.filter((row) => row.date === FIRST)) expect(w.w_mkt).toBeCloseTo(1 / 3, 7);
    const config = JSON.parse(readFileSync(path.join(out, "config.json"), "utf8")) as { effective?: { config: Record<string, unknown>; notes: string[] } };
    expect(config.effective?.config).toEqual({ marketWeights: "mixed", priorRebalances: { equal: 1, marketCap: priors.length - 1 } });
    expect(config.effective?.notes[0]).toMatch(/1 of \d+ rebalances used equal weights .*2025-06-02.*CORV/);
    const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as { summary: Record<string, unknown> };
    expect(manifest.summary).toMatchObject({ marketWeightsUsed: "mixed", priorEqualRebalances: 1, priorMarketCapRebalances: priors.length - 1 });
  });
});

describe("filings keep their acceptance time (known-at rule on datetime)", () => {
  it("a 10-Q accepted after the close is not among the fundamentals analyst's filings that day, and is the next session", async () => {
    const dir = folderWith([]);
    const filing = { date: FIRST, datetime: `${FIRST}T20:30:00Z`, ticker: "ALTA", form: "10-Q", source: "test", text: "LATE-FILING marker text." };
    writeFileSync(path.join(dir, "filings", "late.jsonl"), JSON.stringify(filing) + "\n");
    const data = DataFolder.open(dir);
    expect(data.filings("ALTA").find((f) => f.text.startsWith("LATE"))?.datetime).toBe(filing.datetime);
    const seen = (date: string) => new ToolBox(data.asOf(date), "ALTA").filings("fundamentals_analyst", 400, 10).some((f) => f.text.startsWith("LATE"));
    expect(seen(FIRST)).toBe(false);
    expect(seen("2025-06-03")).toBe(true);
    // The same filing stamped before the close counts on its own date.
    writeFileSync(path.join(dir, "filings", "late.jsonl"), JSON.stringify({ ...filing, datetime: `${FIRST}T19:30:00Z` }) + "\n");
    expect(new ToolBox(DataFolder.open(dir).asOf(FIRST), "ALTA").filings("fundamentals_analyst", 400, 10).some((f) => f.text.startsWith("LATE"))).toBe(true);
  });
});
