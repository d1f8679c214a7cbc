/**
 * What the tslab notebooks call: display of tables, figures and DataFrames in
 * a notebook (HTML in a kernel, text elsewhere), and figures built from a
 * DataFrame's columns. Tables as danfojs DataFrames are the separate entry
 * `src/notebook/dataframe` (it loads danfojs-node); nothing here loads it.
 *
 * @example
 * import { showTable } from "../src/notebook/index";
 */
export { figureHtml, MAX_CELL_CHARS, runSummaryTable, showFigure, showFrame, showMarkdown, showRun, showTable, tableHtml, textCellHtml } from "./display";
export { sideBySide, type TableVariant } from "./side-by-side";
export { displayCell, frameFigure, frameHtml, frameText, type FrameDisplayOptions, type FrameFigureOptions, type FrameLike } from "./frames";
