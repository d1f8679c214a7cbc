/**
 * A real model's answers, replayed with the model stopped: the raw bodies a
 * SmolLM2-135M-Instruct server sent during the smoke runs
 * (test/fixtures/local-model/<experiment>.jsonl, recorded by
 * `npm run local-model:record`) answer the same requests again from a
 * loopback server, and each experiment's smoke run goes through the real
 * client, extraction, lenient reading, repair and gaps to every table,
 * figure and report, counting what the recorded run counted.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { bundledDataDir } from "../../src/data/paths";
import { parseRecordedBodies, startReplayServer } from "../../src/llm/testing/recorded-bodies";
import { FIXTURE_DIR, SMOKE_RUNS, smokeArgs } from "../../scripts/local-model/smoke-configs";

const ROOT = path.resolve(__dirname, "../..");
const REGENERATE = "npm run local-model:record";

interface Counted {
  experiment: string;
  calls: number;
  repairs: number;
  gaps: number;
  requests: number;
}

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

/** Every file under a folder, as paths. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** A run file's text; a gzipped one (the Blackboard's journal/blackboard.jsonl.gz, where the board's messages are) unpacked. */
function textOf(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** Every file of a run folder as one text, its LLM cache left out (that holds the raw answers whatever became of them). */
function runText(dir: string): string {
  return filesUnder(dir)
    .filter((f) => !f.includes(`${path.sep}llm-cache${path.sep}`))
    .map(textOf)
    .join("\n");
}

/** The strings of at least 24 characters the model wrote in its answers' JSON (what should reach the run's files). */
function writtenStrings(bodies: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node === "string" && node.trim().length >= 24) out.push(node);
    else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") Object.values(node).forEach(visit);
  };
  for (const body of bodies) {
    const content = (JSON.parse(body) as { choices?: Array<{ message?: { content?: string | null } }> }).choices?.[0]?.message?.content ?? "";
    const start = content.indexOf("{");
    try {
      visit(JSON.parse(content.slice(start, content.lastIndexOf("}") + 1)) as unknown);
    } catch {
      // A cut or malformed answer: nothing of it is expected downstream.
    }
  }
  return out;
}

const counted = JSON.parse(readFileSync(path.join(ROOT, FIXTURE_DIR, "runs.json"), "utf8")) as Counted[];

describe("the local model's recorded answers, replayed through the real-model path (no model running)", () => {
  const saved = { key: process.env["OPENAI_API_KEY"], base: process.env["OPENAI_BASE_URL"] };
  beforeEach(() => {
    process.env["OPENAI_API_KEY"] = "local";
  });
  afterEach(() => {
    for (const [name, value] of [
      ["OPENAI_API_KEY", saved.key],
      ["OPENAI_BASE_URL", saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  for (const run of SMOKE_RUNS) {
    it(`${run.experiment}: every recorded answer is asked for and used; the run's counts, tables, figures and report come out`, async () => {
      const fixture = path.join(ROOT, FIXTURE_DIR, `${run.experiment}.jsonl`);
      expect(existsSync(fixture), `no recorded answers at ${fixture}: run ${REGENERATE}`).toBe(true);
      const records = parseRecordedBodies(readFileSync(fixture, "utf8"));
      const expected = counted.find((c) => c.experiment === run.experiment)!;
      expect(records.length).toBe(expected.requests);
      const replay = await startReplayServer(records, REGENERATE);
      const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-local-replay-")), "run");
      const io = capture();
      process.env["OPENAI_BASE_URL"] = replay.baseURL;
      let code: number;
      try {
        code = await main(smokeArgs(run, bundledDataDir(), out), io);
      } finally {
        await replay.stop();
      }
      expect(replay.misses, `requests not in the recording (a prompt changed?): run ${REGENERATE}`).toEqual([]);
      expect(code, io.err.join("")).toBe(0);
      expect(replay.unused()).toBe(0);
      const manifest = JSON.parse(io.out.join("")) as { model: string; usage: { calls: number; repairs: number }; gaps: { total: number } };
      expect(manifest.model).toBe("smollm2-135m-instruct");
      expect({ calls: manifest.usage.calls, repairs: manifest.usage.repairs, gaps: manifest.gaps.total }).toEqual({
        calls: expected.calls,
        repairs: expected.repairs,
        gaps: expected.gaps,
      });
      const tables = filesUnder(path.join(out, "tables"));
      const figures = filesUnder(path.join(out, "figures"));
      expect(tables.length).toBeGreaterThan(0);
      expect(figures.length).toBeGreaterThan(0);
      expect(existsSync(path.join(out, "report.html"))).toBe(true);
      // The model's own words reach the run's files (artifacts, the board's journal, tables or report): strings of its
      // answers that the same run on the offline agents does not write (so not input text the model only copied).
      const offlineOut = path.join(path.dirname(out), "offline");
      expect(
        await main(["run", run.experiment, "--seed", "7", "--data", bundledDataDir(), "--out", offlineOut, ...run.set.flatMap((s) => ["--set", s])], capture()),
      ).toBe(0);
      const said = writtenStrings(records.map((r) => r.body));
      expect(said.length).toBeGreaterThan(0);
      const written = runText(out);
      const offline = runText(offlineOut);
      const inText = (text: string) => (s: string) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1));
      const reached = said.filter(inText(written)).filter((s) => !inText(offline)(s));
      expect(reached.length, "no string the model wrote reaches the run's files").toBeGreaterThan(0);
    }, 120_000);
  }
});
