/**
 * The blackboard: an append-only JSONL log of typed messages (the third
 * paper, §3.1), validated on write and on read, with an in-memory index by
 * type, ticker and date so that an agent reads only what it needs ("lightweight
 * filtering on message type, sender role, ticker symbol, or recency").
 *
 * Crash safety: every append is one `appendFileSync` of one whole line, so
 * appends from parallel ticker pipelines (which share one Node event loop)
 * never interleave within a line; a torn last line left by a crash is
 * detected on read, skipped with a warning, and cut off before the next append.
 */
import { appendFileSync, existsSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { DataError } from "../data/index";
import { itemAt } from "./lookup";
import { checkMessage, type BlackboardMessage, type ContentByType, type MessageType, type Role } from "./messages";

export interface BlackboardQuery {
  type?: MessageType | readonly MessageType[];
  role?: Role | readonly Role[];
  senderId?: string;
  ticker?: string;
  /** Inclusive ISO date bounds on the message timestamp's date. */
  from?: string;
  to?: string;
  replyTo?: string;
  /** Keep only the most recent N matches (by timestamp, then append order). */
  latest?: number;
}

export interface BlackboardReadResult {
  messages: BlackboardMessage[];
  warnings: string[];
  /** Byte length of the complete (newline-terminated or valid) prefix of the file. */
  validBytes: number;
  /** True when a torn last line was skipped. */
  torn: boolean;
}

/**
 * Parse and validate a blackboard JSONL text. Blank lines are ignored; a last
 * line without a trailing newline that is not valid JSON is a torn write and
 * is skipped with a warning; any other bad line throws a `DataError` naming
 * file, line and field.
 *
 * @example
 * parseBlackboard('{"message_id": ...}\n{"mess', "bb.jsonl").warnings; // ["bb.jsonl:2: torn last line skipped ..."]
 */
export function parseBlackboard(text: string, file: string): BlackboardReadResult {
  const messages: BlackboardMessage[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  const endsWithNewline = text.length === 0 || text.endsWith("\n");
  const lines = text.split("\n");
  if (endsWithNewline) lines.pop();
  let torn = false;
  let validChars = 0;
  for (const [i, line] of lines.entries()) {
    const raw = line.replace(/\r$/, "");
    const lineNo = i + 1;
    const isLast = i === lines.length - 1;
    if (raw.trim() === "") {
      validChars += line.length + 1;
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      if (isLast && !endsWithNewline) {
        torn = true;
        warnings.push(`${file}:${lineNo}: torn last line skipped (${raw.length} characters, no trailing newline; probably an interrupted write)`);
        break;
      }
      throw new DataError(`invalid JSON: ${(err as Error).message}`, { file, line: lineNo });
    }
    const checked = checkMessage(value);
    if (checked.ok === false) throw new DataError(checked.issue.message, { file, line: lineNo, field: checked.issue.field });
    if (seen.has(checked.message.message_id)) {
      throw new DataError(`duplicate message_id ${checked.message.message_id}`, { file, line: lineNo, field: "message_id" });
    }
    seen.add(checked.message.message_id);
    messages.push(checked.message);
    validChars += line.length + (isLast && !endsWithNewline ? 0 : 1);
  }
  const validBytes = Buffer.byteLength(text.slice(0, validChars), "utf8");
  return { messages, warnings, validBytes, torn };
}

/**
 * Read a blackboard file (read-only): see `parseBlackboard`.
 *
 * @example
 * const { messages, warnings } = readBlackboardFile("runs/x/blackboard.jsonl");
 */
export function readBlackboardFile(file: string): BlackboardReadResult {
  return parseBlackboard(readFileSync(file, "utf8"), file);
}

export interface OpenOptions {
  /** Receives warnings (torn last line). Defaults to `console.warn`. */
  onWarning?: (message: string) => void;
}

/** Receives every validated message as it is posted, before it is indexed (a journal; src/blackboard/journal.ts). */
export type BlackboardSink = (message: BlackboardMessage) => void;

/**
 * The blackboard log with its index. `Blackboard.open(file)` is file-backed
 * (appends go to disk); `Blackboard.inMemory()` keeps messages only in memory,
 * and `Blackboard.withSink(sink)` also hands each message to a sink as it is
 * posted (the experiment's run journal).
 *
 * @example
 * const bb = Blackboard.inMemory();
 * bb.post(message);
 * bb.query({ ticker: "AAPL", type: "AnalysisReport", latest: 5 });
 */
export class Blackboard {
  private readonly messages: BlackboardMessage[] = [];
  private readonly ids = new Map<string, number>();
  private readonly byTicker = new Map<string, number[]>();
  private readonly byType = new Map<string, number[]>();
  private readonly byTickerType = new Map<string, number[]>();
  private readonly byDate = new Map<string, number[]>();
  private readonly byRole = new Map<string, number[]>();
  /** Distinct message dates, ascending (binary-searched by date-range queries). */
  private readonly dates: string[] = [];
  private needsNewline = false;

  private constructor(
    readonly file: string | null,
    private readonly sink: BlackboardSink | null = null,
  ) {}

  /** An in-memory blackboard (no file). */
  static inMemory(): Blackboard {
    return new Blackboard(null);
  }

  /** An in-memory blackboard that also hands every posted message to `sink` (which may throw to refuse it). */
  static withSink(sink: BlackboardSink): Blackboard {
    return new Blackboard(null, sink);
  }

  /**
   * Open (or create) a file-backed blackboard: existing lines are validated
   * and indexed; a torn last line is reported and truncated away so the next
   * append starts on a fresh line.
   */
  static open(file: string, options: OpenOptions = {}): Blackboard {
    const warn = options.onWarning ?? ((m: string) => console.warn(m));
    const board = new Blackboard(file);
    if (!existsSync(file)) {
      writeFileSync(file, "");
      return board;
    }
    const text = readFileSync(file, "utf8");
    const result = parseBlackboard(text, file);
    for (const w of result.warnings) warn(w);
    if (result.torn) truncateSync(file, result.validBytes);
    board.needsNewline = !result.torn && text.length > 0 && !text.endsWith("\n");
    for (const m of result.messages) board.index(m);
    return board;
  }

  /** Number of messages. */
  get size(): number {
    return this.messages.length;
  }

  /** Every message in append order. */
  all(): readonly BlackboardMessage[] {
    return this.messages;
  }

  /** The message with this id, if any. */
  get(messageId: string): BlackboardMessage | undefined {
    const i = this.ids.get(messageId);
    return i === undefined ? undefined : this.messages[i];
  }

  /**
   * Validate and append one message (one synchronous append of one whole
   * line). Throws a `DataError` naming the field on a schema violation or a
   * duplicate id; nothing is written then.
   */
  post<T extends MessageType>(message: BlackboardMessage<T>): BlackboardMessage<T> {
    const where = this.file ?? "<blackboard>";
    const checked = checkMessage(message);
    if (checked.ok === false) throw new DataError(checked.issue.message, { file: where, line: this.size + 1, field: checked.issue.field });
    if (this.ids.has(checked.message.message_id)) {
      throw new DataError(`duplicate message_id ${checked.message.message_id}`, { file: where, line: this.size + 1, field: "message_id" });
    }
    if (this.file !== null) {
      const line = JSON.stringify(checked.message) + "\n";
      appendFileSync(this.file, this.needsNewline ? "\n" + line : line);
      this.needsNewline = false;
    }
    this.sink?.(checked.message);
    this.index(checked.message);
    return checked.message as BlackboardMessage<T>;
  }

  /**
   * Messages matching every given filter, in (timestamp, append) order. The
   * candidates come from the smallest applicable index list (ticker x type,
   * ticker, type, sender role, or the dates inside [from, to]), so a query
   * touches only those messages, not the whole log.
   */
  query<T extends MessageType = MessageType>(q: BlackboardQuery & { type?: T | readonly T[] } = {}): BlackboardMessage<T>[] {
    if (q.latest !== undefined && !(Number.isInteger(q.latest) && q.latest >= 0))
      throw new RangeError(`Blackboard.query: latest must be a non-negative integer, got ${q.latest}`);
    const types = q.type === undefined ? null : new Set<string>(typeof q.type === "string" ? [q.type] : q.type);
    const roles = q.role === undefined ? null : new Set<string>(typeof q.role === "string" ? [q.role] : q.role);
    let candidates: readonly number[] | null = null;
    const consider = (list: readonly number[]) => {
      if (candidates === null || list.length < candidates.length) candidates = list;
    };
    const union = (map: Map<string, number[]>, keys: Iterable<string>) => {
      const merged: number[] = [];
      for (const k of keys) merged.push(...(map.get(k) ?? []));
      return merged.sort((a, b) => a - b);
    };
    if (q.ticker !== undefined && types !== null)
      consider(
        union(
          this.byTickerType,
          [...types].map((t) => `${q.ticker}|${t}`),
        ),
      );
    else if (q.ticker !== undefined) consider(this.byTicker.get(q.ticker) ?? []);
    else if (types !== null) consider(union(this.byType, types));
    if (roles !== null) consider(union(this.byRole, roles));
    if (q.from !== undefined || q.to !== undefined) {
      const lo = q.from === undefined ? 0 : lowerBound(this.dates, q.from);
      const hi = q.to === undefined ? this.dates.length : upperBound(this.dates, q.to);
      const inRange = hi > lo ? this.dates.slice(lo, hi) : [];
      // Sizing the date union first keeps a wide range from costing more than the scan it replaces.
      let size = 0;
      for (const d of inRange) size += this.byDate.get(d)?.length ?? 0;
      if (candidates === null || size < (candidates as readonly number[]).length) consider(union(this.byDate, inRange));
    }
    const pool: readonly number[] = candidates ?? this.messages.map((_, i) => i);
    const out: number[] = [];
    for (const i of pool) {
      const m = this.at(i);
      if (types !== null && !types.has(m.type)) continue;
      if (roles !== null && !roles.has(m.sender.role)) continue;
      if (q.senderId !== undefined && m.sender.id !== q.senderId) continue;
      if (q.ticker !== undefined && m.ticker !== q.ticker) continue;
      if (q.replyTo !== undefined && m.reply_to !== q.replyTo) continue;
      const date = m.timestamp.slice(0, 10);
      if (q.from !== undefined && date < q.from) continue;
      if (q.to !== undefined && date > q.to) continue;
      out.push(i);
    }
    const ts = (i: number) => this.at(i).timestamp;
    out.sort((a, b) => (ts(a) < ts(b) ? -1 : ts(a) > ts(b) ? 1 : a - b));
    const kept = q.latest !== undefined ? out.slice(Math.max(0, out.length - q.latest)) : out;
    return kept.map((i) => this.at(i)) as BlackboardMessage<T>[];
  }

  /** Content of the latest message of a type for a ticker (null when none). */
  latestContent<T extends MessageType>(ticker: string, type: T, role?: Role): ContentByType[T] | null {
    const hits = this.query<T>({ ticker, type, role, latest: 1 });
    return (hits[0]?.content as ContentByType[T] | undefined) ?? null;
  }

  /**
   * The log as JSONL. "append" keeps the write order; "canonical" sorts by
   * (date, ticker, timestamp, id), which does not depend on the order in which
   * parallel pipelines finished, so the same seed gives the same bytes.
   */
  toJsonl(order: "append" | "canonical" = "canonical"): string {
    let list: readonly BlackboardMessage[] = this.messages;
    if (order === "canonical") {
      // One sort key per message, built once rather than twice per comparison.
      const keyed = this.messages.map((m) => ({ key: `${m.timestamp.slice(0, 10)}|${m.ticker}|${m.timestamp}|${m.message_id}`, m }));
      keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      list = keyed.map((k) => k.m);
    }
    return list.map((m) => JSON.stringify(m) + "\n").join("");
  }

  /** The message at a position the indices hold; a position without one means the indices are corrupt. */
  private at(i: number): BlackboardMessage {
    return itemAt(this.messages, i, "message in the blackboard's indices");
  }

  private index(m: BlackboardMessage): void {
    const i = this.messages.length;
    this.messages.push(m);
    this.ids.set(m.message_id, i);
    push(this.byTicker, m.ticker, i);
    push(this.byType, m.type, i);
    push(this.byTickerType, `${m.ticker}|${m.type}`, i);
    push(this.byRole, m.sender.role, i);
    const date = m.timestamp.slice(0, 10);
    if (!this.byDate.has(date)) this.dates.splice(lowerBound(this.dates, date), 0, date);
    push(this.byDate, date, i);
  }
}

/** First index with sorted[i] >= key. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1; // lo <= mid < hi <= sorted.length
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index with sorted[i] > key. */
function upperBound(sorted: readonly string[], key: string): number {
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1; // lo <= mid < hi <= sorted.length
    if (sorted[mid]! <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
