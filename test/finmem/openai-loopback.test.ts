import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataFolder } from "../../src/data/folder";
import { DEFAULT_LOOP_OPTIONS, runFinMem } from "../../src/finmem/loop";
import { OpenAIModel } from "../../src/llm/openai-client";
import { RecordingModel } from "../../src/llm/recording";
import { HashingEmbedder } from "../../src/text/embedding";
import { okJson, startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from "../helpers/fake-openai";

const FIELDS = ["short_memory_index", "middle_memory_index", "long_memory_index", "reflection_memory_index"] as const;

/** Ids shown per layer in a reflection prompt ("... cite ids in "<field>":\n  [id N] (date, kind) text"). */
function shownIds(prompt: string): Record<(typeof FIELDS)[number], Array<{ id: number; date: string }>> {
  const out = {} as Record<(typeof FIELDS)[number], Array<{ id: number; date: string }>>;
  for (const f of FIELDS) {
    const start = prompt.indexOf(`cite ids in "${f}":`);
    const rest = prompt.slice(start).split("\n\n")[0]!;
    out[f] = [...rest.matchAll(/\[id (\d+)\] \((\d{4}-\d{2}-\d{2})/g)].map((m) => ({ id: Number(m[1]), date: m[2]! }));
  }
  return out;
}

const dates = [
  "2021-03-01",
  "2021-03-02",
  "2021-03-03",
  "2021-03-04",
  "2021-03-05",
  "2021-03-08",
  "2021-03-09",
  "2021-03-10",
  "2021-03-11",
  "2021-03-12",
  "2021-03-15",
  "2021-03-16",
];
const closes = [100, 101, 99, 102, 103, 101, 104, 105, 103, 106, 107, 105];
let dir = "";
let server: FakeOpenAI;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "finmem-openai-"));
  for (const sub of ["prices", "news", "filings"]) mkdirSync(path.join(dir, sub));
  writeFileSync(
    path.join(dir, "prices", "ZZZ.csv"),
    ["Date,Open,High,Low,Close,AdjClose,Volume", ...dates.map((d, i) => `${d},${closes[i]},${closes[i]},${closes[i]},${closes[i]},${closes[i]},1000`)].join(
      "\n",
    ) + "\n",
  );
  writeFileSync(
    path.join(dir, "news", "zzz.jsonl"),
    dates
      .map((date, i) =>
        JSON.stringify({
          date,
          ticker: "ZZZ",
          source: "t",
          headline: null,
          summary: `Zeta news ${i}: ${i % 2 ? "weak demand worries investors" : "strong demand lifts shares"}. Second sentence ${i}.`,
        }),
      )
      .join("\n") + "\n",
  );
  writeFileSync(
    path.join(dir, "filings", "f.jsonl"),
    JSON.stringify({ date: "2021-03-03", ticker: "ZZZ", form: "10-Q", source: "t", text: "Revenue grew 9%. Margins improved." }) + "\n",
  );

  server = await startFakeOpenAI({
    chat(req: ChatRequestBody) {
      const user = req.messages.find((m) => m.role === "user")!.content;
      if (user.startsWith("Summarise")) {
        const text = user.slice(user.indexOf("Text:\n") + 6);
        return okJson({ summary: text.split(". ")[0] + ".", sentiment: text.includes("weak") ? "negative" : "positive" });
      }
      if (user.includes("Extended reflection")) return okJson({ summary_reason: "Weekly lesson: follow the trend." });
      const ids = shownIds(user);
      const cite = (f: (typeof FIELDS)[number]) => (ids[f].length ? [ids[f][0]!.id] : []);
      const base = {
        short_memory_index: cite("short_memory_index"),
        middle_memory_index: cite("middle_memory_index"),
        long_memory_index: [],
        reflection_memory_index: [],
      };
      if (user.includes("Training mode")) return okJson({ summary_reason: "Explained by the cited news.", ...base });
      const date = /^Date: (\d{4}-\d{2}-\d{2})/.exec(user)![1]!;
      const repair = req.messages.length > 2;
      if (date === "2021-03-10") return okJson({ investment_decision: "buy", summary_reason: "cites a hidden id", ...base, short_memory_index: [999] });
      if (date === "2021-03-11" && !repair) return okJson({ investment_decision: "maybe", summary_reason: "bad enum", ...base });
      return okJson({ investment_decision: date === "2021-03-12" ? "sell" : "buy", summary_reason: `Decision for ${date}.`, ...base });
    },
  });
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("FinMem through an OpenAI-compatible endpoint (loopback fake)", () => {
  it("runs train and test with scripted JSON answers, repairs once, and turns invalid citations into hold", async () => {
    const model = new OpenAIModel({ model: "gpt-4o-mini", apiKey: "sk-test-finmem", baseURL: server.baseURL, seed: 7, timeoutMs: 5000, maxRetries: 0 });
    const result = await runFinMem(
      {
        ...DEFAULT_LOOP_OPTIONS,
        ticker: "ZZZ",
        trainStart: "2021-03-01",
        trainEnd: "2021-03-08",
        testStart: "2021-03-09",
        testEnd: "2021-03-16",
        topK: 2,
        extendedReflectionEvery: 3,
      },
      { folder: DataFolder.open(dir), model, embedder: new HashingEmbedder({ dimension: 64 }), seed: 7, concurrency: 2 },
    );
    const test = result.days.filter((d) => d.phase === "test");
    expect(test.map((d) => [d.date, d.decision, d.valid])).toEqual([
      ["2021-03-09", "buy", true],
      ["2021-03-10", "hold", false],
      ["2021-03-11", "buy", true],
      ["2021-03-12", "sell", true],
      ["2021-03-15", "buy", true],
      ["2021-03-16", "buy", true],
    ]);
    expect(result.invalidOutputs).toBe(1);
    expect(result.repairedOutputs).toBe(2); // 03-10 (repair failed) and 03-11 (repair fixed it)
    expect(test[1]!.error).toMatch(/999/);
    expect(test[2]!.repaired).toBe(true);
    // training actions are the labels (next close up -> buy, down -> sell)
    expect(result.days.filter((d) => d.phase === "train").map((d) => d.decision)).toEqual(["buy", "sell", "buy", "buy", "sell", "buy"]);
    expect(result.days.filter((d) => d.extendedReflection === "Weekly lesson: follow the trend.").length).toBe(4); // days 3 and 6 of each phase

    const chats = server.chatRequests();
    const summaries = chats.filter((c) => c.messages.some((m) => m.content.startsWith("Summarise")));
    expect(summaries.length).toBe(dates.length + 1); // one news item per day + the 10-Q
    for (const c of chats) expect(c.response_format).toEqual({ type: "json_object" });
    // no prompt of day t shows an event dated after t
    for (const c of chats) {
      const user = c.messages.find((m) => m.role === "user")!.content;
      const day = /^Date: (\d{4}-\d{2}-\d{2})/.exec(user)?.[1];
      if (!day) continue;
      for (const f of FIELDS) for (const e of shownIds(user)[f]) expect(e.date <= day).toBe(true);
    }
    const testPrompt = chats.find((c) => c.messages.some((m) => m.content.startsWith("Date: 2021-03-09")))!;
    expect(testPrompt.messages[0]!.content).toContain("You are an experienced trader of ZZZ");
    expect(testPrompt.messages[0]!.content).toContain("JSON Schema");
    // the training prompt states the label (next close), the test prompt of the same data never does
    const train0308 = chats.find((c) => c.messages.some((m) => m.content.startsWith("Date: 2021-03-08")))!;
    expect(train0308.messages[1]!.content).toContain("from 101.00 to 104.00");
    expect(JSON.stringify(testPrompt.messages)).not.toContain("105.00");
    // prompts=authors (the code's protocol): buy or sell, hold only when that choice is really hard
    expect(testPrompt.messages[1]!.content).toContain("choose exactly one of buy or sell");
    expect(testPrompt.messages[1]!.content).toContain("only when choosing between buy and sell is really hard may you answer hold");
    expect(testPrompt.messages[1]!.content).toContain("Momentum is the tendency");
  });

  it("records exactly the messages the endpoint receives, and words the decision neutrally with prompts=neutral", async () => {
    const before = server.chatRequests().length;
    const endpoint = new OpenAIModel({ model: "gpt-4o-mini", apiKey: "sk-test-finmem", baseURL: server.baseURL, seed: 7, timeoutMs: 5000, maxRetries: 0 });
    const model = new RecordingModel(endpoint);
    await runFinMem(
      {
        ...DEFAULT_LOOP_OPTIONS,
        ticker: "ZZZ",
        trainStart: "2021-03-01",
        trainEnd: "2021-03-08",
        testStart: "2021-03-09",
        testEnd: "2021-03-12",
        topK: 2,
        extendedReflectionEvery: 0,
        prompts: "neutral",
        invalidCitations: "drop",
      },
      { folder: DataFolder.open(dir), model, embedder: new HashingEmbedder({ dimension: 64 }), seed: 7, concurrency: 1 },
    );
    // Repair rounds append messages; the first request of each call is what the recording holds.
    const received = server
      .chatRequests()
      .slice(before)
      .filter((c) => c.messages.length === 2)
      .map((c) => JSON.stringify(c.messages.map((m) => ({ role: m.role, content: m.content }))));
    const recorded = model.prompts.map((p) => JSON.stringify(p.messages));
    expect(recorded).toEqual(received);
    expect(model.prompts.every((p) => p.session !== null && p.hash.length === 64)).toBe(true);
    const test = model.prompts.find((p) => p.task === "finmem.reflect.test" && p.session === "2021-03-09")!;
    expect(test.messages![1]!.content).toContain('Give "investment_decision" (buy, sell or hold)');
    expect(test.messages![1]!.content).not.toContain("really hard");
  });
});
