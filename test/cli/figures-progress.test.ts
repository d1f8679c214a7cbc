import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

const work = mkdtempSync(path.join(tmpdir(), "consilium-figures-progress-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A run folder holding only what `consilium figures` reads: the manifest and the figures' JSON. */
function runFolder(names: string[]): string {
  const dir = path.join(work, "run");
  mkdirSync(path.join(dir, "figures"), { recursive: true });
  const figures = names.map((name) => {
    const json = `figures/${name}.json`;
    writeFileSync(path.join(dir, json), JSON.stringify({ name, title: name, data: [{ type: "scatter", x: [1], y: [1] }], layout: {} }));
    return { name, title: name, json };
  });
  writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({ experiment: "x", model: "offline", offline: true, seed: 7, dataDir: ".", tables: [], figures }),
  );
  return dir;
}

describe("consilium figures shows progress on stderr", () => {
  it("one line before the export and one per figure, in order; the result alone on stdout", async () => {
    const dir = runFolder(["alpha", "beta", "gamma"]);
    const io = capture();
    expect(await main(["figures", dir, "--formats", "html", "--out", path.join(work, "out")], io)).toBe(0);
    const lines = io.err.join("").trimEnd().split("\n");
    expect(lines).toEqual(["figures: exporting 3 figure(s) as html", "  figure 1/3: alpha", "  figure 2/3: beta", "  figure 3/3: gamma"]);
    expect(io.out.join("")).toBe(`3 files -> ${path.join(work, "out")}\n`);
  });
});
