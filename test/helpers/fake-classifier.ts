/**
 * A loopback text-classification server for tests (node:http on 127.0.0.1):
 * POST /predict answers like text-embeddings-inference (`{"inputs": [["t"], ...]}`
 * -> one label list per text, sorted by score), POST /models/x like the
 * Hugging Face Inference API (`{"inputs": ["t", ...]}`). The positive
 * probability of a text is `score(text)`; every request body and header is
 * recorded. `failNext` scripts HTTP errors before the next answers.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeClassifier {
  readonly url: string;
  readonly requests: Array<{ path: string; headers: Record<string, string>; body: unknown }>;
  /** Answer the next n requests with this status. */
  failNext(n: number, status: number): void;
  stop(): Promise<void>;
}

/** Positive probability from the text: "good"/"great" push it up, "bad"/"poor" down (a deterministic toy). */
export function toyProbability(text: string): number {
  const t = text.toLowerCase();
  const up = (t.match(/\b(good|great|excellent)\b/g) ?? []).length;
  const down = (t.match(/\b(bad|poor|weak)\b/g) ?? []).length;
  return 1 / (1 + Math.exp(-(up - down)));
}

export async function startFakeClassifier(
  options: { labels?: [string, string]; score?: (text: string) => number; topOnly?: boolean } = {},
): Promise<FakeClassifier> {
  const [neg, pos] = options.labels ?? ["negative", "positive"];
  const score = options.score ?? toyProbability;
  const requests: FakeClassifier["requests"] = [];
  let failures: Array<number> = [];
  const labelsOf = (text: string) => {
    const p = score(text);
    const all = [
      { label: pos, score: p },
      { label: neg, score: 1 - p },
    ].sort((a, b) => b.score - a.score);
    return options.topOnly ? all.slice(0, 1) : all;
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(raw || "null") as { inputs: unknown };
      requests.push({ path: req.url ?? "", headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      const status = failures.shift();
      if (status !== undefined) {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error: "scripted failure" }));
        return;
      }
      const inputs = body.inputs;
      let texts: string[];
      if (req.url === "/predict")
        texts = (inputs as string[][]).map((x) => x[0]!); // TEI batch: [[text], ...]
      else texts = Array.isArray(inputs) ? (inputs as string[]) : [inputs as string];
      const answer = texts.length === 1 && req.url !== "/predict" ? labelsOf(texts[0]!) : texts.map(labelsOf);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (n, status) => void (failures = [...failures, ...Array<number>(n).fill(status)]),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
