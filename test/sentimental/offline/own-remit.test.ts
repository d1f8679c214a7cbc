/**
 * An advisor speaks for its own function: a blind expert read found a CFO who never raised Samuel Adeyemi's "limited
 * formal budgeting experience" in any round, and Plant Managers silent on plant gaps. The advisor's weightiest own
 * point it can speak to its decision's way is now said whatever the sampling (the tone fit may still leave it out to
 * land f(A), from which the decision is read).
 */
import { describe, expect, it } from "vitest";
import { silentProgress } from "../../../src/core/contract";
import { bundledDataDir } from "../../../src/data/paths";
import { OfflineModel } from "../../../src/llm/offline";
import { defaultSentimentalConfig } from "../../../src/sentimental/config";
import { deliberate, loadScenario } from "../../../src/sentimental/pipeline";
import { recordOfflineClaims } from "../../../src/sentimental/offline/offline-agent";
import type { ClaimRecord } from "./claim-checkers";

describe("the advisor's own point (bundled run, seed 7)", () => {
  it("the CFO tells Samuel Adeyemi of his limited budgeting in most rounds, and most probing statements carry their own point", async () => {
    const config = defaultSentimentalConfig({ runs: 1 });
    const records: ClaimRecord[] = [];
    recordOfflineClaims((r) => records.push(r));
    try {
      await deliberate(
        loadScenario(config, bundledDataDir(), 7),
        config,
        { model: new OfflineModel({ seed: 7 }), progress: silentProgress, concurrency: 2 },
        7,
      );
    } finally {
      recordOfflineClaims(null);
    }
    const samuel = records.filter((r) => r.input.candidate.name === "Samuel Adeyemi" && r.input.advisor.title === "Chief Financial Officer");
    expect(samuel).toHaveLength(5);
    const told = samuel.filter((r) => /limited formal budgeting experience/.test(r.result.statement));
    expect(told.length, samuel.map((r) => r.result.statement).join("\n")).toBeGreaterThanOrEqual(3);
    // Each such sentence is a concern on the CFO's own item, never praise.
    for (const r of told) {
      const i = r.result.sentences.findIndex((s) => s.includes("limited formal budgeting experience"));
      expect(["gap", "mixed"]).toContain(r.result.claims[i]!.kind);
    }
    const probes = records.filter((r) => r.result.plan.decision === "probe");
    const carried = probes.filter((r) => r.result.claims.some((c) => c.remit === true));
    expect(carried.length / probes.length).toBeGreaterThanOrEqual(0.5);
    // A second blind read: the CFO advanced Wanjiru Kamau without a word on her "1.1 million dollar technology budget"
    // (financial literacy met in part, no own strength to state). An advancing CFO now names the budget in her favour,
    // as a partial claim of the part it shows, never as a strength of the whole item.
    const wanjiru = records.filter((r) => r.input.candidate.name === "Wanjiru Kamau" && r.input.advisor.title === "Chief Financial Officer");
    const budget = wanjiru.filter((r) => r.result.plan.decision === "advance" && /'Ran a 1\.1 million dollar technology budget/.test(r.result.statement));
    expect(budget.length, wanjiru.map((r) => r.result.statement).join("\n")).toBeGreaterThanOrEqual(1);
    for (const r of budget) {
      const i = r.result.sentences.findIndex((x) => x.includes("Ran a 1.1 million dollar technology budget"));
      expect(r.result.claims[i]).toMatchObject({ kind: "partial", part: "budgets", remit: true });
      expect(r.result.sentences[i]).toMatch(/^On budgets, the (candidate brings useful|resume shows helpful) experience: /);
    }
    // The same read: the Plant Manager advanced Grace Nyambura, "strong, impressive", while her resume says "I have not
    // worked with PLCs, SCADA or process equipment". The resume's own denial of the advisor's weightiest own point
    // keeps a score above the bar from advancing (decision-rule.ts ownGap): it tests that point first, and says so.
    const grace = records.filter((r) => r.input.candidate.name === "Grace Nyambura" && r.input.advisor.title === "Recycling Plant Manager");
    expect(grace).toHaveLength(5);
    for (const r of grace) {
      expect(r.result.plan.decision, r.result.statement).toBe("probe");
      expect(r.result.statement).toContain("but a gap the resume states in my own area is to be tested first");
      expect(r.result.statement).toMatch(/the resume itself says '[^']*I have not worked with PLCs, SCADA or process equipment/);
    }
    // Her other advisors, whose own points she meets, still advance her.
    for (const title of ["Chief Financial Officer", "VP of Engineering"]) {
      const other = records.filter((r) => r.input.candidate.name === "Grace Nyambura" && r.input.advisor.title === title);
      expect(
        other.every((r) => r.result.plan.decision === "advance"),
        title,
      ).toBe(true);
    }
  }, 60_000);
});
