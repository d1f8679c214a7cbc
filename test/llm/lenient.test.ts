/**
 * The lenient reading of a model's JSON (src/llm/lenient.ts): enum values in
 * any case or spacing, numbers sent as strings and extra keys, each read only
 * where the task's JSON Schema says so, and never a change to a value the
 * schema already takes.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readLeniently } from "../../src/llm/lenient";
import { checkOutput, defineTask, taskJsonSchema } from "../../src/llm/task";

const opinionSchema = z.object({
  sentiment: z.enum(["positive", "negative", "neutral"]),
  action: z.enum(["strong_buy", "hold", "sell"]).optional(),
  confidence: z.number().min(0).max(1),
  rounds: z.number().int().min(1),
  direction: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  value: z.number().nullable(),
  label: z.string(),
  ids: z.array(z.number().int()).default([]),
  votes: z.record(z.string(), z.enum(["BUY", "HOLD", "SELL"])),
  evidence: z.array(z.object({ id: z.string(), strength: z.number() })),
});
const schema = taskJsonSchema(opinionSchema);
const valid = {
  sentiment: "positive",
  confidence: 0.8,
  rounds: 2,
  direction: -1,
  value: null,
  label: "42",
  ids: [1, 2],
  votes: { bull: "BUY" },
  evidence: [{ id: "e1", strength: 0.5 }],
};

describe("readLeniently", () => {
  it("returns a value the schema already takes exactly as it came, with nothing noted", () => {
    const read = readLeniently(schema, structuredClone(valid));
    expect(read).toEqual({ value: valid, extraKeys: [], coerced: [] });
  });

  it("reads enum values in any case, padded with spaces or newlines, with spaces for underscores (in records too)", () => {
    const read = readLeniently(schema, { ...valid, sentiment: "\n\n POSITIVE ", action: "Strong Buy", votes: { bull: " buy", bear: "Sell" } });
    expect(read.value).toMatchObject({ sentiment: "positive", action: "strong_buy", votes: { bull: "BUY", bear: "SELL" } });
    expect(read.coerced.sort()).toEqual(["action", "sentiment", "votes.bear", "votes.bull"]);
    expect(opinionSchema.safeParse(read.value).success).toBe(true);
  });

  it("leaves an enum string alone when no value or more than one matches", () => {
    const ambiguous = { type: "string", enum: ["Buy", "BUY"] };
    expect(readLeniently(ambiguous, "buy").value).toBe("buy");
    expect(readLeniently(schema, { ...valid, sentiment: "very positive" }).value).toMatchObject({ sentiment: "very positive" });
  });

  it("reads numbers sent as strings where the schema takes a number, and only there", () => {
    const read = readLeniently(schema, {
      ...valid,
      confidence: " 0.8",
      rounds: "3",
      direction: "-1",
      value: "1e-3",
      label: "42",
      ids: ["4", 5],
      evidence: [{ id: "7", strength: "+0.25" }],
    });
    expect(read.value).toMatchObject({
      confidence: 0.8,
      rounds: 3,
      direction: -1,
      value: 0.001,
      label: "42",
      ids: [4, 5],
      evidence: [{ id: "7", strength: 0.25 }],
    });
    expect(read.coerced.sort()).toEqual(["confidence", "direction", "evidence.0.strength", "ids.0", "rounds", "value"]);
  });

  it("does not read what is not a plain number, or a fraction where an integer or a listed constant is wanted", () => {
    const read = readLeniently(schema, { ...valid, confidence: "80%", rounds: "2.5", direction: "2", value: "NaN" });
    expect(read.value).toMatchObject({ confidence: "80%", rounds: "2.5", direction: "2", value: "NaN" });
    expect(read.coerced).toEqual([]);
  });

  it("drops keys the schema has no place for, at any depth, and names them", () => {
    const read = readLeniently(schema, { ...valid, explanation: "because", evidence: [{ id: "e1", strength: 0.5, note: "x" }] });
    expect(read.extraKeys.sort()).toEqual(["evidence.0.note", "explanation"]);
    expect(read.value).not.toHaveProperty("explanation");
    expect((read.value as typeof valid).evidence[0]).toEqual({ id: "e1", strength: 0.5 });
  });

  it("keeps the keys of free-form maps and of open objects, and a key named __proto__ stays a plain key", () => {
    const open = taskJsonSchema(z.looseObject({ a: z.string() }));
    expect(readLeniently(open, { a: "x", b: 1 })).toMatchObject({ value: { a: "x", b: 1 }, extraKeys: [] });
    const strict = taskJsonSchema(z.strictObject({ a: z.string() }));
    const read = readLeniently(strict, JSON.parse('{"a": "x", "__proto__": {"polluted": true}}'));
    expect(read.extraKeys).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    const kept = readLeniently(open, JSON.parse('{"a": "x", "__proto__": 1}')).value as object;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(["a", "__proto__"]);
  });

  it("an answer a strict schema rejected for an extra key now passes, as does one an enum case made fail", () => {
    const task = defineTask({
      name: "test.strict",
      version: 1,
      schema: z.strictObject({ stance: z.enum(["bullish", "bearish"]) }),
      render: () => [],
      offline: () => ({ stance: "bullish" as const }),
    });
    const answer = { stance: "BULLISH", why: "momentum" };
    expect(checkOutput(task, null, answer).ok).toBe(false);
    expect(checkOutput(task, null, readLeniently(taskJsonSchema(task.schema), answer).value)).toEqual({ ok: true, output: { stance: "bullish" } });
  });

  it("reads an object in a union only through the one branch its constants pick, and leaves it alone when branches tie", () => {
    const union = taskJsonSchema(z.union([z.object({ kind: z.literal("a"), x: z.number() }), z.object({ kind: z.literal("b"), y: z.number() })]));
    expect(readLeniently(union, { kind: "b", y: "2", x: 1 })).toMatchObject({ value: { kind: "b", y: 2 }, extraKeys: ["x"] });
    const tie = taskJsonSchema(z.union([z.object({ x: z.number() }), z.object({ y: z.number() })]));
    expect(readLeniently(tie, { x: "1", y: "2" })).toEqual({ value: { x: "1", y: "2" }, extraKeys: [], coerced: [] });
  });

  it("reads booleans sent as strings where the schema takes a boolean, and only there", () => {
    const flags = taskJsonSchema(z.object({ concedes: z.boolean(), note: z.string(), maybe: z.boolean().nullable() }));
    const read = readLeniently(flags, { concedes: " TRUE", note: "false", maybe: "False" });
    expect(read.value).toEqual({ concedes: true, note: "false", maybe: false });
    expect(read.coerced.sort()).toEqual(["concedes", "maybe"]);
    expect(readLeniently(flags, { concedes: "yes", note: "x", maybe: null }).value).toMatchObject({ concedes: "yes" });
  });

  it("reads a key in another case or spacing as the one property it names, unless the answer also holds that property", () => {
    const reflection = taskJsonSchema(z.object({ summary_reason: z.string(), short_memory_index: z.array(z.number()), stance: z.enum(["up", "down"]) }));
    const read = readLeniently(reflection, { "Summary Reason": "because", SHORT_MEMORY_INDEX: ["1"], Stance: "UP" });
    expect(read.value).toEqual({ summary_reason: "because", short_memory_index: [1], stance: "up" });
    expect(read.extraKeys).toEqual([]);
    expect(read.coerced).toContain("Summary Reason");
    // Both spellings present: the exact one is read, the other is an extra key.
    const both = readLeniently(reflection, { summary_reason: "a", Summary_Reason: "b", short_memory_index: [], stance: "up" });
    expect(both.value).toEqual({ summary_reason: "a", short_memory_index: [], stance: "up" });
    expect(both.extraKeys).toEqual(["Summary_Reason"]);
  });

  it("reads a tuple's items each by its own schema (prefixItems), and a union branch picked by a constant in another case", () => {
    const chains = taskJsonSchema(
      z.object({ c: z.tuple([z.object({ k: z.literal("vol"), v: z.number() }), z.object({ k: z.literal("dir"), v: z.number() })]) }),
    );
    expect(
      readLeniently(chains, {
        c: [
          { k: "VOL", v: "1" },
          { k: "dir", v: "-0.5", x: 1 },
        ],
      }),
    ).toMatchObject({
      value: {
        c: [
          { k: "vol", v: 1 },
          { k: "dir", v: -0.5 },
        ],
      },
      extraKeys: ["c.1.x"],
    });
    const union = taskJsonSchema(
      z.union([z.object({ stance: z.literal("bullish"), s: z.number().gt(0) }), z.object({ stance: z.literal("bearish"), s: z.number().lt(0) })]),
    );
    expect(readLeniently(union, { stance: " Bearish", s: "-0.2" }).value).toEqual({ stance: "bearish", s: -0.2 });
  });
});
