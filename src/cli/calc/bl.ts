/**
 * `consilium calc bl`: Black-Litterman posterior and weights.
 * Input `{"sigma": [[...]], "wMkt": [...], "q": [...], "p"?: [[...]],
 * "delta"?: 3, "tau"?: 0.025, "omegaScale"?: 0.5, "longOnly"?: "clip",
 * "maxWeight"?: 1, "minWeight"?: 0, "turnoverPenalty"?: 0, "previous"?: [...]}`
 * -> `{"pi","muBL","sigmaBL","weights","weightsLongOnly"}` (plus `omega`,
 * `rawWeights` and `longOnly`). `weights` = (delta Sigma_BL)^-1 mu_BL
 * normalised to sum 1 (the paper's long-short book). `weightsLongOnly`, as
 * the Blackboard experiment's `longOnly` key:
 * - "clip" (default, the paper; also `true`): negatives of the raw solution
 *   clipped and renormalised (1/N if none is positive), then held inside
 *   [minWeight, maxWeight] by clip-and-redistribute;
 * - "optimize": the exact maximiser of mu_BL'w - (delta/2) w'Sigma_BL w -
 *   turnoverPenalty |w - previous|_1 with sum(w) = 1 and minWeight <= w <= maxWeight;
 * - "none" (also `false`): null (the long-short `weights` are the book).
 * Bounds no fully invested book can meet (maxWeight x n < 1) are an error in both modes.
 *
 * @example
 * echo '{"sigma":[[0.04,0],[0,0.09]],"wMkt":[0.5,0.5],"q":[0.02,-0.02]}' | consilium calc bl
 * // muBL = [(pi + 2q)/3] = [0.03333, 0.03167]
 * echo '{"sigma":[[0.04,0],[0,0.09]],"wMkt":[0.5,0.5],"q":[0.02,-0.02],"longOnly":"optimize","maxWeight":0.6}' | consilium calc bl
 * // weightsLongOnly = [0.6, 0.4]
 */
import { z } from "zod";
import { applyBounds, BL_DEFAULTS, blackLitterman, longOnly, longOnlyBounds, meanVarianceWeights, optimizeLongOnly } from "../../portfolio/index";
import { CalcInputError, parseCalcInput } from "./numeric-json";
import type { CalcCommand } from "./types";

const InputSchema = z.object({
  sigma: z.array(z.array(z.number())).min(1),
  wMkt: z.array(z.number()),
  q: z.array(z.number()),
  p: z.array(z.array(z.number())).optional(),
  delta: z.number().positive().optional(),
  tau: z.number().positive().optional(),
  omegaScale: z.number().positive().optional(),
  longOnly: z.union([z.enum(["clip", "optimize", "none"]), z.boolean()]).optional(),
  maxWeight: z.number().gt(0).max(1).optional(),
  minWeight: z.number().min(0).max(1).optional(),
  turnoverPenalty: z.number().min(0).optional(),
  previous: z.array(z.number()).optional(),
});

/** The long-only construction a `longOnly` value names (`true` / `false` are the old aliases of clip / none). */
function longOnlyMode(value: "clip" | "optimize" | "none" | boolean | undefined): "clip" | "optimize" | "none" {
  return value === undefined || value === true ? "clip" : value === false ? "none" : value;
}

/**
 * The `bl` calc command (see the module doc for input and output).
 *
 * @example
 * calc.run({ sigma: [[0.04, 0], [0, 0.09]], wMkt: [0.5, 0.5], q: [0.02, -0.02] });
 */
export const calc: CalcCommand = {
  name: "bl",
  description:
    'Black-Litterman: {"sigma": [[...]], "wMkt": [...], "q": [...], "p"?: [[...]], "delta"?: 3, "tau"?: 0.025, "omegaScale"?: 0.5, "longOnly"?: "clip"|"optimize"|"none", "maxWeight"?: 1, "minWeight"?: 0, "turnoverPenalty"?: 0, "previous"?: [...]} -> {pi, muBL, sigmaBL, weights, weightsLongOnly}',
  run(input: unknown) {
    const args = parseCalcInput("bl", InputSchema, input);
    const n = args.sigma.length;
    args.sigma.forEach((row, i) => {
      if (row.length !== n) throw new CalcInputError(`calc bl: "sigma[${i}]" has ${row.length} values; sigma must be ${n}x${n}`);
    });
    if (args.wMkt.length !== n) throw new CalcInputError(`calc bl: "wMkt" has ${args.wMkt.length} values for a ${n}x${n} sigma`);
    const k = args.p ? args.p.length : n;
    if (args.q.length !== k)
      throw new CalcInputError(`calc bl: "q" has ${args.q.length} views but ${args.p ? `"p" has ${k} rows` : `there are ${n} assets (p = identity)`}`);
    if (args.p) {
      args.p.forEach((row, i) => {
        if (row.length !== n) throw new CalcInputError(`calc bl: "p[${i}]" has ${row.length} values for ${n} assets`);
      });
    }
    const delta = args.delta ?? BL_DEFAULTS.delta;
    const post = blackLitterman({
      sigma: args.sigma,
      wMkt: args.wMkt,
      q: args.q,
      p: args.p,
      delta,
      tau: args.tau ?? BL_DEFAULTS.tau,
      omegaScale: args.omegaScale ?? BL_DEFAULTS.omegaScale,
    });
    const { raw, weights } = meanVarianceWeights(post.muBL, post.sigmaBL, delta);
    const mode = longOnlyMode(args.longOnly);
    return {
      pi: post.pi,
      muBL: post.muBL,
      sigmaBL: post.sigmaBL,
      omega: post.omega,
      rawWeights: raw,
      weights,
      longOnly: mode,
      weightsLongOnly: mode === "none" ? null : longOnlyWeights(mode, raw, post.muBL, post.sigmaBL, delta, args),
    };
  },
};

/** The long-only book of `calc bl` (see the module doc); bounds are checked for both modes. */
function longOnlyWeights(
  mode: "clip" | "optimize",
  raw: number[],
  muBL: number[],
  sigmaBL: number[][],
  delta: number,
  args: z.infer<typeof InputSchema>,
): number[] {
  const n = raw.length;
  let bounds: ReturnType<typeof longOnlyBounds>;
  try {
    bounds = longOnlyBounds(n, { minWeight: args.minWeight, maxWeight: args.maxWeight });
  } catch (error) {
    throw new CalcInputError(`calc bl: ${(error as Error).message} ("maxWeight" / "minWeight")`, { cause: error });
  }
  if (args.previous !== undefined && args.previous.length !== n)
    throw new CalcInputError(`calc bl: "previous" has ${args.previous.length} values for ${n} assets`);
  if (mode === "clip") {
    if (args.turnoverPenalty) throw new CalcInputError('calc bl: "turnoverPenalty" needs "longOnly": "optimize" (clipping has no objective to penalise)');
    const clipped = longOnly(raw);
    return args.minWeight || (args.maxWeight ?? 1) < 1 ? applyBounds(clipped, bounds.lower, bounds.upper) : clipped;
  }
  if (args.turnoverPenalty && args.previous === undefined)
    throw new CalcInputError('calc bl: "turnoverPenalty" needs "previous" (the weights it is measured from)');
  return optimizeLongOnly({
    mu: muBL,
    sigma: sigmaBL.flat(),
    n,
    delta,
    lower: bounds.lower,
    upper: bounds.upper,
    turnoverPenalty: args.turnoverPenalty ?? 0,
    previous: args.previous,
  }).weights;
}
