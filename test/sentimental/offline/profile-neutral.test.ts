/**
 * The advisor's counts ("5 of the 9 points I weigh met ...") sit in every opener and closer, so they must read as
 * neutral to the lexicon scorer: were they to carry sentiment, every statement's f(A) would drift from its stance.
 * A percentage in brackets once read as the emoticon "(8" and pushed rejections towards positive.
 */
import { describe, expect, it } from "vitest";
import { profile } from "../../../src/sentimental/offline/phrasing";
import { polarityScores } from "../../../src/text/vader";

describe("profile(): the advisor's counts are neutral words", () => {
  it("scores 0 under VADER for every share from 0 % to 100 % and small counts", () => {
    for (let share = 0; share <= 100; share++) {
      for (const [met, partial, unmet] of [
        [0, 0, 9],
        [2, 3, 9],
        [8, 1, 0],
        [86, 143, 187],
      ] as const) {
        const text = profile({ met, partial, unmet, weighed: met + partial + unmet, metShare: share / 100 });
        expect(polarityScores(text).compound, text).toBe(0);
      }
    }
  });
});
