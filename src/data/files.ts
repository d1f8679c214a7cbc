/** Listing the files of a data folder's sub-folders. */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Files of one kind in a sub-folder, sorted by name; metadata (`_*`) and dot
 * files are skipped.
 *
 * @example
 * listDataFiles("datasets", "prices", ".csv"); // [".../prices/ALTA.csv", ...] (no _manifest.csv)
 */
export function listDataFiles(dir: string, sub: string, ext: string): string[] {
  const folder = join(dir, sub);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  return readdirSync(folder)
    .filter((f) => f.toLowerCase().endsWith(ext) && !f.startsWith("_") && !f.startsWith("."))
    .sort()
    .map((f) => join(folder, f));
}
