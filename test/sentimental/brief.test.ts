import { describe, expect, it } from "vitest";
import { BriefError, hiringBrief, validateBrief } from "../../src/sentimental/brief";

const context = { taskObject: "candidate resumes", subject: "Head of Technology" };

describe("validateBrief", () => {
  it("accepts the paper's valid combinations", () => {
    expect(validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "rank", context }).taskType).toBe("rank");
    expect(validateBrief({ inputType: "single", outputType: "single", taskType: "evaluate", context }).inputType).toBe("single");
    expect(validateBrief({ inputType: "single", outputType: "single", taskType: "score", context }).taskType).toBe("score");
    expect(validateBrief({ inputType: "multiple", outputType: "single", taskType: "select", context }).outputType).toBe("single");
    expect(validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "classify", context, knowledgeBase: ["jd"] }).knowledgeBase).toEqual([
      "jd",
    ]);
  });
  it("rejects a multi-item task on a single item, naming the field", () => {
    expect(() => validateBrief({ inputType: "single", outputType: "single", taskType: "rank", context })).toThrow(BriefError);
    expect(() => validateBrief({ inputType: "single", outputType: "single", taskType: "rank", context })).toThrow(
      /brief.taskType: .*evaluate, score, classify/,
    );
  });
  it("requires a list output for rank and one item for select", () => {
    expect(() => validateBrief({ inputType: "multiple", outputType: "single", taskType: "rank", context })).toThrow(/brief.outputType: .*"multiple"/);
    expect(() => validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "select", context })).toThrow(/brief.outputType: .*"single"/);
    expect(() => validateBrief({ inputType: "single", outputType: "multiple", taskType: "score", context })).toThrow(/brief.outputType/);
  });
  it("rejects unknown values and a missing context", () => {
    expect(() => validateBrief({ inputType: "many", outputType: "multiple", taskType: "rank", context })).toThrow(/brief.inputType/);
    expect(() => validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "vote", context })).toThrow(/brief.taskType/);
    expect(() => validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "rank" })).toThrow(/brief.context/);
    expect(() => validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "rank", context: { taskObject: "x", subject: " " } })).toThrow(
      /brief.context.subject/,
    );
    expect(() => validateBrief({ inputType: "multiple", outputType: "multiple", taskType: "rank", context, knowledgeBase: [""] })).toThrow(
      /knowledgeBase\[0\]/,
    );
  });
  it("builds the hiring brief of the paper's experiment", () => {
    const b = hiringBrief("Head of Technology", "Taka Loop", "We recycle.");
    expect(b).toEqual({
      inputType: "multiple",
      outputType: "multiple",
      taskType: "rank",
      context: { taskObject: "candidate resumes", subject: "Head of Technology at Taka Loop" },
      knowledgeBase: ["We recycle."],
    });
  });
});
