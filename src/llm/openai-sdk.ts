/**
 * The OpenAI SDK, the one module that loads the `openai` package. Reached only
 * by dynamic import (src/llm/openai-client builds its SDK client on first use),
 * so commands that never call an endpoint never load it.
 */
import { APIConnectionError, APIError, APIUserAbortError } from "openai";
import { genericFailure, retryAfterMs, type FailureInfo } from "./retry";

export { default as OpenAI } from "openai";

/**
 * Classify an error thrown by the openai SDK: 408, 409, 429 and 5xx, timeouts
 * and connection failures are transient; other statuses (400, 401, 403, 404,
 * 422) and caller aborts are final.
 *
 * @example
 * classifyFailure(new APIConnectionTimeoutError()).retryable; // true
 */
export function classifyFailure(err: unknown): FailureInfo {
  if (err instanceof APIUserAbortError) {
    return { retryable: false, status: undefined, message: "request aborted by the caller", retryAfterMs: undefined, aborted: true };
  }
  if (err instanceof APIConnectionError) {
    // Includes APIConnectionTimeoutError (the per-request timeout).
    return { retryable: true, status: undefined, message: err.message || "connection error", retryAfterMs: undefined, aborted: false };
  }
  if (err instanceof APIError) {
    const status = err.status;
    const retryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    return {
      retryable,
      status,
      message: err.message || `HTTP ${status}`,
      retryAfterMs: retryAfterMs(err.headers ?? undefined),
      aborted: false,
    };
  }
  return genericFailure(err);
}
