/**
 * Dates are dates: every date key of the three experiments and every date
 * flag is a real calendar date or a one-line error naming it (exit 2, before
 * anything runs); --concurrency 0 is refused.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { isCalendarDate } from "../../src/core/index";
import { configKeys, EXPERIMENT_NAMES, loadExperiment } from "../../src/run/index";

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

async function refused(argv: string[]): Promise<string> {
  const io = capture();
  expect(await main(argv, io), argv.join(" ")).toBe(2);
  const err = io.err.join("");
  expect(err.trim().split("\n"), err).toHaveLength(1);
  expect(err).not.toMatch(/RangeError|Invalid time value|at .*\.ts:\d+/);
  return err;
}

const isDateKey = (key: string, fallback: unknown) =>
  /^(start|end)$|(Start|End)$/.test(key) || (typeof fallback === "string" && /^\d{4}-\d{2}-\d{2}$/.test(fallback));

describe("dates are dates", () => {
  it("isCalendarDate knows month lengths and leap years", () => {
    for (const good of ["2024-02-29", "2023-02-28", "2025-12-31", "2000-02-29"]) expect(isCalendarDate(good), good).toBe(true);
    for (const bad of ["2023-02-29", "2023-02-30", "2023-13-45", "2025-13-01", "2025-04-31", "1900-02-29", "2025-00-10", "2025-1-01", "20250101", ""])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it("every date key of every experiment is a calendar date, and a bad one is named in one line", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-dates-")), "run");
    let dateKeys = 0;
    for (const name of EXPERIMENT_NAMES) {
      const keys = configKeys((await loadExperiment(name)).configSchema).filter((k) => isDateKey(k.key, k.default));
      for (const key of keys) {
        dateKeys++;
        expect(key.accepts, `${name}.${key.key}`).toMatch(/a calendar date YYYY-MM-DD/);
        for (const bad of ["2023-02-30", "2023-13-45"]) {
          const err = await refused(["run", name, "--set", `${key.key}=${bad}`, "--out", out]);
          expect(err).toContain(`config key "${key.key}": got "${bad}"`);
          expect(err).toMatch(/not a calendar date/);
        }
      }
    }
    expect(dateKeys).toBe(6); // finmem's four window dates, blackboard's start and end
  });

  it('--set start=2025-13-01 says it is not a date, not "after end"', async () => {
    const err = await refused(["run", "blackboard", "--set", "start=2025-13-01"]);
    expect(err).toMatch(/config key "start": got "2025-13-01"; allowed: a calendar date YYYY-MM-DD \(not a calendar date\)/);
    expect(err).not.toMatch(/after end/);
  });

  it("date flags: lookahead --at and data fetch --from / --to", async () => {
    expect(await refused(["lookahead", "finmem", "--at", "2023-13-45"])).toMatch(/--at expects a calendar date YYYY-MM-DD, got "2023-13-45"/);
    expect(await refused(["lookahead", "finmem", "--at", "2023-02-30"])).toMatch(/--at expects a calendar date/);
    const out = mkdtempSync(path.join(tmpdir(), "consilium-dates-fetch-"));
    expect(await refused(["data", "fetch", "--tickers", "AAPL", "--from", "2023-02-30", "--to", "2023-03-31", "--out", out])).toMatch(
      /--from expects a calendar date YYYY-MM-DD, got "2023-02-30"/,
    );
    expect(await refused(["data", "fetch", "news", "--tickers", "AAPL", "--from", "2023-01-01", "--to", "2023-13-45", "--out", out])).toMatch(/--to expects/);
  });

  it("--concurrency 0 is refused", async () => {
    for (const argv of [
      ["run", "sentimental", "--concurrency", "0"],
      ["sweep", "sentimental", "--grid", "alpha=0.3", "--concurrency", "0"],
      ["lookahead", "finmem", "--at", "2021-01-04", "--concurrency", "0"],
    ])
      expect(await refused(argv)).toMatch(/--concurrency expects a positive integer, got "0"/);
  });
});
