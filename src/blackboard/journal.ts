/**
 * The run journal of the Blackboard experiment: the
 * paper's append-only log, written while the run works, in the run folder:
 *
 *   journal/run.json              what the journal belongs to (seed, model, data, config) and whether it is complete
 *   journal/blackboard.jsonl      every message, appended as it is posted (completion order under concurrency)
 *   journal/tool-calls.jsonl      one line per thread: {date, ticker, calls} (every tool call with its arguments)
 *
 * Crash safety: each line is one synchronous append, so a run killed at any
 * point (kill -9 included) leaves files whose every line but possibly a
 * torn last one parses. Rerunning the same command into the same folder
 * resumes: the journal is read back (a torn last line is cut off), the run
 * starts over with the recorded model cache answering the calls already
 * made, every message it posts that the journal holds must match the
 * journal's line byte for byte (else it stops with an error naming the
 * line: the cache does not reproduce the journal), and only new messages
 * are appended. A journal of another run (different seed, model, data or
 * config) is never overwritten: the run stops and says so.
 *
 * On success both files are compressed (gzip, about a tenth of the size, so
 * that a daily run stays reasonable): blackboard.jsonl.gz keeps the append
 * order, tool-calls.jsonl.gz is sorted by (date, ticker); run.json is marked
 * complete and a later run into the folder starts a new journal. The
 * journal is outside the byte-identical promise (like timings.json): its
 * order depends on which thread finished first. The canonical, sorted log
 * is the `blackboard.jsonl` artifact.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, truncateSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { writeFileAtomic } from "../data/index";
import { stableStringify } from "../llm/index";
import { parseBlackboard, type BlackboardSink } from "./log";
import type { BlackboardMessage } from "./messages";
import type { ToolCall } from "./tools";

/** Folder of the journal inside the run folder. */
export const JOURNAL_DIR = "journal";

/** What a journal belongs to: a resumed run must have the same. */
export interface JournalIdentity {
  seed: number;
  model: string;
  dataDir: string;
  config: Record<string, unknown>;
}

interface JournalState extends JournalIdentity {
  format: 1;
  complete: boolean;
  messages?: number;
  threads?: number;
}

/** What a resumed journal held. */
export interface ResumeReport {
  messages: number;
  threads: number;
  /** A torn last line was cut off. */
  torn: boolean;
}

/**
 * The journal of one run (see module doc).
 *
 * @example
 * const journal = RunJournal.open("runs/bb", { seed: 7, model: "offline", dataDir, config }, console.log);
 * const board = Blackboard.withSink(journal.sink);
 * journal.recordThread("2025-01-02", "AAPL", toolCalls);
 * journal.finish();
 */
export class RunJournal {
  readonly dir: string;
  readonly messagesFile: string;
  readonly toolCallsFile: string;
  readonly stateFile: string;
  /** Non-null when this run resumes an interrupted journal. */
  readonly resumed: ResumeReport | null;
  private readonly expected = new Map<string, { line: string; lineNo: number }>();
  private readonly threads = new Set<string>();
  private matched = 0;
  private appended = 0;

  private constructor(
    runDir: string,
    private readonly identity: JournalIdentity,
    resume: boolean,
  ) {
    this.dir = path.join(runDir, JOURNAL_DIR);
    this.messagesFile = path.join(this.dir, "blackboard.jsonl");
    this.toolCallsFile = path.join(this.dir, "tool-calls.jsonl");
    this.stateFile = path.join(this.dir, "run.json");
    this.resumed = resume ? this.readBack() : null;
  }

  /**
   * Open the journal of `runDir`: resume an interrupted one with the same
   * identity, start a new one otherwise (replacing a completed journal);
   * throws when an interrupted journal of a different run is in the way.
   */
  static open(runDir: string, identity: JournalIdentity, log: (message: string) => void = () => {}): RunJournal {
    const dir = path.join(runDir, JOURNAL_DIR);
    const stateFile = path.join(dir, "run.json");
    let resume = false;
    if (existsSync(stateFile)) {
      const state = JSON.parse(readFileSync(stateFile, "utf8")) as JournalState;
      if (!state.complete) {
        if (!sameIdentity(state, identity)) {
          throw new Error(
            `blackboard: ${dir} holds an interrupted run of another seed, model, data folder or config; rerun that command to complete it, or choose another --out (or delete ${dir})`,
          );
        }
        resume = true;
      }
    }
    if (!resume) rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const journal = new RunJournal(runDir, identity, resume);
    if (!resume) journal.writeState(false);
    if (journal.resumed)
      log(
        `blackboard: resuming the journal in ${dir} (${journal.resumed.messages} messages, ${journal.resumed.threads} threads${journal.resumed.torn ? ", torn last line cut off" : ""})`,
      );
    return journal;
  }

  /** The blackboard sink: appends a new message, checks a journalled one against its line. */
  readonly sink: BlackboardSink = (message: BlackboardMessage) => {
    const line = JSON.stringify(message);
    const prior = this.expected.get(message.message_id);
    if (prior) {
      if (prior.line !== line) {
        throw new Error(
          `blackboard: ${this.messagesFile}:${prior.lineNo}: message ${message.message_id} (${message.type} of ${message.ticker} on ${message.timestamp.slice(0, 10)}) differs from what this run produced; the model cache does not reproduce the journal (rerun into another --out folder, or delete ${this.dir})`,
        );
      }
      this.matched++;
      return;
    }
    appendFileSync(this.messagesFile, line + "\n");
    this.appended++;
  };

  /** Append a thread's tool calls (once per thread; a resumed thread already in the journal is skipped). */
  recordThread(date: string, ticker: string, calls: readonly ToolCall[]): void {
    const key = `${date}|${ticker}`;
    if (this.threads.has(key)) return;
    this.threads.add(key);
    appendFileSync(this.toolCallsFile, JSON.stringify({ date, ticker, calls }) + "\n");
  }

  /**
   * Close a successful run: every journalled message must have been posted
   * again, then both files are compressed and the journal marked complete.
   */
  finish(): { messages: number; threads: number } {
    const missing = this.expected.size - this.matched;
    if (missing > 0)
      throw new Error(
        `blackboard: ${this.messagesFile} holds ${missing} messages this run did not post; the journal belongs to another run (delete ${this.dir})`,
      );
    const messages = this.expected.size + this.appended;
    compress(this.messagesFile, (lines) => lines);
    compress(this.toolCallsFile, (lines) => lines.slice().sort(byThread));
    this.writeState(true, { messages, threads: this.threads.size });
    return { messages, threads: this.threads.size };
  }

  private writeState(complete: boolean, counts: { messages?: number; threads?: number } = {}): void {
    const state: JournalState = { format: 1, complete, ...this.identity, ...counts };
    writeFileAtomic(this.stateFile, JSON.stringify(state, null, 2) + "\n");
  }

  /** Read an interrupted journal back: the messages to expect and the threads already recorded. */
  private readBack(): ResumeReport {
    let torn = false;
    if (existsSync(this.messagesFile)) {
      const text = readFileSync(this.messagesFile, "utf8");
      const parsed = parseBlackboard(text, this.messagesFile);
      if (parsed.torn) {
        truncateSync(this.messagesFile, parsed.validBytes);
        torn = true;
      }
      parsed.messages.forEach((m, i) => this.expected.set(m.message_id, { line: JSON.stringify(m), lineNo: i + 1 }));
    }
    if (existsSync(this.toolCallsFile)) {
      const text = readFileSync(this.toolCallsFile, "utf8");
      let valid = 0;
      for (const line of text.split("\n")) {
        if (line === "") break;
        try {
          const { date, ticker } = JSON.parse(line) as { date: string; ticker: string };
          this.threads.add(`${date}|${ticker}`);
          valid += Buffer.byteLength(line, "utf8") + 1;
        } catch {
          break; // a torn last line
        }
      }
      if (valid < Buffer.byteLength(text, "utf8")) {
        truncateSync(this.toolCallsFile, valid);
        torn = true;
      }
    }
    return { messages: this.expected.size, threads: this.threads.size, torn };
  }
}

function sameIdentity(state: JournalIdentity, identity: JournalIdentity): boolean {
  const pick = (x: JournalIdentity) => stableStringify({ seed: x.seed, model: x.model, dataDir: x.dataDir, config: x.config });
  return pick(state) === pick(identity);
}

/** Order of tool-call lines: by (date, ticker), read from the line's start. */
function byThread(a: string, b: string): number {
  const key = (line: string) => {
    const { date, ticker } = JSON.parse(line) as { date: string; ticker: string };
    return `${date}|${ticker}`;
  };
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Replace `file` by `file.gz` holding its lines (reordered by `order`); nothing to do when the file is absent. */
function compress(file: string, order: (lines: string[]) => string[]): void {
  if (!existsSync(file)) return;
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "");
  const body = order(lines)
    .map((l) => l + "\n")
    .join("");
  writeFileAtomic(`${file}.gz`, gzipSync(Buffer.from(body, "utf8"), { level: 9 }));
  rmSync(file);
}
