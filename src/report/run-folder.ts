/**
 * Reading a run folder written by `writeRunFolder` (src/run/writer.ts):
 *
 *   manifest.json        experiment, model, offline, seed, dataDir, config, versions, usage, summary, tables[], figures[]
 *   config.json          resolved config
 *   tables/<name>.json   {name, title, note, columns, rows}   (+ .csv, .md)
 *   figures/<name>.json  plotly Figure JSON
 *   timings.json         {totalMs, ...}
 *
 * Every problem is reported with the file and the field.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Cell, Figure, Row, Table } from "../core/index";

export interface RunManifestLike {
  experiment: string;
  description?: string;
  model: string;
  offline: boolean;
  modelLabel?: string;
  seed: number;
  dataDir: string;
  llm?: string;
  startedAt?: string;
  finishedAt?: string;
  config: Record<string, unknown>;
  versions: Record<string, string>;
  usage?: Partial<
    Record<"calls" | "cacheHits" | "networkCalls" | "repairs" | "promptTokens" | "cachedPromptTokens" | "completionTokens" | "estimatedCostUsd", number>
  >;
  summary?: Record<string, Cell>;
  timings?: Record<string, unknown>;
  tables: Array<{ name: string; title: string; rows?: number; csv?: string; json: string }>;
  figures: Array<{ name: string; title: string; json: string }>;
  artifacts?: string[];
}

export interface RunFolder {
  dir: string;
  manifest: RunManifestLike;
  config: Record<string, unknown>;
  tables: Array<Table & { csvText: string | null }>;
  figures: Figure[];
  timings: Record<string, unknown>;
}

/** Thrown for a malformed run folder; names the file and the field. */
export class RunFolderError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    message: string,
  ) {
    super(`${file}: ${field}: ${message}`);
    this.name = "RunFolderError";
  }
}

function readJson(file: string): unknown {
  if (!existsSync(file)) throw new RunFolderError(file, "(file)", "missing");
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new RunFolderError(file, "(file)", `not valid JSON (${(e as Error).message})`);
  }
}

function need<T>(file: string, obj: Record<string, unknown>, field: string, check: (v: unknown) => boolean, what: string): T {
  const v = obj[field];
  if (!check(v)) throw new RunFolderError(file, field, `expected ${what}, got ${JSON.stringify(v)?.slice(0, 60) ?? "undefined"}`);
  return v as T;
}

const isString = (v: unknown) => typeof v === "string";
const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Load a run folder (tables from their JSON files, figures from theirs).
 * @example const run = readRunFolder("runs/blackboard-7"); run.tables.length
 */
export function readRunFolder(runDir: string): RunFolder {
  const dir = path.resolve(runDir);
  const manifestFile = path.join(dir, "manifest.json");
  const raw = readJson(manifestFile);
  if (!isObject(raw)) throw new RunFolderError(manifestFile, "(root)", "expected a JSON object");
  const m = raw as Record<string, unknown>;
  need(manifestFile, m, "experiment", isString, "a string");
  need(manifestFile, m, "model", isString, "a string");
  need(manifestFile, m, "offline", (v) => typeof v === "boolean", "true or false");
  need(manifestFile, m, "seed", (v) => typeof v === "number", "a number");
  need(manifestFile, m, "dataDir", isString, "a string");
  need(manifestFile, m, "tables", Array.isArray, "an array");
  need(manifestFile, m, "figures", Array.isArray, "an array");
  const manifest = { config: {}, versions: {}, ...m } as unknown as RunManifestLike;

  const tables = manifest.tables.map((entry, i) => {
    if (!isObject(entry) || !isString(entry.json)) throw new RunFolderError(manifestFile, `tables[${i}].json`, "expected a file path");
    const file = path.join(dir, entry.json);
    const t = readJson(file);
    if (!isObject(t)) throw new RunFolderError(file, "(root)", "expected a JSON object");
    const tt = t as Record<string, unknown>;
    const rows = need<Row[]>(file, tt, "rows", Array.isArray, "an array of rows");
    rows.forEach((r, k) => {
      if (!isObject(r)) throw new RunFolderError(file, `rows[${k}]`, "expected an object");
    });
    const columns = Array.isArray(tt.columns) ? (tt.columns as string[]) : undefined;
    const csvFile = entry.csv ? path.join(dir, entry.csv) : null;
    return {
      name: isString(tt.name) ? (tt.name as string) : entry.name,
      title: isString(tt.title) ? (tt.title as string) : entry.title,
      note: isString(tt.note) ? (tt.note as string) : undefined,
      columns,
      rows,
      csvText: csvFile && existsSync(csvFile) ? readFileSync(csvFile, "utf8") : null,
    };
  });

  const figures = manifest.figures.map((entry, i) => {
    if (!isObject(entry) || !isString(entry.json)) throw new RunFolderError(manifestFile, `figures[${i}].json`, "expected a file path");
    const file = path.join(dir, entry.json);
    const f = readJson(file);
    if (!isObject(f)) throw new RunFolderError(file, "(root)", "expected a JSON object");
    const ff = f as Record<string, unknown>;
    need(file, ff, "data", Array.isArray, "an array of plotly traces");
    need(file, ff, "layout", isObject, "a plotly layout object");
    return { name: entry.name, title: entry.title, ...ff } as Figure;
  });

  const configFile = path.join(dir, "config.json");
  const configJson = existsSync(configFile) ? (readJson(configFile) as Record<string, unknown>) : {};
  const config = isObject(configJson.config) ? (configJson.config as Record<string, unknown>) : isObject(manifest.config) ? manifest.config : configJson;
  const timingsFile = path.join(dir, "timings.json");
  const timings = existsSync(timingsFile)
    ? (readJson(timingsFile) as Record<string, unknown>)
    : isObject(manifest.timings)
      ? (manifest.timings as Record<string, unknown>)
      : {};
  return { dir, manifest, config, tables, figures, timings };
}
