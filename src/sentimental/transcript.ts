/**
 * Readers of recorded Sentimental Agents conversations, for `consilium
 * evaluate sentimental --transcript PATH`:
 * - ours: a run folder's `artifacts/conversation.jsonl` (one JSON line per
 *   turn), with its siblings `mental_models.json`, `scenario.json` and the
 *   run's `manifest.json` when present;
 * - the authors' public code: one `simulation_data.json` per candidate, or a
 *   folder of candidate folders holding one (format in REFERENCE-NOTES,
 *   "Protocol details": `agent_data[]`, `raw_history[]`,
 *   `non_bayesian_data`, `initial_conditions`, ...).
 * Advisor names are kept as written; the authors' speaking order is taken
 * from `raw_history` (it can differ from the order of `agent_data`). Bad
 * input is a TranscriptError naming the file and the JSON path (or line).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { splitPassages } from "../text/index";
import type { AdvisorSpec, CandidateInfo, JobInfo, MentalModel, TurnGap } from "./types";

/** A malformed transcript: the file, where in it, and what is wrong. */
export class TranscriptError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    message: string,
  ) {
    super(`${file}${where ? ` (${where})` : ""}: ${message}`);
    this.name = "TranscriptError";
  }
}

/** One recorded turn, before any recomputation. */
export interface RecordedTurn {
  agent: string;
  role: string;
  round: number;
  order: number;
  statement: string;
  arguments: string[];
  /** Per-argument f(A) as recorded; null when the file holds none (the authors' format). */
  argumentSentiments: number[] | null;
  /** S_O as recorded; null for a gap. */
  sentiment: number | null;
  /** Opinion and change as recorded, for the check table. */
  recordedOpinion: number | null;
  recordedChange: number | null;
  gap?: TurnGap;
}

export interface RecordedConversation {
  candidate: CandidateInfo;
  /** Speaking order. */
  turns: RecordedTurn[];
}

export interface RecordedTranscript {
  format: "consilium" | "authors";
  /** The files read, in order. */
  files: string[];
  /** The model that produced the conversation, when the transcript says (our run manifest). */
  model: { id: string; offline: boolean } | null;
  advisors: AdvisorSpec[];
  /** Mental Models of Self by advisor label, when recorded. */
  mentalModels: Map<string, MentalModel>;
  job: JobInfo & { id: string };
  /** runs[0] is the primary run; later runs (ours) are replicates. */
  runs: RecordedConversation[][];
}

type Json = unknown;

function readJson(file: string): Json {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new TranscriptError(file, "", `cannot read (${(err as Error).message})`);
  }
  try {
    return JSON.parse(text) as Json;
  } catch (err) {
    throw new TranscriptError(file, "", `not valid JSON (${(err as Error).message})`);
  }
}

/** Typed access to a JSON value that names the file and path on any mismatch. */
class Reader {
  constructor(
    readonly file: string,
    readonly value: Json,
    readonly at: string,
  ) {}
  fail(message: string): never {
    throw new TranscriptError(this.file, this.at, message);
  }
  has(key: string): boolean {
    return typeof this.value === "object" && this.value !== null && !Array.isArray(this.value) && key in this.value;
  }
  get(key: string): Reader {
    if (typeof this.value !== "object" || this.value === null || Array.isArray(this.value)) this.fail("expected an object");
    if (!(key in this.value)) new Reader(this.file, undefined, this.path(key)).fail("missing");
    return new Reader(this.file, (this.value as Record<string, Json>)[key], this.path(key));
  }
  private path(key: string): string {
    return this.at ? `${this.at}.${key}` : key;
  }
  items(): Reader[] {
    if (!Array.isArray(this.value)) this.fail("expected a list");
    return this.value.map((v, i) => new Reader(this.file, v, `${this.at}[${i}]`));
  }
  entries(): Array<[string, Reader]> {
    if (typeof this.value !== "object" || this.value === null || Array.isArray(this.value)) this.fail("expected an object");
    return Object.keys(this.value).map((k) => [k, this.get(k)]);
  }
  string(): string {
    if (typeof this.value !== "string") this.fail(`expected a string, got ${JSON.stringify(this.value)?.slice(0, 40)}`);
    return this.value;
  }
  number(): number {
    if (typeof this.value !== "number" || !Number.isFinite(this.value)) this.fail(`expected a finite number, got ${JSON.stringify(this.value)?.slice(0, 40)}`);
    return this.value;
  }
  optionalNumber(): number | null {
    return this.value === null || this.value === undefined ? null : this.number();
  }
}

// ---------- ours: conversation.jsonl ----------

/** Reads one line of our conversation log. */
function ourTurn(r: Reader): RecordedTurn & { run: number; candidate: string; candidateName: string } {
  const gap = r.has("gap") ? { task: r.get("gap").get("task").string(), error: r.get("gap").get("error").string() } : undefined;
  return {
    run: r.has("run") ? r.get("run").number() : 0,
    candidate: r.get("candidate").string(),
    candidateName: r.has("candidate_name") ? r.get("candidate_name").string() : r.get("candidate").string(),
    agent: r.get("agent").string(),
    role: r.has("role") ? r.get("role").string() : r.get("agent").string(),
    round: r.get("round").number(),
    order: r.has("order") ? r.get("order").number() : -1,
    statement: r.get("statement").string(),
    arguments: r
      .get("arguments")
      .items()
      .map((a) => a.string()),
    argumentSentiments: r
      .get("argument_sentiments")
      .items()
      .map((a) => a.number()),
    sentiment: gap ? null : r.get("sentiment").number(),
    recordedOpinion: r.has("opinion") ? r.get("opinion").optionalNumber() : null,
    recordedChange: r.has("change") ? r.get("change").optionalNumber() : null,
    ...(gap ? { gap } : {}),
  };
}

/**
 * Reads our `conversation.jsonl` (and its siblings when present).
 *
 * @example
 * readOurTranscript("runs/sentimental-seed7/artifacts/conversation.jsonl").runs[0].length; // candidates
 */
export function readOurTranscript(file: string): RecordedTranscript {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new TranscriptError(file, "", `cannot read (${(err as Error).message})`);
  }
  const lines = text.split("\n");
  const turns = lines.flatMap((line, i) => {
    if (line.trim() === "") return [];
    let value: Json;
    try {
      value = JSON.parse(line) as Json;
    } catch (err) {
      throw new TranscriptError(file, `line ${i + 1}`, `not valid JSON (${(err as Error).message})`);
    }
    return [ourTurn(new Reader(file, value, `line ${i + 1}`))];
  });
  if (turns.length === 0) throw new TranscriptError(file, "", "no turns");
  const dir = path.dirname(file);
  const scenario = siblingScenario(dir);
  const runs = [...new Set(turns.map((t) => t.run))].sort((a, b) => a - b);
  const advisors: AdvisorSpec[] = [];
  for (const t of turns) if (!advisors.some((a) => a.short === t.agent)) advisors.push({ title: t.role, short: t.agent });
  const byRun = runs.map((run) => {
    const mine = turns.filter((t) => t.run === run);
    const ids = [...new Set(mine.map((t) => t.candidate))];
    return ids.map((id): RecordedConversation => {
      const list = mine.filter((t) => t.candidate === id).map((t, i) => ({ ...t, order: t.order >= 0 ? t.order : i }));
      const passages = scenario.candidates.get(id);
      return { candidate: { id, name: list[0]!.candidateName, passages: passages ?? [] }, turns: list };
    });
  });
  const files = [file, ...scenario.files];
  return { format: "consilium", files, model: siblingModel(dir), advisors, mentalModels: siblingMentalModels(dir), job: scenario.job, runs: byRun };
}

function siblingScenario(dir: string): { job: JobInfo & { id: string }; candidates: Map<string, string[]>; files: string[] } {
  const file = path.join(dir, "scenario.json");
  const none = { job: { id: "", title: "", organization: "", text: "" }, candidates: new Map<string, string[]>(), files: [] };
  if (!existsSync(file)) return none;
  const r = new Reader(file, readJson(file), "");
  const job = r.get("job");
  const candidates = new Map(
    r
      .get("candidates")
      .items()
      .map(
        (c) =>
          [
            c.get("id").string(),
            c
              .get("passages")
              .items()
              .map((p) => p.string()),
          ] as const,
      ),
  );
  return {
    job: { id: job.get("id").string(), title: job.get("title").string(), organization: job.get("organization").string(), text: job.get("text").string() },
    candidates,
    files: [file],
  };
}

function siblingMentalModels(dir: string): Map<string, MentalModel> {
  const file = path.join(dir, "mental_models.json");
  if (!existsSync(file)) return new Map();
  return new Map(
    new Reader(file, readJson(file), "").items().map((m) => [
      m.get("agent").string(),
      {
        description: m.get("description").string(),
        priorities: m
          .get("priorities")
          .items()
          .map((p) => p.string()),
        evaluationCriteria: m
          .get("evaluationCriteria")
          .items()
          .map((p) => p.string()),
      },
    ]),
  );
}

function siblingModel(artifactsDir: string): RecordedTranscript["model"] {
  const file = path.join(artifactsDir, "..", "manifest.json");
  if (!existsSync(file)) return null;
  const r = new Reader(file, readJson(file), "");
  return r.has("model") ? { id: r.get("model").string(), offline: r.has("offline") && r.get("offline").value === true } : null;
}

// ---------- the authors' simulation_data.json ----------

/** Bullet or line list ("- a\n- b") to items. */
function bulletItems(text: string): string[] {
  const items = text
    .split(/\n+/)
    .map((l) => l.replace(/^\s*(?:[-*\u2022]|\d+[.)])\s*/, "").trim())
    .filter((l) => l !== "");
  return items.length > 0 ? items : [text.trim()].filter((t) => t !== "");
}

/** The speaking order: for each raw_history entry, the advisor whose "(Name): " prefix it carries. */
function speakingOrder(r: Reader, names: readonly string[]): string[] {
  // Longest name first, so "VP of Engineering Ops" is not read as "VP of Engineering".
  const byLength = names.slice().sort((a, b) => b.length - a.length);
  return r
    .get("raw_history")
    .items()
    .map((entry) => {
      const text = entry.string();
      const name = byLength.find((n) => text.startsWith(`(${n}):`));
      if (name === undefined) return entry.fail(`expected "(<advisor>): <message>" with one of the advisors of agent_data (${names.join(", ")})`);
      return name;
    });
}

/** The turns of one authors' file, in the speaking order of raw_history, with the recorded non_bayesian_data. */
function authorsTurns(r: Reader, names: readonly string[]): RecordedTurn[] {
  const messages = new Map(
    r
      .get("agent_data")
      .items()
      .map((a, i) => [names[i]!, a.get("messages").items()] as const),
  );
  const history = r.get("raw_history");
  const nb = r.has("non_bayesian_data") ? r.get("non_bayesian_data") : null;
  const recorded = (kind: "sentiment_data" | "change", name: string, k: number): number | null => {
    if (!nb || !nb.has(kind) || !nb.get(kind).has(name)) return null;
    return nb.get(kind).get(name).items()[k + 1]?.number() ?? null; // entry 0 is the prior
  };
  const seen = new Map<string, number>();
  const turns = speakingOrder(r, names).map((name, p): RecordedTurn => {
    const k = seen.get(name) ?? 0;
    seen.set(name, k + 1);
    const list = messages.get(name) ?? [];
    const message = list[k];
    if (!message) return history.items()[p]!.fail(`${name} speaks for the ${k + 1}th time but agent_data holds ${list.length} messages for ${name}`);
    const data = message.get("sentiment_data");
    const opinions = data.has("opinions") ? data.get("opinions").items() : [];
    return {
      agent: name,
      role: name,
      round: k + 1,
      order: 0, // set by withRoundOrder
      statement: message.get("content").string(),
      arguments: opinions.map((o) => o.get("opinion").string()),
      argumentSentiments: null,
      sentiment: data.has("overall_sentiment") ? data.get("overall_sentiment").number() : null,
      recordedOpinion: recorded("sentiment_data", name, k),
      recordedChange: recorded("change", name, k),
    };
  });
  for (const name of names) {
    const held = messages.get(name)?.length ?? 0;
    if ((seen.get(name) ?? 0) !== held)
      history.fail(`${name} speaks ${seen.get(name) ?? 0} time(s) in raw_history but agent_data holds ${held} messages for ${name}`);
  }
  return withRoundOrder(turns);
}

/** Mental Models, candidate and job from an authors' file's initial_conditions (empty where absent). */
function initialConditions(
  r: Reader,
  names: readonly string[],
): { mentalModels: Map<string, MentalModel>; candidateName: string; bio: string; job: JobInfo & { id: string } } {
  const ic = r.has("initial_conditions") ? r.get("initial_conditions") : null;
  const text = (key: string): string => (ic && ic.has(key) ? ic.get(key).string() : "");
  const per = (key: string, name: string): string => (ic && ic.has(key) && ic.get(key).has(name) ? ic.get(key).get(name).string() : "");
  const mentalModels = new Map<string, MentalModel>();
  for (const n of names) {
    if (per("agent_descriptions", n) === "" && per("agent_criteria", n) === "") continue;
    mentalModels.set(n, {
      description: per("agent_descriptions", n),
      priorities: bulletItems(per("agent_priorities", n)),
      evaluationCriteria: bulletItems(per("agent_criteria", n)),
    });
  }
  const summary = r.has("summarized_output") ? r.get("summarized_output") : null;
  const candidateName = text("candidate_name") || (summary?.has("Candidate Name") ? summary.get("Candidate Name").string() : "");
  const jobTitle = text("job_title")
    .replace(/^\s*#+\s*/, "")
    .trim();
  return { mentalModels, candidateName, bio: text("candidate_bio"), job: { id: jobTitle, title: jobTitle, organization: "", text: text("job_description") } };
}

/**
 * One authors' `simulation_data.json`: one candidate's conversation.
 *
 * @example
 * readAuthorsFile("output_files/exp101/simulation_data.json").conversation.turns[0].agent; // "VP of Engineering"
 */
export function readAuthorsFile(
  file: string,
  candidateId?: string,
): { conversation: RecordedConversation; advisors: AdvisorSpec[]; mentalModels: Map<string, MentalModel>; job: JobInfo & { id: string } } {
  const r = new Reader(file, readJson(file), "");
  const agents = r.get("agent_data").items();
  if (agents.length === 0) r.get("agent_data").fail("no advisors");
  const names = agents.map((a) => a.get("name").string());
  const turns = authorsTurns(r, names);
  const ic = initialConditions(r, names);
  const name = ic.candidateName || candidateId || path.basename(path.dirname(file));
  return {
    conversation: { candidate: { id: candidateId ?? name, name, passages: splitPassages(ic.bio) }, turns },
    advisors: names.map((n) => ({ title: n, short: n })),
    mentalModels: ic.mentalModels,
    job: ic.job,
  };
}

/** Position of each turn within its round, in speaking order. */
function withRoundOrder(turns: RecordedTurn[]): RecordedTurn[] {
  const counts = new Map<number, number>();
  return turns.map((t) => {
    const order = counts.get(t.round) ?? 0;
    counts.set(t.round, order + 1);
    return { ...t, order };
  });
}

/**
 * The authors' format: one simulation_data.json, a folder holding one, or a
 * folder of candidate folders that hold one (read in name order; every file
 * must have the same advisors).
 *
 * @example
 * readAuthorsTranscript("output_files").runs[0].map((c) => c.candidate.name);
 */
export function readAuthorsTranscript(target: string): RecordedTranscript {
  const files = authorsFiles(target);
  const read = files.map((f) => readAuthorsFile(f, files.length > 1 ? path.basename(path.dirname(f)) : undefined));
  const first = read[0]!;
  read.forEach((x, i) => {
    const a = x.advisors.map((s) => s.short).join(", ");
    const b = first.advisors.map((s) => s.short).join(", ");
    if (a !== b) throw new TranscriptError(files[i]!, "agent_data", `advisors ${a} differ from ${b} in ${files[0]}`);
  });
  return {
    format: "authors",
    files,
    model: null,
    advisors: first.advisors,
    mentalModels: first.mentalModels,
    job: first.job,
    runs: [read.map((x) => x.conversation)],
  };
}

function authorsFiles(target: string): string[] {
  if (!existsSync(target)) throw new TranscriptError(target, "", "not found");
  if (statSync(target).isFile()) return [target];
  const direct = path.join(target, "simulation_data.json");
  if (existsSync(direct)) return [direct];
  const nested = readdirSync(target)
    .sort()
    .map((d) => path.join(target, d, "simulation_data.json"))
    .filter((f) => existsSync(f));
  if (nested.length === 0) throw new TranscriptError(target, "", "no simulation_data.json in it or in its sub-folders");
  return nested;
}

/**
 * Reads a transcript in either format: a `.jsonl` file or a folder with
 * `conversation.jsonl` / `artifacts/conversation.jsonl` (ours), or a `.json`
 * file / folder of the authors' format.
 *
 * @example
 * readTranscript("runs/sentimental-seed7").format; // "consilium"
 */
export function readTranscript(target: string): RecordedTranscript {
  const full = path.resolve(target);
  if (!existsSync(full)) throw new TranscriptError(full, "", "not found (--transcript)");
  if (statSync(full).isFile()) return full.endsWith(".jsonl") ? readOurTranscript(full) : readAuthorsTranscript(full);
  for (const candidate of [path.join(full, "artifacts", "conversation.jsonl"), path.join(full, "conversation.jsonl")]) {
    if (existsSync(candidate)) return readOurTranscript(candidate);
  }
  return readAuthorsTranscript(full);
}
