/**
 * Indexing that fails loudly. Where an index comes from another structure
 * (an eligible ticker's position in the market, a rebalance's weight vector)
 * rather than from the loop that reads it, a missing entry is a bug upstream;
 * it should stop the run with an error that names what was looked up, not
 * turn into a NaN in a table.
 */

/**
 * `list[index]`, or a RangeError naming `what` when there is no such entry.
 *
 * @example
 * itemAt(["AAPL", "MSFT"], 1, "ticker"); // "MSFT"
 * itemAt(["AAPL"], 3, "ticker"); // throws RangeError: no ticker at index 3 (1 entries)
 */
export function itemAt<T>(list: ArrayLike<T>, index: number, what: string): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`no ${what} at index ${index} (${list.length} entries)`);
  return item;
}
