/**
 * Counts what a hiring manager objects to in the offline Sentimental panel's
 * default run (bundled scenario, seed 7), on the held-out Head of Mathematics
 * case and on the Kaggle resumes of ../shared/datasets (panel Borda AUC vs a
 * TF-IDF cosine ranking). Counters: test/sentimental/offline/expert-counters.ts.
 *
 * usage: node --import tsx scripts/sentimental-offline-counts.ts [--kaggle] [--sample FILE]
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { silentProgress } from "../src/core/contract";
import { DataFolder } from "../src/data/folder";
import { bundledDataDir } from "../src/data/paths";
import { OfflineModel } from "../src/llm/offline";
import { decide } from "../src/sentimental/analysis";
import { defaultSentimentalConfig, type SentimentalConfig } from "../src/sentimental/config";
import { deliberate, loadScenario, toCandidate, type Scenario } from "../src/sentimental/pipeline";
import { TfidfIndex, cosine } from "../src/text/index";
import { kaggleScenario } from "../test/sentimental/offline/kaggle-judgement";
import { auc, countArguments, emptyCounterReport, mmCopies, rejects, type CounterReport } from "../test/sentimental/offline/expert-counters";
import {
  boilerplate,
  falseAgreements,
  falseSilent,
  metWithoutHead,
  mmPairings,
  unreadLeadership,
  type ClaimRecord,
} from "../test/sentimental/offline/claim-checkers";
import { recordOfflineClaims } from "../src/sentimental/offline/offline-agent";

const args = process.argv.slice(2);
const SHARED = path.resolve(process.cwd(), "../shared/datasets");
const MATHS = path.join(process.cwd(), "test/heldout/sentimental/head-of-maths");
const out: string[] = [];
const say = (line: string) => {
  out.push(line);
  console.log(line);
};
const sample: string[] = [];

async function run(config: SentimentalConfig, scenario: Scenario, seed: number) {
  const records: ClaimRecord[] = [];
  recordOfflineClaims((r) => records.push(r));
  const deliberation = await deliberate(scenario, config, { model: new OfflineModel({ seed }), progress: silentProgress, concurrency: 2 }, seed);
  recordOfflineClaims(null);
  return { deliberation, records, turns: deliberation.conversations.flatMap((c) => c.turns), decision: decide(deliberation, config) };
}

/** The claim re-checks (test/sentimental/offline/claim-checkers.ts): each fault counted over the run's recorded claims. */
function claimChecks(scenario: Scenario, r: Awaited<ReturnType<typeof run>>) {
  const silent = falseSilent(r.records);
  say(
    `  claim re-check, "silent" with a clause at the threshold (retrieval recomputed) or on the title's own item: ${silent.faults.length} of ${silent.silent}`,
  );
  const lead = unreadLeadership(scenario.job);
  say(`  leadership years of an item not read as a must: ${lead.length}${lead.length > 0 ? ` (${lead.join("; ")})` : ""}`);
  const agree = falseAgreements(r.records, r.turns);
  say(`  answers to a peer the transcript does not bear out (peer, argument, stance, point or own reading): ${agree.faults.length} of ${agree.echoes}`);
  for (const f of agree.faults.slice(0, 2)) say(`    e.g. ${f.what}: ${f.where}`);
  const headless = metWithoutHead(r.records);
  say(`  met claims quoting a clause without the item's head (only its qualifiers): ${headless.faults.length} of ${headless.met}`);
  for (const f of headless.faults.slice(0, 2)) say(`    e.g. ${f.what}: ${f.where}`);
  const repeated = boilerplate(r.records);
  say(`  sentences saying nothing of the candidate repeated for another candidate or in a thread: ${repeated.repeats} of ${repeated.sentences}`);
  for (const e of repeated.examples.slice(0, 2)) say(`    e.g. ${e}`);
  const pairs = mmPairings(
    r.deliberation.agents.map((a) => a.mms),
    scenario.job.text,
  );
  say(`  Mental Model lines joining phrases with an "and" the ad did not write: ${pairs.length}`);
  for (const p of pairs.slice(0, 2)) say(`    e.g. ${p}`);
}

function counts(label: string, r: CounterReport) {
  say(`${label}: arguments ${r.arguments}`);
  say(`  "thin/weak support ... risk" arguments presenting a strength as a risk (or quoting an unrelated clause): ${r.falseRisks} of ${r.riskArguments}`);
  say(`  quotes cut before their clause ends: ${r.quotesCut} of ${r.quotes}; cut before a number or on a function word: ${r.cutBeforeEvidence}`);
  say(`  false "the resume is silent" claims: ${r.falseSilent} of ${r.silentClaims}`);
  say(`  "mixed picture" arguments pairing an unrelated clause: ${r.mixedUnrelated} of ${r.mixedPictures}`);
  for (const [k, list] of Object.entries(r.examples)) for (const e of list.slice(0, 2)) say(`    e.g. ${k}: ${e}`);
}

async function scenarioReport(label: string, config: SentimentalConfig, dataDir: string, seed: number, focus: Array<{ id: string; what: string }>) {
  const scenario = loadScenario(config, dataDir, seed);
  const result = await run(config, scenario, seed);
  const { deliberation, turns, decision } = result;
  counts(label, countArguments(scenario, turns));
  claimChecks(scenario, result);
  const copies = mmCopies(
    deliberation.agents.map((a) => a.mms),
    scenario.job.text,
  );
  say(
    `  Mental Model lines copying 6+ consecutive ad words: ${copies.length} of ${deliberation.agents.reduce((a, x) => a + 1 + x.mms.priorities.length + x.mms.evaluationCriteria.length, 0)}`,
  );
  for (const c of copies.slice(0, 2)) say(`    e.g. ${c}`);
  const tiers = decision.tiers;
  say(`  tiers: ${decision.candidates.map((id, i) => `${id}=${tiers[i]}`).join(" ")}; Tier 3: ${tiers.filter((t) => t === 3).length} of ${tiers.length}`);
  say(`  Borda ranks: ${decision.candidates.map((id, i) => `${id}=${decision.borda.rank[i]}`).join(" ")}`);
  for (const f of focus) {
    const i = decision.candidates.indexOf(f.id);
    const ts = turns.filter((t) => t.candidate === f.id);
    const last = ts.filter((t) => t.round === Math.max(...ts.map((u) => u.round)));
    say(
      `  ${f.what} (${f.id}): ${ts.filter((t) => rejects(t.statement)).length} of ${ts.length} statements reject (final round ${last.filter((t) => rejects(t.statement)).length} of ${last.length}); tier ${tiers[i]}, Borda rank ${decision.borda.rank[i]} of ${tiers.length}; final opinions ${deliberation.agents
        .map((a) =>
          ts
            .filter((t) => t.agent === a.advisor.short)
            .at(-1)
            ?.opinion.toFixed(2),
        )
        .join(", ")}`,
    );
  }
  return { scenario, deliberation, turns, decision };
}

function sampleOf(title: string, r: Awaited<ReturnType<typeof scenarioReport>>, perCandidate: number) {
  sample.push(`=== ${title}: ${r.scenario.job.title}, ${r.scenario.job.organization} (offline panel) ===`, "");
  for (const a of r.deliberation.agents.slice(0, 3)) {
    sample.push(
      `Mental Model of the ${a.advisor.title}:`,
      `  ${a.mms.description}`,
      `  priorities: ${a.mms.priorities.join(" | ")}`,
      `  criteria: ${a.mms.evaluationCriteria.join(" | ")}`,
      "",
    );
  }
  for (const c of r.scenario.candidates) {
    const ts = r.turns.filter((t) => t.candidate === c.id);
    const final = Math.max(...ts.map((t) => t.round));
    // One opening statement, then every advisor's final-round statement (what the tier and the Borda count read).
    const picks = [...ts.filter((t) => t.round === 1).slice(0, perCandidate), ...ts.filter((t) => t.round === final && final > 1)];
    sample.push(`--- ${c.name} (${c.id}) ---`);
    for (const t of picks) sample.push(`[${t.role}, round ${t.round}] ${t.statement}`);
    sample.push("");
  }
  const d = r.decision;
  sample.push(
    "Decision (Borda rank, tier; final opinions by eq. 4, one per advisor). Tier rule (veto, the paper's): Tier 3 if any advisor's final opinion is at or below -0.5, else Tier 1 if any is at or above 0.5, else Tier 2:",
  );
  for (const [i, id] of d.candidates.entries()) {
    const opinions = r.deliberation.agents.map(
      (a) => `${a.advisor.short} ${(r.turns.filter((t) => t.candidate === id && t.agent === a.advisor.short).at(-1)?.opinion ?? 0).toFixed(2)}`,
    );
    sample.push(`  ${r.scenario.candidates.find((c) => c.id === id)?.name ?? id}: rank ${d.borda.rank[i]}, Tier ${d.tiers[i]} (${opinions.join(", ")})`);
  }
  sample.push("");
}

const bundled = await scenarioReport("bundled scenario (default run, seed 7)", defaultSentimentalConfig({ runs: 1 }), bundledDataDir(), 7, [
  { id: "cand-05", what: "Amina Hassan (2 years vs 8+)" },
  { id: "cand-03", what: "Priya Raman (13 years, 32 engineers)" },
]);
sampleOf("Bundled default run, seed 7", bundled, 1);
const maths = await scenarioReport(
  "held-out Head of Mathematics (QTS essential)",
  defaultSentimentalConfig({ runs: 1, resumes: "data", candidates: 6, advisors: ["Headteacher", "Deputy Headteacher for Curriculum", "Head of Science"] }),
  MATHS,
  7,
  [
    { id: "hom-02", what: "3-year teacher, no leadership" },
    { id: "hom-03", what: "lecturer without QTS" },
    { id: "hom-01", what: "QTS holder, second in department" },
  ],
);
sampleOf("Held-out Head of Mathematics, seed 7", maths, 1);
{
  const holderTold = maths.turns
    .filter((t) => ["hom-01", "hom-04"].includes(t.candidate))
    .flatMap((t) => t.arguments.filter((a) => /QTS|Qualified Teacher Status/i.test(a) && /risk|weak|thin|gap|lack|silent|nothing/i.test(a)));
  say(`  QTS holders told their QTS is a risk/gap: ${holderTold.length}`);
  const lacking = maths.turns.filter((t) => ["hom-03", "hom-05"].includes(t.candidate));
  say(
    `  statements about candidates without QTS that say so: ${lacking.filter((t) => /QTS|Qualified Teacher Status/.test(t.statement)).length} of ${lacking.length}`,
  );
}

if (args.includes("--kaggle") && existsSync(path.join(SHARED, "resumes"))) {
  const resumes = DataFolder.open(SHARED).resumes();
  const candidates = resumes.map(toCandidate);
  const ads = [
    ...JSON.parse(readFileSync("test/fixtures/sentimental/kaggle-job-ads.json", "utf8")),
    ...JSON.parse(readFileSync("test/heldout/sentimental/kaggle-heldout-ads.json", "utf8")).map((a: object) => ({ ...a, heldout: true })),
  ] as Array<{ id: string; category: string; advisors: string[]; title: string; organization: string; text: string; heldout?: boolean }>;
  const total: CounterReport[] = [];
  const panel: number[] = [];
  const tfidf: number[] = [];
  for (const ad of ads) {
    const config = defaultSentimentalConfig({ maxRounds: 3, runs: 1, candidates: resumes.length });
    const scenario = kaggleScenario(ad, candidates);
    const { turns, decision } = await run(config, scenario, 7);
    total.push(countArguments(scenario, turns));
    const positive = resumes.map((r) => r.labels.includes(ad.category));
    const index = new TfidfIndex([ad.text, ...candidates.map((c) => c.passages.join(" "))]);
    const adVec = index.vector(ad.text);
    const cos = candidates.map((c) => cosine(adVec, index.vector(c.passages.join(" "))));
    panel.push(auc(decision.borda.totals, positive));
    tfidf.push(auc(cos, positive));
    const t3 = decision.tiers.filter((t) => t === 3).length;
    say(
      `kaggle ${ad.id}${ad.heldout ? " (held out)" : ""}: panel Borda AUC ${panel.at(-1)!.toFixed(3)}, TF-IDF cosine AUC ${tfidf.at(-1)!.toFixed(3)}; Tier 1/2/3 = ${decision.tiers.filter((t) => t === 1).length}/${decision.tiers.filter((t) => t === 2).length}/${t3}`,
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  say(`kaggle mean over ${ads.length} ads: panel ${mean(panel).toFixed(3)}, TF-IDF ${mean(tfidf).toFixed(3)}`);
  const sum = emptyCounterReport();
  for (const r of total) for (const k of Object.keys(sum) as Array<keyof CounterReport>) if (k !== "examples") sum[k] += r[k];
  counts("kaggle (all ads, seed 7, 3 rounds)", sum);
}

const report = args[args.indexOf("--out") + 1];
if (args.includes("--out") && report) writeFileSync(report, `${out.join("\n")}\n`);
const samplePath = args[args.indexOf("--sample") + 1];
if (args.includes("--sample") && samplePath) writeFileSync(samplePath, `${sample.join("\n")}\n`);
