/**
 * Audit of Sentimental Agents' decision tables (§6.2.3, Tables 3-9):
 * recompute every derived table from the paper's own input tables under each
 * reading the paper (Definitions 3-5) and the authors' code allow.
 *
 * Inputs the paper publishes: final sentiments (Table 4) and volatilities
 * (Table 7). Derived: per-agent ranks and Borda (Table 5), valence (Table 6),
 * tiers (Table 3), conviction (Table 8), gut-feeling ranks and Borda (Table 9),
 * and the summary Table 3.
 */
import { collectiveTier } from "../sentimental/index";
import {
  SA_AGENTS,
  SA_CANDIDATES,
  SA_PAPER,
  SA_TEXT_CLAIMS,
  TABLE3_RANKING_METRICS,
  TABLE4_FINAL_SENTIMENT,
  TABLE5_RANKS,
  TABLE6_VALENCE,
  TABLE7_VOLATILITY,
  TABLE8_CONVICTION,
  TABLE9_GUT_FEELING,
  type AgentMatrix,
} from "./data/sentimental";
import {
  bordaCodePositions,
  bordaPaperPositions,
  collectiveTierOf,
  intervalProduct,
  intervalQuotient,
  printedInterval,
  rankAsc,
  rankDesc,
  rankRangeDesc,
  valenceOf,
  type TieMethod,
} from "./formulas";
import { judgeCell } from "./judge";
import type { Finding, ReadingValue } from "./types";

/** Reading names, fixed so tests and the notebook can refer to them. */
export const SA_READINGS = {
  rankMin: "descending, ties share the best rank (code: pandas rank method=min)",
  rankRowOrder: "descending, ties broken by row order",
  rankAnyOrder: "descending, ties in any order",
  bordaCode: "code: sum of ranks, position 1 = largest sum (ties→min)",
  bordaCodeRowOrder: "code: sum of ranks, position 1 = largest sum (ties→row order)",
  bordaPaper: "paper Def. 3: n+1−rank points, position 1 = most points (ties→min)",
  bordaPaperRowOrder: "paper Def. 3: n+1−rank points (ties→row order)",
  valence: "paper Def. 4 = code: S < −0.5 → −1, S > 0.5 → +1, else 0",
  convictionPaper: "paper text: final sentiment / volatility",
  convictionCode: "code form: sentiment × volatility",
  convictionPaperRounded: "paper text: S / ν with inputs ± rounding",
  convictionCodeRounded: "code form: S × ν with inputs ± rounding",
  totalConviction: "paper Def. 5: total conviction Σ I, position 1 = largest (ties→min)",
} as const;

const CANDIDATES: readonly string[] = SA_CANDIDATES;

/** [agent][candidate] view of a published candidates x agents table. */
function byAgent(m: AgentMatrix): number[][] {
  // Each published row is a [CFO, VPE, RPM] triple, so every agent index is in range.
  return SA_AGENTS.map((_, a) => m.values.map((row) => row[a]!));
}

// The published tables are typed in by hand (data/sentimental.ts): a table
// with a missing row, or a name that is not in it, is a data-entry slip, and
// the lookups below name it instead of letting `undefined` into a reading.

/** The candidate of row c of a published table. */
function candidateAt(c: number, table: string): string {
  const name = CANDIDATES[c];
  if (name === undefined) throw new RangeError(`audit: ${table} has a row #${c}, but the paper lists ${CANDIDATES.length} candidates`);
  return name;
}

/** The agent of column a of a published table. */
function agentAt(a: number, table: string): string {
  const name = SA_AGENTS[a];
  if (name === undefined) throw new RangeError(`audit: ${table} has a column #${a}, but the paper has ${SA_AGENTS.length} agents`);
  return name;
}

/** Index of a named candidate in the tables' row order. */
function candidateIndex(name: string): number {
  const c = CANDIDATES.indexOf(name);
  if (c < 0) throw new RangeError(`audit: no candidate "${name}" in the paper's tables`);
  return c;
}

/** Row a ([agent]) of an [agent][candidate] matrix. */
function agentRow<T>(m: readonly (readonly T[])[], a: number, what: string): readonly T[] {
  const row = m[a];
  if (row === undefined) throw new RangeError(`audit: ${what} has no row for agent #${a}`);
  return row;
}

/** m[a][c] of an [agent][candidate] matrix. */
function cellAt<T>(m: readonly (readonly T[])[], a: number, c: number, what: string): T {
  const value = agentRow(m, a, what)[c];
  if (value === undefined) throw new RangeError(`audit: ${what} has no value for ${SA_AGENTS[a] ?? `agent #${a}`} / ${CANDIDATES[c] ?? `candidate #${c}`}`);
  return value;
}

/** Candidate c across the agents of an [agent][candidate] matrix. */
function candidateColumn(m: readonly (readonly number[])[], c: number, what: string): number[] {
  return m.map((_, a) => cellAt(m, a, c, what));
}

function rankMatrix(m: AgentMatrix | number[][], ties: TieMethod): number[][] {
  const rows = Array.isArray(m) ? m : byAgent(m);
  return rows.map((values) => rankDesc(values, ties));
}

function cellsOfAgentMatrix(
  published: AgentMatrix,
  check: string,
  inputs: string,
  readingsFor: (candidate: number, agent: number) => Record<string, ReadingValue>,
  extra: (candidate: number, agent: number) => { diagnostics?: Record<string, ReadingValue>; note?: string; verdict?: Finding["verdict"] } = () => ({}),
): Finding[] {
  const out: Finding[] = [];
  published.values.forEach((row, c) => {
    row.forEach((value, a) => {
      out.push(
        judgeCell({
          paper: SA_PAPER,
          table: published.table,
          check,
          row: candidateAt(c, published.table),
          column: agentAt(a, published.table),
          published: value,
          decimals: published.decimals,
          inputs,
          readings: readingsFor(c, a),
          ...extra(c, a),
        }),
      );
    });
  });
  return out;
}

function cellsOfColumn(
  table: string,
  column: string,
  check: string,
  inputs: string,
  published: readonly number[],
  readings: Record<string, readonly ReadingValue[]>,
  diagnostics?: Record<string, readonly ReadingValue[]>,
  decimals = 0,
): Finding[] {
  return published.map((value, c) =>
    judgeCell({
      paper: SA_PAPER,
      table,
      check,
      row: candidateAt(c, table),
      column,
      published: value,
      decimals,
      inputs,
      readings: Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, v[c] ?? null])),
      diagnostics: diagnostics ? Object.fromEntries(Object.entries(diagnostics).map(([k, v]) => [k, v[c] ?? null])) : undefined,
    }),
  );
}

/** Every Sentimental Agents finding, table by table. */
export function auditSentimentalAgents(): Finding[] {
  const findings: Finding[] = [];
  const sentiments = byAgent(TABLE4_FINAL_SENTIMENT);
  const volatility = byAgent(TABLE7_VOLATILITY);
  const conviction = byAgent(TABLE8_CONVICTION);

  // Table 5, per-agent ranks, from Table 4.
  const rankMin = rankMatrix(sentiments, "min");
  const rankOrd = rankMatrix(sentiments, "ordinal");
  const rankAny = sentiments.map(rankRangeDesc);
  const rankAscending = sentiments.map((row) => rankAsc(row));
  findings.push(
    ...cellsOfAgentMatrix(
      TABLE5_RANKS,
      "per-agent rank from the final sentiments",
      "Table 4",
      (c, a) => ({
        [SA_READINGS.rankMin]: cellAt(rankMin, a, c, "ranks of Table 4 (ties→min)"),
        [SA_READINGS.rankRowOrder]: cellAt(rankOrd, a, c, "ranks of Table 4 (ties→row order)"),
        [SA_READINGS.rankAnyOrder]: cellAt(rankAny, a, c, "rank ranges of Table 4"),
      }),
      (c, a) => ({ diagnostics: { "ascending (1 = most negative)": cellAt(rankAscending, a, c, "ascending ranks of Table 4") } }),
    ),
  );

  // Table 5, Borda Count Rank, from Table 5's own ranks (and from ranks recomputed from Table 4).
  const t5ranks = byAgent(TABLE5_RANKS);
  findings.push(
    ...cellsOfColumn("Table 5", "Borda Count Rank", "Borda position from the per-agent ranks", "Table 5 ranks; Table 4", TABLE5_RANKS.borda, {
      [SA_READINGS.bordaCode]: bordaCodePositions(t5ranks, "min"),
      [SA_READINGS.bordaCodeRowOrder]: bordaCodePositions(t5ranks, "ordinal"),
      [SA_READINGS.bordaPaper]: bordaPaperPositions(t5ranks, "min"),
      [SA_READINGS.bordaPaperRowOrder]: bordaPaperPositions(t5ranks, "ordinal"),
      [`${SA_READINGS.bordaCode} [ranks recomputed from Table 4]`]: bordaCodePositions(rankMin, "min"),
      [`${SA_READINGS.bordaPaper} [ranks recomputed from Table 4]`]: bordaPaperPositions(rankMin, "min"),
    }),
  );

  // Table 6, valence, from Table 4.
  findings.push(
    ...cellsOfAgentMatrix(
      TABLE6_VALENCE,
      "valence from the final sentiments",
      "Table 4",
      (c, a) => ({ [SA_READINGS.valence]: valenceOf(cellAt(sentiments, a, c, "Table 4")) }),
      (c, a) => ({ diagnostics: { "only negative valence recorded (S < −0.5 → −1, else 0)": cellAt(sentiments, a, c, "Table 4") < -0.5 ? -1 : 0 } }),
    ),
  );

  // Table 3, Tiered, from Table 6 valences or Table 4 sentiments.
  const t6 = byAgent(TABLE6_VALENCE);
  const t4valences = sentiments.map((r) => r.map((s) => valenceOf(s)));
  const tierReadings: Record<string, number[]> = {};
  for (const rule of ["veto", "worst", "mean", "majority"] as const) {
    tierReadings[`${rule} rule on Table 6 valences`] = CANDIDATES.map((_, c) => collectiveTierOf(candidateColumn(t6, c, "Table 6"), rule));
  }
  for (const rule of ["veto", "worst", "majority"] as const) {
    tierReadings[`${rule} rule on Table 4 valences (±0.5)`] = CANDIDATES.map((_, c) =>
      collectiveTierOf(candidateColumn(t4valences, c, "valences of Table 4"), rule),
    );
  }
  tierReadings["tier of the mean Table 4 sentiment"] = CANDIDATES.map((_, c) => collectiveTier(candidateColumn(sentiments, c, "Table 4"), "mean"));
  findings.push(
    ...cellsOfColumn(
      "Table 3",
      "Tiered",
      "collective tier from the agents' valences",
      "Table 6; Table 4",
      TABLE3_RANKING_METRICS.values.map((r) => r[1]),
      tierReadings,
    ),
  );

  // Table 3, Borda Count.
  findings.push(
    ...cellsOfColumn(
      "Table 3",
      "Borda Count",
      "Borda position from the per-agent ranks",
      "Table 5 ranks; Table 4",
      TABLE3_RANKING_METRICS.values.map((r) => r[0]),
      {
        [SA_READINGS.bordaCode]: bordaCodePositions(t5ranks, "min"),
        [SA_READINGS.bordaPaper]: bordaPaperPositions(t5ranks, "min"),
        [`${SA_READINGS.bordaCode} [ranks recomputed from Table 4]`]: bordaCodePositions(rankMin, "min"),
        [`${SA_READINGS.bordaPaper} [ranks recomputed from Table 4]`]: bordaPaperPositions(rankMin, "min"),
      },
      { "the CFO's own rank in Table 5": agentRow(t5ranks, 0, "Table 5"), "Table 5 Borda Count Rank": TABLE5_RANKS.borda },
    ),
  );

  // Table 8, conviction, from Tables 4 and 7.
  findings.push(
    ...cellsOfAgentMatrix(
      TABLE8_CONVICTION,
      "conviction from final sentiment and volatility",
      "Table 4; Table 7",
      (c, a) => {
        const s = cellAt(sentiments, a, c, "Table 4");
        const v = cellAt(volatility, a, c, "Table 7");
        const si = printedInterval(s, 2);
        const vi = printedInterval(v, 2);
        return {
          [SA_READINGS.convictionPaper]: v === 0 ? null : s / v,
          [SA_READINGS.convictionCode]: s * v,
          [SA_READINGS.convictionPaperRounded]: intervalQuotient(si, vi),
          [SA_READINGS.convictionCodeRounded]: intervalProduct(si, vi),
        };
      },
      () => ({
        note: "The authors' code multiplies the MEAN statement sentiment by the volatility; the paper publishes only the final sentiment, which is used here.",
      }),
    ),
  );

  // Table 7, volatility: a population standard deviation cannot be negative.
  findings.push(
    ...cellsOfAgentMatrix(
      TABLE7_VOLATILITY,
      "volatility is a standard deviation (>= 0)",
      "none (per-round sentiments are not published)",
      () => ({}),
      (c, a) => {
        const v = cellAt(volatility, a, c, "Table 7");
        return v < 0
          ? { verdict: "impossible" as const, note: `A standard deviation cannot be negative (published ${v.toFixed(2)}).` }
          : { verdict: "unverifiable" as const, note: "Per-round sentiments are not published; only the sign can be checked." };
      },
    ),
  );

  // Table 9, per-agent gut-feeling ranks, from Table 8 (or recomputed convictions).
  const convMin = rankMatrix(conviction, "min");
  const convOrd = rankMatrix(conviction, "ordinal");
  const convAny = conviction.map(rankRangeDesc);
  const productRanks = rankMatrix(
    sentiments.map((r, a) => r.map((s, c) => s * cellAt(volatility, a, c, "Table 7"))),
    "min",
  );
  const quotientRanks = rankMatrix(
    sentiments.map((r, a) => r.map((s, c) => s / cellAt(volatility, a, c, "Table 7"))),
    "min",
  );
  findings.push(
    ...cellsOfAgentMatrix(TABLE9_GUT_FEELING, "per-agent gut-feeling rank from the convictions", "Table 8; Tables 4 and 7", (c, a) => ({
      [`${SA_READINGS.rankMin} of Table 8`]: cellAt(convMin, a, c, "ranks of Table 8 (ties→min)"),
      [`${SA_READINGS.rankRowOrder} of Table 8`]: cellAt(convOrd, a, c, "ranks of Table 8 (ties→row order)"),
      [`${SA_READINGS.rankAnyOrder} of Table 8`]: cellAt(convAny, a, c, "rank ranges of Table 8"),
      [`descending S × ν recomputed from Tables 4 and 7`]: cellAt(productRanks, a, c, "ranks of S × ν"),
      [`descending S / ν recomputed from Tables 4 and 7`]: cellAt(quotientRanks, a, c, "ranks of S / ν"),
    })),
  );

  // Table 9, Borda Count Rank.
  const t9ranks = byAgent(TABLE9_GUT_FEELING);
  const totalConviction = CANDIDATES.map((_, c) => candidateColumn(conviction, c, "Table 8").reduce((acc, x) => acc + x, 0));
  const gutBordaReadings = {
    [SA_READINGS.bordaCode]: bordaCodePositions(t9ranks, "min"),
    [SA_READINGS.bordaCodeRowOrder]: bordaCodePositions(t9ranks, "ordinal"),
    [SA_READINGS.bordaPaper]: bordaPaperPositions(t9ranks, "min"),
    [`${SA_READINGS.bordaCode} [ranks recomputed from Table 8, ties→row order]`]: bordaCodePositions(convOrd, "min"),
    [`${SA_READINGS.bordaCode} [ranks recomputed from Table 8, ties→min]`]: bordaCodePositions(convMin, "min"),
    [`${SA_READINGS.bordaPaper} [ranks recomputed from Table 8, ties→row order]`]: bordaPaperPositions(convOrd, "min"),
    [SA_READINGS.totalConviction]: rankDesc(totalConviction, "min"),
  };
  findings.push(
    ...cellsOfColumn(
      "Table 9",
      "Borda Count Rank",
      "Borda position from the gut-feeling ranks",
      "Table 9 ranks; Table 8",
      TABLE9_GUT_FEELING.borda,
      gutBordaReadings,
    ),
  );

  // Table 3, Gut-Feeling.
  findings.push(
    ...cellsOfColumn(
      "Table 3",
      "Gut-Feeling",
      "Borda position from the gut-feeling ranks",
      "Table 9 ranks; Table 8",
      TABLE3_RANKING_METRICS.values.map((r) => r[2]),
      {
        [SA_READINGS.bordaCode]: bordaCodePositions(t9ranks, "min"),
        [SA_READINGS.bordaPaper]: bordaPaperPositions(t9ranks, "min"),
        [`${SA_READINGS.bordaCode} [ranks recomputed from Table 8, ties→row order]`]: bordaCodePositions(convOrd, "min"),
        [`${SA_READINGS.bordaPaper} [ranks recomputed from Table 8, ties→row order]`]: bordaPaperPositions(convOrd, "min"),
        [SA_READINGS.totalConviction]: rankDesc(totalConviction, "min"),
      },
      {
        "the CFO's own conviction rank (Table 8, ties→row order)": agentRow(convOrd, 0, "ranks of Table 8"),
        "Table 9 CFO column": agentRow(t9ranks, 0, "Table 9"),
      },
    ),
  );

  findings.push(...auditTextClaims(sentiments));
  return findings;
}

/** The numbers §6.2.3's prose quotes from Tables 4, 5 and 9. */
function auditTextClaims(sentiments: number[][]): Finding[] {
  const out: Finding[] = [];
  for (const claim of SA_TEXT_CLAIMS) {
    const a = SA_AGENTS.indexOf(claim.agent);
    const column = agentRow(sentiments, a, "Table 4");
    const extreme = claim.kind === "max" ? Math.max(...column) : Math.min(...column);
    const who = candidateAt(column.indexOf(extreme), "Table 4");
    const named = cellAt(sentiments, a, candidateIndex(claim.candidate), "Table 4");
    out.push(
      judgeCell({
        paper: SA_PAPER,
        table: "§6.2.3 text",
        check: "sentiment extremes quoted in the text vs Table 4",
        row: claim.candidate,
        column: `${claim.agent} ${claim.kind === "max" ? "highest" : "lowest"} sentiment`,
        published: claim.value,
        decimals: 2,
        inputs: "Table 4",
        readings: { "the column's extreme in Table 4": extreme },
        diagnostics: { "Table 4 value of the named candidate": named },
        note: `"${claim.text}" — Table 4's ${claim.kind === "max" ? "highest" : "lowest"} ${claim.agent} value is ${extreme.toFixed(2)} (${who}).`,
      }),
    );
  }
  const t5 = byAgent(TABLE5_RANKS);
  const t9 = byAgent(TABLE9_GUT_FEELING);
  const kim = candidateIndex("Kimberly Carr");
  const convictionRanks = rankMatrix(byAgent(TABLE8_CONVICTION), "ordinal");
  out.push(
    judgeCell({
      paper: SA_PAPER,
      table: "§6.2.3 text",
      check: "gut-feeling revisions quoted in the text vs Tables 5 and 9",
      row: "Kimberly Carr",
      column: "CFO gut-feeling rank",
      published: 8,
      decimals: 0,
      inputs: "Table 9; Table 8",
      readings: {
        "Table 9 rank": cellAt(t9, 0, kim, "Table 9"),
        "rank of Table 8 conviction (descending)": cellAt(convictionRanks, 0, kim, "ranks of Table 8"),
      },
      diagnostics: { "Table 5 CFO rank (the 'from' of the claim)": cellAt(t5, 0, kim, "Table 5") },
      verdict: cellAt(t9, 0, kim, "Table 9") === 8 ? undefined : "inconsistent",
      note: '"the CFO revises its ranking of Kimberley, from the 9th place to the 8th place" — Table 5 has 9, but Table 9 prints 2.',
    }),
  );
  const jos = candidateIndex("Joshua Alvarado");
  out.push(
    judgeCell({
      paper: SA_PAPER,
      table: "§6.2.3 text",
      check: "gut-feeling revisions quoted in the text vs Tables 5 and 9",
      row: "Joshua Alvarado",
      column: "RPM gut-feeling rank",
      published: 1,
      decimals: 0,
      inputs: "Table 9; Table 8",
      readings: {
        "Table 9 rank": cellAt(t9, 2, jos, "Table 9"),
        "rank of Table 8 conviction (descending)": cellAt(convictionRanks, 2, jos, "ranks of Table 8"),
      },
      note: '"the Gut Feeling of the RPM toward Joshua is still to rank him in the first place"',
    }),
  );
  return out;
}
