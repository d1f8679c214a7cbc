/**
 * How often the tested bias label (bias.ts `testedBiasLabel`, the permutation
 * null of bias-null.ts) calls a run biased when no agent sees its peers at all
 * (opinionFormation "independent", the offline panel on the bundled scenario):
 * a calibrated test at alpha = 0.05 calls about 5 % of such runs biased.
 *
 * The e2e test pins seeds 1..24 ("at most 3 of 24"); this measures any other
 * range, so that a change to what the offline agents say can be judged by the
 * label's false-positive rate, not by the luck of 24 seeds.
 *
 * usage: node --import tsx scripts/bias-null-calibration.ts [--from N] [--to M] [--null SCHEME]
 *   --from first seed (default 25), --to last seed (default 96),
 *   --null the bias null (config key biasNull: candidate-rounds, the default, or conversation)
 * It prints the share of runs called biased, the share with p < 0.1, and each seed's label and p-value.
 */
import { parseArgs } from "node:util";
import { independentBiasLabel } from "../test/sentimental/helpers";
import { BIAS_NULL_SCHEMES, type BiasNullScheme } from "../src/sentimental/bias-null";

const { values } = parseArgs({
  options: { from: { type: "string", default: "25" }, to: { type: "string", default: "96" }, null: { type: "string", default: "candidate-rounds" } },
});
const from = Number(values.from);
const to = Number(values.to);
if (!Number.isInteger(from) || !Number.isInteger(to) || to < from) throw new Error(`--from ${values.from} --to ${values.to}: two integer seeds, from <= to`);

const scheme = values.null as BiasNullScheme;
if (!BIAS_NULL_SCHEMES.includes(scheme)) throw new Error(`--null ${values.null}: one of ${BIAS_NULL_SCHEMES.join(", ")}`);

const rows: Array<{ seed: number; bias: string; p: number }> = [];
for (let seed = from; seed <= to; seed++) rows.push({ seed, ...(await independentBiasLabel(seed, scheme)) });
const n = rows.length;
const biased = rows.filter((r) => r.bias !== "none").length;
const below = rows.filter((r) => r.p < 0.1).length;
console.log(
  `independent formation, biasNull ${scheme}, seeds ${from}..${to}: called biased ${biased} of ${n} (${((100 * biased) / n).toFixed(1)} %, calibrated: about 5 %)`,
);
console.log(`p < 0.1: ${below} of ${n} (calibrated: about 10 %)`);
console.log(rows.map((r) => `${r.seed}:${r.bias === "none" ? "-" : r.bias}:${r.p.toFixed(3)}`).join(" "));
