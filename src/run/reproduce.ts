/**
 * One-command reproduction (`npm run reproduce`): every experiment on the
 * embedded defaults, every table (CSV + Markdown) and figure (SVG, PDF, 300-DPI
 * PNG, HTML) under one folder, an HTML report per experiment, the paper audit,
 * and a manifest tying it together.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { lineProgress } from "../core/index";
import { writeFileAtomic } from "../data/index";
import { EXPERIMENT_NAMES } from "./registry";
import { collectVersions, DEFAULT_SEED, runExperiment, type LlmMode } from "./runner";
import { writeRunFolder, type RunManifest } from "./writer";

export interface ReproduceOptions {
  outDir: string;
  seed?: number;
  llm?: LlmMode;
  model?: string;
  dataDir?: string;
  /** Experiments to run (default: all three). */
  only?: string[];
  /** Real price folder for the audit's price checks (default: CONSILIUM_REAL_DATA or ../shared/datasets when present). */
  realDataDir?: string;
  /** Skip the browser-based exports (figures to SVG/PDF/PNG and HTML reports). */
  skipExports?: boolean;
  log?: (line: string) => void;
}

export interface ReproduceResult {
  outDir: string;
  runs: Array<{ experiment: string; dir: string; manifest: RunManifest; seconds: number; report?: string; exported: number }>;
  auditFile: string;
}

/**
 * Run every experiment (or `only` some) on the embedded defaults and write
 * run folders, exported figures, HTML reports, the paper audit and a manifest
 * under `outDir`.
 *
 * @example
 * await reproduceAll({ outDir: "figures", only: ["finmem"], skipExports: true });
 */
export async function reproduceAll(options: ReproduceOptions): Promise<ReproduceResult> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEFAULT_SEED;
  const llm = options.llm ?? "offline";
  const outDir = path.resolve(options.outDir);
  mkdirSync(outDir, { recursive: true });
  const runs: ReproduceResult["runs"] = [];
  const experiments = options.only?.length ? options.only : [...EXPERIMENT_NAMES];
  for (const [index, name] of experiments.entries()) {
    log(`[${index + 1}/${experiments.length}] ${name}: running (${llm}, seed ${seed})`);
    const started = performance.now();
    const dir = path.join(outDir, name);
    const run = await runExperiment(name, {
      seed,
      llm,
      model: options.model,
      dataDir: options.dataDir,
      cacheDir: llm === "offline" ? undefined : path.join(dir, "llm-cache"),
      progress: lineProgress(log),
      log: (message) => log(`  ${message}`),
    });
    const manifest = writeRunFolder(run, dir, llm);
    let exported = 0;
    let report: string | undefined;
    if (!options.skipExports) {
      log(`  ${name}: exporting ${run.result.figures.length} figures (svg, pdf, png 300 dpi, html)`);
      const { exportFigures } = await import("../plot/export");
      exported = (
        await exportFigures(run.result.figures, path.join(dir, "figures"), {
          formats: ["svg", "pdf", "png", "html"],
          dpi: 300,
          onFigure: (index, total, figure) => log(`    figure ${index}/${total}: ${figure}`),
        })
      ).length;
      log(`  ${name}: writing the report`);
      const { writeRunReport } = await import("../report/index");
      report = await writeRunReport(dir);
    }
    const seconds = (performance.now() - started) / 1000;
    log(`  ${name}: ${manifest.tables.length} tables, ${manifest.figures.length} figures in ${seconds.toFixed(1)} s`);
    runs.push({ experiment: name, dir, manifest, seconds, report, exported });
  }
  const audit = await import("../audit/index");
  const realDataDir = options.realDataDir ?? audit.findRealDataDir() ?? undefined;
  log(`audit: recomputing the papers' published tables${realDataDir ? ` (real prices from ${realDataDir})` : " (no real price folder: price checks skipped)"}`);
  const auditFile = path.join(outDir, "paper-audit.md");
  writeFileAtomic(auditFile, audit.auditMarkdown(audit.runAudit({ realDataDir })));
  writeFileAtomic(
    path.join(outDir, "MANIFEST.json"),
    JSON.stringify(
      {
        seed,
        llm,
        model: runs[0]?.manifest.model ?? llm,
        offline: runs.every((r) => r.manifest.offline),
        dataDir: runs[0]?.manifest.dataDir ?? null,
        versions: collectVersions(),
        runs: runs.map((r) => ({
          experiment: r.experiment,
          folder: path.relative(outDir, r.dir),
          config: r.manifest.config,
          tables: r.manifest.tables.map((t) => path.posix.join(r.experiment, t.csv)),
          figures: r.manifest.figures.map((f) => f.name),
          report: r.report ? path.relative(outDir, r.report) : null,
        })),
        audit: path.relative(outDir, auditFile),
      },
      null,
      2,
    ) + "\n",
  );
  writeFileAtomic(path.join(outDir, "INDEX.md"), indexMarkdown(runs));
  return { outDir, runs, auditFile };
}

function indexMarkdown(runs: ReproduceResult["runs"]): string {
  const lines = ["# Reproduction outputs", ""];
  for (const run of runs) {
    lines.push(`## ${run.experiment} — ${run.manifest.modelLabel}`, "");
    lines.push(`Seed ${run.manifest.seed}; data: \`${run.manifest.dataDir}\`; report: ${run.report ? `\`${path.basename(run.report)}\`` : "not written"}.`, "");
    for (const table of run.manifest.tables) lines.push(`- \`${path.posix.join(run.experiment, table.md)}\` — ${table.title} (${table.rows} rows)`);
    lines.push("");
  }
  return lines.join("\n");
}
