import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mergeCacheFolders } from "../../src/llm/cache-merge";
import { stableStringify } from "../../src/llm/json";

const usage = { promptTokens: 10, completionTokens: 2 };
const entry = (key: string, task: string, output: unknown, extra: Record<string, unknown> = {}) => ({
  key,
  task,
  version: 1,
  model: "m",
  params: { temperature: 0, seed: 7 },
  output,
  usage,
  repaired: false,
  ...extra,
});

function folder(root: string, name: string, files: Record<string, object[]>): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, lines] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), lines.map((l) => stableStringify(l) + "\n").join(""));
  }
  return dir;
}

describe("mergeCacheFolders", () => {
  it("appends what the target lacks sorted by task and key, counts shared keys, and reports different answers keeping the first", () => {
    const root = mkdtempSync(path.join(tmpdir(), "consilium-cache-merge-"));
    const a = folder(root, "a", { "t.b.jsonl": [entry("k2", "t.b", 2)], "t.a.jsonl": [entry("k9", "t.a", 9)] });
    const b = folder(root, "b", {
      "t.a.jsonl": [entry("k1", "t.a", 1), entry("k9", "t.a", 9, { usage: { promptTokens: 11, completionTokens: 2 } })],
      "t.b.jsonl": [entry("k2", "t.b", "other")],
      "embeddings/e.jsonl": [{ key: "v1", embedder: "e", dimension: 1, vector: "AACAPw==" }],
    });
    const target = path.join(root, "out");
    const result = mergeCacheFolders(target, [a, b]);
    expect(result.appended).toBe(4);
    // k9: same answer (usage may differ between counts); k2: another answer, so a conflict and a's kept.
    expect(result.shared).toBe(1);
    expect(result.conflicts).toEqual([{ kind: "model", key: "k2", name: "t.b", kept: a, differs: b }]);
    const lines = (file: string) =>
      readFileSync(path.join(target, file), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { key: string; output?: unknown });
    expect(lines("t.a.jsonl").map((e) => e.key)).toEqual(["k1", "k9"]);
    expect(lines("t.b.jsonl").map((e) => e.output)).toEqual([2]);
    expect(lines("embeddings/e.jsonl").map((e) => e.key)).toEqual(["v1"]);

    // A second merge of the same folders adds nothing: every key is in the target already.
    const again = mergeCacheFolders(target, [a, b]);
    expect([again.appended, again.conflicts.length]).toEqual([0, 1]);
  });
});
