/**
 * Checked reads for tests under `noUncheckedIndexedAccess`: a missing element
 * fails the test with the index (or key) in the message instead of flowing on
 * as `undefined`, and the test needs no `!`.
 */

/**
 * The element at `index`; throws when there is none.
 *
 * @example
 * at([1, 2, 3], 2); // 3
 */
export function at<T>(values: ArrayLike<T>, index: number): T {
  const value = values[index];
  if (value === undefined) throw new RangeError(`no element at index ${index} (length ${values.length})`);
  return value;
}

/**
 * The element at row `i`, column `j` of a nested array; throws when there is none.
 *
 * @example
 * at2([[1, 2], [3, 4]], 1, 0); // 3
 */
export function at2<T>(rows: ReadonlyArray<ArrayLike<T>>, i: number, j: number): T {
  return at(at(rows, i), j);
}

/**
 * `value` when it is defined; throws naming `what` otherwise.
 *
 * @example
 * defined(new Map([["a", 1]]).get("a"), "a"); // 1
 */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is undefined`);
  return value;
}
