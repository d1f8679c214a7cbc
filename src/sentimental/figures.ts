/**
 * Plotly figures of the Sentimental Agents paper (Figures 4-7), built from
 * the experiment's figure data with the shared layout (src/plot/layout.ts).
 */
import { type Figure, makeFigure, PALETTE } from "../core/index";

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
  const layout: Record<string, unknown> = {
    grid: { rows: 2 * bands, columns: cols, pattern: "independent", ygap: 0.45 },
    annotations: [] as unknown[],
    margin: { l: 64, r: 24, t: 84, b: 72 },
  };
  const annotations = layout["annotations"] as Array<Record<string, unknown>>;
  candidates.forEach((candidate, i) => {
    const band = Math.floor(i / cols);
    const c = i % cols;
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
        });
        if (row === 0 && series.length > 0 && series.every((p) => p.opinion !== undefined)) {
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
      layout[axisKey("x", k)] = { title: { text: row === 1 && band === bands - 1 ? "round" : "" }, dtick: 1, gridcolor: "#e5e5e5" };
      layout[axisKey("y", k)] = {
        title: { text: c === 0 ? (row === 0 ? "S_O (solid), opinion (dashed)" : "opinion change ΔS") : "" },
        range: row === 0 ? [-1, 1] : [0, 1],
        gridcolor: "#e5e5e5",
      };
      if (row === 0) {
        annotations.push({
          text: candidate,
          showarrow: false,
          xref: `${axisId("x", k)} domain`,
          yref: `${axisId("y", k)} domain`,
          x: 0.5,
          y: 1.2,
          font: { size: 11 },
        });
      }
    }
  });
  return makeFigure("figure4_sentiment_change", "Figure 4 — Sentiment and opinion change per round", data, {}, layout, {
    widthIn: Math.max(6.5, 2.1 * cols),
    heightIn: 3.6 * bands + 0.6,
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
 * topics' top words).
 *
 * @example
 * figure6Nuance([{ candidate: "A", nuance: 38 }]);
 */
export function figure6Nuance(rows: ReadonlyArray<{ candidate: string; nuance: number }>): Figure {
  return makeFigure(
    "figure6_nuance",
    "Figure 6 — Nuance per candidate",
    [{ type: "bar", x: rows.map((r) => r.candidate), y: rows.map((r) => r.nuance), marker: { color: PALETTE[0] }, name: "nuance" }],
    { y: "unique words across LDA topics" },
    { xaxis: { tickangle: -30, showgrid: false, linecolor: "#444" }, margin: { l: 64, r: 24, t: 84, b: 110 } },
  );
}

export interface BiasPoint {
  peerSentiment: number;
  change: number;
  agent: string;
}

/**
 * Figure 7: opinion change against the peers' recent sentiment, with the OLS
 * through-the-origin lines fitted separately to negative and positive peer
 * sentiment.
 *
 * @example
 * figure7Bias(points, { slope: -0.3, r2: 0.4 }, { slope: 0.4, r2: 0.5 });
 */
export function figure7Bias(points: readonly BiasPoint[], negative: { slope: number; r2: number }, positive: { slope: number; r2: number }): Figure {
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
      name: `negative: slope ${fmt(negative.slope)}, R² ${fmt(negative.r2)}`,
      x: [lo, 0],
      y: [negative.slope * lo, 0],
      line: { color: "#c0504d", width: 2 },
    });
  }
  if (posX.length > 0 && Number.isFinite(positive.slope)) {
    const hi = Math.max(...posX);
    data.push({
      type: "scatter",
      mode: "lines",
      name: `positive: slope ${fmt(positive.slope)}, R² ${fmt(positive.r2)}`,
      x: [0, hi],
      y: [0, positive.slope * hi],
      line: { color: "#4f8a3c", width: 2 },
    });
  }
  return makeFigure(
    "figure7_bias",
    "Figure 7 — Opinion change vs peers' recent sentiment",
    data,
    { x: "peers' recent sentiment", y: "opinion change" },
    { legend: { orientation: "h", x: 0, xanchor: "left", y: -0.24, yanchor: "top" }, margin: { l: 64, r: 24, t: 84, b: 110 } },
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
  (["valence", "arousal"] as const).forEach((kind, k) => {
    const mine = bands.filter((b) => b.kind === kind);
    data.push({
      type: "bar",
      name: kind,
      x: mine.map((b) => b.band),
      y: mine.map((b) => finite(b.share)),
      marker: { color: PALETTE[(agents.length + k) % PALETTE.length] },
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
      xaxis: { ...axis, domain: [0, 0.42], title: { text: "round" }, dtick: 1 },
      yaxis: { ...axis, title: { text: "share of arguments adopting a peer's" }, rangemode: "tozero" },
      xaxis2: { ...axis, domain: [0.55, 1], anchor: "y2", tickangle: -30, showgrid: false },
      yaxis2: { ...axis, anchor: "x2", title: { text: "share of heard arguments taken up" }, rangemode: "tozero" },
      margin: { l: 64, r: 24, t: 84, b: 140 },
    },
    { widthIn: 7.5, heightIn: 4.5 },
  );
}
