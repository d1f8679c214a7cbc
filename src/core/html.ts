/**
 * HTML text helpers every layer that writes HTML shares (reports, notebooks,
 * exported figure pages): escaping and JSON safe inside a <script> element.
 */

/**
 * JSON safe to embed inside an HTML `<script>` element.
 * @example jsonForScript({ a: "</script>" }) // '{"a":"\\u003c/script\\u003e"}'
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Minimal HTML escaping for text and attribute values.
 * @example escapeHtml(`<a href="x">Tom's</a>`) // "&lt;a href=&quot;x&quot;&gt;Tom&#39;s&lt;/a&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
