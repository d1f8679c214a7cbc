import { describe, expect, it } from "vitest";
import { runDebate } from "../../src/blackboard/debate";

interface Turn {
  speaker: string;
  round: number;
  cited: string[];
  concedes: boolean;
  action?: string;
}

function scripted(script: (speaker: string, round: number) => Partial<Turn>) {
  return async (speaker: string, round: number): Promise<Turn> => ({ speaker, round, cited: [], concedes: false, ...script(speaker, round) });
}

describe("debate protocol", () => {
  it("runs the fixed number of rounds while new evidence keeps coming", async () => {
    const out = await runDebate<Turn>({
      speakers: ["bull", "bear"],
      maxRounds: 2,
      speak: scripted((s, r) => ({ cited: [`${s}.${r}`] })),
      cited: (t) => t.cited,
      concedes: (t) => t.concedes,
    });
    expect(out.stopReason).toBe("max_rounds");
    expect(out.transcript.map((t) => `${t.speaker}${t.round}`)).toEqual(["bull1", "bear1", "bull2", "bear2"]);
    expect(out.evidence).toEqual(["bull.1", "bear.1", "bull.2", "bear.2"]);
  });

  it("stops immediately when a speaker concedes (consensus)", async () => {
    const out = await runDebate<Turn>({
      speakers: ["bull", "bear"],
      maxRounds: 3,
      speak: scripted((s, r) => ({ cited: [`${s}.${r}`], concedes: s === "bear" && r === 2 })),
      cited: (t) => t.cited,
      concedes: (t) => t.concedes,
    });
    expect(out.stopReason).toBe("consensus");
    expect(out.rounds).toBe(2);
    expect(out.transcript).toHaveLength(4);
  });

  it("stops at the end of a round that brought no new evidence", async () => {
    const out = await runDebate<Turn>({
      speakers: ["bull", "bear"],
      maxRounds: 5,
      speak: scripted((s) => ({ cited: [`${s}.only`] })),
      cited: (t) => t.cited,
      concedes: (t) => t.concedes,
    });
    expect(out.stopReason).toBe("no_new_evidence");
    expect(out.rounds).toBe(2);
    expect(out.transcript).toHaveLength(4);
  });

  it("applies an end-of-round consensus test (risk managers agreeing)", async () => {
    const out = await runDebate<Turn>({
      speakers: ["aggressive", "conservative", "neutral"],
      maxRounds: 3,
      speak: scripted((s, r) => ({ cited: [`${s}.${r}`], action: r === 1 && s === "aggressive" ? "BUY" : "HOLD" })),
      cited: (t) => t.cited,
      concedes: (t) => t.concedes,
      consensus: (turns) => turns.every((t) => t.action === turns[0]!.action),
    });
    expect(out.stopReason).toBe("consensus");
    expect(out.rounds).toBe(2);
    expect(out.transcript).toHaveLength(6);
  });

  it("rejects a debate without two speakers or rounds", async () => {
    await expect(runDebate<Turn>({ speakers: ["a"], maxRounds: 2, speak: scripted(() => ({})), cited: (t) => t.cited, concedes: () => false })).rejects.toThrow(
      /two speakers/,
    );
    await expect(
      runDebate<Turn>({ speakers: ["a", "b"], maxRounds: 0, speak: scripted(() => ({})), cited: (t) => t.cited, concedes: () => false }),
    ).rejects.toThrow(/maxRounds/);
  });
});
