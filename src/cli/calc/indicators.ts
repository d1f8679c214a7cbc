/**
 * `consilium calc indicators`: stockstats-compatible RSI(14), MACD(12, 26, 9)
 * and Bollinger(20, 2) full series from closes.
 * Input `{"close": [...], "high"?: [...], "low"?: [...]}` (high/low are
 * accepted for future indicators and validated for length, not used by these
 * three) -> `{"rsi","macd","macds","macdh","bollUpper","bollMiddle","bollLower"}`,
 * each aligned with `close`, null where undefined (e.g. RSI on the first bar).
 *
 * @example
 * echo '{"close":[10,11,12,11,13]}' | consilium calc indicators
 */
import { z } from "zod";
import { bollinger, macd, rsi } from "../../stats/index";
import { CalcInputError, jsonSeries, parseCalcInput } from "./numeric-json";
import type { CalcCommand } from "./types";

const InputSchema = z.object({
  close: z.array(z.number()).min(1),
  high: z.array(z.number()).optional(),
  low: z.array(z.number()).optional(),
  rsiWindow: z.number().int().min(1).optional(),
  macdFast: z.number().int().min(1).optional(),
  macdSlow: z.number().int().min(1).optional(),
  macdSignal: z.number().int().min(1).optional(),
  bollWindow: z.number().int().min(1).optional(),
  bollK: z.number().positive().optional(),
});

/**
 * The `indicators` calc command (see the module doc for input and output).
 *
 * @example
 * calc.run({ close: [10, 11, 12] }).rsi; // [null, 100, 100]
 */
export const calc: CalcCommand = {
  name: "indicators",
  description:
    'stockstats-compatible indicators: {"close": [...], "high"?, "low"?} -> {rsi, macd, macds, macdh, bollUpper, bollMiddle, bollLower} (full series, null where undefined)',
  run(input: unknown) {
    const args = parseCalcInput("indicators", InputSchema, input);
    const n = args.close.length;
    for (const key of ["high", "low"] as const) {
      const series = args[key];
      if (series && series.length !== n) throw new CalcInputError(`calc indicators: "${key}" has ${series.length} values but "close" has ${n}`);
    }
    const r = rsi(args.close, args.rsiWindow ?? 14);
    const m = macd(args.close, args.macdFast ?? 12, args.macdSlow ?? 26, args.macdSignal ?? 9);
    const b = bollinger(args.close, args.bollWindow ?? 20, args.bollK ?? 2);
    return {
      rsi: jsonSeries(r),
      macd: jsonSeries(m.macd),
      macds: jsonSeries(m.macds),
      macdh: jsonSeries(m.macdh),
      bollUpper: jsonSeries(b.upper),
      bollMiddle: jsonSeries(b.middle),
      bollLower: jsonSeries(b.lower),
    };
  },
};
