/**
 * Plotting: shared layout, PNG/SVG/PDF/HTML export through headless Chromium,
 * and the HTML helpers the run reports use.
 *
 * @example
 * import { makeFigure, exportFigures } from "./src/plot";
 * await exportFigures([makeFigure("f", "F", [{ type: "bar", x: [1], y: [2] }])], "out");
 */
export * from "./layout";
export * from "./png";
export * from "./browser";
export * from "./export";
