/**
 * `consilium data fetch all` against loopback sources, in process: the folder
 * it builds passes data check, its summary and market caps, a Blackboard run
 * on it, and plain-text universes. (Killed mid-run and resumed, in child
 * processes: fetch-all-resume.e2e.test.ts.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { checkDataFolder } from "../../../src/data/check";
import { fetchAll, formatSummary } from "../../../src/data/fetch/fetch-all";
import { DataFolder } from "../../../src/data/folder";
import { MarketCaps } from "../../../src/data/market-cap";
import { runExperiment } from "../../../src/run/runner";
import { FakeSources } from "../../helpers/fake-sources";
import { makeFolder } from "../helpers";
import { ACME, DUAL, fetchAllArgs, RANGE, SPY, UA, UNIVERSE } from "./fetch-all-setup";

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

  const args = (out: string): string[] => fetchAllArgs(universe, out);

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
