import { describe, expect, it } from "vitest";
import { checkMessage, CONTENT_SCHEMAS, MESSAGE_TYPES, messageId, simulatedTimestamp } from "../../src/blackboard/messages";
import { analysisMessage } from "./fixtures";

describe("message envelope and content schemas", () => {
  it("has a content schema for every message type of the paper", () => {
    expect(MESSAGE_TYPES.slice().sort()).toEqual(Object.keys(CONTENT_SCHEMAS).sort());
    expect(MESSAGE_TYPES).toHaveLength(10);
  });

  it("accepts a valid message and types its content", () => {
    const res = checkMessage(analysisMessage("2025-01-02", "AAPL", 0));
    expect(res.ok).toBe(true);
    if (res.ok && res.message.type === "AnalysisReport") expect(res.message.content.evidence[0]!.id).toBe("market.rsi");
  });

  it("names the first bad field with a dotted path", () => {
    const cases: Array<[(m: Record<string, any>) => void, string]> = [
      [(m) => delete m.message_id, "message_id"],
      [(m) => (m.sender.role = "intern"), "sender.role"],
      [(m) => (m.timestamp = "2025-01-02 14:00"), "timestamp"],
      [(m) => (m.content.signal = 2), "content.signal"],
      [(m) => (m.content.evidence[0].direction = 2), "content.evidence.0.direction"],
      [(m) => (m.reply_to = undefined), "reply_to"],
    ];
    for (const [mutate, field] of cases) {
      const m = analysisMessage("2025-01-02", "AAPL", 0) as unknown as Record<string, any>;
      mutate(m);
      const res = checkMessage(m);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.issue.field).toBe(field);
    }
  });

  it("checks the content against the schema of its own type", () => {
    const m = analysisMessage("2025-01-02", "AAPL", 0) as unknown as Record<string, unknown>;
    m.type = "FinalReport";
    const res = checkMessage(m);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.issue.field.startsWith("content.")).toBe(true);
  });
});

describe("deterministic ids and simulated timestamps", () => {
  it("derives ids from seed, date, ticker, sender and sequence only", () => {
    const a = messageId(7, "2025-01-02", "AAPL", "market_analyst@AAPL", 0);
    expect(a).toMatch(/^m-[0-9a-f]{16}$/);
    expect(messageId(7, "2025-01-02", "AAPL", "market_analyst@AAPL", 0)).toBe(a);
    expect(messageId(8, "2025-01-02", "AAPL", "market_analyst@AAPL", 0)).not.toBe(a);
    expect(messageId(7, "2025-01-02", "AAPL", "market_analyst@AAPL", 1)).not.toBe(a);
    expect(messageId(7, "2025-01-03", "AAPL", "market_analyst@AAPL", 0)).not.toBe(a);
  });

  it("stamps the simulated decision day, one second per message", () => {
    expect(simulatedTimestamp("2025-01-02", 0)).toBe("2025-01-02T14:00:00Z");
    expect(simulatedTimestamp("2025-01-02", 61)).toBe("2025-01-02T14:01:01Z");
    expect(simulatedTimestamp("2025-01-02", 3600)).toBe("2025-01-02T15:00:00Z");
    expect(() => simulatedTimestamp("2025-01-02", 10 * 3600)).toThrow(RangeError);
  });
});
