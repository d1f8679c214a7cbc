/**
 * Shares outstanding from a filing's cover page, read from its inline XBRL:
 *
 *   <ix:nonFraction name="dei:EntityCommonStockSharesOutstanding" contextRef="c-5"
 *                   unitRef="shares" decimals="INF" scale="0" format="ixt:num-dot-decimal">5,833,000,000</ix:nonFraction>
 *
 * with its context (in the hidden `ix:resources`) giving the as-of date and,
 * for multi-class issuers, the class (`xbrldi:explicitMember
 * dimension="us-gaap:StatementClassOfStockAxis">us-gaap:CommonClassAMember`).
 * EDGAR's companyfacts API carries only undimensioned facts, so this is the
 * one place per-class cover counts can be had. Values honour `scale`, `sign`
 * and the zero formats (`fixed-zero`, `zerodash`, "none").
 */

export interface CoverShares {
  /** The context's member on StatementClassOfStockAxis, or null for the undimensioned total. */
  member: string | null;
  /** Class letter parsed from the member (CommonClassAMember -> "A"), or null. */
  letter: string | null;
  value: number;
  /** The context's instant (the count's as-of date), or null. */
  asOf: string | null;
}

interface Context {
  asOf: string | null;
  member: string | null;
  /** True when the context has a dimension other than the share class (not a cover count). */
  otherDimension: boolean;
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(String.raw`\b${name}\s*=\s*("([^"]*)"|'([^']*)')`, "i").exec(tag);
  return m ? (m[2] ?? m[3] ?? "") : null;
}

function readContexts(html: string): Map<string, Context> {
  const out = new Map<string, Context>();
  const re = /<(?:[\w-]+:)?context\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?context\s*>/gi;
  for (const m of html.matchAll(re)) {
    const id = attr(m[1]!, "id");
    if (id === null) continue;
    const body = m[2]!;
    const instant = /<(?:[\w-]+:)?instant\s*>\s*(\d{4}-\d{2}-\d{2})/i.exec(body)?.[1] ?? null;
    let member: string | null = null;
    let otherDimension = false;
    for (const d of body.matchAll(/<(?:[\w-]+:)?explicitMember\b([^>]*)>([^<]*)</gi)) {
      const dim = attr(d[1]!, "dimension") ?? "";
      if (/StatementClassOfStockAxis$/i.test(dim)) member = d[2]!.trim();
      else otherDimension = true;
    }
    if (/<(?:[\w-]+:)?typedMember\b/i.test(body)) otherDimension = true;
    out.set(id, { asOf: instant, member, otherDimension });
  }
  return out;
}

/**
 * The numeric value of an ix:nonFraction's text under its format, scale and sign.
 *
 * @example
 * ixNumber("5,833,000,000", "ixt:num-dot-decimal", "0", null); // 5833000000
 * ixNumber("15.1", "ixt:num-dot-decimal", "9", null); // 15100000000
 * ixNumber("-", "ixt:fixed-zero", null, null); // 0
 */
export function ixNumber(text: string, format: string | null, scale: string | null, sign: string | null): number | null {
  const f = (format ?? "").toLowerCase();
  const t = text.replace(/<[^>]+>/g, "").trim();
  let v: number;
  if (/fixed-zero|zerodash|numwordsen|nocontent/.test(f) || /^(none|no|nil|-|—|–)$/i.test(t)) v = 0;
  else {
    const digits = /comma-decimal|numcommadecimal/.test(f) ? t.replace(/[.\s]/g, "").replace(",", ".") : t.replace(/[,\s]/g, "");
    const m = /\d+(?:\.\d+)?/.exec(digits);
    if (!m) return null;
    v = Number(m[0]);
  }
  const s = scale === null || scale.trim() === "" ? 0 : Number(scale);
  if (!Number.isFinite(s)) return null;
  v *= 10 ** s;
  return sign === "-" ? -v : v;
}

/**
 * Every cover share count of an inline XBRL document
 * (dei:EntityCommonStockSharesOutstanding), one per context; contexts with a
 * dimension other than the share class are left out.
 *
 * @example
 * coverShares(primaryHtml); // [{ member: "us-gaap:CommonClassAMember", letter: "A", value: 5.8e9, asOf: "2024-04-16" }, ...]
 */
export function coverShares(html: string): CoverShares[] {
  if (!/EntityCommonStockSharesOutstanding/.test(html)) return [];
  const contexts = readContexts(html);
  const out: CoverShares[] = [];
  const seen = new Set<string>();
  const re = /<ix:nonFraction\b([^>]*)>([\s\S]*?)<\/ix:nonFraction\s*>/gi;
  for (const m of html.matchAll(re)) {
    const tag = m[1]!;
    if (!/^dei:EntityCommonStockSharesOutstanding$/i.test(attr(tag, "name") ?? "")) continue;
    const ref = attr(tag, "contextRef");
    const ctx = ref === null ? undefined : contexts.get(ref);
    if (ref === null || ctx === undefined || ctx.otherDimension || seen.has(ref)) continue;
    const value = ixNumber(m[2]!, attr(tag, "format"), attr(tag, "scale"), attr(tag, "sign"));
    if (value === null || !(value >= 0)) continue;
    seen.add(ref);
    const letter = ctx.member ? (/Class([A-Z])(?:Common)?(?:Stock)?Member$/i.exec(ctx.member)?.[1]?.toUpperCase() ?? null) : null;
    out.push({ member: ctx.member, letter, value, asOf: ctx.asOf });
  }
  return out;
}
