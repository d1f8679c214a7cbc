/**
 * A progress bar on stderr when it is a terminal; silent otherwise (CI logs,
 * pipes, --json), so long runs show progress without polluting outputs.
 */
import type { Progress } from "./contract";

/**
 * A redrawn `label [####----] n/total` bar on `stream` when enabled (default:
 * the stream is a TTY); a silent Progress otherwise.
 *
 * @example
 * const progress = terminalProgress(process.stderr, process.stderr.isTTY && !json);
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr, enabled = Boolean(stream.isTTY)): Progress {
  if (!enabled) return { start() {}, tick() {}, done() {} };
  let label = "";
  let total = 0;
  let current = 0;
  let lastDraw = 0;
  const draw = (force: boolean) => {
    const now = Date.now();
    if (!force && now - lastDraw < 80) return;
    lastDraw = now;
    const width = 28;
    const ratio = total > 0 ? Math.min(1, current / total) : 0;
    const filled = Math.round(ratio * width);
    stream.write(`\r${label.padEnd(28).slice(0, 28)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${current}/${total}`);
  };
  return {
    start(newLabel, newTotal) {
      label = newLabel;
      total = newTotal;
      current = 0;
      draw(true);
    },
    tick(n = 1) {
      current += n;
      draw(current >= total);
    },
    done() {
      draw(true);
      stream.write("\n");
    },
  };
}

/**
 * Line-per-phase progress for non-terminals that still want to know what is
 * happening (npm run reproduce): a line at the start, every quarter, and done.
 *
 * @example
 * const progress = lineProgress((line) => process.stderr.write(line + "\n"));
 */
export function lineProgress(write: (line: string) => void): Progress {
  let label = "";
  let total = 0;
  let current = 0;
  let nextReport = 0;
  return {
    start(newLabel, newTotal) {
      label = newLabel;
      total = newTotal;
      current = 0;
      nextReport = 0.25;
      write(`  ${label}: 0/${total}`);
    },
    tick(n = 1) {
      current += n;
      if (total > 0 && current / total >= nextReport && current < total) {
        write(`  ${label}: ${current}/${total}`);
        while (current / total >= nextReport) nextReport += 0.25;
      }
    },
    done() {
      write(`  ${label}: done (${current}/${total})`);
    },
  };
}
