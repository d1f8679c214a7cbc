/**
 * Recorded bodies (src/llm/testing/recorded-bodies.ts): the proxy keeps each
 * answer's raw body under the request's key, the replay server gives the
 * same bodies back for the same requests (in order for a repeated one), and
 * a request it does not hold gets a 400 naming the regenerator.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseRecordedBodies, requestKey, startRecordingProxy, startReplayServer, type BodyServer } from "../../src/llm/testing/recorded-bodies";
import { startHabitServer, type HabitServer } from "../../src/llm/testing/habit-server";

const open: Array<BodyServer | HabitServer> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.stop();
});

const ask = async (baseURL: string, body: unknown) => {
  const response = await fetch(`${baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
};
const request = (n: number) => ({ model: "m", messages: [{ role: "user", content: `question ${n}` }], temperature: 0 });

describe("recorded bodies", () => {
  it("keys a request by its canonical JSON: key order does not matter, content does", () => {
    expect(requestKey('{"model":"m","messages":[]}')).toBe(requestKey('{ "messages": [], "model": "m" }'));
    expect(requestKey('{"model":"m","messages":[]}')).not.toBe(requestKey('{"model":"n","messages":[]}'));
  });

  it("records the upstream's bodies byte for byte and replays them for the same requests, in order when repeated", async () => {
    const upstream = await startHabitServer({ habits: [] });
    const proxy = await startRecordingProxy(upstream.baseURL);
    open.push(upstream, proxy);
    const first = await ask(proxy.baseURL, request(1));
    const again = await ask(proxy.baseURL, request(1));
    const other = await ask(proxy.baseURL, request(2));
    expect(proxy.records.map((r) => r.body)).toEqual([first.text, again.text, other.text]);
    expect(proxy.records.map((r) => r.status)).toEqual([200, 200, 200]);
    const lines = proxy.records.map((r) => JSON.stringify(r)).join("\n") + "\n";

    const replay = await startReplayServer(parseRecordedBodies(lines), "npm run local-model:record");
    open.push(replay);
    expect((await ask(replay.baseURL, request(2))).text).toBe(other.text);
    expect((await ask(replay.baseURL, request(1))).text).toBe(first.text);
    expect((await ask(replay.baseURL, request(1))).text).toBe(again.text);
    expect(replay.unused()).toBe(0);
    const missing = await ask(replay.baseURL, request(3));
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/no recorded answer for this request.*npm run local-model:record/);
    expect(replay.misses).toEqual([requestKey(JSON.stringify(request(3)))]);
  });
});
