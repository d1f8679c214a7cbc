/**
 * The polite HTTP client every downloader shares (Yahoo Finance prices, GDELT
 * news, SEC EDGAR filings): one request at a time, a fixed pause between
 * requests, retries with exponential backoff on throttling and server errors,
 * a per-request timeout, and one clear error when the host cannot be reached.
 *
 * Each source says how it throttles through `inspect`: GDELT answers a plain
 * text "Please limit requests to one every 5 seconds" (status 429, sometimes
 * 200) and is retried after a backoff that ignores Retry-After; EDGAR answers
 * a "Request Rate Threshold Exceeded" page (status 403) and blocks the caller
 * for minutes, so that page stops the run (`FetchError.blocked`).
 */

/** Node's error codes for "the host cannot be reached at all". */
const OFFLINE_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ENETUNREACH", "EHOSTUNREACH", "ECONNRESET", "ENETDOWN", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * A download failure. `offline`: the host could not be reached (the command failed: exit 1; a rerun resumes);
 * `blocked`: the source refused us for a while (EDGAR's rate-threshold page),
 * so the run stops instead of hammering on.
 *
 * @example
 * new FetchError("cannot reach GDELT (offline?): ECONNREFUSED for 127.0.0.1:9", true).offline; // true
 */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly offline: boolean,
    readonly status?: number,
    readonly blocked: boolean = false,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

/** What a source makes of a response before the generic status rules apply. */
export type Verdict = { kind: "throttled" | "blocked"; message: string } | null;

export interface HttpSourceOptions {
  /** Name used in messages ("GDELT", "SEC EDGAR", "Yahoo Finance"). */
  name: string;
  headers?: Record<string, string>;
  /** Pause before every request but the first, ms. */
  delayMs: number;
  /** Retries after a throttle, a 429 / 5xx or a timeout. */
  retries: number;
  /** First backoff, doubled on each retry (capped at `maxBackoffMs`). */
  backoffMs: number;
  maxBackoffMs?: number;
  /** Wait what a 429's Retry-After says (Yahoo) instead of the backoff. */
  honourRetryAfter?: boolean;
  timeoutMs: number;
  /** Source-specific reading of a response (throttle texts, block pages). */
  inspect?: (status: number, body: string) => Verdict;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
}

/** A response the caller handles (2xx, and 4xx other than 429). */
export interface HttpResponse {
  status: number;
  ok: boolean;
  text: string;
  contentType: string;
}

function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 4 && cur && typeof cur === "object"; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string") return code;
    const errors = (cur as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const inner = errorCode(errors[0]);
      if (inner) return inner;
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The default sleep (tests inject a recorder). @example await realSleep(10); */
export const realSleep = (ms: number): Promise<void> => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One source's paced, retrying GET client. `requests` counts what was sent
 * (retries included), for progress displays and tests.
 *
 * @example
 * const http = new PoliteHttp({ name: "GDELT", delayMs: 6000, retries: 5, backoffMs: 20_000, timeoutMs: 60_000 });
 * const res = await http.get("https://api.gdeltproject.org/api/v2/doc/doc?query=...", "AAPL 2024-03");
 */
export class PoliteHttp {
  requests = 0;
  private readonly o: HttpSourceOptions;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly log: (message: string) => void;

  constructor(options: HttpSourceOptions) {
    this.o = options;
    this.sleep = options.sleep ?? realSleep;
    this.log = options.log ?? (() => {});
  }

  /** Backoff before retry `attempt` (0-based): backoff * 2^attempt, capped. */
  private backoff(attempt: number): number {
    return Math.min(this.o.backoffMs * 2 ** attempt, this.o.maxBackoffMs ?? Number.POSITIVE_INFINITY);
  }

  /**
   * GET a URL. Returns 2xx and plain 4xx answers; retries throttles, 429,
   * 5xx and timeouts; throws `FetchError` when the host is unreachable
   * (`offline`), when the source blocks us (`blocked`), or when retries run out.
   */
  async get(url: string, label: string, accept = "application/json"): Promise<HttpResponse> {
    const name = this.o.name;
    for (let attempt = 0; ; attempt++) {
      if (attempt === 0 && this.requests > 0 && this.o.delayMs > 0) await this.sleep(this.o.delayMs);
      this.requests++;
      let res: Response;
      try {
        res = await (this.o.fetch ?? fetch)(url, {
          headers: { Accept: accept, ...(this.o.headers ?? {}) },
          signal: AbortSignal.timeout(this.o.timeoutMs),
        });
      } catch (e) {
        const code = errorCode(e);
        if (code !== undefined && OFFLINE_CODES.has(code)) throw new FetchError(`cannot reach ${name} (offline?): ${code} for ${new URL(url).host}`, true);
        const isTimeout = (e as Error).name === "TimeoutError" || (e as Error).name === "AbortError";
        if (attempt < this.o.retries) {
          this.log(`${label}: ${isTimeout ? "timeout" : (e as Error).message}; retry ${attempt + 1}/${this.o.retries}`);
          await this.sleep(this.backoff(attempt));
          continue;
        }
        if (code === undefined && !isTimeout) throw new FetchError(`cannot reach ${name} (offline?): ${(e as Error).message}`, true);
        throw new FetchError(`${label}: request failed after ${attempt + 1} attempts (${isTimeout ? "timeout" : (e as Error).message})`, isTimeout);
      }
      const text = await res.text();
      const verdict = this.o.inspect?.(res.status, text) ?? null;
      if (verdict?.kind === "blocked") throw new FetchError(`${label}: ${verdict.message}`, false, res.status, true);
      const throttled = verdict?.kind === "throttled" || res.status === 429 || res.status >= 500;
      if (!throttled) return { status: res.status, ok: res.ok, text, contentType: res.headers.get("content-type") ?? "" };
      const why = verdict?.message ?? `HTTP ${res.status}`;
      if (attempt >= this.o.retries) throw new FetchError(`${label}: ${why} after ${attempt + 1} attempts`, false, res.status);
      const retryAfter = Number(res.headers.get("retry-after"));
      const wait = this.o.honourRetryAfter && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : this.backoff(attempt);
      this.log(`${label}: ${why}; retry ${attempt + 1}/${this.o.retries} in ${Math.round(wait)} ms`);
      await this.sleep(wait);
    }
  }
}
