/**
 * A loopback OpenAI-compatible server with real models' habits: a test
 * double for the real-model path that, like a model, knows only the schema.
 * It reads the task's JSON Schema from the request (`response_format`'s
 * json_schema, else the schema instruction at the end of the system message),
 * answers with values valid by that schema (enums, `anyOf` branches and
 * `prefixItems` tuples included, so a schema that lists the ids shown gets
 * one of them), seeded, and dresses the answer in
 * the habits below, each reported of real models or servers (the URLs in
 * HABIT_SOURCES). Besides the schema it reads one thing a model reads: how
 * many numbered items the user's question lists (a classifier asked for one
 * score per numbered argument gives that many).
 *
 * Each habit shows in a first answer with probability `rate` (default 0.3; the
 * three answer-less habits, 429, empty and refusal, 0.12 each and one at a
 * time), so each is in at least one answer in ten. A request that already
 * holds an assistant turn (the repair round, which says what was wrong) gets
 * the habits at `repairFactor` times those rates (default 0.05): models
 * mostly fix what they are told about, and a double that did not would make
 * every answer-less habit a gap at its rate squared. Draws are keyed on the request's content and how
 * many times that exact request came, so a run is reproducible whatever the
 * concurrency. `stats()` counts requests and habits.
 *
 * Routes: POST /v1/chat/completions; anything else answers 404 "404 page not
 * found" as Ollama does (a base URL without /v1 lands there).
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Rng } from "../../stats/index";
import { addExtraKeys, booleansAsStrings, changeEnums, keysInAnotherCase, numbersAsStrings, WORDS } from "./habit-values";

/** The habits, in the order they are drawn. */
export const HABITS = [
  "rate-limited",
  "empty-content",
  "refusal",
  "think-block",
  "fenced-after-prose",
  "enum-case",
  "number-as-string",
  "boolean-as-string",
  "extra-keys",
  "key-case",
  "cut-at-max-tokens",
] as const;
export type Habit = (typeof HABITS)[number];

/**
 * Where each habit was reported of real models or servers (public threads).
 * Server behaviours the double also plays (options below) are listed under
 * their own names.
 */
export const HABIT_SOURCES: Readonly<Record<Habit | "json-schema-ignored" | "json-schema-rejected" | "no-v1-suffix", readonly string[]>> = {
  // A 429 that says when to come back (Azure OpenAI: "Please retry after 33 seconds").
  "rate-limited": ["https://github.com/openai/openai-node/issues/1108"],
  // Ollama's OpenAI endpoint: content null, refusal null, finish_reason "stop"; thinking models' visible content stripped.
  "empty-content": ["https://github.com/ollama/ollama/issues/13371", "https://github.com/nikmcfly/MiroFish-Offline/issues/26"],
  // OpenAI structured outputs: a `refusal` on the message instead of the JSON.
  refusal: ["https://github.com/pydantic/pydantic-ai/issues/4310", "https://github.com/langchain-ai/langchain/issues/25510"],
  // DeepSeek R1 on Ollama: the <think> block stays in the answer before the JSON.
  "think-block": ["https://github.com/Future-House/paper-qa/pull/843"],
  // The JSON in a ```json fence after a sentence (LangChain's JsonOutputParser; vLLM 0.6.3 on a json_schema request).
  "fenced-after-prose": ["https://github.com/langchain-ai/langchain/issues/23297", "https://github.com/vllm-project/vllm/issues/9900"],
  // Enum values in another case (small Ollama models, structured outputs off) or with whitespace around them ("\n\nPOS").
  "enum-case": [
    "https://github.com/langchain4j/langchain4j/issues/4045",
    "https://github.com/vicentereig/dspy.rb/issues/210",
    "https://github.com/explosion/spacy-llm/pull/76",
  ],
  // Numbers sent as numeric strings ("confidence": "0.8").
  "number-as-string": ["https://github.com/fboiero/MIESC/pull/131"],
  // Booleans sent as strings ("true"), which tool and output parsers had to learn to read.
  "boolean-as-string": ["https://github.com/mozilla-ai/any-agent/pull/804", "https://github.com/samchon/typia/pull/1774"],
  // Keys in another case than the schema's (Title-Case field names; camelCase for snake_case).
  "key-case": ["https://github.com/jaseci-labs/jac/issues/7442", "https://github.com/modelcontextprotocol/servers/pull/3004"],
  // Fields the schema does not have, invented by the model.
  "extra-keys": ["https://github.com/guidance-ai/guidance/issues/1125"],
  // An answer cut off mid-JSON at the token limit, finish_reason "length".
  "cut-at-max-tokens": ["https://github.com/agent0ai/agent-zero/issues/1836", "https://github.com/mastra-ai/mastra/issues/24442"],
  // llama-server and Ollama accepting response_format json_schema with HTTP 200 and not enforcing it.
  "json-schema-ignored": ["https://github.com/ggml-org/llama.cpp/issues/24097", "https://github.com/ollama/ollama/issues/10001"],
  // ik_llama.cpp: 'response_format type must be one of "text" or "json_object", but got: json_schema'.
  "json-schema-rejected": ["https://github.com/ikawrakow/ik_llama.cpp/issues/778"],
  // A base URL without /v1: POST http://127.0.0.1:11434/chat/completions answers 404.
  "no-v1-suffix": ["https://github.com/ollama/ollama/issues/2474", "https://github.com/jakobdylanc/llmcord/issues/56"],
};

export interface HabitServerOptions {
  /** Seed of every draw (default 0). */
  seed?: number;
  /** Chance of each content habit in a first answer (default 0.3). */
  rate?: number;
  /** Chance of each of the three answer-less habits (429, empty, refusal) in a first answer (default 0.12). */
  silentRate?: number;
  /** Chances on a request that holds an assistant turn (the repair round), as a fraction of the above (default 0.05). */
  repairFactor?: number;
  /** The habits it shows (default all). */
  habits?: readonly Habit[];
  /** Latency of each answer, uniform in [min, max] ms (default [0, 0]). */
  latencyMs?: readonly [number, number];
  /** The wait a 429 asks for, in ms (sent as `retry-after-ms` and, rounded up, `Retry-After` seconds; default 100). */
  retryAfterMs?: number;
  /**
   * What it does with `response_format: {type: "json_schema"}`: "ignore" it
   * (default: llama-server and older Ollama accept it and answer as they
   * would anyway), "constrain" (decode to the schema: no text habits on such
   * requests, none but fences and <think> on json_object ones), or "reject"
   * it with a 400 naming the types it takes (ik_llama.cpp).
   */
  jsonSchema?: "ignore" | "constrain" | "reject";
}

/** What the server saw and did. */
export interface HabitStats {
  /** Chat requests received. */
  requests: number;
  /** Of them, requests without an assistant turn (first asks, and the longer re-ask after a cut). */
  firstRequests: number;
  /** Requests holding an assistant turn (repair rounds). */
  repairRequests: number;
  /** How many first requests showed each habit. */
  firstByHabit: Record<Habit, number>;
  /** How many requests in all showed each habit. */
  byHabit: Record<Habit, number>;
  /** Requests per `response_format` type ("none" when absent). */
  responseFormats: Record<string, number>;
}

/** One chat request as received. */
export interface HabitRequest {
  path: string;
  body: ChatBody;
}

export interface HabitServer {
  /** "http://127.0.0.1:<port>/v1". */
  readonly baseURL: string;
  /** "http://127.0.0.1:<port>" (no /v1: where a misconfigured client lands). */
  readonly origin: string;
  readonly requests: readonly HabitRequest[];
  stats(): HabitStats;
  stop(): Promise<void>;
}

interface ChatBody {
  model?: string;
  messages?: Array<{ role?: string; content?: unknown }>;
  max_tokens?: number;
  response_format?: { type?: string; json_schema?: { schema?: unknown } };
  [key: string]: unknown;
}

type Schema = Record<string, unknown>;

const SCHEMA_MARKER = "JSON Schema:\n";

/**
 * Start the server on 127.0.0.1 with an OS-assigned port (module doc).
 *
 * @example
 * const server = await startHabitServer({ seed: 1 });
 * const model = new OpenAIModel({ model: "habit", apiKey: "x", baseURL: server.baseURL });
 * await model.run(task, input); // read through the habits
 * server.stats().firstByHabit["enum-case"]; // how many first answers changed an enum's case
 * await server.stop();
 */
export async function startHabitServer(options: HabitServerOptions = {}): Promise<HabitServer> {
  const seed = options.seed ?? 0;
  const enabled = new Set<Habit>(options.habits ?? HABITS);
  const requests: HabitRequest[] = [];
  const seen = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const stats: HabitStats = {
    requests: 0,
    firstRequests: 0,
    repairRequests: 0,
    firstByHabit: zeroCounts(),
    byHabit: zeroCounts(),
    responseFormats: {},
  };

  const answer = (body: ChatBody, res: http.ServerResponse): void => {
    stats.requests++;
    const format = body.response_format?.type ?? "none";
    stats.responseFormats[format] = (stats.responseFormats[format] ?? 0) + 1;
    const repair = (body.messages ?? []).some((m) => m.role === "assistant");
    if (repair) stats.repairRequests++;
    else stats.firstRequests++;
    const key = createHash("sha256").update(JSON.stringify(body)).digest("hex");
    const times = seen.get(key) ?? 0;
    seen.set(key, times + 1);
    const rng = new Rng(`habit-server|${seed}|${key}|${times}`);
    const shown: Habit[] = [];
    const show = (habit: Habit): void => {
      shown.push(habit);
      stats.byHabit[habit]++;
      if (!repair) stats.firstByHabit[habit]++;
    };

    if (format === "json_schema" && options.jsonSchema === "reject") {
      return send(res, 400, {
        error: { message: `response_format type must be one of "text" or "json_object", but got: json_schema`, type: "invalid_request_error" },
      });
    }
    const factor = repair ? (options.repairFactor ?? 0.05) : 1;
    const silent = (options.silentRate ?? 0.12) * factor;
    const rate = (options.rate ?? 0.3) * factor;
    const constrained = options.jsonSchema === "constrain" && format !== "none";
    const textHabits = !constrained;
    const valueHabits = !(constrained && format === "json_schema");
    const draw = (habit: Habit, chance: number, allowed = true): boolean => enabled.has(habit) && allowed && rng.chance(chance);

    // One answer-less habit at most, drawn first.
    const u = rng.next();
    const silentHabit = (["rate-limited", "empty-content", "refusal"] as const).find((h, i) => enabled.has(h) && u >= i * silent && u < (i + 1) * silent);
    const latency = options.latencyMs ? rng.uniform(options.latencyMs[0], options.latencyMs[1]) : 0;
    const reply = (fn: () => void): void => {
      if (latency <= 0) return fn();
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, latency);
      timers.add(timer);
    };

    if (silentHabit === "rate-limited") {
      show("rate-limited");
      const wait = options.retryAfterMs ?? 100;
      return reply(() =>
        send(
          res,
          429,
          { error: { message: "Rate limit reached for requests. Please retry after a short wait.", type: "rate_limit_error" } },
          { "retry-after": String(Math.ceil(wait / 1000)), "retry-after-ms": String(wait) },
        ),
      );
    }
    const schema = schemaOf(body);
    const promptChars = (body.messages ?? []).reduce((n, m) => n + String(m.content ?? "").length, 0);
    const completion = (content: string | null, finish: string, refusal: string | null = null) =>
      reply(() =>
        send(res, 200, {
          id: `chatcmpl-habit-${stats.requests}`,
          object: "chat.completion",
          created: 0,
          model: body.model ?? "habit",
          choices: [{ index: 0, message: { role: "assistant", content, refusal }, finish_reason: finish, logprobs: null }],
          usage: { prompt_tokens: Math.ceil(promptChars / 4), completion_tokens: Math.ceil((content ?? refusal ?? "").length / 4), total_tokens: 0 },
        }),
      );
    if (silentHabit === "empty-content") {
      show("empty-content");
      return completion(rng.chance(0.5) ? null : "", "stop");
    }
    if (silentHabit === "refusal") {
      show("refusal");
      return completion(null, "stop", "I'm sorry, but I can't help with that request.");
    }
    if (!schema) return completion("I can help with that. What would you like to know?", "stop");

    let value = exampleOf(schema, rng, numberedItems(body), 0);
    if (draw("enum-case", rate, valueHabits) && changeEnums(schema, value, rng)) show("enum-case");
    if (draw("number-as-string", rate, valueHabits)) {
      const changed = numbersAsStrings(value);
      if (changed.count > 0) {
        value = changed.value;
        show("number-as-string");
      }
    }
    if (draw("boolean-as-string", rate, valueHabits)) {
      const changed = booleansAsStrings(value, rng);
      if (changed.count > 0) {
        value = changed.value;
        show("boolean-as-string");
      }
    }
    if (draw("extra-keys", rate, valueHabits) && addExtraKeys(schema, value, rng)) show("extra-keys");
    if (draw("key-case", rate, valueHabits)) {
      const changed = keysInAnotherCase(schema, value, rng);
      if (changed !== null) {
        value = changed;
        show("key-case");
      }
    }
    let text = JSON.stringify(value);
    if (draw("fenced-after-prose", rate, textHabits)) {
      text = "Here is the JSON you asked for:\n```json\n" + JSON.stringify(value, null, 2) + "\n```\nLet me know if you need anything else.";
      show("fenced-after-prose");
    }
    if (draw("think-block", rate, textHabits)) {
      // A reasoning model drafts in its thoughts: a JSON draft there must not be taken for the answer.
      text = `<think>\nThe user wants one object with the fields {${Object.keys(isRecord(value) ? value : {}).join(", ")}}. A first draft: {"draft": true}. I will answer in JSON.\n</think>\n${text}`;
      show("think-block");
    }
    // The server's limit: the request's max_tokens, or (the habit) a default too small for this answer.
    const needed = Math.ceil(text.length / 4);
    const cutByHabit = draw("cut-at-max-tokens", rate) && (body.max_tokens === undefined || body.max_tokens < needed);
    const limit = body.max_tokens !== undefined && body.max_tokens < needed ? body.max_tokens : cutByHabit ? Math.floor(needed * rng.uniform(0.3, 0.7)) : null;
    if (limit !== null) {
      show("cut-at-max-tokens");
      return completion(text.slice(0, Math.max(1, limit * 4)), "length");
    }
    completion(text, "stop");
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("404 page not found");
        return;
      }
      let body: ChatBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatBody;
      } catch {
        return send(res, 400, { error: { message: "invalid JSON body", type: "invalid_request_error" } });
      }
      requests.push({ path, body });
      answer(body, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    stats: () => structuredClone(stats),
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

function zeroCounts(): Record<Habit, number> {
  return Object.fromEntries(HABITS.map((h) => [h, 0])) as Record<Habit, number>;
}

/** The schema the request carries: response_format's json_schema, else the instruction's JSON at the end of the system message. */
function schemaOf(body: ChatBody): Schema | null {
  const declared = body.response_format?.type === "json_schema" ? body.response_format.json_schema?.schema : undefined;
  if (isRecord(declared)) return declared;
  const system = (body.messages ?? []).find((m) => m.role === "system");
  const content = typeof system?.content === "string" ? system.content : "";
  const at = content.lastIndexOf(SCHEMA_MARKER);
  if (at < 0) return null;
  const line = content.slice(at + SCHEMA_MARKER.length).split("\n")[0] ?? "";
  try {
    const parsed = JSON.parse(line) as unknown;
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** How many numbered items ("1. ...", "2) ...") the latest user message that numbers any lists (a repair round's is the question's); null when none. */
function numberedItems(body: ChatBody): number | null {
  for (const message of [...(body.messages ?? [])].reverse()) {
    if (message.role !== "user" || typeof message.content !== "string") continue;
    const count = message.content.split("\n").filter((line) => /^\s*\d+[.)]\s+\S/.test(line)).length;
    if (count > 0) return count;
  }
  return null;
}

/** A value valid by the schema, drawn from the rng (top-level arrays take `items` entries when the prompt numbers them). */
function exampleOf(schema: Schema, rng: Rng, items: number | null, depth: number): unknown {
  const branches = Array.isArray(schema["anyOf"]) ? schema["anyOf"] : Array.isArray(schema["oneOf"]) ? schema["oneOf"] : null;
  if (branches) {
    const options = branches.filter(isRecord);
    const nonNull = options.filter((b) => b["type"] !== "null");
    const pool = nonNull.length > 0 && rng.chance(0.85) ? nonNull : options;
    return pool.length > 0 ? exampleOf(rng.pick(pool), rng, items, depth) : null;
  }
  if ("const" in schema) return schema["const"];
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return rng.pick(schema["enum"] as unknown[]);
  const declared = schema["type"];
  const types = Array.isArray(declared) ? (declared as string[]) : typeof declared === "string" ? [declared] : inferred(schema);
  const nonNull = types.filter((t) => t !== "null");
  const type = nonNull.length > 0 && (nonNull.length === types.length || rng.chance(0.85)) ? rng.pick(nonNull) : "null";
  switch (type) {
    case "object":
      return objectOf(schema, rng, items, depth);
    case "array": {
      // A tuple: one item per prefixItems schema (the tasks' tuples allow no more).
      if (Array.isArray(schema["prefixItems"]))
        return (schema["prefixItems"] as unknown[]).map((sub) => exampleOf(isRecord(sub) ? sub : {}, rng, null, depth + 1));
      const max = typeof schema["maxItems"] === "number" ? schema["maxItems"] : Infinity;
      const min = typeof schema["minItems"] === "number" ? schema["minItems"] : Math.min(1, max);
      const length = items !== null && depth <= 1 ? Math.min(max, Math.max(min, items)) : rng.int(min, Math.min(max, min + 2) + 1);
      const item = isRecord(schema["items"]) ? schema["items"] : {};
      return Array.from({ length }, () => exampleOf(item, rng, null, depth + 1));
    }
    case "string":
      return stringOf(schema, rng);
    case "integer":
      return integerOf(schema, rng);
    case "number":
      return numberOf(schema, rng);
    case "boolean":
      return rng.chance(0.5);
    default:
      return null;
  }
}

function inferred(schema: Schema): string[] {
  if (isRecord(schema["properties"]) || schema["additionalProperties"] !== undefined) return ["object"];
  if (schema["items"] !== undefined) return ["array"];
  return ["string"];
}

function objectOf(schema: Schema, rng: Rng, items: number | null, depth: number): Record<string, unknown> {
  const properties = isRecord(schema["properties"]) ? schema["properties"] : {};
  const required = new Set(Array.isArray(schema["required"]) ? (schema["required"] as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(properties)) {
    if (!required.has(key) && !rng.chance(0.5)) continue;
    out[key] = exampleOf(isRecord(sub) ? sub : {}, rng, items, depth + 1);
  }
  if (isRecord(schema["additionalProperties"]) && Object.keys(properties).length === 0) {
    const count = rng.int(1, 4);
    for (let i = 0; i < count; i++) out[`${rng.pick(WORDS)}_${i + 1}`] = exampleOf(schema["additionalProperties"], rng, null, depth + 1);
  }
  return out;
}

function stringOf(schema: Schema, rng: Rng): string {
  const pattern = typeof schema["pattern"] === "string" ? schema["pattern"] : "";
  if (pattern.includes("\\d{4}-\\d{2}-\\d{2}")) {
    return `${rng.int(2019, 2026)}-${String(rng.int(1, 13)).padStart(2, "0")}-${String(rng.int(1, 29)).padStart(2, "0")}`;
  }
  const words = Array.from({ length: rng.int(5, 13) }, () => rng.pick(WORDS));
  let text = words.join(" ");
  text = text.charAt(0).toUpperCase() + text.slice(1) + ".";
  const min = typeof schema["minLength"] === "number" ? schema["minLength"] : 0;
  const max = typeof schema["maxLength"] === "number" ? schema["maxLength"] : Infinity;
  while (text.length < min) text += ` ${rng.pick(WORDS)}`;
  return text.slice(0, max);
}

function bounds(schema: Schema): { lo: number | undefined; hi: number | undefined } {
  const lo =
    typeof schema["minimum"] === "number" ? schema["minimum"] : typeof schema["exclusiveMinimum"] === "number" ? schema["exclusiveMinimum"] : undefined;
  const hi =
    typeof schema["maximum"] === "number" ? schema["maximum"] : typeof schema["exclusiveMaximum"] === "number" ? schema["exclusiveMaximum"] : undefined;
  return { lo, hi };
}

function integerOf(schema: Schema, rng: Rng): number {
  const { lo, hi } = bounds(schema);
  // The tasks' integers are small (rounds, ids, indexes): a model answers in that range too.
  const from = Math.max(lo ?? 0, -5);
  const to = Math.min(hi ?? from + 9, from + 9);
  return rng.int(Math.ceil(from), Math.floor(to) + 1);
}

function numberOf(schema: Schema, rng: Rng): number {
  const { lo, hi } = bounds(schema);
  const from = lo ?? (hi !== undefined ? hi - 1 : -1);
  const to = hi ?? from + 1;
  // A model rounds: two decimals, kept strictly inside exclusive bounds.
  let value = Math.round(rng.uniform(from, to) * 100) / 100;
  if (typeof schema["exclusiveMinimum"] === "number" && value <= schema["exclusiveMinimum"]) value = schema["exclusiveMinimum"] + 0.01;
  if (typeof schema["exclusiveMaximum"] === "number" && value >= schema["exclusiveMaximum"]) value = schema["exclusiveMaximum"] - 0.01;
  return Math.min(to, Math.max(from, value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
