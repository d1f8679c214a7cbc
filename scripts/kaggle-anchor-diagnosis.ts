/**
 * Where the offline panel loses the order of the Kaggle resumes against the
 * TF-IDF anchor: for one ad and one seed (a full 3-round deliberation over the
 * 166 resumes of ../shared/datasets), the AUC of the ad's category at each
 * stage from the advisor's score to the collective Borda total:
 *
 *   (a) the TF-IDF cosine anchor (idf fitted on the ad and all resumes),
 *   (b) each advisor's fit score alone, and its parts (match, focus, evidence),
 *   (c) the mean fit score over the advisors,
 *   (d) each advisor's final-round stance (noise, consistency, peers, echo),
 *   (e) each advisor's final opinion (eq. 4 over the rounds' f(A)) and their mean,
 *   (f) the Borda totals (Definition 3),
 *
 * with, between the stages, what moves order: positives a lacking must
 * rejects, decision counts on positives and negatives, ties among the final
 * opinions, and the AUC of a Borda count over the fit scores themselves
 * (what the Borda count over 3 rankings costs, apart from the statements).
 *
 * usage: node --import tsx scripts/kaggle-anchor-diagnosis.ts [--ads FILE] [--ad ID|all] [--seed N]
 *   --ads  an ad file (default test/fixtures/sentimental/kaggle-job-ads.json)
 *   --ad   one ad id, or "all" (default all)
 *   --seed deliberation seed (default 7)
 * FIT_GRID=1 also prints the AUC of the mean of match + wf focus + we evidence over a small grid of (wf, we).
 */
import { kaggleScenario } from "../test/sentimental/offline/kaggle-judgement";
import { readFileSync } from "node:fs";
import path from "node:path";
import { silentProgress } from "../src/core/contract";
import { DataFolder } from "../src/data/folder";
import { OfflineModel } from "../src/llm/offline";
import { decide } from "../src/sentimental/analysis";
import { bordaCount } from "../src/sentimental/decision";
import { defaultSentimentalConfig } from "../src/sentimental/config";
import { deliberate, toCandidate } from "../src/sentimental/pipeline";
import { assessCandidate, recordOfflineClaims, type StatementPlan } from "../src/sentimental/offline/offline-agent";
import { toneTarget } from "../src/sentimental/offline/fit-score";
import { TfidfIndex, cosine } from "../src/text/index";
import { auc } from "../test/sentimental/offline/expert-counters";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? fallback) : fallback);
const adsFile = opt("--ads", "test/fixtures/sentimental/kaggle-job-ads.json");
const which = opt("--ad", "all");
const seed = Number(opt("--seed", "7"));
if (adsFile.includes("heldout")) console.log("note: a held-out ad file; these numbers are for measuring, never for tuning");

type Ad = { id: string; category: string; advisors: string[]; title: string; organization: string; text: string };
const SHARED = path.resolve(process.cwd(), "../shared/datasets");
const resumes = DataFolder.open(SHARED).resumes();
const candidates = resumes.map(toCandidate);
const ads = (JSON.parse(readFileSync(adsFile, "utf8")) as Ad[]).filter((a) => which === "all" || a.id === which);
if (ads.length === 0) throw new Error(`no ad "${which}" in ${adsFile}`);

const f3 = (x: number) => x.toFixed(3);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Pairs (positive, negative) with equal values, as a share of all such pairs: what ties cost at most. */
function tiedShare(scores: readonly number[], positive: readonly boolean[]): number {
  let pairs = 0;
  let tied = 0;
  scores.forEach((p, i) => {
    if (!positive[i]) return;
    scores.forEach((n, j) => {
      if (positive[j]) return;
      pairs++;
      if (p === n) tied++;
    });
  });
  return tied / pairs;
}

const summary: string[] = [];
for (const ad of ads) {
  const started = Date.now();
  const positive = resumes.map((r) => r.labels.includes(ad.category));
  const config = defaultSentimentalConfig({ maxRounds: 3, runs: 1, candidates: resumes.length });
  const scenario = kaggleScenario(ad, candidates, path.dirname(adsFile));
  // Every statement's plan, by (advisor, candidate), in round order: the last one is the final round's.
  const plans = new Map<string, StatementPlan[]>();
  recordOfflineClaims(({ input, result }) => {
    const key = `${input.advisor.short}|${input.candidate.id}`;
    const list = plans.get(key) ?? [];
    list[input.round - 1] = result.plan;
    plans.set(key, list);
  });
  // The statements' f(A) by (advisor, candidate), in round order (what eq. 4 reads).
  const tones = new Map<string, number[]>();
  const deliberation = await deliberate(scenario, config, { model: new OfflineModel({ seed }), progress: silentProgress, concurrency: 2 }, seed);
  recordOfflineClaims(null);
  const decision = decide(deliberation, config);
  for (const c of deliberation.conversations)
    for (const t of c.turns.filter((u) => !u.gap).sort((x, y) => x.round - y.round)) {
      const key = `${t.agent}|${c.candidate.id}`;
      tones.set(key, [...(tones.get(key) ?? []), t.sentiment]);
    }

  const index = new TfidfIndex([ad.text, ...candidates.map((c) => c.passages.join(" "))]);
  const adVector = index.vector(ad.text);
  const anchor = candidates.map((c) => cosine(adVector, index.vector(c.passages.join(" "))));

  const agents = deliberation.agents;
  const fits = agents.map((a) =>
    candidates.map((candidate) => assessCandidate({ advisor: a.advisor, mms: a.mms, job: scenario.job, candidate, round: 1, peers: [], previous: null }).fit),
  );
  const finalPlan = (ai: number, ci: number) => {
    const list = plans.get(`${agents[ai]!.advisor.short}|${candidates[ci]!.id}`) ?? [];
    const last = list.at(-1);
    if (!last) throw new Error(`no statement of ${agents[ai]!.advisor.short} on ${candidates[ci]!.id}`);
    return last;
  };
  const stances = agents.map((_, ai) => candidates.map((_, ci) => finalPlan(ai, ci).stance));
  const opinions = decision.score;
  const meanFit = candidates.map((_, ci) => mean(fits.map((row) => row[ci]!.score)));
  const meanOpinion = candidates.map((_, ci) => mean(opinions.map((row) => row[ci]!)));
  const fitBorda = bordaCount(fits.map((row) => row.map((f) => f.score))).totals;
  const stanceBorda = bordaCount(stances).totals;

  const lines: string[] = [];
  const say = (s: string) => lines.push(s);
  const nPos = positive.filter(Boolean).length;
  say(`=== ${ad.id} (${ad.category}: ${nPos} of ${resumes.length} resumes), seed ${seed} ===`);
  say(`(a) TF-IDF anchor                     ${f3(auc(anchor, positive))}`);
  for (const [ai, a] of agents.entries()) {
    const row = fits[ai]!;
    say(
      `(b) fit ${a.advisor.short.padEnd(6)} score ${f3(
        auc(
          row.map((f) => f.score),
          positive,
        ),
      )}  (match ${f3(
        auc(
          row.map((f) => f.match),
          positive,
        ),
      )}, focus ${f3(
        auc(
          row.map((f) => f.focus),
          positive,
        ),
      )}, evidence ${f3(
        auc(
          row.map((f) => f.evidence),
          positive,
        ),
      )})`,
    );
  }
  say(`(c) mean fit score                    ${f3(auc(meanFit, positive))}   Borda over the fit scores ${f3(auc(fitBorda, positive))}`);
  if (process.env.FIT_GRID) {
    const grid: string[] = [];
    for (const wf of [0, 0.125, 0.25, 0.5])
      for (const we of [0, 0.1, 0.2, 0.4]) {
        const alt = candidates.map((_, ci) => mean(fits.map((row) => row[ci]!.match + wf * row[ci]!.focus + we * row[ci]!.evidence)));
        grid.push(`${wf}/${we}=${f3(auc(alt, positive))}`);
      }
    say(`    GRID ${grid.join(" ")}`);
  }
  for (const [ai, a] of agents.entries()) {
    const base = candidates.map((_, ci) => finalPlan(ai, ci).baseStance);
    say(`(d) stance ${a.advisor.short.padEnd(6)} final ${f3(auc(stances[ai]!, positive))}  (base stance ${f3(auc(base, positive))})`);
  }
  say(
    `    Borda over the final stances      ${f3(auc(stanceBorda, positive))}  (final stances at the clip +-1: ${stances.flat().filter((x) => Math.abs(x) >= 1).length} of ${stances.flat().length})`,
  );
  // What-ifs: every statement landing exactly on its tone target, from the base stance (bands and musts only) or the final one (with noise and peers).
  const baseTargets = agents.map((_, ai) => candidates.map((_, ci) => toneTarget(finalPlan(ai, ci).baseStance, finalPlan(ai, ci).decision)));
  const finalTargets = agents.map((_, ai) => candidates.map((_, ci) => toneTarget(finalPlan(ai, ci).stance, finalPlan(ai, ci).decision)));
  say(
    `    Borda over toneTarget(base stance, decision) ${f3(auc(bordaCount(baseTargets).totals, positive))}; over toneTarget(final stance, decision) ${f3(auc(bordaCount(finalTargets).totals, positive))}`,
  );
  const finalTone = agents.map((a) => candidates.map((c) => tones.get(`${a.advisor.short}|${c.id}`)!.at(-1)!));
  const miss = agents.flatMap((_, ai) => candidates.map((_, ci) => Math.abs(finalTone[ai]![ci]! - finalTargets[ai]![ci]!)));
  say(
    `    final-round f(A): Borda ${f3(auc(bordaCount(finalTone).totals, positive))}; |f(A) - target| mean ${miss.reduce((a, b) => a + b, 0) / miss.length > 0 ? (miss.reduce((a, b) => a + b, 0) / miss.length).toFixed(4) : "0"}, max ${Math.max(...miss).toFixed(4)}`,
  );
  for (const [ai, a] of agents.entries()) {
    say(`(e) opinion ${a.advisor.short.padEnd(6)}      ${f3(auc(opinions[ai]!, positive))}  (tied pos/neg pairs ${f3(tiedShare(opinions[ai]!, positive))})`);
  }
  say(`    mean opinion                      ${f3(auc(meanOpinion, positive))}`);
  say(
    `(f) Borda totals                      ${f3(auc(decision.borda.totals, positive))}  (tied pos/neg pairs ${f3(tiedShare(decision.borda.totals, positive))})`,
  );
  // Decisions, by label: how many positives each advisor rejects, and for a lacking must.
  for (const [ai, a] of agents.entries()) {
    const count = (pos: boolean, d: string) => candidates.filter((_, ci) => positive[ci] === pos && finalPlan(ai, ci).decision === d).length;
    const mustRejected = candidates.filter((_, ci) => positive[ci] && finalPlan(ai, ci).lacking.length > 0).length;
    say(
      `    ${a.advisor.short.padEnd(6)} decisions on positives adv/probe/rej ${count(true, "advance")}/${count(true, "probe")}/${count(true, "reject")}` +
        ` (a lacking must: ${mustRejected}), on negatives ${count(false, "advance")}/${count(false, "probe")}/${count(false, "reject")}`,
    );
  }
  // The positives ranked lowest by the Borda totals, with what each stage gave them.
  const order = decision.borda.totals.map((t, ci) => ({ t, ci })).sort((x, y) => y.t - x.t);
  const rankOf = new Map(order.map((o, r) => [o.ci, r + 1]));
  const anchorRank = new Map(
    anchor
      .map((s, ci) => ({ s, ci }))
      .sort((x, y) => y.s - x.s)
      .map((o, r) => [o.ci, r + 1]),
  );
  const worst = candidates
    .map((c, ci) => ({ c, ci }))
    .filter(({ ci }) => positive[ci])
    .sort((x, y) => rankOf.get(y.ci)! - rankOf.get(x.ci)!)
    .slice(0, 4);
  for (const { c, ci } of worst) {
    say(
      `    low positive ${c.id}: Borda rank ${rankOf.get(ci)}, TF-IDF rank ${anchorRank.get(ci)}; ` +
        agents
          .map((a, ai) => {
            const p = finalPlan(ai, ci);
            return `${a.advisor.short} fit ${fits[ai]![ci]!.score.toFixed(2)} stance ${p.stance.toFixed(2)} ${p.decision}${p.lacking.length > 0 ? " (must)" : ""} opinion ${opinions[ai]![ci]!.toFixed(2)}`;
          })
          .join("; "),
    );
  }
  // The negatives the lowest positive trails: what each advisor decided on them, and their labels.
  const lowest = worst[0];
  if (lowest) {
    const above = order.slice(0, rankOf.get(lowest.ci)! - 1).filter((o) => !positive[o.ci]);
    const byDecision = new Map<string, number>();
    for (const o of above) {
      const key = agents.map((_, ai) => finalPlan(ai, o.ci).decision[0]).join("");
      byDecision.set(key, (byDecision.get(key) ?? 0) + 1);
    }
    say(`    negatives above ${lowest.c.id}: ${above.length} (decisions a/p/r by advisor: ${[...byDecision].map(([k, n]) => `${k} ${n}`).join(", ")})`);
    for (const o of above.slice(0, 6))
      say(
        `      ${candidates[o.ci]!.id} [${resumes[o.ci]!.labels.join(",")}] fit ${f3(mean(fits.map((row) => row[o.ci]!.score)))} ${agents.map((_, ai) => finalPlan(ai, o.ci).decision).join("/")}`,
      );
  }
  say(`    (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(lines.join("\n"));
  summary.push(
    `${ad.id.padEnd(22)} anchor ${f3(auc(anchor, positive))} meanfit ${f3(auc(meanFit, positive))} fitBorda ${f3(auc(fitBorda, positive))} ` +
      `stanceBorda ${f3(auc(stanceBorda, positive))} meanOpinion ${f3(auc(meanOpinion, positive))} Borda ${f3(auc(decision.borda.totals, positive))}`,
  );
}
console.log(`\nsummary (seed ${seed}):\n${summary.join("\n")}`);
