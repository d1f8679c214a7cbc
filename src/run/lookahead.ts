/**
 * `consilium lookahead <experiment> --at D`: does anything an experiment
 * produces for the sessions up to D depend on data after D?
 *
 * The experiment runs twice with one resolved config (resolved on the
 * original folder, so windows and tickers are pinned): on the data folder,
 * and on a copy poisoned after D's close (poison.ts: later prices scaled by
 * seeded factors, later records removed or rewritten). Both runs go through a
 * RecordingModel, which keeps the hash of every prompt a real model would be
 * sent (it wraps the offline model, so no key is needed; with --llm openai or
 * replay it records what that model would receive, and calls serving a
 * session after D go to the offline model, which costs nothing and cannot
 * matter for the sessions compared). Then, per session up to D, the rows of
 * the experiment's daily tables (decisions, weights, ...) and the prompts are
 * compared: identical, different only where a declared read explains it (the
 * experiment's `lookahead.declaredReads`, e.g. FinMem's training label t+1),
 * or different without an explanation: a look-ahead, reported with its first
 * session and the field that differs. Sessions after D are counted too: if
 * none differs, the poison never reached the experiment and the audit proves
 * nothing (it says so).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isCalendarDate, silentProgress, type DeclaredRead, type Experiment, type RunContext } from "../core/index";
import { DataFolder, isTradingDay, resolveDataDir } from "../data/index";
import { createEmbedder, createModel, OfflineModel, RecordingModel, type Model } from "../llm/index";
import { ConfigError } from "./config";
import { compareRuns, dailyTablesOf, type RunRecord, type SessionVerdict } from "./lookahead-compare";
import { writePoisonedCopy, type PoisonSummary } from "./poison";
import { loadExperiment } from "./registry";
import { DEFAULT_SEED, resolveExperimentConfig, type RunOptions } from "./runner";

/** The run's own options (see `RunOptions`), plus what the audit needs. */
export interface LookaheadOptions extends Pick<
  RunOptions,
  "llm" | "model" | "seed" | "dataDir" | "configFile" | "config" | "set" | "cacheDir" | "embedder" | "concurrency" | "timeoutMs" | "responseFormat"
> {
  /** The session D: everything up to its close must not depend on what comes after. */
  at: string;
  /** Records after D: removed (default) or rewritten with false, strongly worded text. */
  records?: "remove" | "rewrite";
  /** Keep the poisoned copy (its path is in the report). */
  keepCopy?: boolean;
  log?: (message: string) => void;
  /** Injected model (tests): wrapped in the recorder like any other. */
  modelInstance?: Model;
}

export interface LookaheadReport {
  experiment: string;
  at: string;
  dataDir: string;
  /** The poisoned copy, when kept. */
  poisonedDir: string | null;
  seed: number;
  model: string;
  offline: boolean;
  config: Record<string, unknown>;
  poison: PoisonSummary;
  declaredReads: DeclaredRead[];
  /** Every session up to D, in order. */
  sessions: SessionVerdict[];
  /** The first session with a difference no declared read explains, or null. */
  firstLeak: SessionVerdict | null;
  /** Sessions after D, and how many of them differ (the poison's effect). */
  after: { sessions: number; differing: number };
  /** Prompts recorded per run (original, poisoned), and how many served no recognisable session. */
  prompts: { original: number; poisoned: number; withoutSession: number };
}

/** Everything one run leaves for the comparison. */
async function recordRun(
  experiment: Experiment<Record<string, unknown>>,
  config: Record<string, unknown>,
  ctx: RunContext,
  recorder: RecordingModel,
): Promise<RunRecord> {
  const result = await experiment.run(config, { ...ctx, model: recorder });
  return { tables: result.tables, prompts: recorder.prompts };
}

function checkSession(at: string): void {
  if (!isCalendarDate(at)) throw new ConfigError(`--at expects a calendar date YYYY-MM-DD, got "${at}"`);
  if (!isTradingDay(at)) throw new ConfigError(`--at ${at} is not a NYSE session (weekend or holiday); give a trading day`);
}

/**
 * Run the audit (module comment) and return its report.
 *
 * @example
 * const report = await runLookahead("finmem", { at: "2021-01-04", dataDir: "../shared/datasets", set: ["profileOverview=asOf"] });
 * report.firstLeak; // null: nothing up to 2021-01-04 read later data
 */
export async function runLookahead(experimentOrName: string | Experiment<Record<string, unknown>>, options: LookaheadOptions): Promise<LookaheadReport> {
  checkSession(options.at);
  const experiment = typeof experimentOrName === "string" ? await loadExperiment(experimentOrName) : experimentOrName;
  const seed = options.seed ?? DEFAULT_SEED;
  const dataDir = path.resolve(resolveDataDir(options.dataDir));
  DataFolder.open(dataDir);
  const config = await resolveExperimentConfig(experiment, dataDir, options);
  const poisonedDir = mkdtempSync(path.join(tmpdir(), "consilium-lookahead-"));
  try {
    const poison = writePoisonedCopy(dataDir, poisonedDir, { at: options.at, seed, records: options.records ?? "remove" });
    const llm = options.llm ?? "offline";
    const shared =
      options.modelInstance ??
      (llm === "offline"
        ? null
        : createModel({
            llm,
            model: options.model,
            seed,
            cacheDir: options.cacheDir,
            concurrency: options.concurrency,
            timeoutMs: options.timeoutMs,
            responseFormat: options.responseFormat,
            log: options.log,
          }));
    const recorder = (): RecordingModel => {
      const base = shared ?? new OfflineModel({ seed });
      return new RecordingModel(base, base.isOffline ? {} : { divert: { after: options.at, model: new OfflineModel({ seed }) } });
    };
    const embedder = createEmbedder({ kind: options.embedder ?? "hashing", cacheDir: options.cacheDir, llm });
    const log = options.log ?? (() => {});
    const ctx = (dir: string): RunContext => ({
      model: shared ?? new OfflineModel({ seed }),
      embedder,
      seed,
      dataDir: dir,
      progress: silentProgress,
      log,
      concurrency: options.concurrency ?? 4,
    });
    log(`lookahead: run 1 of 2 on ${dataDir}`);
    const recA = recorder();
    const a = await recordRun(experiment, config, ctx(dataDir), recA);
    log(
      `lookahead: run 2 of 2 on the copy poisoned after ${options.at} (${poison.priceRowsScaled} bars scaled, ${poison.recordsRemoved + poison.recordsRewritten} records ${poison.records === "remove" ? "removed" : "rewritten"})`,
    );
    const recB = recorder();
    const b = await recordRun(experiment, config, ctx(poisonedDir), recB);
    const reads = experiment.lookahead?.declaredReads(config, dataDir, options.at) ?? [];
    const verdicts = compareRuns(a, b, dailyTablesOf(a.tables, experiment.lookahead?.dailyTables), reads);
    const upTo = verdicts.filter((v) => v.session <= options.at);
    const later = verdicts.filter((v) => v.session > options.at);
    return {
      experiment: experiment.name,
      at: options.at,
      dataDir,
      poisonedDir: options.keepCopy ? poisonedDir : null,
      seed,
      model: recA.id,
      offline: recA.isOffline,
      config,
      poison,
      declaredReads: reads,
      sessions: upTo,
      firstLeak: upTo.find((v) => v.status === "leak") ?? null,
      after: { sessions: later.length, differing: later.filter((v) => v.status !== "identical").length },
      prompts: { original: a.prompts.length, poisoned: b.prompts.length, withoutSession: a.prompts.filter((p) => p.session === null).length },
    };
  } finally {
    if (!options.keepCopy) rmSync(poisonedDir, { recursive: true, force: true });
  }
}

const readSpan = (r: DeclaredRead) => (r.sessions === "all" ? "every session" : r.sessions.join(", "));

/** Consecutive sessions with the same status and declared reads, as one line each. */
function sessionLines(sessions: readonly SessionVerdict[]): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < sessions.length) {
    const v = sessions[i]!;
    let j = i;
    const sameAs = (w: SessionVerdict) => w.status === v.status && w.status !== "leak" && w.declared.join("|") === v.declared.join("|");
    while (j + 1 < sessions.length && sameAs(sessions[j + 1]!)) j++;
    const span = j > i ? `${v.session} .. ${sessions[j]!.session} (${j - i + 1} sessions)` : v.session;
    const prompts = sessions.slice(i, j + 1).reduce((n, s) => n + s.prompts, 0);
    const rows = sessions.slice(i, j + 1).reduce((n, s) => n + s.rows, 0);
    if (v.status === "identical") lines.push(`  ${span}: identical (${rows} rows, ${prompts} prompts)`);
    else if (v.status === "declared") lines.push(`  ${span}: differs only where declared: ${v.declared.join("; ")} (${rows} rows, ${prompts} prompts)`);
    else {
      lines.push(`  ${span}: LOOK-AHEAD, ${v.differences.filter((d) => d.declaredBy === null).length} undeclared difference(s):`);
      for (const d of v.differences.filter((x) => x.declaredBy === null).slice(0, 5))
        lines.push(`      ${d.where}: ${d.field}: ${JSON.stringify(d.a)} -> ${JSON.stringify(d.b)}`);
    }
    i = j + 1;
  }
  return lines;
}

/**
 * The report as text: the setup, the declared reads, one line per run of
 * sessions with the same verdict (a look-ahead session always on its own,
 * with the fields that differ), the poison's effect after D, and the verdict.
 *
 * @example
 * process.stdout.write(formatLookahead(report));
 */
export function formatLookahead(r: LookaheadReport): string {
  const out: string[] = [];
  const records =
    r.poison.records === "remove"
      ? `${r.poison.recordsRemoved} records stamped after it removed`
      : `${r.poison.recordsRewritten} records stamped after it rewritten`;
  out.push(
    `lookahead ${r.experiment} --at ${r.at} (${r.offline ? "offline agents" : `model ${r.model}, sessions after ${r.at} answered offline`}; seed ${r.seed})`,
  );
  out.push(`  data ${r.dataDir}; poisoned copy: ${r.poison.priceRowsScaled} bars after ${r.at} scaled, ${records}`);
  out.push(
    `  prompts recorded: ${r.prompts.original} (original), ${r.prompts.poisoned} (poisoned); ${r.prompts.withoutSession} without a session (not compared)`,
  );
  out.push(r.declaredReads.length ? "Declared look-ahead reads (by design, listed apart):" : "Declared look-ahead reads: none");
  for (const d of r.declaredReads)
    out.push(`  - ${d.name} [${readSpan(d)}]${d.observer ? " (an evaluation no decision reads: not compared)" : ""}: ${d.reason}`);
  out.push(`Sessions up to ${r.at}: ${r.sessions.length}`);
  out.push(...sessionLines(r.sessions));
  out.push(
    `After ${r.at}: ${r.after.differing} of ${r.after.sessions} sessions differ${r.after.differing === 0 ? " (the poison never reached the experiment: this audit proves nothing)" : " (the poison took effect)"}`,
  );
  const declared = r.sessions.filter((s) => s.status === "declared").length;
  out.push(
    r.firstLeak
      ? `Result: LOOK-AHEAD from ${r.firstLeak.session}: ${r.firstLeak.differences[0]?.where}: ${r.firstLeak.differences[0]?.field}`
      : declared
        ? `Result: no look-ahead beyond the declared reads (${declared} session(s) differ only where they explain it).`
        : `Result: no look-ahead: every session up to ${r.at} is identical.`,
  );
  return out.join("\n") + "\n";
}
