/** Where the Consilium checkout is, and the versions of what is installed in it. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../data/paths";

/** Root of the checkout (see `projectRoot` in src/data/paths). */
export function repoRoot(): string {
  return projectRoot();
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
