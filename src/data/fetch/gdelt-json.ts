/**
 * Reading GDELT's not-quite-JSON. The DOC API copies titles into its JSON
 * without escaping them properly: raw control characters, and backslash
 * escapes JSON does not have (`\'` in "Alphabet\'s", as users of the gdeltdoc
 * Python client reported: "Invalid \escape"). One such title makes the whole
 * answer invalid for a strict parser. We repair what has one meaning, and
 * when the answer still does not parse, read the records one by one so that
 * only the record that cannot be read is lost (and counted).
 */

/** Escapes JSON allows after a backslash (besides `u` + 4 hex digits). */
const VALID_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX4 = /^[0-9a-fA-F]{4}$/;
const JSON_WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

/**
 * Repair the faults with one reading inside JSON strings: a backslash before
 * a character JSON cannot escape is dropped (`\'` -> `'`, which is what the
 * writer meant), and a raw control character becomes a space. Text outside
 * strings is left alone but for control characters JSON does not allow
 * there either (also made spaces). Returns the text and how many repairs were made.
 *
 * @example
 * repairGdeltJson('{"title":"Alphabet\\\'s cloud"}'); // { text: '{"title":"Alphabet\'s cloud"}', repairs: 1 }
 */
export function repairGdeltJson(text: string): { text: string; repairs: number } {
  let out = "";
  let repairs = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (!inString) {
      if (c === '"') inString = true;
      const stray = c.charCodeAt(0) < 0x20 && !JSON_WHITESPACE.has(c);
      if (stray) repairs++;
      out += stray ? " " : c;
      continue;
    }
    if (c === '"') {
      inString = false;
      out += c;
    } else if (c === "\\") {
      const next = text[i + 1];
      if (next !== undefined && (VALID_ESCAPES.has(next) || (next === "u" && HEX4.test(text.slice(i + 2, i + 6))))) {
        out += c + next;
        i++;
      } else {
        repairs++; // a stray backslash: keep what follows it as a plain character
      }
    } else if (c.charCodeAt(0) < 0x20) {
      out += " ";
      repairs++;
    } else out += c;
  }
  return { text: out, repairs };
}

/**
 * The raw text of each element of the top-level `"articles"` array, found by
 * scanning brackets outside strings; null when the answer has no such array.
 * A truncated answer yields its complete elements and the torn last one
 * (which then fails to parse and is counted).
 *
 * @example
 * articleTexts('{"articles": [{"url": "a"}, {"url": "b"}]}'); // ['{"url": "a"}', '{"url": "b"}']
 */
export function articleTexts(text: string): string[] | null {
  const key = /"articles"\s*:\s*\[/.exec(text);
  if (!key) return null;
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = key.index + key[0].length; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      if (depth === 0 && start < 0) start = i;
    } else if (c === "{" || c === "[") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}" || c === "]") {
      if (depth === 0) {
        if (start >= 0) out.push(text.slice(start, i).trim()); // a last element that is not an object
        return out; // the end of the articles array
      }
      depth--;
      if (depth === 0) {
        out.push(text.slice(start, i + 1));
        start = -1;
      }
    } else if (c === "," && depth === 0) {
      if (start >= 0) out.push(text.slice(start, i).trim());
      start = -1;
    } else if (depth === 0 && start < 0 && !/\s/.test(c)) start = i;
  }
  if (depth > 0 && start >= 0) out.push(text.slice(start)); // torn at the end
  return out;
}
