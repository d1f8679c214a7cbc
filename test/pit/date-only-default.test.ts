/**
 * A news item or filing with a date and no time waits for the next session by
 * default (FinMem and the Blackboard): the date says nothing about the hour,
 * and results are usually released after the close. `same-session` (the
 * authors' pipelines) stays an option, marked in `consilium keys` and listed
 * by `consilium lookahead` as a declared read.
 */
import { describe, expect, it } from "vitest";
import { blackboardConfigSchema } from "../../src/blackboard/config";
import { blackboardExperiment } from "../../src/blackboard/experiment";
import { ToolBox } from "../../src/blackboard/tools";
import { main } from "../../src/cli/main";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { finmemConfigSchema } from "../../src/finmem/config";
import { finmemDeclaredReads } from "../../src/finmem/declared-reads";
import { createModel } from "../../src/llm/factory";
import { RecordingModel } from "../../src/llm/recording";
import { runExperiment } from "../../src/run/runner";
import { stampedAfterClose } from "../../src/run/poison";

async function keysOutput(name: string): Promise<string> {
  let out = "";
  await main(["keys", name], { stdout: (t) => (out += t), stderr: () => {}, readStdin: async () => "" });
  return out;
}

describe("dateOnly: next-session by default", () => {
  it("is the default of FinMem and the Blackboard, same-session the option", () => {
    expect(finmemConfigSchema.parse({}).dateOnly).toBe("next-session");
    expect(blackboardConfigSchema.parse({}).dateOnly).toBe("next-session");
    expect(finmemConfigSchema.parse({ dateOnly: "same-session" }).dateOnly).toBe("same-session");
    expect(blackboardConfigSchema.parse({ dateOnly: "same-session" }).dateOnly).toBe("same-session");
  });

  it.each(["finmem", "blackboard"])("%s keys mark next-session as our reading, same-session as the authors'", async (name) => {
    const out = await keysOutput(name);
    expect(out).toContain(
      'dateOnly  one of "same-session" (authors\' code), "next-session" (our reading, departing from paper and code on purpose)\n' +
        '    default: "next-session" (our reading, departing from paper and code on purpose)',
    );
  });

  it("the Blackboard's tools follow the view's rule: a date-only item dated D is news on D only under same-session", () => {
    const next = DataFolder.open(bundledDataDir(), { knownAt: { dateOnly: "next-session" } });
    const same = DataFolder.open(bundledDataDir(), { knownAt: { dateOnly: "same-session" } });
    const ticker = next.newsTickers()[0]!;
    const item = next.news(ticker).find((n) => n.date >= "2025-03-01" && !n.datetime && next.calendar().includes(n.date))!;
    const D = item.date;
    const onD = (folder: DataFolder) => new ToolBox(folder.asOf(D), ticker).news("news_analyst").filter((n) => n.date === D).length;
    expect(onD(same)).toBeGreaterThan(0);
    expect(onD(next)).toBe(0);
    // The next session reads it under both rules.
    const D1 = next.calendar().find((d) => d > D)!;
    const onD1 = new ToolBox(next.asOf(D1), ticker).news("news_analyst").filter((n) => n.date === D).length;
    expect(onD1).toBe(onD(same));
  });
});

describe("the Blackboard run reads the rule it is given", () => {
  /** The news items each news-analyst prompt shows, with the session it serves. */
  async function newsShown(set: string[]): Promise<Array<{ session: string; dates: string[] }>> {
    const rec = new RecordingModel(createModel({ llm: "offline", seed: 7 }));
    await runExperiment("blackboard", {
      seed: 7,
      modelInstance: rec,
      set: ["tickers=ALTA,BRIX", "start=2025-06-02", "end=2025-06-20", "rebalanceEvery=5", ...set],
    });
    return rec.prompts
      .filter((p) => p.task === "blackboard.analyst.news")
      .map((p) => ({ session: p.session!, dates: (JSON.parse(p.messages![1]!.content) as { data: Array<{ date: string }> }).data.map((d) => d.date) }));
  }

  it("by default no news analyst is shown a date-only item dated on its own session; with same-session some are", async () => {
    const next = await newsShown([]);
    expect(next.length).toBeGreaterThanOrEqual(6);
    expect(next.flatMap((p) => p.dates.filter((d) => d >= p.session))).toEqual([]);
    const same = await newsShown(["dateOnly=same-session"]);
    expect(same.some((p) => p.dates.includes(p.session))).toBe(true);
  });
});

describe("the look-ahead audit and same-session", () => {
  const config = {
    ...finmemConfigSchema.parse({}),
    ticker: "ALTA",
    trainStart: "2023-01-03",
    trainEnd: "2023-06-30",
    testStart: "2023-07-03",
    testEnd: "2023-09-29",
  };

  it("lists same-session as a declared read on the audit's own session, and nothing under next-session", () => {
    const name = "date-only records on their own session";
    const same = finmemDeclaredReads({ ...config, dateOnly: "same-session" }, bundledDataDir(), "2023-08-01").find((r) => r.name === name);
    expect(same?.sessions).toEqual(["2023-08-01"]);
    expect(finmemDeclaredReads(config, bundledDataDir(), "2023-08-01").some((r) => r.name === name)).toBe(false);
    const bb = blackboardExperiment.lookahead!.declaredReads({ ...blackboardConfigSchema.parse({}), dateOnly: "same-session" }, bundledDataDir(), "2025-06-16");
    expect(bb.map((r) => [r.name, r.sessions])).toEqual([[name, ["2025-06-16"]]]);
    expect(blackboardExperiment.lookahead!.declaredReads(blackboardConfigSchema.parse({}), bundledDataDir(), "2025-06-16")).toEqual([]);
  });

  it("the poisoned copy treats a date-only record dated D as possibly after D's close", () => {
    expect(stampedAfterClose({ date: "2024-03-01" }, "2024-03-01")).toBe(true);
    expect(stampedAfterClose({ date: "2024-02-29" }, "2024-03-01")).toBe(false);
    expect(stampedAfterClose({ date: "2024-03-01", datetime: "2024-03-01 20:59:00" }, "2024-03-01")).toBe(false);
  });
});
