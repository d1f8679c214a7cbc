/**
 * A task over any text provider: the part of a model call that does not
 * depend on who generates the text. A provider only turns chat messages into
 * text (with token usage and why it stopped); `runTask` renders the task's
 * messages with the JSON-schema instruction, pulls one JSON object out of the
 * answer, reads it as the schema means it (lenient.ts), validates it (schema,
 * then `task.validate`), asks once more with a larger token limit when the
 * answer was cut off, and runs the one repair round, so every provider gets
 * the same extraction, reading, checks, repair prompt and typed errors.
 */
import { LlmOutputError } from "./errors";
import { extractJson } from "./json";
import { readLeniently, type JsonSchema } from "./lenient";
import { resolveCallParams, type CallParams, type ParamDefaults } from "./params";
import { checkOutput, shownSchema, taskJsonSchema, withSchemaInstruction } from "./task";
import type { CallOptions, ChatMessage, ModelResult, Task, Usage } from "./types";

/** One request to a provider: messages and sampling parameters, already resolved. */
export interface TextRequest {
  /** The task's name (labels retries, logs and transport errors). */
  task: string;
  messages: ChatMessage[];
  params: CallParams;
  /**
   * "answer" for the first request of a call, "longer" for the same request
   * (the question or the repair) again with a larger `maxTokens` after an
   * answer cut off at the token limit (once per call), "repair" for the
   * re-ask after an invalid answer.
   */
  round: "answer" | "longer" | "repair";
  /** The task's JSON Schema (what `withSchemaInstruction` shows), for servers that constrain decoding to it. */
  schema: JsonSchema;
  /** Completion-token limit of this request, replacing the provider's own (set on the "longer" round and after it). */
  maxTokens?: number;
  signal?: AbortSignal;
}

/** What a provider hands back for one request. */
export interface TextCompletion {
  text: string;
  usage: Usage;
  /** Why generation stopped as the provider reports it ("stop", "length", ...); null when it does not say. */
  finishReason: string | null;
  /** The model's refusal, when the server reports one apart from the content (OpenAI's `message.refusal`). */
  refusal?: string | null;
}

/**
 * The narrow interface below `runTask`: turn messages into text. Transport
 * concerns (retries, concurrency, timeouts) and accounting live here;
 * prompts, JSON and validation do not.
 */
export interface TextProvider {
  /** The model name, reported in results and errors. */
  readonly id: string;
  /** Model-wide sampling settings under the call options (see resolveCallParams). */
  readonly defaults?: ParamDefaults;
  /** The completion-token limit it sends when a request names none; undefined when it sends none (the server's default applies). */
  readonly maxTokens?: number;
  /**
   * Scrubs text that leaves `runTask` in a result or an error (a provider
   * holding an API key removes it: a model cannot know the key, but an echo
   * must never reach a cache, a log or a run folder). Identity when absent.
   */
  redact?(text: string): string;
  complete(request: TextRequest): Promise<TextCompletion>;
}

/**
 * The follow-up message of the repair round: the rejection reason, and the
 * request to answer again with only the corrected JSON.
 *
 * @example
 * repairMessage("score: Too big: expected number to be <=5"); // "Your previous answer was rejected: score: Too big..."
 */
export function repairMessage(error: string): string {
  return (
    `Your previous answer was rejected: ${error}\n` +
    "Reply again with only the corrected JSON object (no prose, no code fences), conforming to the schema given in the system message."
  );
}

/** The smallest token limit of the "longer" round (when the cut answer reports few or no tokens). */
export const MIN_LONGER_MAX_TOKENS = 1024;

/**
 * The token limit of the "longer" round: twice the limit that cut the answer
 * off (the provider's own, else the completion tokens the cut answer used,
 * which is where the server's default stopped it), at least
 * MIN_LONGER_MAX_TOKENS.
 *
 * @example
 * longerMaxTokens(300, 300); // 1024
 * longerMaxTokens(2000, 2000); // 4000
 * longerMaxTokens(undefined, 1500); // 3000
 */
export function longerMaxTokens(limit: number | undefined, used: number): number {
  return Math.max(MIN_LONGER_MAX_TOKENS, 2 * (limit ?? used));
}

/**
 * Run a task on a text provider. Ask with `withSchemaInstruction(task,
 * input)`; extract the JSON (`extractJson`) from the redacted answer, read it
 * as the schema means it (`readLeniently`: enum values in any case or
 * spacing, numbers sent as strings, extra keys dropped and counted in
 * `extraKeys`) and check it (`checkOutput`). The first invalid answer cut off
 * at the token limit (finish reason "length"), the question's or the
 * repair's, is asked again once with `longerMaxTokens` (later requests keep
 * that limit). When the answer is still invalid, re-ask once with the
 * messages, the raw answer (or the refusal) as the assistant turn and
 * `repairMessage(reason)`, where the reason says what was wrong (invalid
 * JSON, a schema path, an empty answer, a refusal, a cut-off answer); when
 * the repair fails too, throw LlmOutputError naming both failures. Usage is
 * the sum over the requests made; transport errors of the provider propagate.
 *
 * @example
 * const provider: TextProvider = { id: "echo", complete: async () => ({ text: '{"score": 3}', usage: { promptTokens: 0, completionTokens: 0 }, finishReason: "stop" }) };
 * const { output, repaired } = await runTask(provider, rateTask, { text: "fine" }); // { score: 3 }, false
 */
export async function runTask<I, O>(provider: TextProvider, task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
  const started = performance.now();
  const params = resolveCallParams(task, options, provider.defaults);
  const messages = withSchemaInstruction(task, input);
  const schema = jsonSchemaOf(shownSchema(task, input));
  const redact = (text: string) => (provider.redact ? provider.redact(text) : text);
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  let maxTokens: number | undefined;
  const ask = async (round: TextRequest["round"], request: ChatMessage[]) => {
    const completion = await provider.complete({
      task: task.name,
      messages: request,
      params,
      round,
      schema,
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      signal: options.signal,
    });
    usage.promptTokens += completion.usage.promptTokens;
    usage.completionTokens += completion.usage.completionTokens;
    if (completion.usage.cachedPromptTokens !== undefined) usage.cachedPromptTokens = (usage.cachedPromptTokens ?? 0) + completion.usage.cachedPromptTokens;
    return { completion, check: interpret(task, input, schema, completion, redact) };
  };
  const result = (check: Accepted<O>, repaired: boolean): ModelResult<O> => ({
    output: check.output,
    usage,
    cached: false,
    model: provider.id,
    latencyMs: performance.now() - started,
    repaired,
    ...(check.extraKeys > 0 ? { extraKeys: check.extraKeys } : {}),
  });

  // One "longer" re-ask per call, for the first answer the token limit cut off (the question's or the repair's).
  const longerIfCut = async (asked: Awaited<ReturnType<typeof ask>>, request: ChatMessage[]) => {
    if (asked.check.ok === true || asked.completion.finishReason !== "length" || maxTokens !== undefined) return asked;
    maxTokens = longerMaxTokens(provider.maxTokens, asked.completion.usage.completionTokens);
    return ask("longer", request);
  };

  const first = await longerIfCut(await ask("answer", messages), messages);
  if (first.check.ok === true) return result(first.check, false);

  const repairRequest: ChatMessage[] = [
    ...messages,
    { role: "assistant", content: assistantTurn(first.completion) },
    { role: "user", content: repairMessage(first.check.error) },
  ];
  const second = await longerIfCut(await ask("repair", repairRequest), repairRequest);
  if (second.check.ok === true) return result(second.check, true);
  throw new LlmOutputError(
    redact(`task "${task.name}" (model ${provider.id}): invalid output after one repair round: ${second.check.error} (first answer: ${first.check.error})`),
    task.name,
    redact(second.completion.text),
    redact(second.check.error),
    second.completion.finishReason,
  );
}

interface Accepted<O> {
  ok: true;
  output: O;
  /** Keys of the answer the schema has no place for (dropped). */
  extraKeys: number;
}

type Interpretation<O> = Accepted<O> | { ok: false; error: string };

const jsonSchemas = new WeakMap<object, JsonSchema>();

/** A zod schema's JSON Schema, computed once per schema object (a task's `schema`; a `schemaFor` answer is usually new each call). */
function jsonSchemaOf(zodSchema: object): JsonSchema {
  let schema = jsonSchemas.get(zodSchema);
  if (!schema) {
    schema = taskJsonSchema(zodSchema as Parameters<typeof taskJsonSchema>[0]);
    jsonSchemas.set(zodSchema, schema);
  }
  return schema;
}

/** What the model said, as the assistant turn of the repair round: its content, else its refusal. */
function assistantTurn(completion: TextCompletion): string {
  return completion.text.trim() === "" && completion.refusal ? completion.refusal : completion.text;
}

/**
 * The answer's JSON, read leniently and checked against the task. A failure
 * says why: "invalid JSON: ...", a schema path, "the answer was empty", "the
 * model refused", and, for an answer the token limit cut off, that too.
 */
function interpret<I, O>(task: Task<I, O>, input: I, schema: JsonSchema, completion: TextCompletion, redact: (text: string) => string): Interpretation<O> {
  const answer = redact(completion.text);
  const cut = completion.finishReason === "length" ? 'the answer was cut off at the token limit (finish_reason "length"): ' : "";
  const refusal = completion.refusal ? redact(completion.refusal) : "";
  const json = extractJson(answer);
  if (json.ok === false) {
    if (refusal) return { ok: false, error: `the model refused instead of answering: ${JSON.stringify(refusal)}` };
    if (answer.trim() === "") return { ok: false, error: `the answer was empty (no content, finish_reason ${JSON.stringify(completion.finishReason)})` };
    return { ok: false, error: `${cut}invalid JSON: ${json.error}` };
  }
  const read = readLeniently(schema, json.value);
  const check = checkOutput(task, input, read.value);
  if (check.ok === false) return { ok: false, error: `${cut}${check.error}` };
  return { ok: true, output: check.output, extraKeys: read.extraKeys.length };
}
