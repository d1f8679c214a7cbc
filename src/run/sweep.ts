/**
 * Parameter sweeps: the cartesian product of a grid, each cell one run of an
 * experiment, collected into one tidy table (a row per cell: the grid values,
 * then the run's summary numbers).
 *
 * The grid key `model` is the model ablation (FinMem §4 compares backbones):
 * `--grid model=gpt-4o-mini,gpt-4.1-mini` runs each cell with that endpoint
 * model (`--llm openai`, recorded in the sweep's LLM cache; `--llm replay`
 * replays them with no key), and "offline" names the embedded agents, so a
 * sweep can set a model beside the offline baseline.
 *
 * Resumable: each finished cell is saved under `<outDir>/cells/` and skipped on
 * a rerun; unfinished cells re-run against the shared LLM cache, so calls made
 * before a crash are not paid for twice.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../data/index";
import { createModel, stableHash, mapConcurrent, type Model } from "../llm/index";
import { type Cell, type Progress, type Row, type Table, OFFLINE_LABEL, roundTableCells, silentProgress, toCsv, toMarkdown } from "../core/index";
import { ConfigError } from "./config";
import { prepareRun, resolveExperimentConfig, type RunOptions } from "./runner";

export interface SweepOptions extends Omit<RunOptions, "progress"> {
  outDir: string;
  progress?: Progress;
  /** Builds the model of a `model` grid value (tests, notebooks); default: createModel with the sweep's llm, seed and cache. */
  modelFactory?: (name: string) => Model;
}

/** The grid key that selects the model of a cell instead of a config key. */
export const MODEL_GRID_KEY = "model";

/**
 * The model of each `model` grid value, built once and shared by the cells
 * that name it. "offline" is the embedded agents (recorded with the sweep's
 * cache); other names need --llm openai or replay (a ConfigError otherwise).
 */
function gridModels(values: readonly string[], options: SweepOptions, llm: string, seed: number): Map<string, Model> {
  if (values.length && options.model !== undefined)
    throw new ConfigError(`--grid ${MODEL_GRID_KEY}=... and --model ${options.model} both name the model; give one`);
  const out = new Map<string, Model>();
  for (const name of values) {
    if (out.has(name)) continue;
    if (options.modelFactory) {
      out.set(name, options.modelFactory(name));
      continue;
    }
    if (name === "offline") {
      out.set(
        name,
        llm === "replay"
          ? createModel({ llm: "replay", model: "offline", seed, cacheDir: options.cacheDir })
          : createModel({ llm: "offline", seed, cacheDir: options.cacheDir, cacheOffline: true }),
      );
      continue;
    }
    if (llm === "offline")
      throw new ConfigError(
        `--grid ${MODEL_GRID_KEY}=${name} needs --llm openai (or replay with the sweep's cache); offline runs only the embedded agents ("offline")`,
      );
    out.set(
      name,
      createModel({
        llm: llm as "openai" | "replay",
        model: name,
        seed,
        cacheDir: options.cacheDir,
        concurrency: options.concurrency,
        timeoutMs: options.timeoutMs,
        responseFormat: options.responseFormat,
        log: options.log,
      }),
    );
  }
  return out;
}

export interface SweepResult {
  table: Table;
  files: { csv: string; md: string; json: string };
  /** Figures of the experiment's `sweepFigures` (plotly JSON), written beside the table. */
  figures: string[];
  /** Cells loaded from a previous (interrupted) sweep. */
  resumed: number;
}

/**
 * All combinations of the grid, in row-major order of the keys as given.
 *
 * @example
 * gridCells({ a: ["1", "2"], b: ["x"] }); // [{a:"1",b:"x"},{a:"2",b:"x"}]
 */
export function gridCells<V>(grid: Record<string, readonly V[]>): Array<Record<string, V>> {
  let cells: Array<Record<string, V>> = [{}];
  for (const [key, values] of Object.entries(grid)) {
    const next: Array<Record<string, V>> = [];
    for (const cell of cells) for (const value of values) next.push({ ...cell, [key]: value });
    cells = next;
  }
  return cells;
}

/**
 * Identity of a finished cell: everything its result depends on, i.e. the
 * fully resolved config (so a changed --config, --set or default re-runs it),
 * the data folder, seed and model.
 */
function cellKey(experiment: string, seed: number, llm: string, model: string, dataDir: string, config: Record<string, unknown>): string {
  return stableHash({ experiment, seed, llm, model, dataDir, config }).slice(0, 16);
}

/**
 * Run a grid. Cells share one model (and so one LLM cache) and run in
 * parallel up to `concurrency`; rows keep grid order whatever finishes first.
 *
 * @example
 * await runSweep("sentimental", { alpha: ["0.3", "0.5", "0.7"] }, { outDir: "runs/sweep" });
 */
export async function runSweep(experimentName: string, grid: Record<string, readonly string[]>, options: SweepOptions): Promise<SweepResult> {
  const cells = gridCells(grid);
  const progress = options.progress ?? silentProgress;
  const base = options.set ?? [];
  const llm = options.llm ?? "offline";
  const { experiment, ctx, model, modelLabel } = await prepareRun(experimentName, { ...options, progress: undefined, cacheOffline: true });
  const models = gridModels(grid[MODEL_GRID_KEY] ?? [], options, llm, ctx.seed);
  const modelOf = (cell: Record<string, string>): Model => (cell[MODEL_GRID_KEY] !== undefined ? models.get(cell[MODEL_GRID_KEY])! : model);
  // Validate every cell before spending anything on the first one.
  const configs = await Promise.all(
    cells.map(async (cell, i) => {
      const pairs = Object.entries(cell)
        .filter(([key]) => key !== MODEL_GRID_KEY)
        .map(([key, value]) => `${key}=${value}`);
      try {
        return await resolveExperimentConfig(experiment, ctx.dataDir, { ...options, set: [...base, ...pairs] });
      } catch (error) {
        throw new ConfigError(`sweep cell ${i + 1} (${pairs.join(", ")}): ${(error as Error).message}`);
      }
    }),
  );
  let resumed = 0;
  progress.start(`sweep ${experimentName}`, cells.length);
  const rows = await mapConcurrent(cells, options.concurrency ?? 2, async (cell, i): Promise<Row> => {
    const cellModel = modelOf(cell);
    // configs was built from cells, one per cell: index i is in range by construction
    const config = configs[i]!;
    const cellFile = path.join(options.outDir, "cells", `${cellKey(experimentName, ctx.seed, llm, cellModel.id, ctx.dataDir, config)}.json`);
    if (existsSync(cellFile)) {
      resumed++;
      progress.tick();
      // The grid may have been reordered or extended since: the position is today's.
      return { ...(JSON.parse(readFileSync(cellFile, "utf8")) as Row), cell: i + 1 };
    }
    const cellCtx = { ...ctx, model: cellModel, progress: silentProgress, concurrency: 1 };
    const measured = experiment.sweepCell ? await experiment.sweepCell(config, cellCtx) : (await experiment.run(config, cellCtx)).summary;
    const row: Row = { cell: i + 1 };
    for (const key of Object.keys(grid)) row[key] = key === MODEL_GRID_KEY ? cellModel.id : (config[key] as Cell);
    for (const [key, value] of Object.entries(measured)) if (!(key in row)) row[key] = value;
    row.model = cellModel.id;
    writeFileAtomic(cellFile, JSON.stringify(row) + "\n");
    progress.tick();
    return row;
  });
  progress.done();
  const gridLabel = models.size ? `models: ${[...models.values()].map((m) => (m.isOffline ? OFFLINE_LABEL : m.id)).join(", ")}` : modelLabel;
  const table: Table = roundTableCells({
    name: `sweep_${experimentName}`,
    title: `Sensitivity sweep — ${experimentName} (${Object.keys(grid).join(" x ")}) — ${gridLabel}`,
    rows,
    note: `One row per grid cell; columns after the grid keys are the cell's measurements. Seed ${ctx.seed}, LLM ${llm}.`,
  });
  const files = {
    csv: path.join(options.outDir, `${table.name}.csv`),
    md: path.join(options.outDir, `${table.name}.md`),
    json: path.join(options.outDir, `${table.name}.json`),
  };
  writeFileAtomic(files.csv, toCsv(table));
  writeFileAtomic(files.md, `### ${table.title}\n\n${table.note}\n\n${toMarkdown(table)}`);
  writeFileAtomic(files.json, JSON.stringify(table, null, 1) + "\n");
  const figures = (experiment.sweepFigures?.(table) ?? []).map((figure) => {
    const file = path.join(options.outDir, "figures", `${figure.name.replace(/[^A-Za-z0-9._-]+/g, "_")}.json`);
    writeFileAtomic(file, JSON.stringify(figure) + "\n");
    return file;
  });
  return { table, files, figures, resumed };
}
