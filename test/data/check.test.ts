/**
 * `checkDataFolder` and `consilium data check` on the bundled datasets/ and on
 * small folders built to hold each kind of error. (The real folder,
 * ../shared/datasets, whole: check-shared.e2e.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { tradingDays } from "../../src/data/calendar";
import { checkDataFolder } from "../../src/data/check";
import { bundledDataDir } from "../../src/data/paths";
import { dataCommand } from "../../src/cli/data";
import { HEADER, makeFolder, priceCsv } from "./helpers";

function capture(): { io: { stdout: (t: string) => void; stderr: (t: string) => void }; out: () => string; err: () => string } {
  let out = "",
    err = "";
  return { io: { stdout: (t) => (out += t), stderr: (t) => (err += t) }, out: () => out, err: () => err };
}

describe("checkDataFolder", () => {
  it("passes the bundled datasets/ without warnings", () => {
    const r = checkDataFolder(bundledDataDir());
    expect(r.ok).toBe(true);
    expect(r.errors).toBe(0);
    expect(r.warnings).toBe(0);
    expect(r.files.filter((f) => f.kind === "prices")).toHaveLength(31);
  });

  it("reports every row error with line and field, not just the first", () => {
    const dir = makeFolder({
      "prices/BAD.csv": `${HEADER}\n2024-01-02,1,1,1,1,1,1\n2024-01-03,1,x,1,1,1,1\n2024-01-03,1,1,1,1,1,1\n2024-01-04,1,1,1,NaN,1,1\n2024-01-05,1,1,1,1,1,1\n`,
      "prices/COLS.csv": "Date,Open,Close\n2024-01-02,1,1\n",
      "prices/EMPTY.csv": "",
      "news/n.jsonl":
        '{"date":"2024-01-02","ticker":"BAD","headline":"ok"}\n{"ticker":"BAD","headline":"no date"}\n{"date":"2024-01-02","headline":"no ticker"}\nnot json\n{"date":"2024-01-02","ticker":"BAD","headline":"ok"}\n',
      "resumes/r.jsonl": '{"id":"a","labels":[],"text":"one"}\n{"id":"a","labels":[],"text":"two"}\n',
    });
    const r = checkDataFolder(dir);
    expect(r.ok).toBe(false);
    const byPath = Object.fromEntries(r.files.map((f) => [f.path, f]));
    expect(byPath["prices/BAD.csv"]!.errors).toEqual([
      'line 3: field "High": non-numeric value "x"',
      'line 4: field "Date": duplicate date 2024-01-03 (also line 3)',
      'line 5: field "Close": non-numeric value "NaN"',
    ]);
    expect(byPath["prices/COLS.csv"]!.errors[0]).toMatch(/^line 1: missing columns High, Low, Volume/);
    expect(byPath["prices/EMPTY.csv"]!.errors).toEqual(["line 1: empty file (no header row)"]);
    expect(byPath["news/n.jsonl"]!.errors).toEqual([
      expect.stringMatching(/^line 4: malformed JSON/),
      'line 2: field "date": missing required field',
      'line 3: field "ticker": missing required field',
    ]);
    expect(byPath["news/n.jsonl"]!.warnings).toEqual(["1 exact duplicate row(s) (every field equal to an earlier row): line 5"]);
    expect(byPath["resumes/r.jsonl"]!.errors[0]).toMatch(/line 2: field "id": duplicate resume id "a"/);
  });

  it("flags calendar gaps, closed-day rows, zero volume and OHLC violations", () => {
    const days = tradingDays("2024-06-03", "2024-07-31").filter((d) => d !== "2024-06-12");
    const rows: Array<[string, number, number?]> = days.map((d) => [d, 100, d === "2024-06-20" ? 0 : 1000]);
    rows.splice(days.indexOf("2024-07-05"), 0, ["2024-07-04", 100]);
    let csv = priceCsv(rows);
    csv = csv.replace("2024-06-05,100,101,99,100", "2024-06-05,100,99.5,99,100");
    const r = checkDataFolder(makeFolder({ "prices/GAP.csv": csv }));
    const w = r.files[0]!.warnings;
    expect(r.ok).toBe(true);
    expect(w).toContainEqual("1 row(s) with High < max(Open, Close) or Low > min(Open, Close): line 4");
    expect(w).toContainEqual(expect.stringMatching(/^1 row\(s\) with Volume = 0: line \d+ \(2024-06-20\)/));
    expect(w).toContainEqual(expect.stringMatching(/^1 row\(s\) on NYSE closed days: line \d+ 2024-07-04 \(Independence Day\)/));
    expect(w).toContainEqual("1 NYSE trading day(s) missing between 2024-06-03 and 2024-07-31: 2024-06-12");
  });

  it("skips the NYSE check for 7-day (crypto) series", () => {
    const days: string[] = [];
    for (let d = new Date(Date.UTC(2024, 0, 1)); d < new Date(Date.UTC(2024, 1, 1)); d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
    const r = checkDataFolder(makeFolder({ "prices/BTC-USD.csv": priceCsv(days.map((d) => [d, 40000])) }));
    expect(r.files[0]!.warnings).toEqual([]);
    expect(r.files[0]!.notes[0]).toMatch(/^7-day calendar/);
  });

  it("detects splits that look unadjusted", () => {
    const days = tradingDays("2024-06-03", "2024-06-14");
    const bar = (d: string, c: number, a: number): string => `${d},${c},${c},${c},${c},${a},1000`;
    // Close halves on 06-10 while AdjClose is continuous: unadjusted Close.
    const closeOnly = [HEADER, ...days.map((d) => (d < "2024-06-10" ? bar(d, 200, 100) : bar(d, 100, 100)))].join("\n") + "\n";
    // Both halve: an unadjusted split (or a real crash).
    const both = [HEADER, ...days.map((d) => (d < "2024-06-10" ? bar(d, 120, 120) : bar(d, 12, 12)))].join("\n") + "\n";
    // A 30 % drop is not near any split factor.
    const crash = [HEADER, ...days.map((d) => (d < "2024-06-10" ? bar(d, 100, 100) : bar(d, 70, 70)))].join("\n") + "\n";
    const r = checkDataFolder(makeFolder({ "prices/A.csv": closeOnly, "prices/B.csv": both, "prices/C.csv": crash }));
    const [a, b, c] = r.files;
    expect(a!.warnings).toEqual([
      expect.stringMatching(/^line 7 \(2024-06-10\): Close moves x0\.500, near a 2-for-1 split .* while AdjClose moves x1\.000: Close looks unadjusted/),
    ]);
    expect(b!.warnings).toEqual([expect.stringMatching(/^line 7 \(2024-06-10\): Close and AdjClose move x0\.100 in one day, near a 10-for-1 split/)]);
    expect(c!.warnings).toEqual([]);
  });

  it("notes folders outside the layout and checks their price CSVs", () => {
    const dir = makeFolder({
      "prices/X.csv": priceCsv([["2024-06-03", 1]]),
      "raw/Y.csv": priceCsv([["2024-06-03", 1]]),
      "reference/list.csv": "Symbol,Name\nX,Ex\n",
    });
    const r = checkDataFolder(dir);
    expect(r.files.map((f) => f.path)).toEqual(["prices/X.csv", "raw/Y.csv"]);
    expect(r.notes).toContainEqual(expect.stringMatching(/^raw\/: not part of the data-folder layout .* 1 price-shaped CSV/));
    expect(r.notes).toContainEqual("reference/: not part of the data-folder layout (not read by experiments)");
  });

  it("CLI: human table, --json, exit codes", async () => {
    const good = capture();
    expect(await dataCommand(["check", bundledDataDir()], good.io)).toBe(0);
    expect(good.out()).toMatch(/^Data check: /);
    expect(good.out()).toMatch(/prices\/SPY\.csv\s+prices\s+667\s+0\s+0\s+2023-01-03 \.\. 2025-08-29/);
    expect(good.out()).toMatch(/0 error\(s\), 0 warning\(s\) -> OK\n$/);
    const bad = capture();
    const dir = makeFolder({ "prices/X.csv": `${HEADER}\n2024-01-02,1,1,1,oops,1,1\n` });
    expect(await dataCommand(["check", dir, "--json"], bad.io)).toBe(1);
    const json = JSON.parse(bad.out()) as { ok: boolean; files: Array<{ errors: string[] }> };
    expect(json.ok).toBe(false);
    expect(json.files[0]!.errors).toEqual(['line 2: field "Close": non-numeric value "oops"']);
    const usage = capture();
    expect(await dataCommand(["check"], usage.io)).toBe(2); // a bad command line
    expect(usage.err()).toContain("usage: consilium data check DIR");
  });
});
