/**
 * The notebooks' sources and their .ipynb files (formats in scripts/notebook-source.ts).
 *
 *   npm run notebooks:build [-- 03 ...]   write notebooks/NN-name.ipynb from notebooks/NN-name.ts
 *   npm run notebooks:check               exit 1 if a committed .ipynb differs from its source (writes nothing)
 *   npm run notebooks:sync [-- 03 ...]    pull the code and markdown of notebooks edited in Jupyter back
 *                                         into their sources (outputs dropped), format them with
 *                                         Prettier, and rebuild the .ipynb from the result
 *
 * Without names every notebook is considered; sync touches only the ones whose
 * .ipynb differs from what its source builds, and refuses (without --force)
 * when the source is the newer file, because then the source holds edits that
 * the notebook has not seen and syncing would overwrite them.
 *
 * Options: --dir <folder> (default notebooks/ of the project), --force.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildNotebook, NotebookSourceError, printSource, readNotebook, sourceForm } from "./notebook-source";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A notebook of the folder: its .ipynb and its .ts source (either may be missing). */
export interface NotebookPair {
  name: string;
  notebook: string;
  source: string;
}

/**
 * Every notebook of a folder, by name (NN-name), from the .ts sources and .ipynb files there.
 *
 * @example
 * notebookPairs("notebooks", ["03"]); // [{ name: "03-finmem", notebook: ".../03-finmem.ipynb", source: ".../03-finmem.ts" }]
 */
export function notebookPairs(dir: string, only: readonly string[] = []): NotebookPair[] {
  const names = new Set<string>();
  for (const file of readdirSync(dir)) {
    const match = /^([^.].*)\.(ts|ipynb)$/.exec(file);
    if (match?.[1] && statSync(path.join(dir, file)).isFile()) names.add(match[1]);
  }
  const all = [...names].sort();
  const chosen = only.length === 0 ? all : all.filter((name) => only.some((o) => name.startsWith(o) || name.includes(o)));
  if (only.length > 0 && chosen.length === 0)
    throw new NotebookSourceError(`no notebook in ${dir} matches ${only.join(", ")} (have: ${all.join(", ") || "none"})`);
  return chosen.map((name) => ({ name, notebook: path.join(dir, `${name}.ipynb`), source: path.join(dir, `${name}.ts`) }));
}

/**
 * Why a notebook differs from its source, or null when its cells are what the
 * source builds (outputs of an executed notebook do not count: see sourceForm).
 *
 * @example
 * driftOf(notebookPairs("notebooks", ["03"])[0]); // null when in sync
 */
export function driftOf(pair: NotebookPair): string | null {
  if (!existsSync(pair.source)) return `${pair.name}.ipynb has no source ${pair.name}.ts (run: npm run notebooks:sync -- ${pair.name})`;
  if (!existsSync(pair.notebook)) return `${pair.name}.ts has no notebook ${pair.name}.ipynb (run: npm run notebooks:build -- ${pair.name})`;
  const built = buildNotebook(readFileSync(pair.source, "utf8"), `${pair.name}.ipynb`);
  const committed = readFileSync(pair.notebook, "utf8");
  // Committed with its outputs (npm run notebooks) or without: only the cells the source decides count.
  if (committed === built || sourceForm(committed) === sourceForm(built)) return null;
  return `${pair.name}.ipynb differs from its source ${pair.name}.ts (edited the source: npm run notebooks:build; edited in Jupyter: npm run notebooks:sync)`;
}

/**
 * The canonical, Prettier-formatted source for a notebook's cells (Prettier
 * with the project's config, so the synced file passes format:check as is).
 *
 * @example
 * await formattedSource(readNotebook(json, "03-finmem.ipynb"), "03-finmem.ipynb", "notebooks/03-finmem.ts");
 */
export async function formattedSource(cells: ReturnType<typeof readNotebook>, notebookFile: string, sourcePath: string): Promise<string> {
  const prettier = await import("prettier");
  // The project's config wherever the folder is (--dir), so a source formats the same everywhere.
  const options = (await prettier.resolveConfig(path.join(PROJECT_ROOT, "notebooks", path.basename(sourcePath)))) ?? {};
  return prettier.format(printSource(cells, notebookFile), { ...options, filepath: sourcePath });
}

function build(pairs: readonly NotebookPair[], check: boolean, log: (line: string) => void): number {
  let problems = 0;
  for (const pair of pairs) {
    if (!existsSync(pair.source)) {
      problems++;
      log(`${pair.name}.ipynb has no source ${pair.name}.ts (run: npm run notebooks:sync -- ${pair.name})`);
      continue;
    }
    const drift = driftOf(pair);
    if (check) {
      if (drift) {
        problems++;
        log(drift);
      }
      continue;
    }
    if (drift) {
      writeFileSync(pair.notebook, buildNotebook(readFileSync(pair.source, "utf8"), `${pair.name}.ipynb`));
      log(`wrote ${pair.name}.ipynb`);
    } else log(`unchanged ${pair.name}.ipynb`);
  }
  if (check && problems === 0) log(`${pairs.length} notebook(s) match their sources`);
  return problems > 0 ? 1 : 0;
}

async function sync(pairs: readonly NotebookPair[], force: boolean, log: (line: string) => void): Promise<number> {
  let refused = 0;
  for (const pair of pairs) {
    if (!existsSync(pair.notebook)) {
      log(`skipped ${pair.name}: no ${pair.name}.ipynb to pull from`);
      continue;
    }
    if (driftOf(pair) === null) {
      log(`in sync ${pair.name}`);
      continue;
    }
    if (existsSync(pair.source) && !force && statSync(pair.source).mtimeMs > statSync(pair.notebook).mtimeMs) {
      refused++;
      log(
        `refused ${pair.name}: ${pair.name}.ts is newer than ${pair.name}.ipynb, so it may hold edits the notebook lacks (npm run notebooks:build to keep the source, or --force to take the notebook)`,
      );
      continue;
    }
    const cells = readNotebook(readFileSync(pair.notebook, "utf8"), `${pair.name}.ipynb`);
    const source = await formattedSource(cells, `${pair.name}.ipynb`, pair.source);
    writeFileSync(pair.source, source);
    writeFileSync(pair.notebook, buildNotebook(source, `${pair.name}.ipynb`));
    log(`synced ${pair.name}.ts from ${pair.name}.ipynb (${cells.length} cells) and rebuilt ${pair.name}.ipynb without outputs`);
  }
  return refused > 0 ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const dirIndex = rest.indexOf("--dir");
  const dir = dirIndex >= 0 && rest[dirIndex + 1] ? path.resolve(rest[dirIndex + 1]!) : path.join(PROJECT_ROOT, "notebooks");
  const names = rest.filter((arg, i) => !arg.startsWith("--") && !(dirIndex >= 0 && i === dirIndex + 1));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const pairs = notebookPairs(dir, names);
  switch (command) {
    case "build":
      return build(pairs, false, log);
    case "check":
      return build(pairs, true, log);
    case "sync":
      return sync(pairs, rest.includes("--force"), log);
    default:
      process.stderr.write(`usage: node --import tsx scripts/notebooks.ts build|check|sync [names...] [--dir <folder>] [--force]\n`);
      return 2;
  }
}

if (process.argv[1] && /scripts[/\\]notebooks\.[cm]?[jt]s$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof NotebookSourceError ? error.message : String((error as Error).stack ?? error)}\n`);
      process.exitCode = 2;
    },
  );
}
