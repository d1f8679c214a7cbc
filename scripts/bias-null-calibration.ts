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
 * usage: node --import tsx scripts/bias-null-calibration.ts [--from N] [--to M]
 *   --from first seed (default 25), --to last seed (default 96)
 * It prints the share of runs called biased, the share with p < 0.1, and each seed's label and p-value.
 */
import { offlineContext } from "../test/sentimental/helpers";
import { defaultSentimentalConfig, sentimentalExperiment } from "../src/sentimental/index";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const from = opt("--from", 25);
const to = opt("--to", 96);
if (!Number.isInteger(from) || !Number.isInteger(to) || to < from) throw new Error(`--from ${from} --to ${to}: two integer seeds, from <= to`);

const rows: Array<{ seed: number; bias: string; p: number }> = [];
for (let seed = from; seed <= to; seed++) {
  const result = await sentimentalExperiment.run(defaultSentimentalConfig({ opinionFormation: "independent", runs: 1 }), offlineContext(seed, 2));
  const summary = result.tables.find((t) => t.name === "bias_summary");
  const all = summary?.rows.find((r) => r["scope"] === "all");
  if (!all) throw new Error(`seed ${seed}: no bias_summary row for scope "all"`);
  rows.push({ seed, bias: String(all["bias"]), p: all["p_null_log_ratio"] as number });
}
const n = rows.length;
const biased = rows.filter((r) => r.bias !== "none").length;
const below = rows.filter((r) => r.p < 0.1).length;
console.log(`independent formation, seeds ${from}..${to}: called biased ${biased} of ${n} (${((100 * biased) / n).toFixed(1)} %, calibrated: about 5 %)`);
console.log(`p < 0.1: ${below} of ${n} (calibrated: about 10 %)`);
console.log(rows.map((r) => `${r.seed}:${r.bias === "none" ? "-" : r.bias}:${r.p.toFixed(3)}`).join(" "));
