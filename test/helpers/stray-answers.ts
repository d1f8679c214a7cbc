/**
 * Answers that know only the schema: for a task, a value for every field of
 * the JSON Schema a model is shown — optional ones included — chosen without
 * looking at the input (strings mention another date, numbers are rounded),
 * so a task that still asks a model to copy a date, a window, a round count
 * or a computed number back rejects them, and a board message that took such
 * a field from the answer shows the stray value instead of the code's.
 * Only what a model must choose coherently (a stance with its signal, ids it
 * was shown, an option it was offered) is set per task by a `fix`.
 *
 * `StrayModel` answers every call this way through the real reading path
 * (runTask: extraction, lenient reading, schema, meaning checks, repair),
 * and records each call's answer and request rounds.
 *
 * @example
 * const model = new StrayModel({ "blackboard.analyst.market": (a) => ({ ...a, stance: "bullish", signal: 0.5 }) });
 * await runExperiment("blackboard", { modelInstance: model, ... });
 * model.calls.filter((c) => c.rounds.includes("repair")); // []: every stray answer was accepted as it came
 */
import { runTask, taskJsonSchema, type CallOptions, type Model, type ModelResult, type Task, type TextRequest, type UsageTotals } from "../../src/llm/index";

/** A date no input of the tests holds. */
export const STRAY_DATE = "2019-07-04";
/** The text of every string field. */
export const STRAY_TEXT = `a stray remark written on ${STRAY_DATE}`;

type JsonSchema = Record<string, unknown>;

/**
 * A value for `schema` that ignores any input: every object property
 * (optional ones too), one item per array (enough for a minItems of 1), the
 * first enum value or const, the first non-null branch of a union, strings
 * as STRAY_TEXT, numbers rounded to one decimal in the middle of their range
 * (0.5 without one), integers at their minimum (1 without one), false.
 *
 * @example
 * strayValue({ type: "object", properties: { p: { type: "number", minimum: 0, maximum: 1 } } }); // { p: 0.5 }
 */
export function strayValue(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return strayValue(branches.find((b) => b.type !== "null") ?? branches[0]!);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const type = types.find((t) => t !== "null") ?? types[0];
  switch (type) {
    case "object": {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(props)) out[key] = strayValue(sub);
      if (Object.keys(props).length === 0 && typeof schema.additionalProperties === "object")
        out.stray_key = strayValue(schema.additionalProperties as JsonSchema);
      return out;
    }
    case "array":
      return [strayValue((schema.items ?? {}) as JsonSchema)];
    case "string":
      return STRAY_TEXT;
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "number": {
      const lo = typeof schema.minimum === "number" ? schema.minimum : null;
      const hi = typeof schema.maximum === "number" ? schema.maximum : null;
      return lo !== null && hi !== null ? Math.round(((lo + hi) / 2) * 10) / 10 : 0.5;
    }
    case "boolean":
      return false;
    default:
      return null;
  }
}

/** Makes a stray answer coherent with the input where a model must choose coherently (see module doc). */
export type StrayFix = (answer: never, input: never) => unknown;

/** One call a StrayModel answered. */
export interface StrayCall {
  task: string;
  input: unknown;
  /** What was sent, as JSON. */
  answer: unknown;
  /** The rounds runTask asked for ("answer", then "longer" / "repair" if it had to). */
  rounds: Array<TextRequest["round"]>;
}

/** A Model sending stray answers through runTask (module doc). */
export class StrayModel implements Model {
  readonly id = "stray";
  readonly isOffline = false;
  readonly calls: StrayCall[] = [];
  #calls = 0;

  constructor(private readonly fixes: Readonly<Record<string, StrayFix>> = {}) {}

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    this.#calls++;
    const stray = strayValue(taskJsonSchema(task.schema));
    const fix = this.fixes[task.name] as ((answer: unknown, input: unknown) => unknown) | undefined;
    const answer = fix ? fix(stray, input) : stray;
    const call: StrayCall = { task: task.name, input, answer, rounds: [] };
    this.calls.push(call);
    const provider = {
      id: this.id,
      complete: async (request: TextRequest) => {
        call.rounds.push(request.round);
        return { text: JSON.stringify(answer), usage: { promptTokens: 0, completionTokens: 0 }, finishReason: "stop" };
      },
    };
    return runTask(provider, task, input, options);
  }

  usage(): UsageTotals {
    return { calls: this.#calls, cacheHits: 0, networkCalls: 0, repairs: 0, promptTokens: 0, completionTokens: 0, estimatedCostUsd: 0 };
  }
}
