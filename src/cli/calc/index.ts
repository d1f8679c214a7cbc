/** Every `consilium calc` command, loaded on demand. */
import type { CalcCommand } from "./types";

const LOADERS: Record<string, () => Promise<{ calc: CalcCommand }>> = {
  sentiment: () => import("./sentiment"),
  ols: () => import("./ols"),
  lda: () => import("./lda"),
  indicators: () => import("./indicators"),
  bl: () => import("./bl"),
  metrics: () => import("./metrics"),
};

export const CALC_NAMES = Object.keys(LOADERS);

/**
 * Load one calc command by name; an unknown name throws, listing the known ones.
 *
 * @example
 * (await loadCalc("ols")).run({ x: [1, 2, 3], y: [2, 4, 7] }); // { slope: 2.2143, ... }
 */
export async function loadCalc(name: string): Promise<CalcCommand> {
  const loader = LOADERS[name];
  if (!loader) throw new Error(`unknown calc "${name}"; choose one of ${CALC_NAMES.join(", ")}`);
  return (await loader()).calc;
}
