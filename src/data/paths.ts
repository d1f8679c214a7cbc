/**
 * Where the data lives: the bundled `datasets/` folder of the repository, or
 * a folder chosen with `--data DIR` / `CONSILIUM_DATA`.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Root of the Consilium repository: `CONSILIUM_HOME` when set, otherwise the
 * nearest folder at or above the working directory whose package.json is
 * named "consilium". (No `import.meta`: notebooks compile src/ as CommonJS.)
 *
 * @example
 * projectRoot(); // "/work/main"
 */
export function projectRoot(start: string = process.cwd()): string {
  const home = process.env["CONSILIUM_HOME"];
  if (home && home.trim() !== "") return resolve(home);
  let dir = resolve(start);
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: unknown }).name === "consilium") return dir;
      } catch {
        // an unreadable package.json is not ours; keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`cannot find the Consilium project root above ${start}: run from inside the repository or set CONSILIUM_HOME`);
    }
    dir = parent;
  }
}

/**
 * Absolute path of the bundled data folder (`<repo>/datasets`).
 *
 * @example
 * bundledDataDir(); // "/work/main/datasets"
 */
export function bundledDataDir(start?: string): string {
  return join(projectRoot(start), "datasets");
}

/**
 * The data folder to use: the `--data` flag, else env `CONSILIUM_DATA`, else
 * the bundled `datasets/`. Relative paths resolve against the working dir.
 *
 * @example
 * resolveDataDir("../shared/datasets"); // "/work/shared/datasets" (from /work/main)
 * resolveDataDir();                      // $CONSILIUM_DATA or "<repo>/datasets"
 */
export function resolveDataDir(flag?: string): string {
  if (flag !== undefined && flag.trim() !== "") return resolve(flag);
  const env = process.env["CONSILIUM_DATA"];
  if (env !== undefined && env.trim() !== "") return resolve(env);
  return bundledDataDir();
}
