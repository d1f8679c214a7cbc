"""Reference for benchmark 3: stockstats-convention RSI, MACD and Bollinger
bands with pandas on a bars x series DataFrame (full output series).

  change = close.diff() with the first change 0; up = max(change, 0), down = max(-change, 0)
  RSI    = 100 - 100 / (1 + ewm(up, alpha 1/14, adjust) / ewm(down, alpha 1/14, adjust))
  MACD   = ewm(close, span 12) - ewm(close, span 26) (adjust, min_periods 1);
           signal = ewm(MACD, span 9); histogram = MACD - signal
  Bollinger: middle = rolling(20, min_periods 1).mean(), band = 2 rolling std (ddof 1)

usage: indicators.py CLOSES.f64 SERIES BARS OUT.f64   (then the _worker.py protocol)
on "finish" writes 7 x series x bars Float64 (rsi, macd, macds, macdh, upper, middle, lower) to OUT
"""
import sys

from _worker import serve

import numpy as np
import pandas as pd


def indicators(df):
    change = df.diff().fillna(0.0)
    up = change.clip(lower=0.0)
    down = (-change).clip(lower=0.0)
    up_s = up.ewm(alpha=1 / 14, adjust=True, min_periods=0).mean()
    down_s = down.ewm(alpha=1 / 14, adjust=True, min_periods=0).mean()
    rsi = 100.0 - 100.0 / (1.0 + up_s / down_s)
    fast = df.ewm(span=12, adjust=True, min_periods=1).mean()
    slow = df.ewm(span=26, adjust=True, min_periods=1).mean()
    macd = fast - slow
    macds = macd.ewm(span=9, adjust=True, min_periods=1).mean()
    macdh = macd - macds
    roll = df.rolling(20, min_periods=1)
    middle = roll.mean()
    sd = roll.std(ddof=1)
    return [rsi, macd, macds, macdh, middle + 2 * sd, middle, middle - 2 * sd]


def main():
    path, s, bars, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    df = pd.DataFrame(np.fromfile(path, dtype="<f8").reshape(s, bars).T)

    def finish(res):
        stacked = np.stack([f.to_numpy().T for f in res])  # 7 x series x bars
        np.ascontiguousarray(stacked, dtype="<f8").tofile(out)
        return {"shape": list(stacked.shape)}

    serve(lambda: indicators(df), finish)


if __name__ == "__main__":
    main()
