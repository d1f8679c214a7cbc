/**
 * Wrong command lines: the error type (the CLI prints its message and exits
 * with code 2) and the flag parsers the commands share.
 */
import { isCalendarDate } from "../core/index";
import { EMBEDDER_KINDS, embedderKind, LlmConfigError, TemplateError, type EmbedderKind } from "../llm/index";
import { ConfigError, type LlmMode } from "../run/index";

/** The error type for a wrong command line: the CLI prints its message and exits with code 2. */
export class UsageError extends Error {
  /**
   * @example
   * throw new UsageError(`--seed expects a non-negative integer, got "abc"`);
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "UsageError";
  }
}

/**
 * Problems the user fixes on the command line (exit 2, message without a stack
 * or error-class prefix): bad flags, bad config values, a run folder that
 * holds another run, an inconsistent LLM setup such as `--llm openai` without
 * OPENAI_API_KEY, a prompt template (promptDir) that does not load.
 *
 * @example
 * isUsageProblem(new UsageError("--seed expects ...")); // true
 */
export function isUsageProblem(error: unknown): error is Error {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof LlmConfigError || error instanceof TemplateError) return true;
  // node:util parseArgs: unknown option, missing option value, unexpected positional.
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_");
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
 * A positive integer flag (`fallback` when absent): counts such as
 * --concurrency, where 0 would mean "never start" and is refused.
 *
 * @example
 * parsePositiveIntOption("2", "concurrency", 4); // 2
 * parsePositiveIntOption("0", "concurrency", 4); // throws: --concurrency expects a positive integer, got "0"
 */
export function parsePositiveIntOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} expects a positive integer, got "${value}"`);
  return n;
}

/**
 * A calendar-date flag (YYYY-MM-DD, a real day: 2023-02-30 is refused); required.
 *
 * @example
 * parseDateOption("2024-02-29", "at"); // "2024-02-29"
 * parseDateOption("2023-13-45", "at"); // throws: --at expects a calendar date YYYY-MM-DD, got "2023-13-45"
 */
export function parseDateOption(value: string | undefined, name: string): string {
  if (value === undefined) throw new UsageError(`--${name} needs a date YYYY-MM-DD`);
  if (!isCalendarDate(value)) throw new UsageError(`--${name} expects a calendar date YYYY-MM-DD, got "${value}"`);
  return value;
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

/**
 * The `--embedder` flag: hashing (default), minilm or openai; anything else is a usage error.
 *
 * @example
 * parseEmbedder("minilm") // "minilm"
 */
export function parseEmbedder(value: string | undefined): EmbedderKind {
  const kind = embedderKind(value);
  if (!kind) throw new UsageError(`--embedder must be ${EMBEDDER_KINDS.slice(0, -1).join(", ")} or ${EMBEDDER_KINDS.at(-1)}, got "${value ?? ""}"`);
  return kind;
}

/**
 * True when a command's arguments ask for help (`--help` or `-h` before a `--`).
 *
 * @example
 * wantsHelp(["finmem", "--help"]); // true
 * wantsHelp(["--", "--help"]);     // false
 */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === "--help" || arg === "-h");
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
}
