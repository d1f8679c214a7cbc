import type { Page } from "playwright-core";
import type { ChromiumHandle } from "../../src/plot/browser";

export interface PageCheck {
  errors: string[];
  figures: number;
  /** Drawn traces per plot element. */
  traces: number[];
  /** [table name, rows in the table, rows rendered] per table section. */
  tables: Array<[string, number, number]>;
  header: string;
}

/** Open a report from disk, wait for every figure, and collect what the tests assert. */
export async function inspectReport(chrome: ChromiumHandle, file: string, keepOpen?: (page: Page) => Promise<void>): Promise<PageCheck> {
  const context = await chrome.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
    await page.goto(`file://${file}`);
    await page.waitForFunction(
      () => {
        const figs = document.querySelectorAll(".consilium-figure");
        const plots = document.querySelectorAll(".js-plotly-plot");
        return figs.length === plots.length && Array.from(plots).every((p) => p.querySelector(".main-svg"));
      },
      null,
      { timeout: 30_000 },
    );
    const info = await page.evaluate(() => ({
      figures: document.querySelectorAll(".consilium-figure").length,
      traces: Array.from(document.querySelectorAll(".js-plotly-plot")).map(
        (p) => p.querySelectorAll(".cartesianlayer g.trace, .heatmaplayer image, .pielayer g.trace").length,
      ),
      tables: Array.from(document.querySelectorAll("section.table")).map(
        (s) => [s.getAttribute("data-table") ?? "", Number(s.getAttribute("data-rows")), s.querySelectorAll("tbody tr").length] as [string, number, number],
      ),
      header: document.querySelector("header")?.textContent ?? "",
    }));
    if (keepOpen) await keepOpen(page);
    return { errors, ...info };
  } finally {
    await context.close();
  }
}
