/** Locations inside bench/ (independent of the working directory). */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of the bench/ folder. */
export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Absolute path of the repository root. */
export const REPO_DIR = path.resolve(BENCH_DIR, "..");

/** Absolute path of a reference script in bench/reference/. */
export function referenceScript(name: string): string {
  return path.join(BENCH_DIR, "reference", name);
}
