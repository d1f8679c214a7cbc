import { z } from "zod";
import { polarityScores } from "../../text/index";
import { CalcInputError, firstIssue } from "./numeric-json";
import type { CalcCommand } from "./types";

const Input = z.object({ texts: z.array(z.string()) }).strict();

/**
 * `consilium calc sentiment`: VADER scores (vaderSentiment 3.3.2) for each text.
 *
 * @example
 * // stdin:  {"texts": ["Not bad at all"]}
 * // stdout: {"scores": [{"compound": 0.431, "pos": 0.487, "neu": 0.513, "neg": 0}]}
 */
export const calc: CalcCommand = {
  name: "sentiment",
  description: 'VADER sentiment (vaderSentiment 3.3.2): {"texts": [...]} -> {"scores": [{"compound","pos","neu","neg"}]}',
  run(input: unknown) {
    const parsed = Input.safeParse(input);
    if (!parsed.success) {
      const { where, message } = firstIssue(parsed.error);
      throw new CalcInputError(`calc sentiment: invalid input at ${where}: ${message}; expected {"texts": ["...", ...]}`);
    }
    return {
      scores: parsed.data.texts.map((t) => {
        const s = polarityScores(t);
        return { compound: s.compound, pos: s.pos, neu: s.neu, neg: s.neg };
      }),
    };
  },
};
