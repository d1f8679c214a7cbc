/**
 * What the paper set's prompts say where reading them found mistakes: the
 * neutral risk manager concedes to the other managers (not to "the neutral
 * manager's view", its own); the macro analyst is given its ticker's sector
 * as the universe lists it even when the sector ETF has no prices, and what
 * every ticker shares (the benchmark) once, in the system message; and
 * nothing asks a model to copy a number, a date or a window back.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { riskBrief } from "../../src/blackboard/agent-inputs";
import { macroAnalystTask } from "../../src/blackboard/analysts";
import { resolveBlackboardPrompts } from "../../src/blackboard/prompt-set";
import { riskManagerTask } from "../../src/blackboard/risk";
import { ToolBox } from "../../src/blackboard/tools";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { RISK_FACTS, RISK_PROPOSAL, RISK_REPORT } from "./helpers/agent-fixtures";

const data = DataFolder.open(bundledDataDir());
const date = "2025-04-15";

function macroInput(ticker: string) {
  const macro = new ToolBox(data.asOf(date), ticker).macro("macro_analyst");
  return { ticker, date, windowFrom: macro.benchmark?.indicators.from ?? date, macro };
}

describe("the paper set's wording", () => {
  it("the neutral risk manager concedes to the other managers, the others to the neutral one", () => {
    const brief = riskBrief("AAA", "2025-01-02", RISK_REPORT, RISK_PROPOSAL, RISK_FACTS);
    const system = (stance: "aggressive" | "conservative" | "neutral") =>
      riskManagerTask.render({ brief, stance, round: 1, maxRounds: 2, transcript: [] })[0]!.content;
    expect(system("neutral")).not.toMatch(/neutral manager's view/);
    expect(system("neutral")).toMatch(/concedes to true if you accept the view of the aggressive or the conservative manager/);
    for (const stance of ["aggressive", "conservative"] as const) expect(system(stance)).toMatch(/accept the neutral manager's view/);
  });

  it("the macro analyst gets its sector from the universe, and the benchmark once in the system message", () => {
    const [alta, dynl] = [macroInput("ALTA"), macroInput("DYNL")];
    // The bundled market has no sector ETF prices: the sector is named all the same.
    expect(alta.macro.sector).toBeNull();
    const user = (input: typeof alta) => JSON.parse(macroAnalystTask.render(input)[1]!.content) as { data: { sector: unknown } };
    expect(user(alta).data.sector).toEqual({ name: "Information Technology", etf: "XLK", indicators: null });
    expect(user(dynl).data.sector).toEqual({ name: "Communication Services", etf: "XLC", indicators: null });
    const [systemA, systemD] = [macroAnalystTask.render(alta)[0]!.content, macroAnalystTask.render(dynl)[0]!.content];
    expect(systemA).toBe(systemD);
    expect(systemA).toContain(`"benchmark":{"ticker":"SPY"`);
    expect(macroAnalystTask.render(alta)[1]!.content).not.toContain("benchmark");
  });

  it("no prompt file asks a model to copy a value back", () => {
    const folder = resolveBlackboardPrompts({ prompts: "paper", promptDir: "" });
    for (const [name, template] of Object.entries(folder.templates)) {
      const text = readFileSync(template!.file, "utf8").replace(/<!--[\s\S]*?-->/g, "");
      expect(text, name).not.toMatch(/\bcopy|copied|verbatim|\(fixed, given below\)/i);
    }
  });
});
