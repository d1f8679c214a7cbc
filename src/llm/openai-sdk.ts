/**
 * The OpenAI SDK, the one module that loads the `openai` package. Reached only
 * by dynamic import (src/llm/openai-client builds its SDK client on first use),
 * so commands that never call an endpoint never load it.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { formatSeconds, genericFailure, retryAfterMs, type FailureInfo } from "./retry";

export { default as OpenAI } from "openai";

/** What a connection failure's system error code means, in words. */
const CONNECTION_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused (is the server running on that port?)",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found (DNS lookup failed)",
  ECONNRESET: "connection reset by the server",
  EPIPE: "connection closed by the server",
  UND_ERR_SOCKET: "connection closed by the server",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
};

/**
 * Classify an error thrown by the openai SDK: 408, 409, 429 and 5xx, timeouts
 * and connection failures are transient; other statuses (400, 401, 403, 404,
 * 422) and caller aborts are final. Messages say what happened in words: "timed
 * out after 60 s" (with the per-request timeout), "connection refused (...)",
 * or the server's own error text after its status.
 *
 * @example
 * classifyFailure(new APIConnectionTimeoutError(), 60_000).message; // "timed out after 60 s"
 */
export function classifyFailure(err: unknown, timeoutMs?: number): FailureInfo {
  if (err instanceof APIUserAbortError) {
    return { retryable: false, status: undefined, message: "request aborted by the caller", retryAfterMs: undefined, aborted: true };
  }
  if (err instanceof APIConnectionTimeoutError) {
    const message = timeoutMs === undefined ? "timed out" : `timed out after ${formatSeconds(timeoutMs)}`;
    return { retryable: true, status: undefined, message, retryAfterMs: undefined, aborted: false };
  }
  if (err instanceof APIConnectionError) {
    return { retryable: true, status: undefined, message: connectionProblem(err), retryAfterMs: undefined, aborted: false };
  }
  if (err instanceof APIError) {
    const status = err.status;
    const retryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    // The SDK prefixes the server's text with the status ("404 page not found"): the status is reported on its own.
    const detail = (err.message || "").replace(/^\d{3}\s+/, "") || (status === undefined ? "no answer" : "no details");
    return { retryable, status, message: detail, retryAfterMs: retryAfterMs(err.headers ?? undefined), aborted: false };
  }
  return genericFailure(err);
}

/** The first system error code along the cause chain, in words; else the SDK's message. */
function connectionProblem(err: APIConnectionError): string {
  for (let cause: unknown = (err as { cause?: unknown }).cause, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && code in CONNECTION_CODES) return CONNECTION_CODES[code]!;
  }
  return err.message || "connection error";
}
