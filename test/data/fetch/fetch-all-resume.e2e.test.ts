/**
 * `consilium data fetch all` killed mid-news and again mid-filings (child
 * processes, SIGKILL while a loopback source hangs): the reruns fetch only
 * what is missing, and the folder ends byte-identical to an uninterrupted
 * pull. (The pull itself, in process: fetch-all.test.ts.)
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { FakeSources } from "../../helpers/fake-sources";
import { makeFolder } from "../helpers";
import { ACME, DUAL, fetchAllArgs, snapshot, SPY, UNIVERSE } from "./fetch-all-setup";

describe("data fetch all against loopback sources, killed and resumed", () => {
  let fake: FakeSources;
  let universe = "";
  let clean = "";
  const args = (out: string): string[] => fetchAllArgs(universe, out);
  // The uninterrupted pull every resumed one must equal.
  beforeAll(async () => {
    fake = await new FakeSources({ companies: [ACME, DUAL, SPY], newsPerDay: () => 2 }).start();
    universe = join(makeFolder({ "universe.csv": UNIVERSE }), "universe.csv");
    clean = makeFolder({});
    const saved = { ...process.env };
    Object.assign(process.env, fake.env());
    try {
      expect(await dataCommand(args(clean), { stdout: () => {}, stderr: () => {} })).toBe(0);
    } finally {
      process.env = saved;
    }
  });
  afterAll(() => fake.stop());

  it("killed mid-news and again mid-filings, reruns finish without refetching what they have, byte-identical to an uninterrupted pull", async () => {
    const out = makeFolder({});
    const start = fake.requests.length;
    const key = (i: number): string => `${fake.requests[i]!.path}?${fake.requests[i]!.query.toString()}`;
    const runChildUntil = async (hangAfter: number): Promise<void> => {
      fake.hangAfter = hangAfter;
      const child = spawn(process.execPath, ["bin/consilium.mjs", "data", ...args(out)], { env: { ...process.env, ...fake.env() }, stdio: "ignore" });
      const exited = new Promise<void>((r) => child.on("exit", () => r()));
      while (fake.requests.length <= hangAfter) await new Promise((r) => setTimeout(r, 25));
      child.kill("SIGKILL");
      await exited;
      fake.hangAfter = null;
    };
    // Run 1: prices (3) and five of ACME's six news windows, killed on the sixth.
    await runChildUntil(start + 3 + 5);
    const firstRun = new Set(Array.from({ length: 8 }, (_, i) => key(start + i)));
    const hung1 = key(start + 8);
    // Run 2: resumes with the hung window, BRK-B's news (6), then ACME's index, facts and first header; killed on its first document.
    const second = fake.requests.length;
    await runChildUntil(second + 7 + 3);
    const secondKeys = Array.from({ length: fake.requests.length - second }, (_, i) => key(second + i));
    expect(secondKeys[0]).toBe(hung1);
    expect(secondKeys.filter((k) => firstRun.has(k))).toEqual([]);
    expect(secondKeys.some((k) => k.startsWith("/v8/"))).toBe(false);
    const hung2 = secondKeys[secondKeys.length - 1]!;
    // Run 3 (in process) finishes.
    const third = fake.requests.length;
    const saved = { ...process.env };
    Object.assign(process.env, fake.env());
    try {
      expect(await dataCommand(args(out), { stdout: () => {}, stderr: () => {} })).toBe(0);
    } finally {
      process.env = saved;
    }
    const thirdKeys = Array.from({ length: fake.requests.length - third }, (_, i) => key(third + i));
    expect(thirdKeys[0]).toBe(hung2);
    const earlier = new Set([...firstRun, ...secondKeys.slice(0, -1)]);
    expect(thirdKeys.filter((k) => earlier.has(k))).toEqual([]);
    // Every request of an uninterrupted pull was sent exactly once, plus the two that hung.
    expect(fake.requests.length - start).toBe(25 + 2);
    expect(snapshot(out)).toEqual(snapshot(clean));
  });
});
