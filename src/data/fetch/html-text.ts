/**
 * Filing documents as plain text: EDGAR primary documents are HTML (inline
 * XBRL since 2019-2021) or, for old filings, SGML text. Hidden XBRL header
 * data, scripts and styles are dropped; block elements become line breaks,
 * table cells are separated by two spaces; entities are decoded.
 */

const NAMED: Record<string, string> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  rsquo: "\u2019",
  lsquo: "\u2018",
  rdquo: "\u201d",
  ldquo: "\u201c",
  mdash: "\u2014",
  ndash: "\u2013",
  bull: "\u2022",
  hellip: "\u2026",
  reg: "\u00ae",
  trade: "\u2122",
  copy: "\u00a9",
  sect: "\u00a7",
  para: "\u00b6",
  middot: "\u00b7",
  dagger: "\u2020",
  deg: "\u00b0",
  frac12: "\u00bd",
};

/**
 * Decode HTML character references (named ones in common use, decimal, hex).
 *
 * @example
 * decodeEntities("Management&#8217;s &amp; &#x2014; &nbsp;x"); // "Management’s & —  x"
 */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

const BLOCK_END = /<\/(?:p|div|tr|li|h[1-6]|table|section|article|blockquote|pre|center)\s*>|<br\s*\/?>|<hr\b[^>]*>/gi;
const CELL_END = /<\/(?:td|th)\s*>/gi;

/**
 * Plain text of an HTML or SGML document.
 *
 * @example
 * htmlToText("<html><body><p>Item 7.&nbsp;Management&#8217;s Discussion</p><p>Revenue rose.</p></body></html>");
 * // "Item 7. Management’s Discussion\nRevenue rose."
 */
export function htmlToText(html: string): string {
  if (!/<(?:html|body|div|p|table|font)\b/i.test(html)) return tidy(html);
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<ix:header\b[\s\S]*?<\/ix:header\s*>/gi, " ")
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(BLOCK_END, "\n")
    .replace(CELL_END, "  ")
    .replace(/<[^>]+>/g, "");
  return tidy(decodeEntities(text));
}

/** Spaces collapsed within lines, lines trimmed, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\u00a0\t\f\v ]+/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
