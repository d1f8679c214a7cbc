import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type ChromiumHandle } from "../../src/plot/browser";
import { chromiumAvailable, chromiumPath } from "../../src/plot/chromium";
import { MAX_HTML_ROWS, readRunFolder, writeRunReport } from "../../src/report/index";
import { runExperiment } from "../../src/run/runner";
import { writeRunFolder } from "../../src/run/writer";
import { inspectReport } from "./helpers";

// What a reader needs: a report of each experiment opens in Chromium with every figure drawn and no console errors.
const haveChromium = chromiumAvailable();
if (!haveChromium) console.warn(`[test/report/experiments] SKIPPED: no Chromium at ${chromiumPath()} (apt-get install chromium)`);

describe.skipIf(!haveChromium)("a report of each experiment (offline, bundled data)", () => {
  let chrome: ChromiumHandle;
  const work = mkdtempSync(path.join(tmpdir(), "consilium-exp-report-"));
  beforeAll(async () => {
    chrome = await launchChromium();
  });
  afterAll(async () => {
    await chrome?.close();
    rmSync(work, { recursive: true, force: true });
  });

  for (const name of ["sentimental", "finmem", "blackboard"] as const) {
    it(`${name}: every figure drawn, every table complete, no console errors`, async () => {
      const run = await runExperiment(name, { seed: 7 });
      const dir = path.join(work, name);
      writeRunFolder(run, dir);
      const folder = readRunFolder(dir);
      const check = await inspectReport(chrome, writeRunReport(dir));
      expect(check.errors).toEqual([]);
      const tearSheet = name === "sentimental" ? 0 : 4;
      expect(check.figures).toBe(folder.figures.length + tearSheet);
      expect(check.traces.every((t) => t > 0)).toBe(true);
      for (const t of folder.tables) {
        const found = check.tables.find(([n]) => n === t.name);
        expect(found, t.name).toBeDefined();
        expect(found![1]).toBe(t.rows.length);
        expect(found![2]).toBe(Math.min(t.rows.length, MAX_HTML_ROWS));
      }
      expect(check.header).toContain("offline agents — not LLM results");
    });
  }
});
