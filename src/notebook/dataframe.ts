/**
 * Result tables as danfojs DataFrames. This module is the one that loads
 * danfojs-node (which pulls in TensorFlow.js), so it is a separate entry that
 * notebooks import on demand; nothing in the CLI reaches it.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type * as Danfo from "danfojs-node";
import { tableColumns, type Row, type Table } from "../core/index";
import { projectRoot } from "../data/index";

type DanfoModule = typeof Danfo;

let danfo: DanfoModule | null = null;
function loadDanfo(): DanfoModule {
  // danfojs-node pulls in TensorFlow.js; load it only when a DataFrame is asked for.
  // createRequire works both under ESM (CLI, tests) and tslab's CommonJS.
  if (!danfo) danfo = createRequire(path.join(projectRoot(), "package.json"))("danfojs-node") as DanfoModule;
  return danfo;
}

/**
 * A result table as a danfojs DataFrame (columns in the table's order).
 *
 * @example
 * const df = toDataFrame(run.result.tables[0]); df.shape; // [rows, columns]
 */
export function toDataFrame(table: Table): InstanceType<DanfoModule["DataFrame"]> {
  const { DataFrame } = loadDanfo();
  const columns = tableColumns(table);
  const data = table.rows.map((row: Row) => columns.map((c) => row[c] ?? null));
  return new DataFrame(data.length ? data : [columns.map(() => null)], { columns });
}
