import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { checkDataFolder } from "../../../src/data/check";
import { fetchAll, formatSummary } from "../../../src/data/fetch/fetch-all";
import { DataFolder } from "../../../src/data/folder";
import { MarketCaps } from "../../../src/data/market-cap";
import { runExperiment } from "../../../src/run/runner";
import { FakeSources, type FakeCompany, ACME_10QS_2024 } from "../../helpers/fake-sources";
import { makeFolder } from "../helpers";

const ACME: FakeCompany = {
  ticker: "ACME",
  cik: 12345,
  name: "Acme Widgets Inc.",
  newsTerm: "Acme Widgets",
  price0: 50,
  splits: [{ date: "2024-06-10", numerator: 2, denominator: 1 }],
  indexStamp: "eastern-labelled-utc",
  filings: [...ACME_10QS_2024],
};
const DUAL: FakeCompany = {
  ticker: "BRK-B",
  cik: 34567,
  name: "Dual Holdings Inc",
  newsTerm: "Berkshire Hathaway",
  price0: 400,
  filings: [
    {
      form: "10-Q",
      period: "2024-03-31",
      acceptedEastern: "2024-05-04 09:15:00",
      shares: { A: 1000, B: 2_000_000 },
      sharesAsOf: "2024-04-25",
      revenue: 9e9,
      netIncome: 2e9,
    },
    {
      form: "10-Q",
      period: "2024-09-30",
      acceptedEastern: "2024-11-02 09:15:00",
      shares: { A: 990, B: 2_010_000 },
      sharesAsOf: "2024-10-24",
      revenue: 9.5e9,
      netIncome: 2.1e9,
    },
  ],
};
const SPY: FakeCompany = { ticker: "SPY", cik: 99999, name: "SPDR S&P 500 ETF Trust", newsTerm: "SPDR", price0: 450, filings: [] };

const UNIVERSE = "Symbol,Security,GICS Sector,CIK\nACME,Acme Widgets Inc.,Industrials,12345\nBRK.B,Dual Holdings Inc,Financials,0000034567\n";
const RANGE = ["--from", "2024-03-01", "--to", "2024-08-30"];
const UA = "Consilium Tests tests@example.org";

/** Every file of a folder, relative path -> content. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const f of readdirSync(d).sort()) {
      const full = join(d, f);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}

describe("data fetch all against loopback sources", () => {
  let fake: FakeSources;
  let universe = "";
  let clean = "";
  beforeAll(async () => {
    fake = await new FakeSources({ companies: [ACME, DUAL, SPY], newsPerDay: () => 2 }).start();
    universe = join(makeFolder({ "universe.csv": UNIVERSE }), "universe.csv");
    clean = makeFolder({});
  });
  afterAll(() => fake.stop());

  const args = (out: string): string[] => ["fetch", "all", "--universe", universe, ...RANGE, "--out", out, "--user-agent", UA, "--delay-ms", "0"];

  it("builds a folder that data check passes, with a summary per ticker and month and market caps as known on each date", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, fake.env());
    let stdout = "";
    let stderr = "";
    try {
      expect(await dataCommand(args(clean), { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) })).toBe(0);
    } finally {
      process.env = saved;
    }
    // prices 3 (with SPY), news 6 months x 2 tickers, filings: 2 + 2 x 2 (ACME) and 2 + 2 x 1 (BRK-B: one 10-Q in range).
    expect([fake.count("yahoo"), fake.count("gdelt"), fake.count("edgar")]).toEqual([3, 12, 10]);
    expect(stderr).toMatch(/^\[1\/3 prices\] 1\/3 ACME$/m);
    expect(stderr).toMatch(/^\[2\/3 news\] 2\/2 BRK-B \(6 GDELT requests so far\)$/m);
    expect(stderr).toMatch(/^\[3\/3 filings\] 2\/2 BRK-B/m);
    expect(stdout).toMatch(/^ACME\s+2024-05\s+22\s+62\s+1$/m);
    expect(stdout).toContain("social analyst: nothing fetched");
    expect(stdout).toMatch(/-> OK\n$/);
    const check = checkDataFolder(clean);
    expect(check.ok).toBe(true);
    const data = DataFolder.open(clean);
    expect(data.tickers()).toEqual(["ACME", "BRK-B", "SPY"]);
    expect(data.tickerInfo("BRK-B")).toMatchObject({ type: "stock", sector: "Financials", name: "Dual Holdings Inc", sharesOutstanding: null });
    expect(data.news("ACME").length).toBeGreaterThan(300);
    expect(data.filings("ACME").map((f) => f.date)).toEqual(["2024-05-03", "2024-08-01"]);
    const caps = MarketCaps.open(clean);
    // BRK-B's first count (accepted Saturday 2024-05-04) counts from Monday; ACME's from Friday 05-03.
    expect(caps.weights(["ACME", "BRK-B"], "2024-05-03").missing.map((m) => m.ticker)).toEqual(["BRK-B"]);
    const w = caps.weights(["ACME", "BRK-B"], "2024-05-06");
    expect(w.weights).not.toBeNull();
    expect(w.quotes[1]!.shares).toBe(1000 * 1500 + 2_000_000);
    const summary = readFileSync(join(clean, "_fetch_summary.csv"), "utf8");
    expect(summary.split("\n")[0]).toBe("ticker,month,prices,news,filings");
    expect(summary).toContain("BRK-B,2024-05,22,62,1\n");
  });

  it("run blackboard --set marketWeights=marketCap on the fetched folder: each rebalance's prior uses the shares known at its close, never a later count", async () => {
    // Needs the folder of the first test. ACME's second 10-Q (2.01e9 shares, after the 2:1 split) is accepted on 2024-08-01 at 08:00 New York.
    const r = await runExperiment("blackboard", {
      seed: 7,
      dataDir: clean,
      set: ["tickers=ACME,BRK-B", "start=2024-04-15", "end=2024-08-30", "lookback=20", "rebalanceEvery=10", "marketWeights=marketCap"],
    });
    const rows = (name: string) => r.result.tables.find((t) => t.name === name)!.rows;
    const rebalances = rows("bb_rebalances");
    const decided = rebalances.map((row) => String(row.date ?? row.decision_date));
    // Before BRK-B's first count counts (2024-05-06) the universe has no cap for it: equal weights, recorded.
    for (const row of rebalances) expect(row.prior).toBe(String(row.date ?? row.decision_date) < "2024-05-06" ? "equal" : "marketCap");
    expect(decided.some((d) => d < "2024-05-06")).toBe(true);
    expect(decided.some((d) => d >= "2024-08-01")).toBe(true);
    expect(r.result.summary).toMatchObject({ marketWeightsUsed: "mixed", marketWeightsSource: "filings" });
    const caps = MarketCaps.open(clean);
    const weights = rows("bb_weights");
    for (const date of decided.filter((d) => d >= "2024-05-06")) {
      const known = caps.weights(["ACME", "BRK-B"], date);
      const acme = weights.find((w) => w.date === date && w.ticker === "ACME")!;
      expect(acme.w_mkt).toBeCloseTo(known.weights![0]!, 9);
      // The count in force: the first 10-Q before 2024-08-01 (split-adjusted after 06-10), the second from then on.
      const shares = known.quotes[0]!.shares!;
      expect(shares).toBe(date < "2024-06-10" ? 1_000_000_000 : date < "2024-08-01" ? 2_000_000_000 : 2_010_000_000);
    }
  });

  it("killed mid-news and again mid-filings, reruns finish without refetching what they have, byte-identical to an uninterrupted pull", async () => {
    const out = makeFolder({});
    const start = fake.requests.length;
    const key = (i: number): string => `${fake.requests[i]!.path}?${fake.requests[i]!.query.toString()}`;
    const runChildUntil = async (hangAfter: number): Promise<void> => {
      fake.hangAfter = hangAfter;
      const child = spawn(process.execPath, ["bin/consilium.mjs", "data", ...args(out)], { env: { ...process.env, ...fake.env() }, stdio: "ignore" });
      const exited = new Promise<void>((r) => child.on("exit", () => r()));
      while (fake.requests.length <= hangAfter) await new Promise((r) => setTimeout(r, 25));
      child.kill("SIGKILL");
      await exited;
      fake.hangAfter = null;
    };
    // Run 1: prices (3) and five of ACME's six news windows, killed on the sixth.
    await runChildUntil(start + 3 + 5);
    const firstRun = new Set(Array.from({ length: 8 }, (_, i) => key(start + i)));
    const hung1 = key(start + 8);
    // Run 2: resumes with the hung window, BRK-B's news (6), then ACME's index, facts and first header; killed on its first document.
    const second = fake.requests.length;
    await runChildUntil(second + 7 + 3);
    const secondKeys = Array.from({ length: fake.requests.length - second }, (_, i) => key(second + i));
    expect(secondKeys[0]).toBe(hung1);
    expect(secondKeys.filter((k) => firstRun.has(k))).toEqual([]);
    expect(secondKeys.some((k) => k.startsWith("/v8/"))).toBe(false);
    const hung2 = secondKeys[secondKeys.length - 1]!;
    // Run 3 (in process) finishes.
    const third = fake.requests.length;
    const saved = { ...process.env };
    Object.assign(process.env, fake.env());
    try {
      expect(await dataCommand(args(out), { stdout: () => {}, stderr: () => {} })).toBe(0);
    } finally {
      process.env = saved;
    }
    const thirdKeys = Array.from({ length: fake.requests.length - third }, (_, i) => key(third + i));
    expect(thirdKeys[0]).toBe(hung2);
    const earlier = new Set([...firstRun, ...secondKeys.slice(0, -1)]);
    expect(thirdKeys.filter((k) => earlier.has(k))).toEqual([]);
    // Every request of an uninterrupted pull was sent exactly once, plus the two that hung.
    expect(fake.requests.length - start).toBe(25 + 2);
    expect(snapshot(out)).toEqual(snapshot(clean));
  });

  it("reads plain-text universes and explains a bad one", async () => {
    const dir = makeFolder({ "u.txt": "# my universe\nacme\nbrk.b  # class B\n", "bad.csv": "Name,Sector\nAcme,Industrials\n" });
    let err = "";
    const io = { stdout: () => {}, stderr: (t: string) => (err += t) };
    const out = makeFolder({});
    const r = await fetchAll({
      universeFile: join(dir, "u.txt"),
      from: "2024-03-01",
      to: "2024-03-05",
      outDir: out,
      skip: ["news", "filings"],
      benchmark: null,
      fetch: (u, i) => fetch(String(u).replace("https://query1.finance.yahoo.com", fake.url), i),
      delays: { prices: 0 },
    });
    expect(r.universe.map((m) => m.ticker)).toEqual(["ACME", "BRK-B"]);
    expect(formatSummary(r)).toMatch(/^ACME\s+2024-03\s+3\s+0\s+0$/m);
    expect(await dataCommand(["fetch", "all", "--universe", join(dir, "bad.csv"), ...RANGE, "--out", out, "--user-agent", UA], io)).toBe(1);
    expect(err).toContain('bad.csv:1: field "ticker": no ticker column (expected "ticker" or "Symbol"; header: Name,Sector)');
  });
});
