import { describe, expect, it } from "vitest";
import { bollinger, diffWithZeroFirst, ema, ewm, macd, rsi, smma } from "../../src/stats/indicators";
import { calc } from "../../src/cli/calc/indicators";
import { at } from "../helpers/checked";

function expectSeries(actual: ArrayLike<number>, expected: (number | null)[], digits = 12): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((e, i) => {
    if (e === null) expect(actual[i], `index ${i}`).toBeNaN();
    else expect(actual[i], `index ${i}`).toBeCloseTo(e, digits);
  });
}

// The classic Wilder / StockCharts RSI sample closes.
const WILDER = [44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64];

describe("ewm (pandas-compatible)", () => {
  it("adjust=True by hand on a 5-element series, alpha 0.5", () => {
    // y_t = sum_i 0.5^i x_{t-i} / sum_i 0.5^i
    // y1 = (0.5*1 + 2)/1.5, y2 = (0.25 + 1 + 3)/1.75, y3 = (0.125 + 0.5 + 1.5 + 4)/1.875,
    // y4 = (0.0625 + 0.25 + 0.75 + 2 + 5)/1.9375
    expectSeries(ewm([1, 2, 3, 4, 5], { alpha: 0.5 }), [1, 2.5 / 1.5, 4.25 / 1.75, 6.125 / 1.875, 8.0625 / 1.9375], 14);
  });

  it("adjust=False is the plain recursion", () => {
    expectSeries(ewm([1, 2, 3, 4, 5], { alpha: 0.5, adjust: false }), [1, 1.5, 2.25, 3.125, 4.0625], 14);
  });

  it("span and com map to alpha", () => {
    // span 3 -> alpha 0.5; com 1 -> alpha 0.5
    expectSeries(ewm([1, 2, 3], { span: 3 }), [1, 2.5 / 1.5, 4.25 / 1.75], 14);
    expectSeries(ewm([1, 2, 3], { com: 1 }), [1, 2.5 / 1.5, 4.25 / 1.75], 14);
    expect(() => ewm([1], { span: 3, alpha: 0.5 })).toThrow(/exactly one/);
  });

  it("reproduces the pandas documentation example with NaN (com=0.5)", () => {
    // pandas DataFrame.ewm docs: df = {'B': [0, 1, 2, np.nan, 4]}
    //   df.ewm(com=0.5).mean()                  -> 0, 0.750000, 1.615385, 1.615385, 3.670213
    //   df.ewm(com=0.5, ignore_na=True).mean()  -> 0, 0.750000, 1.615385, 1.615385, 3.225000
    //   df.ewm(com=0.5, adjust=False).mean()    -> 0, 0.666667, 1.555556, 1.555556, 3.650794
    const b = [0, 1, 2, NaN, 4];
    expectSeries(ewm(b, { com: 0.5 }), [0, 0.75, 1.615385, 1.615385, 3.670213], 6);
    expectSeries(ewm(b, { com: 0.5, ignoreNa: true }), [0, 0.75, 1.615385, 1.615385, 3.225], 6);
    expectSeries(ewm(b, { com: 0.5, adjust: false }), [0, 0.666667, 1.555556, 1.555556, 3.650794], 6);
  });

  it("minPeriods masks the start", () => {
    expectSeries(ewm([1, 2, 3], { alpha: 0.5, minPeriods: 2 }), [null, 2.5 / 1.5, 4.25 / 1.75], 14);
  });
});

describe("RSI (stockstats convention)", () => {
  it("first bar is NaN (0/0), monotone up is 100, monotone down is 0", () => {
    expectSeries(rsi([1, 2, 3, 4, 5], 14), [null, 100, 100, 100, 100]);
    expectSeries(rsi([5, 4, 3, 2], 14), [null, 0, 0, 0]);
    expectSeries(rsi([3, 3, 3], 14), [null, null, null]);
  });

  it("alternating series by hand (window 2, alpha 0.5)", () => {
    // changes [0, 1, -1, 1]; up = [0,1,0,1], down = [0,0,1,0]
    // ewm(up):   [0, 1/1.5, 0.5/1.75, (0.25 + 1)/1.875]; ewm(down): [0, 0, 1/1.75, 0.5/1.875]
    // RSI = 100 up/(up+down): [NaN, 100, 100*0.5/1.5, 100*1.25/1.75]
    expectSeries(rsi([1, 2, 1, 2], 2), [null, 100, 100 / 3, (100 * 1.25) / 1.75], 12);
  });

  it("matches an explicit-weights reference on the Wilder closes", () => {
    // Reference: numpy with explicit adjust=True weights (1 - 1/14)^i on up/down moves, first diff 0.
    expectSeries(
      rsi(WILDER, 14),
      [
        null,
        0.0,
        20.537897310512136,
        6.867492610527132,
        52.380398782035115,
        65.12593338241044,
        69.82300082779656,
        74.24967725314079,
        78.67187702952354,
        80.7104421499472,
        74.62899950542683,
        76.0603742915867,
        64.33403403765892,
        71.80241065373282,
        71.80241065373282,
        65.18659892527093,
        65.55282196979275,
        69.87561488969817,
        65.45284830164373,
        54.17929542054697,
      ],
      9,
    );
  });

  it("stays within [0, 100]", () => {
    const r = rsi(
      WILDER.map((v, i) => v + Math.sin(i) * 2),
      5,
    );
    for (let i = 1; i < r.length; i++) {
      expect(r[i]).toBeGreaterThanOrEqual(0);
      expect(r[i]).toBeLessThanOrEqual(100);
    }
  });

  it("helpers: diff with zero first, smma = ewm(alpha 1/n)", () => {
    expectSeries(diffWithZeroFirst([10, 11, 9]), [0, 1, -2]);
    expectSeries(smma([1, 2, 3], 2), [1, 2.5 / 1.5, 4.25 / 1.75], 14);
    expectSeries(ema([1, 2, 3], 3), [1, 2.5 / 1.5, 4.25 / 1.75], 14);
  });
});

describe("MACD (12, 26, 9) with ewm(span, adjust=True)", () => {
  it("matches an explicit-weights reference on the Wilder closes", () => {
    // Reference: numpy explicit weights with alpha = 2/13, 2/27 and 2/10.
    const m = macd(WILDER);
    expect(m.macd[0]).toBe(0);
    expect(m.macd[1]).toBeCloseTo(-0.005608974358978003, 12);
    expect(m.macd[10]).toBeCloseTo(0.19985463726229113, 12);
    expect(m.macd[19]).toBeCloseTo(0.20314344027996611, 12);
    expect(m.macds[5]).toBeCloseTo(0.0004456218738671256, 12);
    expect(m.macds[19]).toBeCloseTo(0.21579158269516777, 12);
    expect(m.macdh[4]).toBeCloseTo(0.0036293638335233424, 12);
    expect(m.macdh[19]).toBeCloseTo(-0.012648142415201652, 12);
  });

  it("histogram is macd - signal (current stockstats); 2x in the legacy option", () => {
    const m = macd(WILDER);
    const legacy = macd(WILDER, 12, 26, 9, { histogramScale: 2 });
    for (let i = 0; i < WILDER.length; i++) {
      expect(m.macdh[i]).toBeCloseTo(at(m.macd, i) - at(m.macds, i), 15);
      expect(legacy.macdh[i]).toBeCloseTo(2 * at(m.macdh, i), 15);
    }
  });

  it("is identically zero on a constant series", () => {
    const m = macd([7, 7, 7, 7, 7]);
    for (const s of [m.macd, m.macds, m.macdh]) for (const v of s) expect(v).toBe(0);
  });
});

describe("Bollinger bands (stockstats: rolling min_periods=1, sample std)", () => {
  it("by hand on [1, 2, 3]", () => {
    // window 20, partial windows: [1] -> std NaN; [1,2] -> mean 1.5, std sqrt(0.5); [1,2,3] -> mean 2, std 1
    const b = bollinger([1, 2, 3], 20, 2);
    expectSeries(b.middle, [1, 1.5, 2]);
    expectSeries(b.upper, [null, 1.5 + 2 * Math.SQRT1_2, 4]);
    expectSeries(b.lower, [null, 1.5 - 2 * Math.SQRT1_2, 0]);
  });

  it("matches a numpy reference (window 5) and the strict variant masks partial windows", () => {
    const b = bollinger(WILDER, 5, 2);
    expect(b.upper[1]).toBeCloseTo(44.56855339059328, 11);
    expect(b.upper[7]).toBeCloseTo(46.07626654758546, 11);
    expect(b.upper[19]).toBeCloseTo(46.633585215988, 11);
    expect(b.middle[19]).toBeCloseTo(46.06, 12);
    const strict = bollinger(WILDER, 5, 2, { minPeriods: 5 });
    for (let i = 0; i < 4; i++) expect(strict.middle[i]).toBeNaN();
    expect(strict.upper[19]).toBeCloseTo(at(b.upper, 19), 14);
    for (let i = 1; i < WILDER.length; i++) expect(at(b.upper, i) - at(b.middle, i)).toBeCloseTo(at(b.middle, i) - at(b.lower, i), 12);
  });
});

describe("calc indicators", () => {
  it("returns full series with null where undefined", () => {
    const out = calc.run({ close: [1, 2, 3] }) as Record<string, (number | null)[]>;
    expect(Object.keys(out).sort()).toEqual(["bollLower", "bollMiddle", "bollUpper", "macd", "macdh", "macds", "rsi"]);
    expect(out.rsi).toEqual([null, 100, 100]);
    expect(out.bollUpper?.[0]).toBeNull();
    expect(out.bollUpper?.[2]).toBeCloseTo(4, 14);
    expect(out.macd?.[0]).toBe(0);
  });

  it("rejects bad input", () => {
    expect(() => calc.run({ close: [] })).toThrow(/field "close"/);
    expect(() => calc.run({ close: [1, 2], high: [1] })).toThrow(/"high" has 1 values/);
  });
});
