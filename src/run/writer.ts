/**
 * Writes a run folder:
 *
 *   manifest.json         experiment, model, offline flag, seed, data, config, versions, usage, gaps, index of files
 *   config.json           the resolved config with seed, LLM mode and model (and, when the run
 *                         could not honour a key as given, `effective`: the values it used and why)
 *   tables/<name>.csv     every table (also .json with title/columns/note, and .md)
 *   figures/<name>.json   every figure as plotly JSON
 *   artifacts/...         experiment extras (blackboard log, traces)
 *   timings.json          wall-clock timings (the only file that differs between identical runs)
 *   llm-cache/            the record/replay cache (when the run used one): the live cache when
 *                         it lives here, else the entries this run used appended (sorted, never
 *                         rewriting a line), so `--llm replay --out <this folder>` works whatever
 *                         `--cache` was
 *
 * Same seed + same cache => every file is byte-identical but timings.json and
 * a journal an experiment appends while it runs, in completion order (the
 * Blackboard's journal/blackboard.jsonl.gz).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../data/index";
import { mergeIntoCache } from "../llm/index";
import type { RunRecord } from "./runner";
import { tableColumns, toCsv, toMarkdown, type RunGaps } from "../core/index";

export interface RunManifest {
  experiment: string;
  description: string;
  model: string;
  offline: boolean;
  modelLabel: string;
  seed: number;
  dataDir: string;
  llm: string;
  config: Record<string, unknown>;
  /** Keys the run used with other values than requested, and why (ExperimentResult.effective). */
  effective?: { config: Record<string, unknown>; notes: string[] };
  versions: Record<string, string>;
  usage: RunRecord["usage"];
  summary: RunRecord["result"]["summary"];
  tables: Array<{ name: string; title: string; rows: number; csv: string; json: string; md: string }>;
  figures: Array<{ name: string; title: string; json: string }>;
  artifacts: string[];
  /** Why the run stopped before the end (a --max-calls / --max-cost limit), when it did. */
  stopped?: RunRecord["stopped"];
  /** Model answers the run went on without (onInvalid=skip and the like), in total and per task; always present, 0 included. */
  gaps: RunGaps;
}

/** What a run folder's config.json records: which run this is (folder-guard reads it to keep runs from mixing). */
export interface RunConfigFile {
  experiment: string;
  seed: number;
  llm: string;
  model: string;
  config: Record<string, unknown>;
  effective?: { config: Record<string, unknown>; notes: string[] };
}

/**
 * Write `<outDir>/config.json`. Written when a run starts (so an interrupted
 * run still says what it was) and again, with `effective`, when it ends.
 *
 * @example
 * writeRunConfigFile("runs/x", { experiment: "finmem", seed: 7, llm: "offline", model: "offline", config });
 */
export function writeRunConfigFile(outDir: string, file: RunConfigFile): void {
  const { experiment, seed, llm, model, config, effective } = file;
  writeFileAtomic(
    path.join(outDir, "config.json"),
    JSON.stringify({ experiment, seed, llm, model, config, ...(effective ? { effective } : {}) }, null, 2) + "\n",
  );
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "_");
}

/**
 * Write a run's folder (layout in the module doc) and return its manifest.
 * Nothing written contains an API key: the model layer never stores it.
 *
 * @example
 * const manifest = writeRunFolder(await runExperiment("finmem", { seed: 7 }), "runs/finmem-seed7");
 * manifest.tables.map((t) => t.csv); // ["tables/finmem_metrics.csv", ...]
 */
export function writeRunFolder(run: RunRecord, outDir: string, llm = "offline"): RunManifest {
  mkdirSync(outDir, { recursive: true });
  const manifest: RunManifest = {
    experiment: run.experiment,
    description: run.description,
    model: run.model,
    offline: run.offline,
    modelLabel: run.modelLabel,
    seed: run.seed,
    dataDir: run.dataDir,
    llm,
    config: run.config,
    ...(run.result.effective ? { effective: run.result.effective } : {}),
    versions: run.versions,
    usage: run.usage,
    summary: run.result.summary,
    tables: [],
    figures: [],
    artifacts: [],
    ...(run.stopped ? { stopped: run.stopped } : {}),
    gaps: run.result.gaps ?? { total: 0, byTask: {} },
  };
  for (const table of run.result.tables) {
    const base = safeName(table.name);
    const files = { csv: `tables/${base}.csv`, json: `tables/${base}.json`, md: `tables/${base}.md` };
    writeFileAtomic(path.join(outDir, files.csv), toCsv(table));
    writeFileAtomic(
      path.join(outDir, files.json),
      JSON.stringify({ name: table.name, title: table.title, note: table.note ?? null, columns: tableColumns(table), rows: table.rows }, null, 1) + "\n",
    );
    const heading = `### ${table.title}\n\n${table.note ? `${table.note}\n\n` : ""}`;
    writeFileAtomic(path.join(outDir, files.md), heading + toMarkdown(table));
    manifest.tables.push({ name: table.name, title: table.title, rows: table.rows.length, ...files });
  }
  for (const figure of run.result.figures) {
    const file = `figures/${safeName(figure.name)}.json`;
    writeFileAtomic(path.join(outDir, file), JSON.stringify(figure) + "\n");
    manifest.figures.push({ name: figure.name, title: figure.title, json: file });
  }
  for (const artifact of run.result.artifacts ?? []) {
    const file = path.posix.join("artifacts", artifact.path.replace(/^\/+/, "").replace(/\.\.+/g, "_"));
    writeFileAtomic(path.join(outDir, file), artifact.content);
    manifest.artifacts.push(file);
  }
  const ownCache = path.join(outDir, "llm-cache");
  if (run.llmCache && run.llmCache.entries.length > 0 && path.resolve(run.llmCache.dir) !== path.resolve(ownCache)) {
    mergeIntoCache(ownCache, run.llmCache.entries);
  }
  writeRunConfigFile(outDir, { experiment: run.experiment, seed: run.seed, llm, model: run.model, config: run.config, effective: run.result.effective });
  writeFileAtomic(path.join(outDir, "timings.json"), JSON.stringify(run.timings, null, 2) + "\n");
  writeFileAtomic(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}
