/**
 * The published tables of Sentimental Agents (Ondula, Orner, Mwangi & Rusti,
 * KiL'24 @ KDD 2024, CEUR-WS Vol-3894 paper 18), §6.2, copied cell by cell
 * from the paper's text. The run shown: 3 advisors (CFO, VP of Engineering,
 * Recycling Plant Manager), 10 candidates, gpt-3.5-turbo-0613, alpha 0.5,
 * tolerance 0.00001, temperature 1.5.
 *
 * The PDF's two-column layout interleaves the tables in the extracted text;
 * each table below was reassembled by its caption and column count. Table 8's
 * "-.0.08" (Kimberly Carr, VPE) is a typesetting slip for -0.08.
 */

export const SA_PAPER = "Sentimental Agents (Ondula et al., KiL'24)";
export const SA_AGENTS = ["CFO", "VPE", "RPM"] as const;
export type SaAgent = (typeof SA_AGENTS)[number];

/** Candidates in the order every table lists them. */
export const SA_CANDIDATES = [
  "Kimberly Carr",
  "Melissa Morgan",
  "Mikayla Garrison",
  "Emily Marshall",
  "Justin Davis",
  "Tamara Brown",
  "Taylor Mahoney",
  "Joshua Alvarado",
  "Melissa Baldwin",
  "James Wallace",
] as const;

/** A published candidates x agents table: rows in SA_CANDIDATES order, columns CFO, VPE, RPM. */
export interface AgentMatrix {
  table: string;
  caption: string;
  /** Decimal places as printed (0 for ranks). */
  decimals: number;
  /** [candidate][agent]. */
  values: ReadonlyArray<readonly [number, number, number]>;
}

/** Table 2 — Agent Drift Values (an input measure; nothing in the paper derives it from other tables). */
export const TABLE2_DRIFT: AgentMatrix = {
  table: "Table 2",
  caption: "Agent Drift Values for hypothetical candidates",
  decimals: 4,
  values: [
    [0.4504, 0.7556, 0.7138],
    [0.6224, 0.6308, 0.581],
    [0.3254, 0.5878, 0.572],
    [0.4678, 0.7998, 0.739],
    [0.3458, 0.3638, 0.394],
    [0.3842, 0.603, 0.6574],
    [0.3814, 0.4794, 0.4154],
    [0.3756, 0.5238, 0.5788],
    [0.4228, 0.7988, 0.5714],
    [0.424, 0.6342, 0.6926],
  ],
};

/** Table 3 — Candidate Ranking Metrics (the table lists first names only). */
export const TABLE3_RANKING_METRICS = {
  table: "Table 3",
  caption: "Candidate Ranking Metrics",
  columns: ["Borda Count", "Tiered", "Gut-Feeling"] as const,
  /** [candidate] -> [Borda Count, Tiered, Gut-Feeling]. */
  values: [
    [9, 3, 10],
    [10, 3, 8],
    [2, 2, 1],
    [3, 2, 3],
    [5, 2, 5],
    [6, 2, 6],
    [8, 3, 7],
    [4, 2, 4],
    [1, 2, 2],
    [7, 2, 9],
  ] as ReadonlyArray<readonly [number, number, number]>,
};

/** Table 4 — Final Sentiment Scores for each candidate (S_i^O at the last round). */
export const TABLE4_FINAL_SENTIMENT: AgentMatrix = {
  table: "Table 4",
  caption: "Final Sentiment Scores for each candidate",
  decimals: 2,
  values: [
    [-0.51, -0.13, 0.26],
    [-0.74, -0.21, -0.46],
    [0.69, 0.38, 0.59],
    [0.29, -0.29, 0.05],
    [-0.01, -0.12, 0.37],
    [0.11, 0.36, 0.2],
    [-0.49, -0.55, -0.41],
    [0.28, 0.58, 0.25],
    [0.46, 0.34, 0.17],
    [-0.3, 0.11, -0.3],
  ],
};

/** Table 5 — Rank of each candidate per agent, plus the Borda Count Rank column. */
export const TABLE5_RANKS: AgentMatrix & { borda: readonly number[] } = {
  table: "Table 5",
  caption: "Rank of each candidate, including the final Rank taking into account each agent's individual rankings (calculated through Borda count)",
  decimals: 0,
  values: [
    [9, 5, 3],
    [10, 6, 10],
    [2, 9, 4],
    [3, 8, 6],
    [5, 4, 2],
    [6, 7, 7],
    [8, 10, 9],
    [4, 3, 1],
    [1, 1, 5],
    [7, 2, 8],
  ],
  borda: [4, 2, 7, 4, 8, 3, 1, 9, 10, 4],
};

/** Table 6 — Valence for each candidate. */
export const TABLE6_VALENCE: AgentMatrix = {
  table: "Table 6",
  caption: "Valence for each candidate",
  decimals: 0,
  values: [
    [-1, 0, 0],
    [-1, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, -1, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ],
};

/** Table 7 — Sentiment Volatility for each candidate (note the negative entries). */
export const TABLE7_VOLATILITY: AgentMatrix = {
  table: "Table 7",
  caption: "Sentiment Volatility for each candidate",
  decimals: 2,
  values: [
    [0.58, 0.64, 0.4],
    [0.16, 0.32, 0.47],
    [0.31, -0.47, 0.17],
    [0.17, 0.42, 0.21],
    [0.49, 0.16, 0.34],
    [-0.06, -0.27, -0.16],
    [0.13, 0.26, 0.17],
    [0.09, 0.09, 0.42],
    [0.14, 0.46, 0.61],
    [0.39, 0.54, 0.39],
  ],
};

/** Table 8 — Conviction for each candidate. */
export const TABLE8_CONVICTION: AgentMatrix = {
  table: "Table 8",
  caption: "Conviction for each candidate",
  decimals: 2,
  values: [
    [-0.3, -0.08, 0.11],
    [-0.12, -0.07, -0.22],
    [0.21, -0.18, 0.1],
    [0.05, -0.12, 0.01],
    [0.0, -0.02, 0.13],
    [-0.01, -0.1, -0.03],
    [-0.06, -0.14, -0.07],
    [0.02, 0.05, 0.1],
    [0.06, 0.16, 0.1],
    [-0.12, 0.06, -0.12],
  ],
};

/** Table 9 — Gut feeling rank per agent, plus the Borda Count Rank column. */
export const TABLE9_GUT_FEELING: AgentMatrix & { borda: readonly number[] } = {
  table: "Table 9",
  caption: "Gut feeling for each candidate (Ranking of candidates that combines both the Sentiment Score, and the Conviction an agent has in this sentiment)",
  decimals: 0,
  values: [
    [2, 6, 2],
    [8, 5, 10],
    [2, 9, 4],
    [3, 8, 6],
    [5, 4, 1],
    [6, 7, 7],
    [7, 9, 8],
    [4, 3, 1],
    [2, 1, 4],
    [9, 2, 9],
  ],
  borda: [5, 2, 7, 6, 8, 3, 1, 9, 10, 3],
};

/** Quantitative statements in the text of §6.2.3 that point at the tables. */
export const SA_TEXT_CLAIMS = [
  {
    id: "cfo-highest",
    text: "The CFO shows the highest sentiment score, of 0.46 towards Melissa Baldwin",
    agent: "CFO" as SaAgent,
    kind: "max" as const,
    value: 0.46,
    candidate: "Melissa Baldwin",
  },
  {
    id: "cfo-lowest",
    text: "the CFO's lowest sentiment score is -0.74 ... towards Melissa Morgan",
    agent: "CFO" as SaAgent,
    kind: "min" as const,
    value: -0.74,
    candidate: "Melissa Morgan",
  },
  {
    id: "vpe-highest",
    text: "the VPE aligns with the CFO in favoring Melissa Baldwin with the highest score of 0.34",
    agent: "VPE" as SaAgent,
    kind: "max" as const,
    value: 0.34,
    candidate: "Melissa Baldwin",
  },
  {
    id: "vpe-lowest",
    text: "[the VPE's] lowest sentiment ... towards Taylor Mahoney with a score of -0.55",
    agent: "VPE" as SaAgent,
    kind: "min" as const,
    value: -0.55,
    candidate: "Taylor Mahoney",
  },
  {
    id: "rpm-highest",
    text: "The RPM ... exhibits the most positive sentiment towards Mikayla Garrison with a score of 0.59",
    agent: "RPM" as SaAgent,
    kind: "max" as const,
    value: 0.59,
    candidate: "Mikayla Garrison",
  },
  {
    id: "rpm-lowest",
    text: "[the RPM] sharing the CFO's negative sentiment towards Melissa Morgan, albeit at a less intense level of -0.46",
    agent: "RPM" as SaAgent,
    kind: "min" as const,
    value: -0.46,
    candidate: "Melissa Morgan",
  },
] as const;
