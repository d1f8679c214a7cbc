import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { OFFLINE_LABEL } from "../../src/core/labels";

function quietIo(): CliIo & { out: string[] } {
  const out: string[] = [];
  return { out, stdout: (t) => void out.push(t), stderr: () => {}, readStdin: async () => "" };
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, path.join(prefix, name)) : [path.join(prefix, name)];
  });
}

describe("consilium run (offline)", () => {
  it("writes a labelled run folder, byte-identical for the same seed", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "consilium-run-"));
    const args = (out: string) => [
      "run",
      "sentimental",
      "--set",
      "candidates=2",
      "--set",
      "maxRounds=2",
      "--set",
      "runs=1",
      "--seed",
      "11",
      "--out",
      out,
      "--json",
    ];
    const first = quietIo();
    expect(await main(args(path.join(root, "a")), first)).toBe(0);
    expect(await main(args(path.join(root, "b")), quietIo())).toBe(0);
    const manifest = JSON.parse(first.out.join("")) as {
      offline: boolean;
      model: string;
      seed: number;
      tables: Array<{ csv: string }>;
      figures: Array<{ json: string }>;
    };
    expect(manifest.offline).toBe(true);
    expect(manifest.model).toBe("offline");
    expect(manifest.seed).toBe(11);

    const files = listFiles(path.join(root, "a")).filter((f) => f !== "timings.json");
    expect(files.length).toBeGreaterThan(10);
    expect(
      listFiles(path.join(root, "b"))
        .filter((f) => f !== "timings.json")
        .sort(),
    ).toEqual([...files].sort());
    for (const file of files) {
      expect(readFileSync(path.join(root, "b", file)), file).toEqual(readFileSync(path.join(root, "a", file)));
    }

    for (const table of manifest.tables) {
      const [header, ...rows] = readFileSync(path.join(root, "a", table.csv), "utf8")
        .trim()
        .split("\n");
      const modelColumn = header!.split(",").indexOf("model");
      expect(modelColumn, table.csv).toBeGreaterThanOrEqual(0);
      if (rows.length) expect(rows[0]!.split(",").at(-1), table.csv).toBe("offline");
    }
    for (const figure of manifest.figures) {
      const json = JSON.parse(readFileSync(path.join(root, "a", figure.json), "utf8")) as { title: string; layout: { title: { text: string } } };
      expect(json.title).toContain(OFFLINE_LABEL);
      expect(json.layout.title.text).toContain(OFFLINE_LABEL);
    }
  });

  it("a different seed changes the results", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "consilium-run-"));
    const run = async (seed: string) => {
      await main(
        ["run", "sentimental", "--set", "candidates=2", "--set", "maxRounds=2", "--set", "runs=1", "--seed", seed, "--out", path.join(root, seed)],
        quietIo(),
      );
      return readFileSync(path.join(root, seed, "tables", "sentiment_by_round.csv"), "utf8");
    };
    expect(await run("1")).not.toEqual(await run("2"));
  });
});
