"""Reference for benchmark 2: the performance metrics of src/backtest/metrics.ts
in numpy, vectorised over series (columns of a T x S matrix).

Formulas (per series r, benchmark b, rf_p = rf / 252):
  total = prod(1 + r) - 1; cagr = (1 + total)^(252 / n) - 1
  vol = std(r, ddof 1) sqrt(252); excess e = r - rf_p
  sharpe_cagr = (cagr - rf) / vol; sharpe_mean = mean(e) / std(e, ddof 1) sqrt(252)
  downside = sqrt(mean(min(e, 0)^2)) sqrt(252); sortino = mean(e) 252 / downside
  drawdown on wealth cumprod(1 + r) with 1 as the first peak; calmar = cagr / |mdd|
  VaR95 = -percentile(r, 5) (linear); CVaR95 = -mean(r <= percentile(r, 5))
  skew = m3 / m2^1.5, kurt = m4 / m2^2 (biased moments of e)
  PSR(SR*) = Phi((SR - SR*) sqrt(n - 1) / sqrt(1 - skew SR + (kurt - 1) / 4 SR^2))
  V = (1 - skew SR + (kurt - 1) / 4 SR^2) / (n - 1)
  SR0 = sqrt(V) ((1 - g) Phi^-1(1 - 1/N) + g Phi^-1(1 - 1/(N e)))  (Bailey & Lopez de Prado)
  beta = cov(r, b) / var(b); alpha = (mean r - beta mean b) 252
  TE = std(r - b, ddof 1) sqrt(252); IR = mean(r - b) 252 / TE; corr

usage: metrics.py RETURNS.f64 SERIES DAYS  (row-major series x days; benchmark = row mean; then the _worker.py protocol)
"finish" answers {keys, values: series x metrics} of the last run
"""
import sys

import numpy as np
from scipy.special import ndtr, ndtri

from _worker import serve

EULER = 0.5772156649015329
KEYS = [
    "totalReturn", "annualizedReturn", "annualizedVolatility", "sharpeCagr", "sharpeMeanExcess",
    "sharpePerPeriod", "downsideDeviation", "sortino", "maxDrawdown", "calmar", "var95", "cvar95",
    "skewness", "kurtosis", "probabilisticSharpe", "deflatedSharpe", "expectedMaxSharpe",
    "sharpeVariance", "beta", "alpha", "trackingError", "informationRatio", "correlation",
    "benchmarkTotalReturn", "excessTotalReturn",
]


def metrics(r, b, rf=0.02, ppy=252, trials=10):
    n = r.shape[0]
    sq = np.sqrt(ppy)
    growth = np.prod(1.0 + r, axis=0)
    total = growth - 1.0
    cagr = np.where(growth > 0, growth ** (ppy / n) - 1.0, -1.0)
    vol = r.std(axis=0, ddof=1) * sq
    e = r - rf / ppy
    em = e.mean(axis=0)
    esd = e.std(axis=0, ddof=1)
    sr = em / esd
    downside = np.sqrt((np.minimum(e, 0.0) ** 2).mean(axis=0)) * sq
    wealth = np.cumprod(1.0 + r, axis=0)
    peak = np.maximum.accumulate(np.maximum(wealth, 1.0), axis=0)
    mdd = np.minimum((wealth / peak - 1.0).min(axis=0), 0.0)
    p5 = np.percentile(r, 5, axis=0)
    tail = r <= p5
    cvar = -(r * tail).sum(axis=0) / tail.sum(axis=0)
    d = e - em
    m2 = (d * d).mean(axis=0)
    skew = (d ** 3).mean(axis=0) / m2 ** 1.5
    kurt = (d ** 4).mean(axis=0) / (m2 * m2)
    denom = 1.0 - skew * sr + (kurt - 1.0) / 4.0 * sr * sr
    v = denom / (n - 1)
    z = (1 - EULER) * ndtri(1 - 1 / trials) + EULER * ndtri(1 - 1 / (trials * np.e))
    sr0 = np.sqrt(v) * z
    psr = ndtr(sr * np.sqrt(n - 1) / np.sqrt(denom))
    dsr = ndtr((sr - sr0) * np.sqrt(n - 1) / np.sqrt(denom))
    bm = b.mean()
    bd = b - bm
    var_b = (bd * bd).sum() / (n - 1)
    rd = r - r.mean(axis=0)
    cov_rb = (rd * bd[:, None]).sum(axis=0) / (n - 1)
    beta = cov_rb / var_b
    alpha = (r.mean(axis=0) - beta * bm) * ppy
    active = r - b[:, None]
    te = active.std(axis=0, ddof=1) * sq
    ir = active.mean(axis=0) * ppy / te
    corr = cov_rb / (r.std(axis=0, ddof=1) * np.sqrt(var_b))
    b_total = np.prod(1.0 + b) - 1.0
    out = {
        "totalReturn": total, "annualizedReturn": cagr, "annualizedVolatility": vol,
        "sharpeCagr": (cagr - rf) / vol, "sharpeMeanExcess": sr * sq, "sharpePerPeriod": sr,
        "downsideDeviation": downside, "sortino": em * ppy / downside, "maxDrawdown": mdd,
        "calmar": cagr / np.abs(mdd), "var95": -p5, "cvar95": cvar, "skewness": skew,
        "kurtosis": kurt, "probabilisticSharpe": psr, "deflatedSharpe": dsr,
        "expectedMaxSharpe": sr0, "sharpeVariance": v, "beta": beta, "alpha": alpha,
        "trackingError": te, "informationRatio": ir, "correlation": corr,
        "benchmarkTotalReturn": np.full(r.shape[1], b_total), "excessTotalReturn": total - b_total,
    }
    return np.stack([out[k] for k in KEYS], axis=1)  # series x metrics


def main():
    path, s, days = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    r = np.ascontiguousarray(np.fromfile(path, dtype="<f8").reshape(s, days).T)  # days x series
    b = r.mean(axis=1)
    serve(lambda: metrics(r, b), lambda out: {"keys": KEYS, "values": out.tolist()})


if __name__ == "__main__":
    main()
