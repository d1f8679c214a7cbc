/**
 * Number helpers shared by the Blackboard agents and experiment: fixed-decimal
 * rounding (agent messages carry 6 decimals, tables and weights 8, so the same
 * seed always prints the same digits) and clamping to a range.
 */

/**
 * Round to 6 decimal places (agent message fields: signals, confidences, scales).
 *
 * @example
 * round6(0.123456789); // 0.123457
 */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/**
 * Round to 8 decimal places (table cells, weights and returns of the experiment).
 *
 * @example
 * round8(0.123456789012); // 0.12345679
 */
export function round8(x: number): number {
  return Math.round(x * 1e8) / 1e8;
}

/**
 * x limited to [lo, hi]: min(hi, max(lo, x)).
 *
 * @example
 * clamp(1.4, 0, 1); // 1
 */
export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
