/** Writing a run's HTML report next to (or away from) its run folder. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { renderRunReport } from "./html";
import { readRunFolder } from "./run-folder";

/**
 * Write `<runDir>/report.html` (or `options.out`) and return its path.
 * @example writeRunReport("runs/finmem-7", { out: "figures/finmem-report.html" })
 */
export function writeRunReport(runDir: string, options: { out?: string } = {}): string {
  const run = readRunFolder(runDir);
  const out = path.resolve(options.out ?? path.join(run.dir, "report.html"));
  writeFileSync(out, renderRunReport(run));
  return out;
}
