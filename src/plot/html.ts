/**
 * Interactive figures as HTML: the print geometry of a figure, one figure as
 * a div + script, a self-contained page of figures. No browser needed (the
 * Chromium export is src/plot/export, loaded on demand).
 */
import { type Figure, escapeHtml, jsonForScript } from "../core/index";
import { plotlySource } from "./plotly";

export const DEFAULT_PRINT_SIZE = { widthIn: 6.5, heightIn: 4 } as const;

/** CSS pixels per inch (the browser's layout unit). */
export const CSS_PX_PER_INCH = 96;

/**
 * Print size of a figure in inches (default 6.5 x 4, a full text width).
 * @example printSizeOf({ name: "f", title: "", data: [], layout: {} }) // { widthIn: 6.5, heightIn: 4 }
 */
export function printSizeOf(figure: Figure): { widthIn: number; heightIn: number } {
  const size = figure.printSize ?? DEFAULT_PRINT_SIZE;
  if (!(size.widthIn > 0) || !(size.heightIn > 0)) {
    throw new RangeError(`figure ${figure.name}: printSize must be positive, got ${JSON.stringify(size)}`);
  }
  return { widthIn: size.widthIn, heightIn: size.heightIn };
}

/** Layout size (CSS px), raster size (device px) and the device scale factor between them. */
export interface PixelGeometry {
  cssWidth: number;
  cssHeight: number;
  pngWidth: number;
  pngHeight: number;
  /** Device pixels per CSS pixel for the PNG screenshot. */
  scale: number;
}

/**
 * Pixel geometry for a print size at a resolution: the PNG is
 * round(widthIn*dpi) x round(heightIn*dpi) pixels; the layout is about 96 CSS
 * px per inch. Chromium's screenshots have whole CSS pixels, one scale factor,
 * and round css*scale to device pixels, so we look for a scale with
 * |cssWidth*scale - pngWidth| and |cssHeight*scale - pngHeight| both < 0.45,
 * nudging the CSS size by a few pixels (<1 % of the layout) when needed.
 * @example pixelGeometry({ widthIn: 6.5, heightIn: 4 }, 300) // { cssWidth: 624, cssHeight: 384, pngWidth: 1950, pngHeight: 1200, scale: 3.125 }
 */
export function pixelGeometry(size: { widthIn: number; heightIn: number }, dpi: number): PixelGeometry {
  const pngWidth = Math.round(size.widthIn * dpi);
  const pngHeight = Math.round(size.heightIn * dpi);
  const baseW = Math.max(1, Math.round(size.widthIn * CSS_PX_PER_INCH));
  const baseH = Math.max(1, Math.round(size.heightIn * CSS_PX_PER_INCH));
  const slack = 0.45;
  const nudges = [0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5, -6, 6, -7, 7, -8, 8];
  for (const dw of nudges) {
    for (const dh of nudges) {
      const cssWidth = baseW + dw;
      const cssHeight = baseH + dh;
      if (cssWidth < 1 || cssHeight < 1) continue;
      // scale = (pngWidth + d) / cssWidth with |d| < slack keeps the width exact;
      // the height needs |cssHeight * scale - pngHeight| < slack.
      const lo = Math.max(-slack, ((pngHeight - slack) * cssWidth) / cssHeight - pngWidth);
      const hi = Math.min(slack, ((pngHeight + slack) * cssWidth) / cssHeight - pngWidth);
      if (lo < hi) {
        const d = lo <= 0 && hi >= 0 ? 0 : lo > 0 ? (lo + Math.min(hi, lo + 0.1)) / 2 : (hi + Math.max(lo, hi - 0.1)) / 2;
        return { cssWidth, cssHeight, pngWidth, pngHeight, scale: (pngWidth + d) / cssWidth };
      }
    }
  }
  return { cssWidth: baseW, cssHeight: baseH, pngWidth, pngHeight, scale: pngWidth / baseW };
}

/**
 * A file-safe stem for a figure name.
 * @example figureFileStem("Fig 2: drift") // "Fig_2_drift"
 */
export function figureFileStem(name: string): string {
  const stem = name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "");
  return stem.length > 0 ? stem : "figure";
}

/**
 * `<script>` element holding the whole plotly.js bundle (include it once per page).
 * @example figuresToHtml uses `plotlyScriptTag()` once, then `renderFigureHtml` per figure.
 */
export function plotlyScriptTag(): string {
  return `<script>${plotlySource()}</script>`;
}

/**
 * HTML fragment (a div + a script) that draws one interactive figure; needs
 * plotly on the page (see `plotlyScriptTag`). The figure keeps its print
 * aspect ratio but fills the container width.
 * @example renderFigureHtml(fig, "fig-1") // '<div class="consilium-figure" ...><div id="fig-1" ...></div></div><script>...</script>'
 */
export function renderFigureHtml(figure: Figure, divId: string): string {
  const size = printSizeOf(figure);
  const { cssWidth, cssHeight } = pixelGeometry(size, 300);
  const id = escapeHtml(divId);
  const layout = { ...figure.layout, autosize: true };
  delete (layout as Record<string, unknown>).width;
  delete (layout as Record<string, unknown>).height;
  return (
    `<figure class="consilium-figure" data-figure="${escapeHtml(figure.name)}" style="margin:1em 0;max-width:${Math.max(cssWidth, 720)}px">` +
    `<div id="${id}" style="width:100%;aspect-ratio:${cssWidth}/${cssHeight};min-height:320px"></div></figure>` +
    `<script>(function(){var f=${jsonForScript({ data: figure.data, layout })};` +
    `Plotly.newPlot(${jsonForScript(divId)},f.data,f.layout,{responsive:true,displaylogo:false});})();</script>`
  );
}

/**
 * A complete, self-contained HTML page (plotly inlined once) showing figures.
 * Opens from disk with no network.
 * @example writeFileSync("fig.html", figuresToHtml([fig], "Drift"));
 */
export function figuresToHtml(figures: Figure[], title = figures.length === 1 ? figures[0]!.title : "Figures"): string {
  const body = figures.map((f, i) => `<h2>${escapeHtml(f.title)}</h2>\n${renderFigureHtml(f, `figure-${i + 1}`)}`).join("\n");
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<style>body{font-family:Helvetica,Arial,sans-serif;margin:2em auto;max-width:1000px;padding:0 1em;color:#222}h2{font-size:1.1em}</style>\n` +
    `${plotlyScriptTag()}\n</head><body>\n${body}\n</body></html>\n`
  );
}
