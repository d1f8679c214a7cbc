/**
 * A task over any text provider: the part of a model call that does not
 * depend on who generates the text. A provider only turns chat messages into
 * text (with token usage and why it stopped); `runTask` renders the task's
 * messages with the JSON-schema instruction, pulls one JSON object out of the
 * answer, validates it (schema, then `task.validate`) and runs the one repair
 * round, so every provider gets the same extraction, checks, repair prompt
 * and typed errors.
 */
import { LlmOutputError } from "./errors";
import { extractJson } from "./json";
import { resolveCallParams, type CallParams, type ParamDefaults } from "./params";
import { checkOutput, withSchemaInstruction, type OutputCheck } from "./task";
import type { CallOptions, ChatMessage, ModelResult, Task, Usage } from "./types";

/** One request to a provider: messages and sampling parameters, already resolved. */
export interface TextRequest {
  /** The task's name (labels retries, logs and transport errors). */
  task: string;
  messages: ChatMessage[];
  params: CallParams;
  /** "answer" for the first request of a call, "repair" for the re-ask after an invalid answer. */
  round: "answer" | "repair";
  signal?: AbortSignal;
}

/** What a provider hands back for one request. */
export interface TextCompletion {
  text: string;
  usage: Usage;
  /** Why generation stopped as the provider reports it ("stop", "length", ...); null when it does not say. */
  finishReason: string | null;
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

/**
 * Run a task on a text provider. Ask with `withSchemaInstruction(task,
 * input)`; extract the JSON (`extractJson`) from the redacted answer and
 * check it (`checkOutput`). When that fails, re-ask once with the messages,
 * the raw answer as the assistant turn and `repairMessage(error)`; when the
 * repair fails too, throw LlmOutputError naming both failures. Usage is the
 * sum over the requests made; transport errors of the provider propagate.
 *
 * @example
 * const provider: TextProvider = { id: "echo", complete: async () => ({ text: '{"score": 3}', usage: { promptTokens: 0, completionTokens: 0 }, finishReason: "stop" }) };
 * const { output, repaired } = await runTask(provider, rateTask, { text: "fine" }); // { score: 3 }, false
 */
export async function runTask<I, O>(provider: TextProvider, task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
  const started = performance.now();
  const params = resolveCallParams(task, options, provider.defaults);
  const messages = withSchemaInstruction(task, input);
  const redact = (text: string) => (provider.redact ? provider.redact(text) : text);
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  const ask = async (round: TextRequest["round"], request: ChatMessage[]) => {
    const completion = await provider.complete({ task: task.name, messages: request, params, round, signal: options.signal });
    usage.promptTokens += completion.usage.promptTokens;
    usage.completionTokens += completion.usage.completionTokens;
    return { completion, check: interpret(task, input, redact(completion.text)) };
  };
  const result = (output: O, repaired: boolean): ModelResult<O> => ({
    output,
    usage,
    cached: false,
    model: provider.id,
    latencyMs: performance.now() - started,
    repaired,
  });

  const first = await ask("answer", messages);
  if (first.check.ok === true) return result(first.check.output, false);

  const second = await ask("repair", [
    ...messages,
    { role: "assistant", content: first.completion.text },
    { role: "user", content: repairMessage(first.check.error) },
  ]);
  if (second.check.ok === true) return result(second.check.output, true);
  throw new LlmOutputError(
    redact(`task "${task.name}" (model ${provider.id}): invalid output after one repair round: ${second.check.error} (first answer: ${first.check.error})`),
    task.name,
    redact(second.completion.text),
    redact(second.check.error),
    second.completion.finishReason,
  );
}

/** The answer's JSON, checked against the task; a parse failure reads "invalid JSON: ...". */
function interpret<I, O>(task: Task<I, O>, input: I, answer: string): OutputCheck<O> {
  const json = extractJson(answer);
  if (json.ok === false) return { ok: false, error: `invalid JSON: ${json.error}` };
  return checkOutput(task, input, json.value);
}
