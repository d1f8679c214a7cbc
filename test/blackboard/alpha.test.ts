import { describe, expect, it } from "vitest";
import { traderTask, verifyCitations } from "../../src/blackboard/alpha";
import { alphaChains, traderPolicy } from "../../src/blackboard/offline/alpha";
import { citationMatches } from "../../src/blackboard/features";
import { ToolBox } from "../../src/blackboard/tools";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { covariance, mean, std, variance } from "../../src/stats/descriptive";
import { bollinger, macd, rsi } from "../../src/stats/indicators";

const data = DataFolder.open(bundledDataDir());
const ticker = data.tickers().find((t) => t !== "SPY")!;
const date = "2025-04-15";

/** Every citable value recomputed independently from the full point-in-time history. */
function recompute(name: string): number {
  const s = data.asOf(date).prices(ticker);
  const c = Array.from(s.close);
  const n = c.length;
  const rets = (k: number, arr: number[]) =>
    arr
      .slice(-k - 1)
      .slice(1)
      .map((p, i) => p / arr.slice(-k - 1)[i]! - 1);
  switch (name) {
    case "close":
      return c[n - 1]!;
    case "rsi_14":
      return rsi(c, 14)[n - 1]!;
    case "macd":
      return macd(c).macd[n - 1]!;
    case "macds":
      return macd(c).macds[n - 1]!;
    case "macdh":
      return macd(c).macdh[n - 1]!;
    case "boll_ub":
      return bollinger(c, 20, 2).upper[n - 1]!;
    case "boll_lb":
      return bollinger(c, 20, 2).lower[n - 1]!;
    case "boll":
      return bollinger(c, 20, 2).middle[n - 1]!;
    case "pct_b": {
      const b = bollinger(c, 20, 2);
      return (c[n - 1]! - b.lower[n - 1]!) / (b.upper[n - 1]! - b.lower[n - 1]!);
    }
    case "sma_50":
      return mean(c.slice(-50));
    case "ret_5d":
      return c[n - 1]! / c[n - 6]! - 1;
    case "ret_20d":
      return c[n - 1]! / c[n - 21]! - 1;
    case "ret_60d":
      return c[n - 1]! / c[n - 61]! - 1;
    case "vol_20d":
      return std(rets(20, c), 1) * Math.sqrt(252);
    case "vol_60d":
      return std(rets(60, c), 1) * Math.sqrt(252);
    case "drawdown_252d":
      return c[n - 1]! / Math.max(...c.slice(-252)) - 1;
    case "beta_60d": {
      const a = Array.from(s.adjClose);
      const b = Array.from(data.asOf(date).prices("SPY").adjClose);
      const ra = rets(60, a),
        rb = rets(60, b);
      return covariance(ra, rb, 1) / variance(rb, 1);
    }
    default:
      throw new Error(`no recomputation for ${name}`);
  }
}

describe("Chain-of-Alpha citations are checkable", () => {
  const tools = new ToolBox(data.asOf(date), ticker);
  const facts = tools.riskFacts("trader")!;

  it("every cited value equals the indicator recomputed from the prices", () => {
    const chains = alphaChains(facts);
    expect(chains.map((c) => c.chain)).toEqual(["volatility", "directional", "hedging"]);
    const cited = chains.flatMap((c) => c.steps.map((s) => s.citation));
    expect(cited.length).toBeGreaterThanOrEqual(8);
    for (const c of cited) {
      expect(c.date).toBe(date);
      const expected = recompute(c.indicator);
      expect(Math.abs(c.value - expected)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(expected)));
    }
    // The facts table itself (what prompts show) matches too.
    for (const [name, value] of Object.entries(facts.values)) if (Number.isFinite(value)) expect(citationMatches(value, recompute(name))).toBe(true);
    expect(verifyCitations(chains, facts)).toEqual([]);
  });

  it("flags a wrong value, an unknown indicator and a wrong date", () => {
    const chains = alphaChains(facts);
    const tampered = structuredClone(chains);
    tampered[1]!.steps[0]!.citation.value *= 1.05;
    tampered[0]!.steps[0]!.citation.indicator = "adx_14";
    tampered[2]!.steps[0]!.citation.date = "2025-04-16";
    const problems = verifyCitations(tampered, facts);
    expect(problems).toHaveLength(3);
    expect(problems.join("\n")).toMatch(/directional step 1: .* cited as .* computed/);
    expect(problems.join("\n")).toMatch(/unknown indicator "adx_14"/);
    expect(problems.join("\n")).toMatch(/cites date 2025-04-16/);
  });

  it("the trader names indicators; the code attaches their date and computed value, and rejects one not among the facts", () => {
    const input = { ticker, date, report: { view: "BUY" as const, confidence: 0.7, score: 0.3, thesis: "t" }, facts };
    const ok = traderPolicy(input);
    const answer = {
      ...ok,
      chains: ok.chains.map((c) => ({ ...c, steps: c.steps.map((s) => ({ statement: s.statement, indicator: s.citation.indicator })) })),
    };
    expect(traderTask.validate!(answer, input)).toBeNull();
    expect(traderTask.complete(answer, input)).toEqual(ok);
    const invented = structuredClone(answer);
    invented.chains[1]!.steps[0]!.indicator = "adx_14";
    expect(traderTask.validate!(invented, input)).toMatch(/directional chain cites adx_14, not among the facts/);
    const missing = { ...answer, chains: answer.chains.slice(0, 2) };
    expect(traderTask.validate!(missing, input)).toMatch(/chains must be exactly/);
  });

  it("the directional chain's tilt is the mean of the cited signals", () => {
    const v = facts.values;
    const signs = [
      Math.sign(v.macdh!),
      v.rsi_14! > 70 ? -1 : v.rsi_14! < 30 ? 1 : Math.sign(v.rsi_14! - 50),
      Math.sign(v.ret_20d!),
      Math.sign(v.close! - v.sma_50!),
    ];
    expect(alphaChains(facts)[1]!.value).toBeCloseTo(signs.reduce((a, b) => a + b, 0) / 4, 6);
  });
});
