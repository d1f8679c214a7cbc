/**
 * Secret scrubbing. API keys must never reach logs, thrown errors, caches or
 * run folders; every message that may echo a server response passes here.
 */

const REDACTED = "[REDACTED]";

/**
 * Replace every occurrence of the given secrets (and anything that looks like
 * an OpenAI-style key `sk-...` or a `Bearer <token>` header value of 16+
 * token characters) with "[REDACTED]". Secrets shorter than 4 characters are ignored (replacing them
 * would mangle ordinary text without protecting anything).
 *
 * @example
 * redactSecrets("bad key sk-test-SECRET-0123", ["sk-test-SECRET-0123"]); // "bad key [REDACTED]"
 * redactSecrets("Authorization: Bearer abcdefghijklmnop.q");                // "Authorization: Bearer [REDACTED]"
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | undefined | null> = []): string {
  let out = text;
  const sorted = secrets.filter((s): s is string => typeof s === "string" && s.length >= 4).sort((a, b) => b.length - a.length); // longest first so a prefix secret cannot leave a tail behind
  for (const secret of sorted) out = out.split(secret).join(REDACTED);
  // Generic shapes need 16+ token characters so ordinary prose ("bearer bonds") is left alone.
  out = out.replace(/\bsk-[A-Za-z0-9_*-]{16,}/g, REDACTED);
  out = out.replace(/(Bearer\s+)(?!\[REDACTED\])[A-Za-z0-9._~+/=-]{16,}/gi, `$1${REDACTED}`);
  return out;
}
