import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, configKeys, parseSetPairs, resolveConfig } from "../../src/run/config";

const schema = z.object({
  alpha: z.number().min(0).max(1).default(0.5),
  maxRounds: z.number().int().positive().default(5),
  stopRule: z.enum(["all-below-tolerance", "first-below-tolerance"]).default("all-below-tolerance"),
  longOnly: z.boolean().default(true),
  tickers: z.union([z.string(), z.array(z.string())]).optional(),
});

describe("config resolution", () => {
  it("uses the schema defaults when nothing is given", () => {
    expect(resolveConfig(schema, [])).toEqual({ alpha: 0.5, maxRounds: 5, stopRule: "all-below-tolerance", longOnly: true });
  });

  it("coerces --set values to each field's type, later layers winning", () => {
    const set = parseSetPairs(schema, ["alpha=0.3", "maxRounds=3", "longOnly=false", "tickers=AAPL,MSFT"]);
    expect(set).toEqual({ alpha: 0.3, maxRounds: 3, longOnly: false, tickers: ["AAPL", "MSFT"] });
    expect(resolveConfig(schema, [{ alpha: 0.7 }, set]).alpha).toBe(0.3);
  });

  it("names an unknown key and lists the allowed keys", () => {
    expect(() => parseSetPairs(schema, ["alpah=0.3"])).toThrow(/unknown config key "alpah"; allowed keys: alpha, maxRounds, stopRule, longOnly, tickers/);
  });

  it("names the bad key and its allowed values", () => {
    expect(() => resolveConfig(schema, [parseSetPairs(schema, ["stopRule=sometimes"])])).toThrow(
      /invalid value for config key "stopRule": got "sometimes"; allowed: one of "all-below-tolerance", "first-below-tolerance"/,
    );
    expect(() => resolveConfig(schema, [parseSetPairs(schema, ["alpha=lots"])])).toThrow(/config key "alpha": got "lots"; allowed: a number/);
    expect(() => resolveConfig(schema, [{ alpha: 2 }])).toThrow(ConfigError);
  });

  it("rejects a malformed pair", () => {
    expect(() => parseSetPairs(schema, ["alpha"])).toThrow(/key=value/);
  });

  it("describes every key", () => {
    expect(configKeys(schema).map((k) => k.key)).toEqual(["alpha", "maxRounds", "stopRule", "longOnly", "tickers"]);
    expect(configKeys(schema)[3]!.accepts).toBe("true or false");
  });
});
