/**
 * `consilium calc ols`: OLS through the origin with statsmodels' no-constant
 * inference. Input `{"x": [...], "y": [...]}` -> `{"slope","se","t","p","r2","n"}`.
 *
 * @example
 * echo '{"x":[1,2,3,4],"y":[2.1,3.9,6.2,7.8]}' | consilium calc ols
 * // {"slope":1.99,"se":0.03282952600598706,"t":60.61616605847697,"p":0.0000098919...,"r2":0.99918...,"n":4}
 */
import { z } from "zod";
import { olsThroughOrigin } from "../../stats/index";
import { CalcInputError, jsonNumber, parseCalcInput } from "./numeric-json";
import type { CalcCommand } from "./types";

const InputSchema = z.object({
  x: z.array(z.number()).min(2),
  y: z.array(z.number()).min(2),
});

/**
 * The `ols` calc command (see the module doc for input and output).
 *
 * @example
 * calc.run({ x: [1, 2, 3, 4], y: [2.1, 3.9, 6.2, 7.8] }); // { slope: 1.99, ... }
 */
export const calc: CalcCommand = {
  name: "ols",
  description: 'OLS through the origin (statsmodels no-constant conventions): {"x": [...], "y": [...]} -> {slope, se, t, p, r2, n}',
  run(input: unknown) {
    const { x, y } = parseCalcInput("ols", InputSchema, input);
    if (x.length !== y.length) throw new CalcInputError(`calc ols: "x" has ${x.length} values but "y" has ${y.length}`);
    const fit = olsThroughOrigin(x, y);
    return {
      slope: jsonNumber(fit.slope),
      se: jsonNumber(fit.se),
      t: jsonNumber(fit.t),
      p: jsonNumber(fit.p),
      r2: jsonNumber(fit.r2),
      n: fit.n,
    };
  },
};
