/**
 * Plotly figures of the Sentimental Agents paper (Figures 4-7), built from
 * the experiment's figure data with the shared layout of makeFigure (src/core/figure.ts).
 */
import { conclusionAnnotation, type Figure, LEGEND_KEY, makeFigure, PALETTE } from "../core/index";

export interface RoundPoint {
  candidate: string;
  agent: string;
  round: number;
  /** S_O of the statement (eq. 2). */
  sentiment: number;
  /** S_i^O(t), the opinion after the update (eq. 4); drawn dashed in the top row when given. */
  opinion?: number;
  /** |ΔS| of the opinion (eq. 5). */
  change: number;
}

function axisId(kind: "x" | "y", k: number): string {
  return k === 1 ? kind : `${kind}${k}`;
}

function axisKey(kind: "x" | "y", k: number): string {
  return k === 1 ? `${kind}axis` : `${kind}axis${k}`;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/**
 * Print height and panel placement of Figure 4: each band of candidates,
 * top down, is a gap, the candidate's name, the sentiment panel, its ticks,
 * the ΔS panel and its ticks; `yDomain` gives a panel's paper coordinates.
 */
function figure4Geometry(bands: number) {
  const heightIn = 2.9 * bands + 1.2;
  const margin = { l: 56, r: 16, t: 88, b: 72 };
  const plotPx = heightIn * 96 - margin.t - margin.b;
  const bandPx = plotPx / bands;
  const panelsPx = bandPx - 14 - 18 - 30 - 22;
  const sentimentPx = 0.58 * panelsPx;
  const changePx = panelsPx - sentimentPx;
  const yDomain = (band: number, row: 0 | 1): [number, number] => {
    const top = plotPx - band * bandPx - 14 - 18 - (row === 0 ? 0 : sentimentPx + 30);
    const height = row === 0 ? sentimentPx : changePx;
    return [(top - height) / plotPx, top / plotPx];
  };
  return { heightIn, margin, plotPx, yDomain };
}

/** The x and y axes of panel `k` of Figure 4 (row 0: sentiment and opinion in [-1, 1]; row 1: ΔS in [0, 1]). */
function figure4PanelAxes(k: number, row: 0 | 1, firstColumn: boolean, xDomain: [number, number], yDomain: [number, number]): Record<string, unknown> {
  return {
    [axisKey("x", k)]: { domain: xDomain, anchor: axisId("y", k), dtick: 1, gridcolor: "#e5e5e5" },
    [axisKey("y", k)]: {
      domain: yDomain,
      anchor: axisId("x", k),
      title: { text: firstColumn ? (row === 0 ? "S<sub>O</sub>, opinion" : "ΔS") : "", standoff: 4 },
      range: row === 0 ? [-1, 1] : [0, 1],
      dtick: row === 0 ? 1 : 0.5,
      gridcolor: "#e5e5e5",
    },
  };
}

/** Figure 4's line-style keys (grey, not series): what solid and dashed mean, and what the lower panels show. */
function figure4StyleKeys(withOpinion: boolean): Array<Record<string, unknown>> {
  const styleKey = (name: string, dash: string, mode = "lines") => ({
    type: "scatter",
    mode,
    name,
    x: [null],
    y: [null],
    meta: LEGEND_KEY,
    line: { color: "#555", dash },
    marker: { color: "#555", size: 4 },
    hoverinfo: "skip",
  });
  return [
    styleKey("sentiment S<sub>O</sub> (solid)", "solid", "lines+markers"),
    ...(withOpinion ? [styleKey("opinion S<sub>i</sub><sup>O</sup>(t) (dashed)", "dash")] : []),
    styleKey("lower panels: ΔS", "solid", "lines+markers"),
  ];
}

/**
 * Figure 4 (paper: "Sentiment change, and corresponding Opinion Change"):
 * top row, per round, the statement sentiment S_O (eq. 2, solid) and, when
 * the points carry it, the opinion S_i^O(t) (eq. 4, dashed, same colour);
 * bottom row, the opinion change ΔS = |S_i^O(t) - S_i^O(t-1)| (eq. 5), i.e.
 * the step size of the dashed line (from the prior 0 in round 1). One column
 * per candidate, one colour per agent.
 *
 * @example
 * figure4SentimentChange(points).data.length; // 3 x candidates x agents traces (2 x ... without opinions)
 */
export function figure4SentimentChange(points: readonly RoundPoint[], perRow = 5): Figure {
  const candidates = unique(points.map((p) => p.candidate));
  const agents = unique(points.map((p) => p.agent));
  const cols = Math.max(1, Math.min(perRow, candidates.length));
  const bands = Math.max(1, Math.ceil(candidates.length / cols));
  const data: Array<Record<string, unknown>> = [];
  const { heightIn, margin, plotPx, yDomain } = figure4Geometry(bands);
  const xgap = 0.05,
    colWidth = (1 - xgap * (cols - 1)) / cols;
  const layout: Record<string, unknown> = {
    annotations: [] as unknown[],
    margin,
    // one "round" title under the grid, the legend under it
    legend: { orientation: "h", x: 0, xanchor: "left", y: -42 / plotPx, yanchor: "top" },
  };
  const annotations = layout["annotations"] as Array<Record<string, unknown>>;
  let anyOpinion = false;
  candidates.forEach((candidate, i) => {
    const [band, c] = [Math.floor(i / cols), i % cols];
    const seriesOf = agents.map((agent) => ({
      agent,
      series: points.filter((p) => p.candidate === candidate && p.agent === agent).sort((x, y) => x.round - y.round),
    }));
    for (const [row, field] of [
      [0, "sentiment"],
      [1, "change"],
    ] as const) {
      const k = (2 * band + row) * cols + c + 1;
      seriesOf.forEach(({ agent, series }, a) => {
        data.push({
          type: "scatter",
          mode: "lines+markers",
          name: agent,
          legendgroup: agent,
          showlegend: i === 0 && row === 0,
          x: series.map((p) => p.round),
          y: series.map((p) => p[field]),
          xaxis: axisId("x", k),
          yaxis: axisId("y", k),
          line: { color: PALETTE[a % PALETTE.length] },
          marker: { size: 4 },
        });
        if (row === 0 && series.length > 0 && series.every((p) => p.opinion !== undefined)) {
          anyOpinion = true;
          data.push({
            type: "scatter",
            mode: "lines",
            name: `${agent} opinion`,
            legendgroup: agent,
            showlegend: false,
            x: series.map((p) => p.round),
            y: series.map((p) => p.opinion),
            xaxis: axisId("x", k),
            yaxis: axisId("y", k),
            line: { color: PALETTE[a % PALETTE.length], dash: "dash" },
          });
        }
      });
      const xDomain: [number, number] = [c * (colWidth + xgap), c * (colWidth + xgap) + colWidth];
      Object.assign(layout, figure4PanelAxes(k, row, c === 0, xDomain, yDomain(band, row)));
      if (row === 0) {
        annotations.push({
          text: candidate,
          showarrow: false,
          xref: `${axisId("x", k)} domain`,
          yref: `${axisId("y", k)} domain`,
          x: 0.5,
          y: 1.02,
          yanchor: "bottom",
          font: { size: 11 },
        });
      }
    }
  });
  annotations.push({ text: "round", showarrow: false, xref: "paper", yref: "paper", x: 0.5, y: 0, yanchor: "top", yshift: -22, font: { size: 13 } });
  data.push(...figure4StyleKeys(anyOpinion));
  return makeFigure("figure4_sentiment_change", "Figure 4 — Sentiment and opinion change per round", data, {}, layout, {
    widthIn: Math.max(6.5, 1.6 * cols),
    heightIn,
  });
}

export interface PlatitudinalPanel {
  candidate: string;
  agents: string[];
  similarity: number[][];
}

/**
 * Figure 5: platitudinal heatmaps, one agent x agent cosine-similarity matrix
 * per candidate (higher = more platitudinal).
 *
 * @example
 * figure5Platitudinal([{ candidate: "A", agents: ["CFO", "VPE"], similarity: [[1, 0.4], [0.4, 1]] }]);
 */
export function figure5Platitudinal(panels: readonly PlatitudinalPanel[]): Figure {
  const cols = Math.max(1, Math.min(5, panels.length));
  const rows = Math.max(1, Math.ceil(panels.length / cols));
  const data: Array<Record<string, unknown>> = [];
  const layout: Record<string, unknown> = { grid: { rows, columns: cols, pattern: "independent" }, annotations: [] as unknown[] };
  const annotations = layout["annotations"] as Array<Record<string, unknown>>;
  panels.forEach((panel, i) => {
    const k = i + 1;
    data.push({
      type: "heatmap",
      name: panel.candidate,
      x: panel.agents,
      y: panel.agents,
      z: panel.similarity.map((row) => row.map((v) => (Number.isFinite(v) ? Number(v.toFixed(4)) : null))),
      zmin: 0,
      zmax: 1,
      colorscale: "Blues",
      reversescale: true,
      showscale: i === 0,
      xaxis: axisId("x", k),
      yaxis: axisId("y", k),
      texttemplate: "%{z:.2f}",
    });
    layout[axisKey("x", k)] = { showgrid: false };
    layout[axisKey("y", k)] = { showgrid: false, autorange: "reversed" };
    annotations.push({
      text: panel.candidate,
      showarrow: false,
      xref: `${axisId("x", k)} domain`,
      yref: `${axisId("y", k)} domain`,
      x: 0.5,
      y: 1.18,
      font: { size: 11 },
    });
  });
  return makeFigure("figure5_platitudinal", "Figure 5 — Platitudinal score (cosine similarity between agents)", data, {}, layout, {
    widthIn: Math.max(6.5, 2.2 * cols),
    heightIn: 2.4 * rows + 0.8,
  });
}

/**
 * Figure 6: nuance per candidate (number of distinct words across the LDA
 * topics' top words), as horizontal bars (names read level) against the
 * ceiling topics x top words (dotted line): every top word distinct. The
 * mean is written on the figure.
 *
 * @example
 * figure6Nuance([{ candidate: "A", nuance: 38 }], 50);
 */
export function figure6Nuance(rows: ReadonlyArray<{ candidate: string; nuance: number }>, ceiling?: number): Figure {
  const mean = rows.length ? rows.reduce((s, r) => s + r.nuance, 0) / rows.length : NaN;
  const top = Math.max(ceiling ?? 0, ...rows.map((r) => r.nuance), 1);
  const shapes = ceiling
    ? [{ type: "line", xref: "x", yref: "paper", x0: ceiling, x1: ceiling, y0: 0, y1: 1, line: { color: "#555", dash: "dot", width: 1.5 } }]
    : [];
  const conclusion = Number.isFinite(mean)
    ? `mean nuance ${mean.toFixed(1)}${ceiling ? ` of a ceiling of ${ceiling} (every top word distinct)` : ""}`
    : "no statements";
  return makeFigure(
    "figure6_nuance",
    "Figure 6 — Nuance per candidate",
    [
      {
        type: "bar",
        orientation: "h",
        y: rows.map((r) => r.candidate),
        x: rows.map((r) => r.nuance),
        marker: { color: PALETTE[0] },
        name: "nuance",
        showlegend: false,
      },
    ],
    { x: "unique words across the LDA topics' top words" },
    {
      xaxis: {
        title: { text: "unique words across the LDA topics' top words" },
        range: [0, top * 1.04],
        gridcolor: "#e5e5e5",
        linecolor: "#444",
        ticklabelstandoff: 4,
      },
      yaxis: { autorange: "reversed", showgrid: false, linecolor: "#444", ticklabelstandoff: 4 },
      shapes,
      annotations: [
        conclusionAnnotation(conclusion),
        ...(ceiling
          ? [
              {
                x: ceiling,
                y: 1,
                xref: "x",
                yref: "paper",
                yanchor: "bottom",
                yshift: 6,
                xanchor: "right",
                text: `ceiling ${ceiling}`,
                showarrow: false,
                font: { size: 10, color: "#555" },
              },
            ]
          : []),
      ],
      showlegend: false,
      margin: { l: 120, r: 24, t: 96, b: 64 },
    },
  );
}

export interface BiasPoint {
  peerSentiment: number;
  change: number;
  agent: string;
}

/** The run's tested reading of Figure 7 (bias.ts `BiasAnalysis`). */
export interface BiasVerdict {
  /** The tested label ("none", "positivity", "negativity"). */
  bias: string;
  /** Permutation p of log(|b+| / |b-|). */
  pNull: number;
  /** Some |slope| > 1 (the paper's saliency test). */
  saliency: boolean;
}

/**
 * Figure 7: opinion change against the peers' recent sentiment, with the OLS
 * through-the-origin lines fitted separately to negative and positive peer
 * sentiment (each fit its own colour, apart from the advisors' markers),
 * and, when given, the run's tested label and its permutation p written on
 * the figure.
 *
 * @example
 * figure7Bias(points, { slope: -0.3, r2: 0.4 }, { slope: 0.4, r2: 0.5 }, { bias: "none", pNull: 0.59, saliency: false });
 */
export function figure7Bias(
  points: readonly BiasPoint[],
  negative: { slope: number; r2: number },
  positive: { slope: number; r2: number },
  verdict?: BiasVerdict,
): Figure {
  const agents = unique(points.map((p) => p.agent));
  const data: Array<Record<string, unknown>> = agents.map((agent, a) => {
    const mine = points.filter((p) => p.agent === agent);
    return {
      type: "scatter",
      mode: "markers",
      name: agent,
      x: mine.map((p) => p.peerSentiment),
      y: mine.map((p) => p.change),
      marker: { color: PALETTE[a % PALETTE.length], size: 6, opacity: 0.7 },
    };
  });
  const negX = points.filter((p) => p.peerSentiment < 0).map((p) => p.peerSentiment);
  const posX = points.filter((p) => p.peerSentiment > 0).map((p) => p.peerSentiment);
  const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : "n/a");
  if (negX.length > 0 && Number.isFinite(negative.slope)) {
    const lo = Math.min(...negX);
    data.push({
      type: "scatter",
      mode: "lines",
      name: `negative fit: slope ${fmt(negative.slope)}, R² ${fmt(negative.r2)}`,
      legendgroup: "negative fit",
      x: [lo, 0],
      y: [negative.slope * lo, 0],
      line: { width: 2.5 },
    });
  }
  if (posX.length > 0 && Number.isFinite(positive.slope)) {
    const hi = Math.max(...posX);
    data.push({
      type: "scatter",
      mode: "lines",
      name: `positive fit: slope ${fmt(positive.slope)}, R² ${fmt(positive.r2)}`,
      legendgroup: "positive fit",
      x: [0, hi],
      y: [0, positive.slope * hi],
      line: { width: 2.5, dash: "dash" },
    });
  }
  const annotations = verdict
    ? [
        conclusionAnnotation(
          `bias ${verdict.bias} (permutation p ${Number.isFinite(verdict.pNull) ? verdict.pNull.toFixed(2) : "n/a"}); ` +
            `saliency ${verdict.saliency ? "yes: some |slope| > 1" : "no: every |slope| ≤ 1"}`,
        ),
      ]
    : [];
  return makeFigure(
    "figure7_bias",
    "Figure 7 — Opinion change vs peers' recent sentiment",
    data,
    { x: "peers' recent sentiment", y: "opinion change" },
    { legend: { orientation: "h", x: 0, xanchor: "left", y: -0.27, yanchor: "top" }, margin: { l: 64, r: 24, t: 96, b: 120 }, annotations },
    { widthIn: 6.5, heightIn: 4.5 },
  );
}

/** One advisor's adoption share in one round (adoption.ts `AdoptionByRound`). */
export interface AdoptionRoundPoint {
  agent: string;
  round: number;
  share: number;
}

/** Adoption share of the arguments in one valence or arousal band. */
export interface AdoptionBandPoint {
  kind: "valence" | "arousal";
  band: string;
  share: number;
}

/**
 * Argument adoption (RQ2/RQ3): left, per round, the share of each advisor's
 * arguments that take up a peer's earlier argument; right, the share of
 * heard arguments that were taken up, by valence and by arousal band.
 *
 * @example
 * figureAdoption([{ agent: "CFO", round: 2, share: 0.3 }], [{ kind: "valence", band: "positive", share: 0.2 }]).data.length; // 2
 */
export function figureAdoption(byRound: readonly AdoptionRoundPoint[], bands: readonly AdoptionBandPoint[]): Figure {
  const agents = unique(byRound.map((p) => p.agent));
  const finite = (v: number) => (Number.isFinite(v) ? v : null);
  const data: Array<Record<string, unknown>> = agents.map((agent, a) => {
    const mine = byRound.filter((p) => p.agent === agent).sort((x, y) => x.round - y.round);
    return {
      type: "scatter",
      mode: "lines+markers",
      name: agent,
      x: mine.map((p) => p.round),
      y: mine.map((p) => finite(p.share)),
      line: { color: PALETTE[a % PALETTE.length], width: 2 },
      xaxis: "x",
      yaxis: "y",
    };
  });
  // Bands as horizontal bars: their labels ("medium (0.3 <= |s| < 0.6)") read level beside the bars.
  (["valence", "arousal"] as const).forEach((kind) => {
    const mine = bands.filter((b) => b.kind === kind);
    data.push({
      type: "bar",
      orientation: "h",
      name: kind,
      y: mine.map((b) => b.band),
      x: mine.map((b) => finite(b.share)),
      xaxis: "x2",
      yaxis: "y2",
    });
  });
  const axis = { showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444" };
  return makeFigure(
    "figure_adoption",
    "Argument adoption — per round (left), by the argument's valence and arousal (right)",
    data,
    {},
    {
      xaxis: { ...axis, domain: [0, 0.36], title: { text: "round" }, dtick: 1, ticklabelstandoff: 4 },
      yaxis: { ...axis, title: { text: "share adopting a peer's argument" }, rangemode: "tozero" },
      xaxis2: { ...axis, domain: [0.68, 1], anchor: "y2", title: { text: "share of heard arguments taken up" }, rangemode: "tozero", ticklabelstandoff: 4 },
      yaxis2: { ...axis, anchor: "x2", autorange: "reversed", showgrid: false, ticklabelstandoff: 4 },
      legend: { orientation: "h", x: 0, xanchor: "left", y: -0.22, yanchor: "top" },
      margin: { l: 64, r: 24, t: 84, b: 110 },
    },
    { widthIn: 7.5, heightIn: 4.5 },
  );
}
