/**
 * What the tslab notebooks call: display of tables and figures in a notebook
 * (HTML in a kernel, text elsewhere). Tables as danfojs DataFrames are the
 * separate entry `src/notebook/dataframe` (it loads danfojs-node).
 *
 * @example
 * import { showTable } from "../src/notebook/index";
 */
export { figureHtml, showFigure, showMarkdown, showTable, tableHtml } from "./display";
