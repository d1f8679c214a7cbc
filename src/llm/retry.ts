/**
 * Retrying transient transport failures (HTTP 408/409/429/5xx, timeouts,
 * dropped connections) with capped exponential backoff and full jitter,
 * honouring a server's Retry-After. The SDK's own retries are disabled so the
 * policy (and its seeded jitter) lives here.
 */
import type { Rng } from "../stats/index";
import { LlmTransportError } from "./errors";
import { redactSecrets } from "./redact";

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryPolicy {
  /** Retries after the first attempt (attempts = maxRetries + 1). */
  maxRetries: number;
  /** First backoff ceiling in ms; doubles per retry. */
  baseDelayMs: number;
  /** Cap on the exponential ceiling. */
  maxDelayMs: number;
  /** Cap on a server-requested Retry-After wait. */
  maxRetryAfterMs: number;
  /** Jitter source (seeded: retry timing is reproducible for a given failure sequence). */
  rng: Rng;
  sleep: Sleep;
}

/**
 * setTimeout as a promise that rejects when `signal` aborts.
 *
 * @example
 * await defaultSleep(250, controller.signal);
 */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error("aborted"));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * "Full jitter" backoff (Brooker, AWS Architecture Blog, 2015):
 * delay = U(0, 1) * min(maxDelay, base * 2^retryIndex), retryIndex from 0.
 *
 * @example
 * backoffDelayMs(2, 100, 10_000, new Rng(1)); // somewhere in [0, 400)
 */
export function backoffDelayMs(retryIndex: number, baseDelayMs: number, maxDelayMs: number, rng: Rng): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** retryIndex);
  return rng.next() * ceiling;
}

/**
 * Server-requested wait in ms from `retry-after-ms` (ms) or `Retry-After`
 * (seconds, or an HTTP date); undefined when absent or unparseable.
 *
 * @example
 * retryAfterMs(new Headers({ "retry-after": "2" })); // 2000
 */
export function retryAfterMs(headers: Headers | undefined | null): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

export interface FailureInfo {
  retryable: boolean;
  /** HTTP status when the server answered. */
  status: number | undefined;
  /** Short description (not yet redacted). */
  message: string;
  /** Server-requested wait, if any. */
  retryAfterMs: number | undefined;
  /** The caller aborted: never retry. */
  aborted: boolean;
}

/**
 * An attempt that took longer than its per-request timeout, body included
 * (a server that sends its headers and then stalls is cut off too).
 */
export class AttemptTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${formatSeconds(timeoutMs)}`);
    this.name = "AttemptTimeoutError";
  }
}

/**
 * A duration for a message: seconds with at most one decimal, or
 * milliseconds under a second.
 *
 * @example
 * formatSeconds(60_000); // "60 s"
 * formatSeconds(4_230); // "4.2 s"
 * formatSeconds(350); // "350 ms"
 */
export function formatSeconds(ms: number): string {
  const clamped = Math.max(0, ms);
  return clamped < 1000 ? `${Math.round(clamped)} ms` : `${Number((clamped / 1000).toFixed(1))} s`;
}

/**
 * Classify a failure without knowing the SDK that raised it: a timed-out
 * attempt is transient, a caller abort is final, anything else too (the
 * OpenAI SDK's own classifier, in src/llm/openai-sdk, knows which statuses are
 * transient).
 *
 * @example
 * genericFailure(new Error("boom")).retryable; // false
 * genericFailure(new AttemptTimeoutError(60_000)).message; // "timed out after 60 s"
 */
export function genericFailure(err: unknown): FailureInfo {
  if (err instanceof AttemptTimeoutError) {
    return { retryable: true, status: undefined, message: err.message, retryAfterMs: undefined, aborted: false };
  }
  if (err instanceof Error && err.name === "AbortError") {
    return { retryable: false, status: undefined, message: "request aborted by the caller", retryAfterMs: undefined, aborted: true };
  }
  return { retryable: false, status: undefined, message: err instanceof Error ? err.message : String(err), retryAfterMs: undefined, aborted: false };
}

export interface RetryContext {
  /** What is being requested, for messages (e.g. `chat "demo.rate"`). */
  label: string;
  /** The endpoint, named in every retry line and in the final error. */
  url?: string;
  task?: string;
  /** Strings to scrub from every message (the API key). */
  secrets: ReadonlyArray<string | undefined>;
  signal?: AbortSignal;
  /** Called before each attempt (counts network calls). */
  onAttempt?: (attempt: number) => void;
  log?: (message: string) => void;
  /** Which failures are transient (default: none but what `genericFailure` knows). */
  classify?: (err: unknown) => FailureInfo;
}

/**
 * Run `attempt` until it succeeds, a final failure occurs, or the retries are
 * used up; then throw LlmTransportError (message redacted, no `cause` attached
 * so nothing of the request can leak through it, and naming `ctx.url`). Each
 * retry is logged as it is scheduled, e.g. `chat "finmem.summarize" (model
 * llama3.1): retry 2/5 in 4 s: timed out after 60 s,
 * http://127.0.0.1:11434/v1` (the attempt about to be made, of all allowed).
 *
 * @example
 * await withRetries(() => client.chat.completions.create(body), policy, { label: "chat", secrets: [key] });
 */
export async function withRetries<T>(attempt: (attemptIndex: number) => Promise<T>, policy: RetryPolicy, ctx: RetryContext): Promise<T> {
  let last: FailureInfo | undefined;
  for (let index = 0; index <= policy.maxRetries; index++) {
    if (ctx.signal?.aborted) {
      throw new LlmTransportError(`${ctx.label}: aborted by the caller`, ctx.task, last?.status, index);
    }
    ctx.onAttempt?.(index);
    try {
      return await attempt(index);
    } catch (err) {
      last = (ctx.classify ?? genericFailure)(err);
      const attempts = index + 1;
      const status = last.status === undefined ? "" : ` (HTTP ${last.status})`;
      const where = ctx.url ? `, ${ctx.url}` : "";
      if (last.aborted || !last.retryable || index === policy.maxRetries) {
        const why = last.retryable && !last.aborted ? `gave up after ${attempts} attempt(s)` : `failed on attempt ${attempts}`;
        throw new LlmTransportError(redactSecrets(`${ctx.label}: ${why}${status}: ${last.message}${where}`, ctx.secrets), ctx.task, last.status, attempts);
      }
      const wait =
        last.retryAfterMs !== undefined
          ? Math.min(last.retryAfterMs, policy.maxRetryAfterMs)
          : backoffDelayMs(index, policy.baseDelayMs, policy.maxDelayMs, policy.rng);
      const what = last.status !== undefined && !/^HTTP \d/.test(last.message) ? `HTTP ${last.status}: ${last.message}` : last.message;
      ctx.log?.(redactSecrets(`${ctx.label}: retry ${attempts + 1}/${policy.maxRetries + 1} in ${formatSeconds(wait)}: ${what}${where}`, ctx.secrets));
      try {
        await policy.sleep(wait, ctx.signal);
      } catch {
        throw new LlmTransportError(redactSecrets(`${ctx.label}: aborted by the caller while waiting to retry`, ctx.secrets), ctx.task, last.status, attempts);
      }
    }
  }
  // Unreachable: the loop either returns or throws on its last iteration.
  throw new LlmTransportError(`${ctx.label}: no attempts made`, ctx.task, last?.status, 0);
}
