/** Crash-safe file writes. */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Write `content` atomically: a temp file in the same folder, then rename,
 * so a crash never leaves a half-written file behind.
 *
 * @example
 * writeFileAtomic("out/prices/SPY.csv", csvText);
 */
export function writeFileAtomic(file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}
