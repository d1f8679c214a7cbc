import { describe, expect, it } from "vitest";
import { extractJson, sha256Hex, stableHash, stableStringify } from "../../src/llm/json";
import { Semaphore, limitConcurrency, mapConcurrent } from "../../src/llm/limit";
import { estimateCostUsd, priceFor } from "../../src/llm/pricing";
import { redactSecrets } from "../../src/llm/redact";
import { backoffDelayMs, retryAfterMs } from "../../src/llm/retry";
import { decodeBase64Float32, encodeBase64Float32, l2Normalize } from "../../src/llm/vectors";
import { Rng } from "../../src/stats/rng";

describe("stableStringify / hashing", () => {
  it("sorts keys recursively and follows JSON.stringify otherwise", () => {
    expect(stableStringify({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
    expect(stableStringify({ u: undefined, n: NaN, i: Infinity, arr: [undefined, () => 1], s: "é\n" })).toBe(
      '{"arr":[null,null],"i":null,"n":null,"s":"é\\n"}',
    );
    expect(stableStringify(new Float32Array([0.5, 1]))).toBe("[0.5,1]");
    expect(stableStringify({ d: new Date(0) })).toBe('{"d":"1970-01-01T00:00:00.000Z"}');
    expect(stableStringify(undefined)).toBe("null");
  });

  it("rejects cycles and bigint, but allows shared (acyclic) references", () => {
    const a: Record<string, unknown> = {};
    a["self"] = a;
    expect(() => stableStringify(a)).toThrow(/cyclic/);
    expect(() => stableStringify({ x: 1n })).toThrow(/bigint/);
    const shared = { v: 1 };
    expect(stableStringify([shared, shared])).toBe('[{"v":1},{"v":1}]');
  });

  it("sha256 matches the FIPS 180-2 test vector; stableHash ignores key order", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(stableHash({ a: 1, b: [1, 2] })).toBe(stableHash({ b: [1, 2], a: 1 }));
    expect(stableHash({ a: 1 })).not.toBe(stableHash({ a: 2 }));
  });
});

describe("extractJson", () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['  \n{"a":1}\n', { a: 1 }],
    ['```json\n{"a": {"b": [1, 2]}}\n```', { a: { b: [1, 2] } }],
    ['```\n{"a":2}\n```', { a: 2 }],
    ['Sure! Here it is: {"text": "braces } inside { strings", "n": 3} Hope this helps.', { text: "braces } inside { strings", n: 3 }],
    ['{broken} then {"ok": true}', { ok: true }],
    ['Draft: {"score": 2, "why": "cut off\n\nFinal answer: {"score": 3}', { score: 3 }],
    ['use {x as a placeholder; answer {"score": 4}', { score: 4 }],
    ["[1, 2]", [1, 2]],
    ['<think>\nA first draft: {"draft": true}. Now the answer.\n</think>\n{"score": 4}', { score: 4 }],
    ['<think>{"score": 1}</think>Here:\n```json\n{"score": 5}\n```', { score: 5 }],
  ])("extracts from %j", (text, expected) => {
    expect(extractJson(text)).toEqual({ ok: true, value: expected });
  });

  it.each(["", "no json here", '{"a": ', "{'single': 'quotes'}"])("fails cleanly on %j", (text) => {
    const result = extractJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.length).toBeGreaterThan(0);
  });
});

describe("redactSecrets", () => {
  it("removes given secrets and key-shaped tokens, leaving prose alone", () => {
    const key = "sk-test-SECRET-0123456789abcdef";
    expect(redactSecrets(`Incorrect API key provided: ${key}.`, [key])).toBe("Incorrect API key provided: [REDACTED].");
    expect(redactSecrets("leaked sk-proj-abcdefghijklmnopqrstuv here")).toBe("leaked [REDACTED] here");
    expect(redactSecrets("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload")).toBe("Authorization: Bearer [REDACTED]");
    expect(redactSecrets("custom-token-xyz in text", ["custom-token-xyz"])).toBe("[REDACTED] in text");
    expect(redactSecrets("Bearer bonds and risk-adjusted returns", ["ab"])).toBe("Bearer bonds and risk-adjusted returns");
  });
});

describe("pricing", () => {
  it("prices exact names, dated snapshots by longest prefix, and unknown models at 0", () => {
    expect(priceFor("gpt-4o")).toEqual({ inputPerMillion: 2.5, outputPerMillion: 10, cachedInputPerMillion: 1.25 });
    expect(priceFor("gpt-4o-mini-2024-07-18")).toEqual({ inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075 });
    expect(priceFor("gpt-4o-2024-08-06")).toEqual({ inputPerMillion: 2.5, outputPerMillion: 10, cachedInputPerMillion: 1.25 });
    expect(priceFor("llama3.1:8b")).toEqual({ inputPerMillion: 0, outputPerMillion: 0 });
    expect(estimateCostUsd("gpt-4o", { promptTokens: 1_000_000, completionTokens: 100_000 })).toBeCloseTo(3.5, 12);
    expect(estimateCostUsd("local", { promptTokens: 5e6, completionTokens: 5e6 }, { local: { inputPerMillion: 1, outputPerMillion: 2 } })).toBe(15);
  });
});

describe("concurrency limits", () => {
  it("mapConcurrent keeps order and never exceeds the limit", async () => {
    let active = 0;
    let peak = 0;
    const out = await mapConcurrent([5, 1, 4, 2, 3, 0, 6], 3, async (x, i) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, x));
      active--;
      return x * 10 + i;
    });
    expect(out).toEqual([50, 11, 42, 23, 34, 5, 66]);
    expect(peak).toBe(3);
  });

  it("mapConcurrent stops starting items after the first failure", async () => {
    const started: number[] = [];
    const run = mapConcurrent([0, 1, 2, 3, 4, 5], 1, async (x) => {
      started.push(x);
      if (x === 2) throw new Error("boom");
      return x;
    });
    await expect(run).rejects.toThrow("boom");
    expect(started).toEqual([0, 1, 2]);
  });

  it("Semaphore hands slots over in FIFO order; limitConcurrency bounds wrapped calls", async () => {
    const sem = new Semaphore(1);
    const order: string[] = [];
    const release = await sem.acquire();
    const waiters = ["a", "b", "c"].map((name) => sem.run(async () => order.push(name)));
    expect(sem.inFlight).toBe(1);
    release();
    release(); // idempotent
    await Promise.all(waiters);
    expect(order).toEqual(["a", "b", "c"]);
    expect(sem.inFlight).toBe(0);
    expect(() => new Semaphore(0)).toThrow(RangeError);

    const limited = limitConcurrency(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        limited(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 2));
          active--;
        }),
      ),
    );
    expect(peak).toBe(2);
  });
});

describe("retry helpers", () => {
  it("full jitter stays below the capped doubling ceiling", () => {
    const rng = new Rng(1);
    for (let k = 0; k < 8; k++) {
      const d = backoffDelayMs(k, 100, 1000, rng);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(Math.min(1000, 100 * 2 ** k));
    }
  });

  it("parses Retry-After seconds, retry-after-ms and HTTP dates", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after": "0.5" }))).toBe(500);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "150", "retry-after": "9" }))).toBe(150);
    expect(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 1970 00:00:00 GMT" }))).toBe(0);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });
});

describe("vectors", () => {
  it("normalises, keeps zero vectors, and round-trips base64 float32 (little-endian)", () => {
    expect(Array.from(l2Normalize([3, 4]))).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect(Array.from(l2Normalize([0, 0]))).toEqual([0, 0]);
    expect(encodeBase64Float32([1])).toBe("AACAPw==");
    expect(Array.from(decodeBase64Float32(encodeBase64Float32([1.5, -2, 0.1])))).toEqual([1.5, -2, Math.fround(0.1)]);
    expect(() => decodeBase64Float32("AAA=")).toThrow(/multiple of 4/);
  });
});
