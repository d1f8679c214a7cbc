/**
 * Figure export: plotly JSON figures -> SVG, PDF, PNG (>= 300 DPI at the
 * intended print size) and self-contained HTML, through one headless Chromium.
 *
 * Print geometry: a figure of `widthIn` x `heightIn` inches is laid out at
 * 96 CSS px per inch (so fonts have their print size), then rasterised with
 * scale dpi/96, giving a PNG of widthIn*dpi x heightIn*dpi pixels whose pHYs
 * chunk declares the DPI. SVG and PDF are vector; the PDF page is exactly the
 * print size.
 *
 * Determinism: plotly names clip paths with the browser's global random
 * generator, so the page replaces it with a seeded one (seeded from the figure
 * name before every render), and the PDF's creation dates are pinned; the same
 * figure gives the same bytes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import type { Figure } from "../core/index";
import { hashString32 } from "../stats/index";
import { withChromium, type ChromiumHandle } from "./browser";
import { plotlySource } from "./plotly";
import { figureFileStem, figuresToHtml, pixelGeometry, printSizeOf, type PixelGeometry } from "./html";
import { setPngDpi } from "./png";

export type ExportFormat = "svg" | "pdf" | "png" | "html";

export interface ExportOptions {
  /** Which files to write per figure (default all four). */
  formats?: ExportFormat[];
  /** Raster resolution for PNG (default 300, the journals' minimum). */
  dpi?: number;
  /**
   * Browser to reuse across calls (e.g. `await sharedChromium()`, closed by the
   * caller). Default: one Chromium launched for this call, used for all its
   * figures and closed at the end, so a CLI process can exit.
   */
  chromium?: ChromiumHandle;
  /**
   * Called before each figure is drawn, with its 1-based position, the count
   * and its name (the CLI prints it: an export of a run takes tens of seconds).
   */
  onFigure?: (index: number, total: number, name: string) => void;
}

export interface ExportedFile {
  figure: string;
  format: ExportFormat;
  path: string;
  bytes: number;
}

/**
 * Render figures in one headless Chromium and write `<outDir>/<name>.<format>`
 * for each format. Returns the written files in figure order.
 * @example
 * const files = await exportFigures([fig], "figures/sentimental", { formats: ["svg", "png"], dpi: 300 });
 * // reuse one browser across many calls:
 * const chromium = await sharedChromium();
 * await exportFigures(more, "out", { chromium });
 * await closeSharedChromium();
 */
export async function exportFigures(figures: Figure[], outDir: string, options: ExportOptions = {}): Promise<ExportedFile[]> {
  const formats = options.formats ?? ["svg", "pdf", "png", "html"];
  const dpi = options.dpi ?? 300;
  if (!(dpi >= 72)) throw new RangeError(`exportFigures: dpi must be >= 72, got ${dpi}`);
  mkdirSync(outDir, { recursive: true });
  const written: ExportedFile[] = [];
  const write = (figure: Figure, format: ExportFormat, content: string | Uint8Array) => {
    const file = path.join(outDir, `${figureFileStem(figure.name)}.${format}`);
    writeFileSync(file, content);
    written.push({ figure: figure.name, format, path: file, bytes: typeof content === "string" ? Buffer.byteLength(content) : content.length });
  };

  const needsBrowser = formats.some((f) => f !== "html");
  const announce = (i: number, figure: Figure) => options.onFigure?.(i + 1, figures.length, figure.name);
  if (!needsBrowser) {
    for (const [i, figure] of figures.entries()) {
      announce(i, figure);
      write(figure, "html", figuresToHtml([figure]));
    }
    return written;
  }

  if (!options.chromium) return withChromium((chrome) => exportFigures(figures, outDir, { ...options, chromium: chrome }));
  const chrome = options.chromium;
  const context = await chrome.newContext();
  const rasterizer = new Rasterizer(chrome);
  try {
    const plotPage = await openPlotlyPage(context.newPage());
    // A page of its own for PDF printing, opened with the first PDF figure.
    let pdfPage: Page | null = null;
    for (const [i, figure] of figures.entries()) {
      announce(i, figure);
      const size = printSizeOf(figure);
      const geo = pixelGeometry(size, dpi);
      const svg = await renderSvgInPage(plotPage, figure, geo);
      for (const format of formats) {
        if (format === "svg") write(figure, "svg", svg);
        else if (format === "png") write(figure, "png", setPngDpi(await rasterizer.png(svg, geo), dpi));
        else if (format === "html") write(figure, "html", figuresToHtml([figure]));
        else if (format === "pdf") write(figure, "pdf", await svgToPdf((pdfPage ??= await context.newPage()), svg, size));
      }
    }
  } finally {
    await rasterizer.close();
    await context.close();
  }
  return written;
}

/**
 * Render one figure to SVG text and PNG bytes without writing files (for
 * notebooks and tests).
 * @example const { svg, png } = await renderFigure(fig, { dpi: 300 });
 */
export async function renderFigure(figure: Figure, options: { dpi?: number; chromium?: ChromiumHandle } = {}): Promise<{ svg: string; png: Uint8Array }> {
  const dpi = options.dpi ?? 300;
  if (!options.chromium) return withChromium((chrome) => renderFigure(figure, { dpi, chromium: chrome }));
  const chrome = options.chromium;
  const context = await chrome.newContext();
  const rasterizer = new Rasterizer(chrome);
  try {
    const page = await openPlotlyPage(context.newPage());
    const geo = pixelGeometry(printSizeOf(figure), dpi);
    const svg = await renderSvgInPage(page, figure, geo);
    return { svg, png: setPngDpi(await rasterizer.png(svg, geo), dpi) };
  } finally {
    await rasterizer.close();
    await context.close();
  }
}

/**
 * Browser-side code, kept as plain JavaScript text so src/ never needs the DOM
 * type library (notebooks compile src/ without it). Replaces the page's global
 * random generator with a seedable one (mulberry32) and installs
 * `__consiliumRender(input)`, which draws a
 * figure at a fixed CSS size and returns plotly's SVG export as a data URL.
 */
const PAGE_SCRIPT = `(function(){
var s=1;
window.__consiliumSeed=function(n){s=n>>>0;};
Math["random"]=function(){s=(s+0x6D2B79F5)>>>0;var t=s;t=Math.imul(t^(t>>>15),t|1);t^=t+Math.imul(t^(t>>>7),t|61);return((t^(t>>>14))>>>0)/4294967296;};
window.__consiliumRender=async function(inp){
  try{
    window.__consiliumSeed(inp.seed);
    var gd=document.getElementById("plot");
    Plotly.purge(gd);
    await Plotly.newPlot(gd,inp.data,inp.layout,{staticPlot:true,displayModeBar:false});
    window.__consiliumSeed(inp.seed+1);
    var url=await Plotly.toImage(gd,{format:"svg",width:inp.cssWidth,height:inp.cssHeight});
    return {svg:url,error:null};
  }catch(e){return {svg:"",error:String(e&&e.stack?e.stack:e)};}
};
window.__consiliumFontsReady=function(){return document.fonts.ready.then(function(){return true;});};
})();`;

/** `globalThis` inside the page, typed only as far as we use it. */
type PageGlobals = {
  Plotly?: unknown;
  __consiliumRender(input: unknown): Promise<{ svg: string; error: string | null }>;
  __consiliumFontsReady(): Promise<boolean>;
};

/**
 * A page with plotly.js and the seeded random generator loaded, and an empty
 * `#plot` div to draw in (export and the layout audit draw there).
 * @example const page = await openPlotlyPage(context.newPage());
 */
export async function openPlotlyPage(pagePromise: Promise<Page>): Promise<Page> {
  const page = await pagePromise;
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.setContent(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:white}</style>` + `</head><body><div id="plot"></div></body></html>`,
  );
  await page.addScriptTag({ content: plotlySource() });
  await page.addScriptTag({ content: PAGE_SCRIPT });
  const ok = await page.evaluate(() => typeof (globalThis as unknown as PageGlobals).Plotly === "object");
  if (!ok) throw new Error(`plotly.js failed to load in Chromium${errors.length ? `: ${errors.join("; ")}` : ""}`);
  return page;
}

async function renderSvgInPage(page: Page, figure: Figure, geo: PixelGeometry): Promise<string> {
  const input = {
    data: figure.data,
    layout: { ...figure.layout, width: geo.cssWidth, height: geo.cssHeight, autosize: false },
    seed: hashString32(figure.name), // FNV-1a of the name: same figure, same clip-path ids
    cssWidth: geo.cssWidth,
    cssHeight: geo.cssHeight,
  };
  let result: { svg: string; error: string | null };
  try {
    result = await page.evaluate((inp) => (globalThis as unknown as PageGlobals).__consiliumRender(inp), input);
  } catch (e) {
    // The message carries the cause (tslab's TypeScript 5.0 lib has no ErrorOptions).
    // eslint-disable-next-line preserve-caught-error
    throw new Error(`figure ${figure.name}: Chromium failed while rendering: ${(e as Error).message}`);
  }
  if (result.error) throw new Error(`figure ${figure.name}: plotly could not render it: ${result.error}`);
  return decodeDataUrl(result.svg).toString("utf8");
}

/**
 * Rasterises SVG by screenshotting it inline in a page whose device scale
 * factor is dpi/96. (Plotly's own PNG export draws the SVG as an <img> into a
 * canvas, where Chromium resolves fonts asynchronously and sometimes falls
 * back to another face: not reproducible.) One context per scale factor.
 */
class Rasterizer {
  private pages = new Map<number, { context: BrowserContext; page: Page }>();
  constructor(private readonly chrome: ChromiumHandle) {}

  async png(svg: string, geo: PixelGeometry): Promise<Uint8Array> {
    const scale = geo.scale;
    let entry = this.pages.get(scale);
    if (!entry) {
      const context = await this.chrome.newContext({ deviceScaleFactor: scale });
      entry = { context, page: await context.newPage() };
      this.pages.set(scale, entry);
    }
    const { page } = entry;
    await page.setViewportSize({ width: geo.cssWidth, height: geo.cssHeight });
    await page.setContent(
      `<!DOCTYPE html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;background:white;overflow:hidden}svg{display:block}</style>` +
        `</head><body>${svg}</body></html>`,
    );
    await page.addScriptTag({ content: PAGE_SCRIPT });
    await page.evaluate(() => (globalThis as unknown as PageGlobals).__consiliumFontsReady());
    const shot = await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: geo.cssWidth, height: geo.cssHeight }, animations: "disabled" });
    return new Uint8Array(shot);
  }

  async close(): Promise<void> {
    for (const { context } of this.pages.values()) await context.close().catch(() => undefined);
    this.pages.clear();
  }
}

/**
 * Decode `data:<mime>[;base64],<payload>` (plotly returns SVG URI-encoded, PNG in base64).
 * @example decodeDataUrl("data:image/svg+xml,%3Csvg%3E").toString() // "<svg>"
 */
export function decodeDataUrl(url: string): Buffer {
  const comma = url.indexOf(",");
  if (!url.startsWith("data:") || comma < 0) throw new Error(`not a data: URL (${url.slice(0, 30)}...)`);
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  return meta.endsWith(";base64") ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "utf8");
}

/** Fixed date for PDF metadata so repeated exports are byte-identical. */
const PINNED_PDF_DATE = "D:20000101000000+00'00'";

async function svgToPdf(page: Page, svg: string, size: { widthIn: number; heightIn: number }): Promise<Uint8Array> {
  const sized = svg.replace(/<svg\b([^>]*)>/, (_m, attrs: string) => {
    const hasViewBox = /viewBox=/.test(attrs);
    const w = /\bwidth="([\d.]+)"/.exec(attrs)?.[1];
    const h = /\bheight="([\d.]+)"/.exec(attrs)?.[1];
    const cleaned = attrs.replace(/\s(width|height)="[^"]*"/g, "");
    const viewBox = !hasViewBox && w && h ? ` viewBox="0 0 ${w} ${h}"` : "";
    return `<svg${cleaned}${viewBox} width="${size.widthIn}in" height="${size.heightIn}in">`;
  });
  await page.setContent(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><style>@page{size:${size.widthIn}in ${size.heightIn}in;margin:0}` +
      `html,body{margin:0;padding:0;background:white}svg{display:block}</style></head><body>${sized}</body></html>`,
  );
  const pdf = await page.pdf({
    width: `${size.widthIn}in`,
    height: `${size.heightIn}in`,
    printBackground: true,
    margin: { top: "0", right: "0", bottom: "0", left: "0" },
    pageRanges: "1",
  });
  return pinPdfDates(new Uint8Array(pdf));
}

/**
 * Replace the PDF's /CreationDate and /ModDate with a fixed date of the same
 * byte length (so the xref offsets stay valid).
 * @example pinPdfDates(pdfBytes) // same length, dates "D:20000101000000+00'00'"
 */
export function pinPdfDates(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString("latin1");
  const pinned = text.replace(/\/(CreationDate|ModDate)\s*\((D:[^)]*)\)/g, (m, key: string, date: string) =>
    // Only same-length replacements keep the cross-reference table valid.
    date.length === PINNED_PDF_DATE.length ? `/${key} (${PINNED_PDF_DATE})` : m,
  );
  return new Uint8Array(Buffer.from(pinned, "latin1"));
}
