/** The versions of Consilium and of what is installed in its checkout (root: `projectRoot` in src/data/paths). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../data/index";

/**
 * Version of an installed package (or of consilium itself), "unknown" when absent.
 *
 * @example
 * packageVersion("zod"); // "4.6.7"
 */
export function packageVersion(name = "consilium"): string {
  const root = projectRoot();
  const file = name === "consilium" ? path.join(root, "package.json") : path.join(root, "node_modules", name, "package.json");
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
