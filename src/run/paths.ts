/**
 * Where the Consilium checkout is. Found by walking up from the working
 * directory to the package.json named "consilium" (env `CONSILIUM_HOME` wins),
 * because src/ runs both as ESM (CLI, tests) and as CommonJS (tslab notebooks)
 * and neither `import.meta` nor `__dirname` works in both.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

let cachedRoot: string | null = null;

export function repoRoot(): string {
  if (process.env.CONSILIUM_HOME) return path.resolve(process.env.CONSILIUM_HOME);
  if (cachedRoot) return cachedRoot;
  let dir = process.cwd();
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "consilium") {
          cachedRoot = dir;
          return dir;
        }
      } catch {
        // an unreadable package.json belongs to someone else: keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the consilium checkout above ${process.cwd()}; set CONSILIUM_HOME`);
    dir = parent;
  }
}

/** Version of an installed package (or of consilium itself), "unknown" when absent. */
export function packageVersion(name = "consilium"): string {
  const file = name === "consilium" ? path.join(repoRoot(), "package.json") : path.join(repoRoot(), "node_modules", name, "package.json");
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
