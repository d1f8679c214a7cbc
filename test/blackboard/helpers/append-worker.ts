/**
 * Child process for the parallel-append test: opens the blackboard file given
 * as argv[2] and posts argv[4] AnalysisReports for ticker argv[3], each with a
 * long summary so that a non-atomic write would show up as a torn line.
 */
import { Blackboard } from "../../../src/blackboard/log";
import { analysisMessage } from "../fixtures";

const [file, ticker, count] = process.argv.slice(2);
const board = Blackboard.open(file!, { onWarning: () => {} });
for (let i = 0; i < Number(count); i++) {
  const m = analysisMessage("2025-01-02", ticker!, i);
  m.content.summary = `${ticker} ${i} ` + "x".repeat(4000);
  board.post(m);
}
