/**
 * Presentation of figures without a browser: interactive HTML (one figure, a
 * page of figures), one colour per series across a report, the plotly bundle, PNG metadata (pHYs DPI), and where the
 * system Chromium is. The Chromium export itself (SVG, PDF, 300-DPI PNG) is
 * the separate entry `src/plot/export` (and `src/plot/browser`), reached by
 * dynamic import so that nothing else loads playwright-core.
 *
 * @example
 * import { figuresToHtml } from "../plot/index";
 * const { exportFigures } = await import("../plot/export");
 */
export { CHROMIUM_ARGS, ChromiumNotFoundError, chromiumAvailable, chromiumPath, DEFAULT_CHROMIUM_PATH } from "./chromium";
export {
  CSS_PX_PER_INCH,
  DEFAULT_PRINT_SIZE,
  figureFileStem,
  figuresToHtml,
  pixelGeometry,
  plotlyScriptTag,
  printSizeOf,
  renderFigureHtml,
  type PixelGeometry,
} from "./html";
export { colourFiguresBySeries, FIXED_SERIES_COLOURS, normaliseSeriesName, SERIES_PALETTE, SeriesPalette, seriesKey, traceColour } from "./palette";
export { plotlyJsPath, plotlySource, plotlyVersion } from "./plotly";
export { crc32, dpiToPixelsPerMeter, listPngChunks, readPngInfo, setPngDpi, type PngChunk, type PngInfo } from "./png";
