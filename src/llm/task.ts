/**
 * Helpers for defining typed LLM tasks and checking their outputs, shared by
 * every model implementation (offline, OpenAI-compatible, cache).
 */
import { z } from "zod";
import type { ChatMessage, Task } from "./types";

/**
 * Declare a task, checking its identity fields once at definition time (a bad
 * name or version would silently corrupt cache keys later).
 *
 * @example
 * const rate = defineTask({
 *   name: "demo.rate", version: 1, temperature: 0,
 *   schema: z.object({ score: z.number().int().min(1).max(5) }),
 *   render: (text: string) => [{ role: "user", content: `Rate 1-5 as JSON {"score"}: ${text}` }],
 *   offline: (text, rng) => ({ score: 1 + rng.int(0, 5) }),
 * });
 */
export function defineTask<I, O>(spec: Task<I, O>): Task<I, O> {
  if (typeof spec.name !== "string" || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(spec.name)) {
    throw new TypeError(`defineTask: name must be a non-empty identifier of letters, digits, ".", "_" or "-", got ${JSON.stringify(spec.name)}`);
  }
  if (!Number.isInteger(spec.version) || spec.version < 1) {
    throw new TypeError(`defineTask(${spec.name}): version must be an integer >= 1, got ${String(spec.version)}`);
  }
  if (spec.temperature !== undefined && !(spec.temperature >= 0 && spec.temperature <= 2)) {
    throw new TypeError(`defineTask(${spec.name}): temperature must be in [0, 2], got ${spec.temperature}`);
  }
  return Object.freeze({ ...spec });
}

/**
 * JSON Schema (draft 2020-12) of what the model must send: zod's *input*
 * side, since the model's JSON is what gets parsed. Unrepresentable parts
 * (transforms, custom refinements) degrade to `{}` rather than failing.
 *
 * @example
 * taskJsonSchema(z.object({ score: z.number() })); // { type: "object", properties: { score: { type: "number" } }, ... }
 */
export function taskJsonSchema(schema: z.ZodType): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete json["$schema"]; // noise for the model
    return json;
  } catch {
    return {};
  }
}

/**
 * The instruction appended to the system prompt: answer with one JSON object
 * conforming to the task schema. (OpenAI's JSON mode also requires the word
 * "JSON" to appear in the messages.)
 *
 * @example
 * schemaInstruction(task); // "Respond with a single JSON object only ... JSON Schema:\n{...}"
 */
export function schemaInstruction(schema: z.ZodType): string {
  return (
    "Respond with a single JSON object only: no prose, no markdown, no code fences. " +
    "It must conform to this JSON Schema:\n" +
    JSON.stringify(taskJsonSchema(schema))
  );
}

/**
 * The schema a model is shown for this input: the task's `schemaFor(input)`
 * (shown ids and offered options as enums) when it has one, else its
 * `schema`. Checks of an answer keep using `schema` and `validate`.
 *
 * @example
 * shownSchema(trainReflectionTask, input); // short_memory_index: array of the shallow ids shown, as an enum
 * shownSchema(summarizeTask, input) === summarizeTask.schema; // true (no schemaFor)
 */
export function shownSchema<I, O>(task: Task<I, O>, input: I): z.ZodType<O> {
  return task.schemaFor ? task.schemaFor(input) : task.schema;
}

/**
 * Messages for a real model: the task's rendered messages with the schema
 * instruction (of `shownSchema(task, input)`) appended to the first system
 * message (or a new system message prepended when the task has none).
 *
 * @example
 * withSchemaInstruction(task, input)[0].role; // "system"
 */
export function withSchemaInstruction<I, O>(task: Task<I, O>, input: I): ChatMessage[] {
  const messages = task.render(input).map((m) => ({ ...m }));
  const instruction = schemaInstruction(shownSchema(task, input));
  const system = messages.find((m) => m.role === "system");
  if (system) system.content = `${system.content}\n\n${instruction}`;
  else messages.unshift({ role: "system", content: instruction });
  return messages;
}

export type OutputCheck<O> = { ok: true; output: O } | { ok: false; error: string };

/**
 * Validate a candidate output: the task's zod schema, then its optional
 * semantic `validate`. The error text lists each failing path, so it can be
 * shown to the model in a repair round.
 *
 * @example
 * checkOutput(task, input, { score: 9 }); // { ok: false, error: "score: Too big: expected number to be <=5" }
 */
export function checkOutput<I, O>(task: Task<I, O>, input: I, candidate: unknown): OutputCheck<O> {
  const parsed = task.schema.safeParse(candidate);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  const semantic = task.validate ? task.validate(parsed.data, input) : null;
  if (semantic) return { ok: false, error: semantic };
  return { ok: true, output: parsed.data };
}

/**
 * One line per issue: `path.to.field: message` ("(root)" for the top level).
 *
 * @example
 * formatZodError(z.object({ a: z.number() }).safeParse({}).error!); // "a: Invalid input: expected number, received undefined"
 */
export function formatZodError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.map(String).join(".") : "(root)"}: ${issue.message}`).join("; ");
}
