/**
 * bb_view_vs_weight (src/blackboard/view-vs-weight.ts) on a market whose
 * sample covariance is diagonal (orthogonal zero-mean return patterns), where
 * Black-Litterman has a closed form: mu_i = pi_i + (q_i - pi_i) / (1 + c),
 * Sigma_BL,ii = sigma_i^2 (1 + tau c / (1 + c)), raw_i = mu_i / (delta Sigma_BL,ii).
 * Other views and the covariance part are then zero, a BUY whose q = +2 %
 * lies below its prior return pi_i loses weight for "the prior", and the
 * parts add up to the move.
 */
import { describe, expect, it } from "vitest";
import { allocate, allocationEntries, type AllocatorOptions } from "../../src/blackboard/allocator";
import type { Decision } from "../../src/blackboard/construction";
import { viewVsWeightNote, weightMoves } from "../../src/blackboard/view-vs-weight";
import { blackLitterman } from "../../src/portfolio/index";

const patterns = [
  [1, -1, 1, -1],
  [1, 1, -1, -1],
  [1, -1, -1, 1],
];
const daily = [0.02, 0.004, 0.006];
const close = patterns.map((p, i) => {
  const out = new Float64Array(7);
  out[0] = 100;
  out[1] = 100;
  p.forEach((s, k) => (out[k + 2] = out[k + 1]! * (1 + s * daily[i]!)));
  out[6] = out[5]!; // the decision day (its return is not in the covariance window)
  return out;
});
const market = { dates: ["d0", "d1", "d2", "d3", "d4", "d5", "d6"], tickers: ["AAA", "BBB", "CCC"], close };
const options: AllocatorOptions = { lookback: 4, marketWeights: "equal", delta: 3, tau: 0.025, omegaScale: 0.5, viewMode: "fixed", longOnly: "clip" };

describe("bb_view_vs_weight on a diagonal covariance (closed form)", () => {
  // Three BUYs (q = +2 % each): pi = 13.44 %, 0.54 %, 1.21 %, so only the first view lies below its prior return.
  const decisions: Decision[] = [
    { action: "BUY", confidence: 0.8 },
    { action: "BUY", confidence: 0.8 },
    { action: "BUY", confidence: 0.5 },
  ];
  const allocation = allocate(market, 6, [0, 1, 2], decisions, options, null);
  const positions = allocationEntries(allocation).map((e) => ({ ...e, ticker: market.tickers[e.index]!, weightBefore: 0 }));
  const moves = weightMoves(market, [{ allocation, positions }], options);

  it("splits each move into its own view and the renormalisation; other views and covariance are zero", () => {
    const c = 0.5;
    const s2 = daily.map((d) => 252 * ((4 * d * d) / 3)); // sample variance (ddof 1) of +-d, annualised
    const pi = s2.map((v) => 3 * v * (1 / 3));
    const q = [0.02, 0.02, 0.02];
    const scale = s2.map((v) => 3 * v * (1 + (0.025 * c) / (1 + c)));
    const raw = pi.map((p, i) => (p + (q[i]! - p) / (1 + c)) / scale[i]!);
    const t = raw.reduce((a, x) => a + Math.max(0, x), 0);
    const t0 = pi.reduce((a, p, i) => a + p / scale[i]!, 0);
    moves.forEach((m, i) => {
      expect(m.parts.renormalisation).toBeCloseTo(((1 / 3) * (t0 - t)) / t, 9);
      expect(m.pi).toBeCloseTo(pi[i]!, 10);
      expect(m.parts.own_view).toBeCloseTo((q[i]! - pi[i]!) / (1 + c) / scale[i]! / t, 9);
      expect(m.parts.other_views).toBeCloseTo(0, 9);
      expect(m.parts.covariance).toBeCloseTo(0, 9);
      expect(m.parts.constraints).toBeCloseTo(0, 12);
      const sum = Object.values(m.parts).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(m.move, 12);
      expect(m.weight).toBeCloseTo(Math.max(0, raw[i]!) / t, 12);
    });
  });

  it("a BUY whose q is below its prior return moves against the call for the prior; one rescaled by the other views for the renormalisation", () => {
    const [aaa, bbb, ccc] = moves;
    // pi_AAA = 3 x 252 x (4 x 0.0004 / 3) / 3 = 13.44 % > q = 2 %.
    expect(aaa!.pi).toBeCloseTo(0.1344, 10);
    expect([aaa!.againstCall, bbb!.againstCall, ccc!.againstCall]).toEqual([true, false, true]);
    expect([aaa!.mainReason, bbb!.mainReason, ccc!.mainReason]).toEqual(["the prior", "own view", "renormalisation"]);
    expect(aaa!.reason).toMatch(
      /^BUY: BL prior weight w_mkt 33\.33% -> posterior weight 9\.24% \(-24\.09 pp\), against the call; main reason the prior \(-\d+\.\d\d pp\): q \+2\.00% is below the prior return 13\.44%/,
    );
    expect(viewVsWeightNote(moves)).toContain("Moves against the call: 2 of 3 BUY/SELL calls (BUY whose weight fell below the prior weight: 2 of 3;");
  });
});

describe("bb_view_vs_weight on correlated tickers: a view moves the other ticker through the covariance", () => {
  // B's returns are half of A's plus an orthogonal pattern: cov(A, B) = var(A) / 2 > 0.
  const a = [1, -1, 1, -1].map((s) => 0.01 * s);
  const b = [1, -1, 1, -1].map((s, k) => 0.5 * 0.01 * s + 0.008 * [1, 1, -1, -1][k]!);
  const prices = (r: number[]) => {
    const out = new Float64Array(7).fill(100);
    r.forEach((x, k) => (out[k + 2] = out[k + 1]! * (1 + x)));
    out[6] = out[5]!;
    return out;
  };
  const mkt = { dates: ["d0", "d1", "d2", "d3", "d4", "d5", "d6"], tickers: ["AAA", "BBB"], close: [prices(a), prices(b)] };
  // Only A has a view (holdView=none: B's HOLD is no view), so all of B's view part is A's view.
  const opts: AllocatorOptions = { ...options, holdView: "none" };
  const decisions: Decision[] = [
    { action: "SELL", confidence: 0.8 },
    { action: "HOLD", confidence: 0.5 },
  ];
  const allocation = allocate(mkt, 6, [0, 1], decisions, opts, null);
  const positions = allocationEntries(allocation).map((e) => ({ ...e, ticker: mkt.tickers[e.index]!, weightBefore: 0 }));
  const [ma, mb] = weightMoves(mkt, [{ allocation, positions }], opts);

  it("matches the general Black-Litterman posterior with a one-row pick matrix and a hand 2 x 2 inverse", () => {
    // Sample covariance (ddof 1) x 252 of the realised returns, by hand.
    const ret = (c: Float64Array) => [2, 3, 4, 5].map((t) => c[t]! / c[t - 1]! - 1);
    const [ra, rb] = [ret(mkt.close[0]!), ret(mkt.close[1]!)];
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    const cov = (x: number[], y: number[]) => (252 * x.reduce((s, v, k) => s + (v - mean(x)) * (y[k]! - mean(y)), 0)) / 3;
    const sigma = [
      [cov(ra, ra), cov(ra, rb)],
      [cov(rb, ra), cov(rb, rb)],
    ];
    const post = blackLitterman({ sigma, wMkt: [0.5, 0.5], q: [-0.02], p: [[1, 0]], delta: 3, tau: 0.025, omegaScale: 0.5 });
    const s = post.sigmaBL.map((row) => row.map((x) => 3 * x));
    const det = s[0]![0]! * s[1]![1]! - s[0]![1]! * s[1]![0]!;
    const inv = [
      [s[1]![1]! / det, -s[0]![1]! / det],
      [-s[1]![0]! / det, s[0]![0]! / det],
    ];
    const times = (v: number[]) => inv.map((row) => row[0]! * v[0]! + row[1]! * v[1]!);
    const raw = times(post.muBL);
    const t = raw.reduce((acc, x) => acc + Math.max(0, x), 0);
    const viewPart = times(post.muBL.map((m, i) => m - post.pi[i]!));
    expect(mb!.parts.own_view).toBe(0);
    expect(mb!.parts.other_views).toBeCloseTo(viewPart[1]! / t, 10);
    expect(ma!.parts.own_view).toBeCloseTo(viewPart[0]! / t, 10);
    expect(ma!.parts.other_views).toBe(0);
    expect(mb!.topOther).toEqual({ ticker: "AAA", action: "SELL", part: mb!.parts.other_views });
  });
});
