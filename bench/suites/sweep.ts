/**
 * Benchmark 8: the scale of a sweep. A 27-cell Sentimental sweep (alpha x
 * temperature x tolerance) and a 12-cell FinMem sweep (topK x riskMode), each
 * from a cold cache, offline and against a loopback OpenAI-compatible server
 * that answers after 300 ms +- 100 ms (seeded jitter), with --concurrency 1,
 * 4 and 16 (cells in flight). Reported: wall time, calls, and the share of
 * calls served from the sweep's shared LLM cache (cells repeat some calls:
 * the mental models, the first round, the news summaries). Cells are kept
 * small (see the workload line) so the latency runs stay within minutes.
 */
import path from "node:path";
import {
  CachedModel,
  OfflineModel,
  OpenAIModel,
  withSchemaInstruction,
  stableHash,
  type CallOptions,
  type Model,
  type ModelResult,
  type Task,
  type UsageTotals,
} from "../../src/llm/index";
import { runSweep } from "../../src/run/sweep";
import { Rng } from "../../src/stats/rng";
import { okJson, startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from "../../test/helpers/fake-openai";
import { scratchDir } from "../data";
import { summarise } from "../lib";
import type { BenchRow, BenchSuite } from "../types";

const LATENCY_MS = 300;
const JITTER_MS = 100;
const CONCURRENCY = [1, 4, 16];

interface SweepCase {
  experiment: "sentimental" | "finmem";
  grid: Record<string, string[]>;
  set: string[];
}

const CASES: SweepCase[] = [
  {
    experiment: "sentimental",
    grid: { alpha: ["0.3", "0.5", "0.7"], temperature: ["0.7", "1.0", "1.5"], tolerance: ["0.00001", "0.001", "0.01"] },
    set: ["candidates=1", "runs=1", "maxRounds=2"],
  },
  {
    experiment: "finmem",
    grid: { topK: ["1", "3", "5", "10"], riskMode: ["seeking", "averse", "adaptive"] },
    set: ["trainStart=2024-09-02", "trainEnd=2024-09-30", "testStart=2024-10-01", "testEnd=2024-10-15"],
  },
];

function messagesKey(messages: ReadonlyArray<{ role: string; content: string }>): string {
  return stableHash(messages.map((m) => [m.role, m.content]));
}

/**
 * An endpoint model over the loopback server that may have many requests in
 * flight: each answer (the offline agent's) is filed under the hash of the
 * exact request messages, and the server answers a request with the answer
 * filed under its own messages, after the simulated latency.
 */
class LatencyEndpoint implements Model {
  readonly isOffline = false;
  readonly id: string;
  private readonly answers = new Map<string, unknown[]>();
  constructor(
    private readonly offline: OfflineModel,
    private readonly remote: OpenAIModel,
  ) {
    this.id = remote.id;
  }

  /** The server's answer to one request (called by the fake server). */
  answer(req: ChatRequestBody): unknown {
    const queue = this.answers.get(messagesKey(req.messages));
    if (!queue?.length) throw new Error("sweep bench: a request with no filed answer");
    return queue.shift();
  }

  resolveParams<I, O>(task: Task<I, O>, options?: CallOptions): { temperature: number; seed: number | null } {
    return this.remote.resolveParams(task, options);
  }

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    const { output } = await this.offline.run(task, input, options);
    const key = messagesKey(withSchemaInstruction(task, input));
    this.answers.set(key, [...(this.answers.get(key) ?? []), output]);
    return this.remote.run(task, input, options);
  }

  usage(): UsageTotals {
    return this.remote.usage();
  }
}

async function sweepOnce(
  c: SweepCase,
  concurrency: number,
  dir: string,
  server: FakeOpenAI | null,
  endpointRef: { current: LatencyEndpoint | null },
): Promise<{ ms: number; usage: UsageTotals }> {
  const cacheDir = path.join(dir, "llm-cache");
  let inner: Model = new OfflineModel({ seed: 7 });
  if (server) {
    const remote = new OpenAIModel({ model: "bench-sweep-model", baseURL: server.baseURL, apiKey: "sk-bench", maxRetries: 0, concurrency });
    const endpoint = new LatencyEndpoint(new OfflineModel({ seed: 7 }), remote);
    endpointRef.current = endpoint;
    inner = endpoint;
  }
  // The sweep's shared cache (what `consilium sweep` sets up), recording offline answers too.
  const model = new CachedModel(inner, { dir: cacheDir, mode: "record" });
  const t0 = performance.now();
  await runSweep(c.experiment, c.grid, {
    outDir: path.join(dir, "out"),
    cacheDir,
    seed: 7,
    set: c.set,
    concurrency,
    modelInstance: model,
    llm: server ? "openai" : "offline",
  });
  return { ms: performance.now() - t0, usage: model.usage() };
}

export const sweepSuite: BenchSuite = {
  id: 8,
  name: "Sweep scale",
  async run(options) {
    const rows: BenchRow[] = [];
    const jitter = new Rng("bench-sweep-latency");
    const endpointRef: { current: LatencyEndpoint | null } = { current: null };
    const server = await startFakeOpenAI({
      chat: (req) => okJson(endpointRef.current!.answer(req), { delayMs: LATENCY_MS + jitter.uniform(-JITTER_MS, JITTER_MS) }),
    });
    const scratch = scratchDir("sweep");
    try {
      for (const c of CASES) {
        const cells = Object.values(c.grid).reduce((n, v) => n * v.length, 1);
        for (const mode of ["offline", "loopback"] as const) {
          for (const concurrency of options.quick ? [1, 16] : CONCURRENCY) {
            const dir = path.join(scratch.dir, `${c.experiment}-${mode}-${concurrency}`);
            server.reset();
            const { ms, usage } = await sweepOnce(c, concurrency, dir, mode === "loopback" ? server : null, endpointRef);
            const served = usage.cacheHits / usage.calls;
            rows.push({
              id: `8/${c.experiment}-${mode}-c${concurrency}`,
              name: `${cells}-cell ${c.experiment} sweep, ${mode === "offline" ? "offline agents" : `loopback server ${LATENCY_MS} ms +- ${JITTER_MS} ms`}, --concurrency ${concurrency}`,
              workload: `grid ${Object.entries(c.grid)
                .map(([k, v]) => `${k} {${v.join(", ")}}`)
                .join(" x ")}; each cell ${c.set.join(" ")}; cold cache; wall time of runSweep`,
              ours: summarise([ms]),
              referenceName: null,
              reference: null,
              ratio: null,
              check: null,
              extra: {
                calls: usage.calls,
                cacheShare: Number(served.toFixed(3)),
                ...(mode === "loopback" ? { networkCalls: server.chatRequests().length, maxInFlight: server.maxInFlight } : {}),
              },
            });
          }
        }
      }
    } finally {
      await server.stop();
      scratch.dispose();
    }
    return rows;
  },
};
