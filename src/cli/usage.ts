/**
 * Wrong command lines: the error type (the CLI prints its message and exits
 * with code 2) and the flag parsers the commands share.
 */
import type { LlmMode } from "../run/index";

/** The error type for a wrong command line: the CLI prints its message and exits with code 2. */
export class UsageError extends Error {
  /**
   * @example
   * throw new UsageError(`--seed expects a non-negative integer, got "abc"`);
   */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * A non-negative integer flag (`fallback` when absent); anything else is a UsageError.
 *
 * @example
 * parseIntOption("8", "concurrency", 4); // 8
 * parseIntOption(undefined, "seed", 7);  // 7
 */
export function parseIntOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} expects a non-negative integer, got "${value}"`);
  return n;
}

/**
 * The `--llm` flag: offline (the default), openai or replay.
 *
 * @example
 * parseLlm(undefined); // "offline"
 */
export function parseLlm(value: string | undefined): LlmMode {
  const llm = value ?? "offline";
  if (llm !== "offline" && llm !== "openai" && llm !== "replay") throw new UsageError(`--llm must be offline, openai or replay, got "${llm}"`);
  return llm;
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
}
