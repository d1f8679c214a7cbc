"""Reference for benchmark 1: the daily Black-Litterman backtest in numpy.

Written from the formulas in src/portfolio/black-litterman.ts and
src/backtest/engine.ts (He & Litterman 1999; Blackboard paper section 3.3):
  Sigma  = sample covariance (ddof 1) x 252 of the `lookback` simple returns
           that end the day before the decision date
  pi     = delta Sigma w_mkt, w_mkt = 1/N
  Omega  = c diag(tau diag(Sigma)), P = I
  mu_BL  = pi + tau Sigma (tau Sigma + Omega)^-1 (Q - pi)
  M      = tau Sigma - tau Sigma (tau Sigma + Omega)^-1 tau Sigma
  w_raw  = (delta (Sigma + M))^-1 mu_BL, long-only: clip at 0, renormalise
  costs  = value x turnover x cost_rate, trades at the close

usage: bl_backtest.py PRICES.f64 TICKERS DAYS FIRST LOOKBACK VIEWS(csv)   (then the _worker.py protocol)
"finish" answers {values, final_weights} of the last run
"""
import sys

from _worker import serve

import numpy as np


def backtest(prices, first, lookback, q, delta=3.0, tau=0.025, c=0.5, cost_rate=10 / 10_000, initial=1_000_000.0):
    n, days = prices.shape
    returns = prices[:, 1:] / prices[:, :-1] - 1.0  # returns[:, t - 1] is day t's return
    w_mkt = np.full(n, 1.0 / n)
    holdings = np.zeros(n)
    cash = initial
    values = []
    w = w_mkt
    for t in range(first, days):
        if t > first:
            holdings *= prices[:, t] / prices[:, t - 1]
        value = cash + holdings.sum()
        pre = holdings / value
        window = returns[:, t - lookback - 1 : t - 1]
        sigma = np.cov(window, ddof=1) * 252.0
        pi = delta * sigma @ w_mkt
        tau_sigma = tau * sigma
        a = tau_sigma + np.diag(c * np.diag(tau_sigma))
        mu = pi + tau_sigma @ np.linalg.solve(a, q - pi)
        m = tau_sigma - tau_sigma @ np.linalg.solve(a, tau_sigma)
        sigma_bl = sigma + 0.5 * (m + m.T)
        raw = np.linalg.solve(delta * sigma_bl, mu)
        w = np.clip(raw, 0.0, None)
        total = w.sum()
        w = w / total if total > 0 else np.full(n, 1.0 / n)
        turnover = np.abs(w - pre).sum()
        value -= value * turnover * cost_rate
        holdings = value * w
        cash = value - holdings.sum()
        values.append(value)
    return np.array(values), w


def main():
    path, n, days, first, lookback, views = sys.argv[1:7]
    n, days, first, lookback = int(n), int(days), int(first), int(lookback)
    prices = np.fromfile(path, dtype="<f8").reshape(n, days)
    q = np.array([float(v) for v in views.split(",")])

    def finish(last):
        values, w = last
        return {"values": values.tolist(), "final_weights": w.tolist()}

    serve(lambda: backtest(prices, first, lookback, q), finish)


if __name__ == "__main__":
    main()
