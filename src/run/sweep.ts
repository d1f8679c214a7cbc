/**
 * Parameter sweeps: the cartesian product of a grid, each cell one run of an
 * experiment, collected into one tidy table (a row per cell: the grid values,
 * then the run's summary numbers).
 *
 * Resumable: each finished cell is saved under `<outDir>/cells/` and skipped on
 * a rerun; unfinished cells re-run against the shared LLM cache, so calls made
 * before a crash are not paid for twice.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { mapConcurrent } from "../llm/limit";
import type { Cell, Progress, Row, Table } from "./experiment";
import { silentProgress } from "./experiment";
import { runExperiment, type RunOptions } from "./runner";
import { writeFileAtomic } from "./writer";
import { toCsv, toMarkdown } from "./tables";

export interface SweepOptions extends Omit<RunOptions, "progress"> {
  outDir: string;
  progress?: Progress;
}

export interface SweepResult {
  table: Table;
  files: { csv: string; md: string; json: string };
  /** Cells loaded from a previous (interrupted) sweep. */
  resumed: number;
}

/**
 * All combinations of the grid, in row-major order of the keys as given.
 *
 * @example
 * gridCells({ a: ["1", "2"], b: ["x"] }); // [{a:"1",b:"x"},{a:"2",b:"x"}]
 */
export function gridCells(grid: Record<string, readonly string[]>): Array<Record<string, string>> {
  let cells: Array<Record<string, string>> = [{}];
  for (const [key, values] of Object.entries(grid)) {
    const next: Array<Record<string, string>> = [];
    for (const cell of cells) for (const value of values) next.push({ ...cell, [key]: value });
    cells = next;
  }
  return cells;
}

function cellKey(experiment: string, seed: number, llm: string, base: readonly string[], cell: Record<string, string>): string {
  return createHash("sha256").update(JSON.stringify({ experiment, seed, llm, base, cell })).digest("hex").slice(0, 16);
}

export async function runSweep(experiment: string, grid: Record<string, readonly string[]>, options: SweepOptions): Promise<SweepResult> {
  const cells = gridCells(grid);
  const progress = options.progress ?? silentProgress;
  const base = options.set ?? [];
  const seed = options.seed ?? 7;
  const llm = options.llm ?? "offline";
  let resumed = 0;
  progress.start(`sweep ${experiment}`, cells.length);
  const rows = await mapConcurrent(cells, options.concurrency ?? 2, async (cell): Promise<Row> => {
    const cellFile = path.join(options.outDir, "cells", `${cellKey(experiment, seed, llm, base, cell)}.json`);
    if (existsSync(cellFile)) {
      resumed++;
      progress.tick();
      return JSON.parse(readFileSync(cellFile, "utf8")) as Row;
    }
    const pairs = Object.entries(cell).map(([key, value]) => `${key}=${value}`);
    const run = await runExperiment(experiment, { ...options, set: [...base, ...pairs], progress: undefined, concurrency: 1 });
    const row: Row = {};
    for (const key of Object.keys(grid)) row[key] = run.config[key] as Cell;
    for (const [key, value] of Object.entries(run.result.summary)) if (!(key in row)) row[key] = value;
    writeFileAtomic(cellFile, JSON.stringify(row) + "\n");
    progress.tick();
    return row;
  });
  progress.done();
  const table: Table = {
    name: `sweep_${experiment}`,
    title: `Sensitivity sweep — ${experiment} (${Object.keys(grid).join(" x ")})`,
    rows,
    note: `One row per grid cell; columns after the grid keys are the run's summary numbers. Seed ${seed}, LLM ${llm}.`,
  };
  const files = {
    csv: path.join(options.outDir, `${table.name}.csv`),
    md: path.join(options.outDir, `${table.name}.md`),
    json: path.join(options.outDir, `${table.name}.json`),
  };
  writeFileAtomic(files.csv, toCsv(table));
  writeFileAtomic(files.md, `### ${table.title}\n\n${table.note}\n\n${toMarkdown(table)}`);
  writeFileAtomic(files.json, JSON.stringify(table, null, 1) + "\n");
  return { table, files, resumed };
}
