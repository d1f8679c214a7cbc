/**
 * Result tables as danfojs DataFrames. This module is the one that loads
 * danfojs-node (which pulls in TensorFlow.js, seconds of start-up), so it is a
 * separate entry that notebooks import on demand; nothing in the CLI reaches it.
 *
 * Two things make the frames pleasant to explore:
 * - each column gets its type from the table's values (int32, float32,
 *   boolean, string) and a missing number becomes NaN, danfojs' missing
 *   value, so group-bys and describe() treat it as missing rather than 0;
 * - once loaded, every DataFrame and Series (including the results of
 *   groupby, describe, loc, ...) prints as src/notebook/frames.ts' rounded
 *   grid with the column types under the names, instead of danfojs' own grid
 *   that cuts numbers off after 16 characters.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { inspect } from "node:util";
import type * as Danfo from "danfojs-node";
import { tableColumns, type Cell, type Table } from "../core/index";
import { projectRoot } from "../data/index";
import { frameText, type FrameDisplayOptions, type FrameLike } from "./frames";

type DanfoModule = typeof Danfo;
export type DataFrame = InstanceType<DanfoModule["DataFrame"]>;
export type ColumnDtype = "int32" | "float32" | "boolean" | "string";

const displayOptions: FrameDisplayOptions = {};

let danfo: DanfoModule | null = null;
function loadDanfo(): DanfoModule {
  if (danfo) return danfo;
  // createRequire works both under ESM (CLI, tests) and tslab's CommonJS.
  const loaded = createRequire(path.join(projectRoot(), "package.json"))("danfojs-node") as DanfoModule;
  // print() is console.log(this + ""), and a notebook cell ending in a frame logs it: both land here.
  const show = function (this: FrameLike): string {
    return frameText(this, displayOptions);
  };
  // The exported classes extend danfojs' base classes, and operations (head, groupby, describe, ...)
  // return instances of the base ones: every prototype up the chain gets the display.
  for (const Class of [loaded.DataFrame, loaded.Series]) {
    for (let proto: object | null = Class.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
      Object.defineProperty(proto, "toString", { value: show, configurable: true, writable: true });
      Object.defineProperty(proto, inspect.custom, { value: show, configurable: true, writable: true });
    }
  }
  danfo = loaded;
  return loaded;
}

/**
 * Change how every frame prints from now on (digits, rows shown, text width).
 *
 * @example
 * setFrameDisplay({ digits: 6, maxRows: 40 });
 */
export function setFrameDisplay(options: FrameDisplayOptions): void {
  Object.assign(displayOptions, options);
}

/**
 * The danfojs type of a column from its values: int32 when every present
 * value is an integer, float32 for other numbers (and for a column with no
 * value at all), boolean, else string.
 *
 * @example
 * columnDtype([1, 2, null]); // "float32": a missing number is NaN, which int32 cannot hold
 */
export function columnDtype(values: readonly (Cell | undefined)[]): ColumnDtype {
  const present = values.filter((v): v is Exclude<Cell, null> => v !== null && v !== undefined);
  if (present.every((v) => typeof v === "number")) {
    const integers = present.length > 0 && present.length === values.length && present.every((v) => Number.isInteger(v));
    return integers ? "int32" : "float32";
  }
  if (present.every((v) => typeof v === "boolean")) return "boolean";
  return "string";
}

function frameValue(value: Cell | undefined, dtype: ColumnDtype): Cell {
  if (value === null || value === undefined) return dtype === "float32" ? Number.NaN : null;
  return dtype === "string" && typeof value !== "string" ? String(value) : value;
}

/**
 * A result table as a danfojs DataFrame: columns in the table's order, each
 * typed from its values (see columnDtype), missing numbers as NaN.
 *
 * danfojs gives a frame one property per column name, so a column named like
 * a DataFrame member hides that member on the frame (sentiment_by_round's
 * `round` hides `df.round()`, audit_findings' `column` hides `df.column()`);
 * `df.loc({ columns: [...] })` reaches any column whatever its name.
 *
 * @example
 * const rounds = toDataFrame(run.table("sentiment_by_round"));
 * rounds.dtypes; // ["string", "string", "string", "int32", ..., "float32", ...]
 */
export function toDataFrame(table: Table): DataFrame {
  const { DataFrame } = loadDanfo();
  const columns = tableColumns(table);
  const dtypes = columns.map((c) => columnDtype(table.rows.map((row) => row[c])));
  const data = table.rows.map((row) => columns.map((c, i) => frameValue(row[c], dtypes[i] ?? "string")));
  return new DataFrame(data, { columns, dtypes });
}
