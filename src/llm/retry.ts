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
 * Classify a failure without knowing the SDK that raised it: a caller abort is
 * final, anything else too (the OpenAI SDK's own classifier, in
 * src/llm/openai-sdk, knows which statuses are transient).
 *
 * @example
 * genericFailure(new Error("boom")).retryable; // false
 */
export function genericFailure(err: unknown): FailureInfo {
  if (err instanceof Error && err.name === "AbortError") {
    return { retryable: false, status: undefined, message: "request aborted by the caller", retryAfterMs: undefined, aborted: true };
  }
  return { retryable: false, status: undefined, message: err instanceof Error ? err.message : String(err), retryAfterMs: undefined, aborted: false };
}

export interface RetryContext {
  /** What is being requested, for messages (e.g. `chat "demo.rate"`). */
  label: string;
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
 * so nothing of the request can leak through it).
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
      if (last.aborted || !last.retryable || index === policy.maxRetries) {
        const why = last.retryable && !last.aborted ? `gave up after ${attempts} attempt(s)` : `failed on attempt ${attempts}`;
        throw new LlmTransportError(redactSecrets(`${ctx.label}: ${why}${status}: ${last.message}`, ctx.secrets), ctx.task, last.status, attempts);
      }
      const wait =
        last.retryAfterMs !== undefined
          ? Math.min(last.retryAfterMs, policy.maxRetryAfterMs)
          : backoffDelayMs(index, policy.baseDelayMs, policy.maxDelayMs, policy.rng);
      ctx.log?.(redactSecrets(`${ctx.label}: attempt ${attempts} failed${status}: ${last.message}; retrying in ${Math.round(wait)} ms`, ctx.secrets));
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
