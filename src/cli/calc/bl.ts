/**
 * `consilium calc bl`: Black-Litterman posterior and weights.
 * Input `{"sigma": [[...]], "wMkt": [...], "q": [...], "p"?: [[...]],
 * "delta"?: 3, "tau"?: 0.025, "omegaScale"?: 0.5}` ->
 * `{"pi","muBL","sigmaBL","weights","weightsLongOnly"}` (plus `omega` and
 * `rawWeights`). `weights` = (delta Sigma_BL)^-1 mu_BL normalised to sum 1;
 * `weightsLongOnly` clips the negatives of the raw solution and renormalises
 * (1/N if none is positive).
 *
 * @example
 * echo '{"sigma":[[0.04,0],[0,0.09]],"wMkt":[0.5,0.5],"q":[0.02,-0.02]}' | consilium calc bl
 * // muBL = [(pi + 2q)/3] = [0.03333, 0.03167]
 */
import { z } from "zod";
import { BL_DEFAULTS, blackLitterman, longOnly, meanVarianceWeights } from "../../portfolio/index";
import { parseCalcInput } from "./numeric-json";
import type { CalcCommand } from "./types";

const InputSchema = z.object({
  sigma: z.array(z.array(z.number())).min(1),
  wMkt: z.array(z.number()),
  q: z.array(z.number()),
  p: z.array(z.array(z.number())).optional(),
  delta: z.number().positive().optional(),
  tau: z.number().positive().optional(),
  omegaScale: z.number().positive().optional(),
});

/**
 * The `bl` calc command (see the module doc for input and output).
 *
 * @example
 * calc.run({ sigma: [[0.04, 0], [0, 0.09]], wMkt: [0.5, 0.5], q: [0.02, -0.02] });
 */
export const calc: CalcCommand = {
  name: "bl",
  description:
    'Black-Litterman: {"sigma": [[...]], "wMkt": [...], "q": [...], "p"?: [[...]], "delta"?: 3, "tau"?: 0.025, "omegaScale"?: 0.5} -> {pi, muBL, sigmaBL, weights, weightsLongOnly}',
  run(input: unknown) {
    const args = parseCalcInput("bl", InputSchema, input);
    const n = args.sigma.length;
    args.sigma.forEach((row, i) => {
      if (row.length !== n) throw new Error(`calc bl: "sigma[${i}]" has ${row.length} values; sigma must be ${n}x${n}`);
    });
    if (args.wMkt.length !== n) throw new Error(`calc bl: "wMkt" has ${args.wMkt.length} values for a ${n}x${n} sigma`);
    const k = args.p ? args.p.length : n;
    if (args.q.length !== k)
      throw new Error(`calc bl: "q" has ${args.q.length} views but ${args.p ? `"p" has ${k} rows` : `there are ${n} assets (p = identity)`}`);
    if (args.p) {
      args.p.forEach((row, i) => {
        if (row.length !== n) throw new Error(`calc bl: "p[${i}]" has ${row.length} values for ${n} assets`);
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
    return {
      pi: post.pi,
      muBL: post.muBL,
      sigmaBL: post.sigmaBL,
      omega: post.omega,
      rawWeights: raw,
      weights,
      weightsLongOnly: longOnly(raw),
    };
  },
};
