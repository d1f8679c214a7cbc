/**
 * all-MiniLM-L6-v2 sentence embeddings on the CPU: the model's ONNX export run
 * by onnxruntime-node, with its own WordPiece tokenizer, mean pooling over the
 * attention mask and L2 normalisation — the sentence-transformers pipeline of
 * that model. Installed by `bash scripts/setup-minilm.sh` into .cache/minilm/;
 * nothing is downloaded at run time.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type * as Ort from "onnxruntime-node";
import type { Embedder } from "./embedder";
import { meanPoolNormalize } from "./sentence-pooling";
import { WordPieceTokenizer } from "./wordpiece";

/** Dimension of all-MiniLM-L6-v2's sentence vectors. */
export const MINILM_DIMENSION = 384;
/** sentence-transformers' `max_seq_length` for all-MiniLM-L6-v2 (ids, [CLS] and [SEP] included). */
export const MINILM_MAX_LENGTH = 256;

const CACHE_SUBDIR = join(".cache", "minilm");

/**
 * The folder holding `model.onnx` and `tokenizer.json`: `CONSILIUM_MINILM_DIR`
 * when set, else `.cache/minilm` (where the setup script puts them) under
 * `CONSILIUM_HOME` or under the nearest folder at or above `start` that has
 * one (a notebook runs in notebooks/), else under `start`. No `import.meta`:
 * notebooks compile src/ as CommonJS.
 *
 * @example
 * miniLmDir() // "/path/to/consilium/.cache/minilm"
 */
export function miniLmDir(start: string = process.cwd()): string {
  const explicit = process.env.CONSILIUM_MINILM_DIR;
  if (explicit && explicit.trim() !== "") return resolve(explicit);
  const home = process.env.CONSILIUM_HOME;
  if (home && home.trim() !== "") return join(resolve(home), CACHE_SUBDIR);
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, CACHE_SUBDIR))) return join(dir, CACHE_SUBDIR);
    if (dirname(dir) === dir) return join(resolve(start), CACHE_SUBDIR);
  }
}

/** Whether all-MiniLM-L6-v2 can run here, and if not, why. */
export interface MiniLmAvailability {
  available: boolean;
  /** What is missing and how to install it; empty when available. */
  reason: string;
}

/**
 * Checks that the model files are installed in `dir` and that onnxruntime-node
 * resolves (it is an optional dependency), without loading either.
 *
 * @example
 * const { available, reason } = miniLmAvailability();
 * if (!available) console.log(`skipped: ${reason}`);
 */
export function miniLmAvailability(dir: string = miniLmDir()): MiniLmAvailability {
  const missing = ["model.onnx", "tokenizer.json"].filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    return { available: false, reason: `all-MiniLM-L6-v2 is not installed (${missing.join(", ")} missing in ${dir}): run bash scripts/setup-minilm.sh` };
  }
  try {
    createRequire(join(process.cwd(), "__consilium_resolve__.js")).resolve("onnxruntime-node");
  } catch {
    return { available: false, reason: "onnxruntime-node is not installed (an optional dependency: run npm ci)" };
  }
  return { available: true, reason: "" };
}

/** Options of {@link MiniLmEmbedder}. */
export interface MiniLmEmbedderOptions {
  /** Folder of `model.onnx` and `tokenizer.json` (default {@link miniLmDir}). */
  dir?: string;
  /** Ids per text, [CLS] and [SEP] included; longer texts are cut (default 256). */
  maxLength?: number;
  /** Texts per ONNX run (default 16). */
  batchSize?: number;
  /** onnxruntime intra-op threads (default 1: the same float sums in the same order on every run). */
  threads?: number;
}

type OrtModule = typeof Ort;
const sessions = new Map<string, Promise<{ ort: OrtModule; session: Ort.InferenceSession }>>();

/** One session per (model file, threads): a 90 MB model is loaded once per process. */
function sessionFor(modelPath: string, threads: number): Promise<{ ort: OrtModule; session: Ort.InferenceSession }> {
  const key = `${modelPath}\u0000${threads}`;
  let s = sessions.get(key);
  if (!s) {
    s = (async () => {
      const mod = (await import("onnxruntime-node")) as OrtModule & { default?: OrtModule };
      const ort = mod.default ?? mod;
      const session = await ort.InferenceSession.create(modelPath, {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        executionMode: "sequential",
        graphOptimizationLevel: "all",
      });
      return { ort, session };
    })();
    s.catch(() => sessions.delete(key));
    sessions.set(key, s);
  }
  return s;
}

/**
 * all-MiniLM-L6-v2 as an {@link Embedder}: 384-dimensional, L2-normalised
 * sentence vectors (the Sentimental Agents authors' model for drift). Texts
 * are tokenized, sorted by length so a batch pads little, run through the
 * ONNX graph in batches of `batchSize`, mean-pooled over the attention mask
 * and normalised; vectors come back in input order. Deterministic: the same
 * texts give the same vectors (one thread, a fixed batch order). Construction
 * checks the files and fails with the install command when they are missing;
 * the model itself loads on the first `embed`.
 *
 * @example
 * const e = new MiniLmEmbedder();
 * const [a, b] = await e.embed(["The candidate led a cloud migration.", "She moved the firm's servers to the cloud."]);
 * cosine(a, b) // about 0.6
 */
export class MiniLmEmbedder implements Embedder {
  readonly id = "minilm-l6-v2";
  readonly dimension = MINILM_DIMENSION;
  readonly tokenizer: WordPieceTokenizer;
  private readonly modelPath: string;
  private readonly maxLength: number;
  private readonly batchSize: number;
  private readonly threads: number;

  constructor(options: MiniLmEmbedderOptions = {}) {
    const dir = options.dir ?? miniLmDir();
    const availability = miniLmAvailability(dir);
    if (!availability.available) throw new Error(`--embedder minilm: ${availability.reason}`);
    this.modelPath = join(dir, "model.onnx");
    this.tokenizer = WordPieceTokenizer.fromTokenizerJson(JSON.parse(readFileSync(join(dir, "tokenizer.json"), "utf8")));
    this.maxLength = options.maxLength ?? MINILM_MAX_LENGTH;
    this.batchSize = options.batchSize ?? 16;
    this.threads = options.threads ?? 1;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1)
      throw new RangeError(`MiniLmEmbedder: batchSize must be a positive integer, got ${this.batchSize}`);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const { ort, session } = await sessionFor(this.modelPath, this.threads);
    const encoded = texts.map((t) => this.tokenizer.encode(t, this.maxLength).ids);
    const order = encoded.map((_, i) => i).sort((a, b) => encoded[a]!.length - encoded[b]!.length || a - b);
    const out: Float32Array[] = new Array(texts.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const seq = Math.max(...batch.map((i) => encoded[i]!.length));
      const ids = new BigInt64Array(batch.length * seq);
      const mask = new BigInt64Array(batch.length * seq);
      batch.forEach((textIndex, row) => {
        const e = encoded[textIndex]!;
        for (let t = 0; t < e.length; t++) {
          ids[row * seq + t] = BigInt(e[t]!);
          mask[row * seq + t] = 1n;
        }
      });
      const dims = [batch.length, seq];
      const result = await session.run({
        input_ids: new ort.Tensor("int64", ids, dims),
        attention_mask: new ort.Tensor("int64", mask, dims),
        token_type_ids: new ort.Tensor("int64", new BigInt64Array(batch.length * seq), dims),
      });
      const hidden = result.last_hidden_state;
      if (!hidden || hidden.type !== "float32") throw new Error("MiniLmEmbedder: the ONNX model gave no float32 last_hidden_state");
      const vectors = meanPoolNormalize(hidden.data as Float32Array, mask, batch.length, seq, this.dimension);
      batch.forEach((textIndex, row) => (out[textIndex] = vectors[row]!));
    }
    return out;
  }
}
