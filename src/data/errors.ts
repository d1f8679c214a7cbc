/**
 * The one error type of the data layer. Every problem with a data file names
 * the file, the 1-based line and the field, so a user can open the file and
 * fix it without guessing.
 */
export interface DataErrorLocation {
  /** Path of the offending file (or folder). */
  file: string;
  /** 1-based line number, when the problem is on one line. */
  line?: number;
  /** Column or JSON field name, when the problem is in one field. */
  field?: string;
}

/**
 * A malformed or missing data file.
 *
 * @example
 * throw new DataError("non-numeric value \"abc\"", { file: "prices/AAPL.csv", line: 12, field: "Close" });
 * // message: prices/AAPL.csv:12: field "Close": non-numeric value "abc"
 */
export class DataError extends Error {
  readonly file: string;
  readonly line?: number;
  readonly field?: string;
  /** The problem without the location prefix. */
  readonly detail: string;

  constructor(detail: string, location: DataErrorLocation) {
    super(formatLocation(location) + detail);
    this.name = "DataError";
    this.file = location.file;
    this.line = location.line;
    this.field = location.field;
    this.detail = detail;
  }
}

/**
 * `file:line: field "x": ` prefix used in every data-layer message.
 *
 * @example
 * formatLocation({ file: "a.csv", line: 3, field: "Date" }); // 'a.csv:3: field "Date": '
 */
export function formatLocation(loc: DataErrorLocation): string {
  let out = loc.file;
  if (loc.line !== undefined) out += `:${loc.line}`;
  out += ": ";
  if (loc.field !== undefined) out += `field "${loc.field}": `;
  return out;
}
