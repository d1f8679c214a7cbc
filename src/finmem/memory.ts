/**
 * FinMem's layered long-term memory (Yu et al., arXiv 2311.13743, §2.2.2;
 * constants and daily mechanics of the authors' code, see `constants.ts`).
 *
 * Storage is columnar so that retrieval over tens of thousands of events is a
 * single pass over typed arrays: one contiguous Float32Array embedding matrix
 * (row i = event i, grown by doubling) plus typed arrays for layer, the day the
 * event was stored, the day its recency clock was last reset, importance,
 * access counter and an alive flag. Event ids are row numbers; they are never
 * reused, so a cited id always names the same event.
 *
 * Scores (each term as in the code; `retrievalScore` in retrieval/score.ts is
 * the one definition every path below uses):
 *   recency    = exp(-delta / Q_layer), delta = trading days since the event was
 *                stored or last promoted
 *   relevancy  = <e, q> (embeddings are L2-normalised, so the cosine; it may be
 *                negative for signed embeddings, as in the code's inner product)
 *   importance = clamp(importance, 0, 100) / 100
 *   score      = relevancy + recency + importance
 *
 * Order of operations of one `step()` (one trading day ends):
 *   1. the clock advances: delta += 1 for every event;
 *   2. decay: importance *= decay_layer for every alive event;
 *   3. clean-up: events with recency < 0.05 or importance < 5 are dropped;
 *   4. cascade, `cascadePasses` times (2, as the authors' code runs it); each
 *      pass visits the layers in this order, each over the events in that layer
 *      at the start of its turn:
 *      a. shallow with importance >= 60 -> intermediate (recency reset, delta = 0);
 *      b. intermediate with importance >= 80 -> deep (recency reset);
 *         intermediate with importance < 60 -> shallow (recency kept);
 *      c. deep with importance < 80 -> intermediate (recency kept).
 *      So a shallow event can climb two layers in one pass; with two passes a
 *      deep event below 60 also falls through to shallow the same day (with one
 *      pass a demoted event moves one layer per day). The reflection layer never
 *      moves.
 *   Recency is always exp(-delta / Q) of the event's current layer; the code
 *   stores the recency computed in the old layer until the next decay, so only
 *   the retrieval on the day after a demotion can differ (by the Q used).
 * Feedback (`feedback(ids, sign)`, called by the loop before `step()`):
 *   counter += sign (sign in {-1, +1}); importance += 5 * counter (new counter).
 */
import type { Rng } from "../stats/index";
import { LAYERS, LAYER_INDEX, type Layer, type MemoryParams, FINMEM_MEMORY_DEFAULTS } from "./constants";
import { PREFILTER_MIN_ROWS, prefilteredTopK, rowsOfLargestBase } from "./retrieval/prefilter";
import { QuantizedIndex } from "./retrieval/quantized";
import { importanceScore, recencyScore, retrievalScore } from "./retrieval/score";
import { TopK } from "./topk";

export interface NewEvent {
  text: string;
  /** L2-normalised embedding; every event of one memory has the same dimension. */
  embedding: Float32Array;
  layer: Layer;
  /** ISO date of the information (for display). */
  date: string;
  /** What produced the event: "news", "10-Q", "10-K", "reflection", "extended-reflection", ... */
  kind: string;
  /** Explicit starting importance (tests); default: drawn from the layer's distribution. */
  importance?: number;
}

export interface ScoredEvent {
  id: number;
  layer: Layer;
  text: string;
  date: string;
  kind: string;
  score: number;
  relevancy: number;
  recency: number;
  /** Raw importance (not scaled). */
  importance: number;
  accessCounter: number;
}

export type Retrieved = Record<Layer, ScoredEvent[]>;

export interface StepReport {
  day: number;
  removed: number;
  promoted: number;
  demoted: number;
}

export interface LayerStats {
  layer: Layer;
  count: number;
  meanImportance: number;
  meanRecency: number;
  /** Mean of relevancy + recency + importance/100 for the last query used (NaN if none). */
  meanScore: number;
}

/**
 * Dot product of row `row` of a row-major Float32 matrix with `q` (held in
 * float64): 8 independent accumulators, so the loop is bound by memory
 * bandwidth rather than by the add latency.
 */
function rowDot(matrix: Float32Array, row: number, q: Float64Array, dim: number): number {
  let a0 = 0,
    a1 = 0,
    a2 = 0,
    a3 = 0,
    a4 = 0,
    a5 = 0,
    a6 = 0,
    a7 = 0;
  // row < capacity and j < dim keep every read inside the matrix and the query.
  const o = row * dim;
  const end8 = dim - (dim % 8);
  let j = 0;
  for (; j < end8; j += 8) {
    const b = o + j;
    a0 += matrix[b]! * q[j]!;
    a1 += matrix[b + 1]! * q[j + 1]!;
    a2 += matrix[b + 2]! * q[j + 2]!;
    a3 += matrix[b + 3]! * q[j + 3]!;
    a4 += matrix[b + 4]! * q[j + 4]!;
    a5 += matrix[b + 5]! * q[j + 5]!;
    a6 += matrix[b + 6]! * q[j + 6]!;
    a7 += matrix[b + 7]! * q[j + 7]!;
  }
  for (; j < dim; j++) a0 += matrix[o + j]! * q[j]!;
  return a0 + a1 + (a2 + a3) + (a4 + a5 + (a6 + a7));
}

/** True when two vectors hold the same values (the relevancy cache's key check; allocation-free). */
function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return false;
  return true;
}

/**
 * The memory store. Create one per agent run; `add` events as they are
 * summarised, `retrieve` the top K per layer, give `feedback`, then `step()`
 * once at the end of each trading day.
 *
 * @example
 * const mem = new LayeredMemory(new Rng(1));
 * const id = mem.add({ text: "MSFT beats", embedding: Float32Array.of(1, 0), layer: "shallow", date: "2021-01-04", kind: "news" });
 * mem.retrieve(Float32Array.of(1, 0), 5).shallow[0].id === id; // true
 */
export class LayeredMemory {
  // Index invariants the `!` reads below rely on (kept as plain typed-array
  // reads because retrieval and step are hot loops, compared with numpy in
  // bench/): every per-event column has `capacity >= n` slots (the embedding
  // matrix capacity * dim), so any i < n, or an id that passed checkId, is in
  // range; layerOf only ever holds LAYER_INDEX values, so a layer code indexes
  // LAYERS, q, decay, recencyTables and the per-layer heaps and sums.
  readonly params: MemoryParams;
  private readonly rng: Rng;
  private dim = 0;
  private capacity = 0;
  private n = 0;
  private clock = 0;
  private embeddings = new Float32Array(0);
  private layerOf = new Uint8Array(0);
  private createdDayOf = new Int32Array(0);
  private resetDayOf = new Int32Array(0);
  private importanceOf = new Float64Array(0);
  private accessOf = new Int32Array(0);
  private aliveOf = new Uint8Array(0);
  private texts: string[] = [];
  private dates: string[] = [];
  private kinds: string[] = [];
  private readonly q: Float64Array;
  private readonly decay: Float64Array;
  private readonly recencyTables: Float64Array[] = [];
  /** Relevancy cache for the last query: rel[i] = <e_i, query> for i < relCount. */
  private rel = new Float64Array(0);
  private relCount = 0;
  private relQuery: Float32Array | null = null;
  private relQuery64 = new Float64Array(0);
  /** After a pre-filtered retrieval: rows [relCount, relPartialUpTo) have relevancies computed on demand. */
  private relPartialUpTo = 0;
  /** Scratch of the pre-filter: recency + importance of every row, as of `basesAt`. */
  private baseScratch = new Float64Array(0);
  /** Calls of add / feedback / step so far (the only writers of layers, resets, importances, the clock). */
  private mutations = 0;
  /** `mutations` when `baseScratch` was filled (-1: never): the bases hold until the memory changes. */
  private basesAt = -1;
  /** The pre-filter's floor rows (rowsOfLargestBase) for the k's `ks` (joined), chosen from the current bases. */
  private floor = { rows: null as Int32Array[] | null, ks: "" };
  /** int8 copy of the embeddings for the pre-filter (built on first use; null: unavailable). */
  private index: QuantizedIndex | null | undefined;
  /**
   * A retrieval with a new query over at least this many rows goes through the
   * int8 pre-filter (src/finmem/retrieval/): same result, a fraction of the
   * memory traffic. Infinity turns it off.
   */
  prefilterMinRows = PREFILTER_MIN_ROWS;

  constructor(rng: Rng, params: MemoryParams = FINMEM_MEMORY_DEFAULTS, initialCapacity = 256) {
    this.rng = rng;
    this.params = params;
    this.q = Float64Array.from(LAYERS.map((l) => params.layers[l].recencyQ));
    this.decay = Float64Array.from(LAYERS.map((l) => params.layers[l].importanceDecay));
    for (const l of LAYERS) {
      if (!(params.layers[l].recencyQ > 0)) throw new RangeError(`memory: recencyQ of layer ${l} must be > 0`);
      this.recencyTables.push(new Float64Array(0));
    }
    this.grow(Math.max(1, initialCapacity));
  }

  /** Trading days stepped so far (the memory clock). */
  get day(): number {
    return this.clock;
  }

  /** Number of event slots ever used (alive or removed); ids are < this. */
  get size(): number {
    return this.n;
  }

  /** Embedding dimension (0 before the first event). */
  get dimension(): number {
    return this.dim;
  }

  private grow(minCapacity: number): void {
    let cap = Math.max(this.capacity, 1);
    while (cap < minCapacity) cap *= 2;
    if (cap === this.capacity) return;
    const resize = <T extends Float32Array | Float64Array | Int32Array | Uint8Array>(old: T, make: (len: number) => T, width = 1): T => {
      const fresh = make(cap * width);
      fresh.set(old.subarray(0, this.n * width) as never);
      return fresh;
    };
    if (this.dim > 0) this.embeddings = resize(this.embeddings, (len) => new Float32Array(len), this.dim);
    this.layerOf = resize(this.layerOf, (len) => new Uint8Array(len));
    this.createdDayOf = resize(this.createdDayOf, (len) => new Int32Array(len));
    this.resetDayOf = resize(this.resetDayOf, (len) => new Int32Array(len));
    this.importanceOf = resize(this.importanceOf, (len) => new Float64Array(len));
    this.accessOf = resize(this.accessOf, (len) => new Int32Array(len));
    this.aliveOf = resize(this.aliveOf, (len) => new Uint8Array(len));
    this.rel = resize(this.rel, (len) => new Float64Array(len));
    this.capacity = cap;
  }

  /**
   * Draw a starting importance from a layer's distribution with the memory's rng.
   *
   * @example
   * new LayeredMemory(new Rng(3)).drawImportance("deep"); // 40, 60 or 80
   */
  drawImportance(layer: Layer): number {
    const dist = this.params.layers[layer].initialImportance;
    const drawn = dist[this.rng.weightedIndex(dist.map((d) => d[1]))];
    if (drawn === undefined) throw new RangeError(`memory: layer ${layer} has an empty initial-importance distribution`);
    return drawn[0];
  }

  /**
   * Store an event on the current day (delta 0, access counter 0) and return its id.
   *
   * @example
   * mem.add({ text: "10-K: revenue +14%", embedding: v, layer: "deep", date: "2020-07-30", kind: "10-K" });
   */
  add(event: NewEvent): number {
    this.mutations++;
    const e = event.embedding;
    if (this.dim === 0) {
      if (e.length === 0) throw new RangeError("memory.add: empty embedding");
      this.dim = e.length;
      this.embeddings = new Float32Array(this.capacity * this.dim);
    } else if (e.length !== this.dim) {
      throw new RangeError(`memory.add: embedding has dimension ${e.length}, the memory holds ${this.dim}`);
    }
    if (this.n === this.capacity) this.grow(this.capacity * 2);
    const id = this.n++;
    this.embeddings.set(e, id * this.dim);
    this.layerOf[id] = LAYER_INDEX[event.layer];
    this.createdDayOf[id] = this.clock;
    this.resetDayOf[id] = this.clock;
    this.importanceOf[id] = event.importance ?? this.drawImportance(event.layer);
    this.accessOf[id] = 0;
    this.aliveOf[id] = 1;
    this.texts[id] = event.text;
    this.dates[id] = event.date;
    this.kinds[id] = event.kind;
    return id;
  }

  private recencyTable(layer: number, delta: number): number {
    let table = this.recencyTables[layer]!;
    if (delta >= table.length) {
      const fresh = new Float64Array(Math.max(delta + 1, table.length * 2, 64));
      const q = this.q[layer]!;
      for (let d = 0; d < fresh.length; d++) fresh[d] = recencyScore(d, q);
      this.recencyTables[layer] = fresh;
      table = fresh;
    }
    // delta < table.length here (the table is grown above when it is not); delta >= 0 as no reset lies in the future.
    return table[delta]!;
  }

  private ensureRelevancy(query: Float32Array): void {
    if (query.length !== this.dim) throw new RangeError(`memory.retrieve: query has dimension ${query.length}, the memory holds ${this.dim}`);
    if (this.relQuery === null || !sameValues(this.relQuery, query)) this.resetRelevancy(query);
    this.relPartialUpTo = 0;
    const q = this.relQuery64;
    for (let i = this.relCount; i < this.n; i++) this.rel[i] = rowDot(this.embeddings, i, q, this.dim);
    this.relCount = this.n;
  }

  private resetRelevancy(query: Float32Array): void {
    // The typed-array constructors copy (and widen) without the iterator protocol of `from`.
    this.relQuery = new Float32Array(query);
    this.relQuery64 = new Float64Array(query);
    this.relCount = 0;
  }

  /** Top-K heaps through the int8 pre-filter for a new query (null: not available, score exactly). */
  private prefiltered(query: Float32Array, ks: number[]): TopK[] | null {
    if (query.length !== this.dim) return null; // the exact path reports the mismatch
    if (this.index === undefined) this.index = QuantizedIndex.create(this.dim);
    if (!this.index) return null;
    this.index.sync(this.embeddings, this.n);
    this.resetRelevancy(query);
    this.relPartialUpTo = this.n;
    const q = this.relQuery64;
    const cap = this.params.importanceCap;
    const clock = this.clock;
    const imp = (i: number): number => importanceScore(this.importanceOf[i]!, cap);
    const rec = (i: number): number => this.recencyTable(this.layerOf[i]!, clock - this.resetDayOf[i]!);
    // Every row's recency + importance in one tight loop (the pre-filter's scan reads them all), kept
    // until the memory changes: several new queries on one day share them.
    if (this.basesAt !== this.mutations || this.baseScratch.length < this.n) {
      if (this.baseScratch.length < this.n) this.baseScratch = new Float64Array(this.capacity);
      const out = this.baseScratch;
      const layerOf = this.layerOf;
      const resetDayOf = this.resetDayOf;
      const importanceOf = this.importanceOf;
      for (let i = 0; i < this.n; i++) out[i] = this.recencyTable(layerOf[i]!, clock - resetDayOf[i]!) + importanceScore(importanceOf[i]!, cap);
      this.basesAt = this.mutations;
      this.floor.rows = null;
    }
    const rows = {
      n: this.n,
      alive: this.aliveOf,
      layer: this.layerOf,
      bases: this.baseScratch,
      exactRelevancy: (i: number) => rowDot(this.embeddings, i, q, this.dim),
      score: (i: number, relevancy: number) => retrievalScore(relevancy, rec(i), imp(i)),
    };
    // The floor rows depend only on the day terms and k: kept with the bases (the pre-filter re-checks them).
    if (!this.floor.rows || this.floor.ks !== ks.join(",")) this.floor = { rows: rowsOfLargestBase(ks, rows), ks: ks.join(",") };
    const heaps = prefilteredTopK(this.index, query, ks, { ...rows, floorRows: this.floor.rows ?? undefined });
    if (!heaps) this.relPartialUpTo = 0;
    return heaps;
  }

  /**
   * The top-K events of each layer by relevancy + recency + importance,
   * best first (ties: older id first). One pass over the store with a bounded
   * heap per layer; relevancies for an unchanged query are cached, so a new
   * day only pays for the events added since.
   *
   * @example
   * const top = mem.retrieve(profileEmbedding, 5);
   * top.shallow.map((e) => e.id);
   */
  retrieve(query: Float32Array, k: number | Partial<Record<Layer, number>>): Retrieved {
    const ks = LAYERS.map((l) => (typeof k === "number" ? k : (k[l] ?? 0)));
    const fresh = this.n >= this.prefilterMinRows && this.dim > 0 && (this.relQuery === null || !sameValues(this.relQuery, query));
    const pre = fresh ? this.prefiltered(query, ks) : null;
    const heaps = pre ?? ks.map((kk) => new TopK(kk));
    if (!pre && this.dim > 0 && this.n > 0) {
      this.ensureRelevancy(query);
      const cap = this.params.importanceCap;
      const clock = this.clock;
      for (let i = 0; i < this.n; i++) {
        if (this.aliveOf[i] === 0) continue;
        const l = this.layerOf[i]!;
        const heap = heaps[l]!;
        if (heap.k === 0) continue;
        const score = retrievalScore(this.rel[i]!, this.recencyTable(l, clock - this.resetDayOf[i]!), importanceScore(this.importanceOf[i]!, cap));
        if (score >= heap.threshold) heap.push(score, i);
      }
    }
    const out = {} as Retrieved;
    LAYERS.forEach((layer, l) => {
      out[layer] = heaps[l]!.sorted().map(({ id, score }) => this.describe(id, score));
    });
    return out;
  }

  /** Full view of one event (alive or not) with its current score terms for the cached query. */
  describe(id: number, score?: number): ScoredEvent {
    this.checkId(id);
    const l = this.layerOf[id]!;
    const recency = this.recencyTable(l, this.clock - this.resetDayOf[id]!);
    const relevancy = id < this.relCount ? this.rel[id]! : id < this.relPartialUpTo ? rowDot(this.embeddings, id, this.relQuery64, this.dim) : NaN;
    const importance = this.importanceOf[id]!;
    return {
      id,
      layer: LAYERS[l]!,
      text: this.texts[id]!,
      date: this.dates[id]!,
      kind: this.kinds[id]!,
      score: score ?? retrievalScore(relevancy, recency, importanceScore(importance, this.params.importanceCap)),
      relevancy,
      recency,
      importance,
      accessCounter: this.accessOf[id]!,
    };
  }

  private checkId(id: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= this.n) throw new RangeError(`memory: unknown event id ${id}`);
  }

  isAlive(id: number): boolean {
    return id >= 0 && id < this.n && this.aliveOf[id] === 1;
  }

  layer(id: number): Layer {
    this.checkId(id);
    return LAYERS[this.layerOf[id]!]!;
  }

  importance(id: number): number {
    this.checkId(id);
    return this.importanceOf[id]!;
  }

  /** Current recency exp(-delta / Q_layer). */
  recency(id: number): number {
    this.checkId(id);
    return recencyScore(this.clock - this.resetDayOf[id]!, this.q[this.layerOf[id]!]!);
  }

  /** Trading days since the event was stored or last promoted. */
  delta(id: number): number {
    this.checkId(id);
    return this.clock - this.resetDayOf[id]!;
  }

  /** Memory-clock day on which the event was stored. */
  createdDay(id: number): number {
    this.checkId(id);
    return this.createdDayOf[id]!;
  }

  accessCounter(id: number): number {
    this.checkId(id);
    return this.accessOf[id]!;
  }

  text(id: number): string {
    this.checkId(id);
    return this.texts[id]!;
  }

  /** Ids of the alive events of a layer, ascending. */
  idsIn(layer: Layer): number[] {
    const l = LAYER_INDEX[layer];
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) if (this.aliveOf[i] === 1 && this.layerOf[i] === l) out.push(i);
    return out;
  }

  /**
   * Access-count feedback (FinMem code): for each alive cited id,
   * counter += sign, then importance += feedbackStep * counter. Unknown or
   * removed ids and a zero sign are ignored. Returns how many events changed.
   *
   * @example
   * // importance 50, counter 0: feedback +1 -> counter 1, importance 55; again -> 2, 65
   * mem.feedback([id], 1);
   */
  feedback(ids: readonly number[], sign: number): number {
    this.mutations++;
    if (sign === 0) return 0;
    const s = sign > 0 ? 1 : -1;
    let changed = 0;
    for (const id of new Set(ids)) {
      if (!this.isAlive(id)) continue;
      const c = this.accessOf[id]! + s;
      this.accessOf[id] = c;
      this.importanceOf[id] = this.importanceOf[id]! + this.params.feedbackStep * c;
      changed++;
    }
    return changed;
  }

  /**
   * End one trading day: advance the clock, decay importance, clean up, run
   * the promotion/demotion cascade (see the module comment for the exact order).
   *
   * @example
   * mem.step(); // { day: 1, removed: 0, promoted: 1, demoted: 0 }
   */
  step(): StepReport {
    this.mutations++;
    const p = this.params;
    this.clock += 1;
    const clock = this.clock;
    let removed = 0,
      promoted = 0,
      demoted = 0;
    const S = LAYER_INDEX.shallow,
      I = LAYER_INDEX.intermediate,
      D = LAYER_INDEX.deep;
    for (let i = 0; i < this.n; i++) {
      if (this.aliveOf[i] === 0) continue;
      const l = this.layerOf[i]!;
      const imp = this.importanceOf[i]! * this.decay[l]!;
      this.importanceOf[i] = imp;
      const recency = this.recencyTable(l, clock - this.resetDayOf[i]!);
      if (recency < p.cleanupRecencyBelow || imp < p.cleanupImportanceBelow) {
        this.aliveOf[i] = 0;
        removed++;
      }
    }
    const passes = p.cascadePasses ?? 2;
    for (let pass = 0; pass < passes; pass++) {
      for (let i = 0; i < this.n; i++) {
        if (this.aliveOf[i] === 1 && this.layerOf[i] === S && this.importanceOf[i]! >= p.promoteShallowAt) {
          this.layerOf[i] = I;
          this.resetDayOf[i] = clock;
          promoted++;
        }
      }
      for (let i = 0; i < this.n; i++) {
        if (this.aliveOf[i] === 0 || this.layerOf[i] !== I) continue;
        const imp = this.importanceOf[i]!;
        if (imp >= p.promoteIntermediateAt) {
          this.layerOf[i] = D;
          this.resetDayOf[i] = clock;
          promoted++;
        } else if (imp < p.demoteIntermediateBelow) {
          this.layerOf[i] = S;
          demoted++;
        }
      }
      for (let i = 0; i < this.n; i++) {
        if (this.aliveOf[i] === 1 && this.layerOf[i] === D && this.importanceOf[i]! < p.demoteDeepBelow) {
          this.layerOf[i] = I;
          demoted++;
        }
      }
    }
    return { day: clock, removed, promoted, demoted };
  }

  /**
   * Per-layer counts and mean score terms. `query` (optional) is the retrieval
   * query for the mean score; without it the last query's cached relevancies are used.
   *
   * @example
   * mem.stats().map((s) => `${s.layer}:${s.count}`);
   */
  stats(query?: Float32Array): LayerStats[] {
    if (query && this.dim > 0) this.ensureRelevancy(query);
    else if (this.relPartialUpTo > 0) this.completeRelevancy();
    const count = new Float64Array(LAYERS.length);
    const imp = new Float64Array(LAYERS.length);
    const rec = new Float64Array(LAYERS.length);
    const score = new Float64Array(LAYERS.length);
    const haveRel = this.relQuery !== null && this.relCount === this.n;
    const cap = this.params.importanceCap;
    for (let i = 0; i < this.n; i++) {
      if (this.aliveOf[i] === 0) continue;
      const l = this.layerOf[i]!;
      const r = this.recencyTable(l, this.clock - this.resetDayOf[i]!);
      const im = this.importanceOf[i]!;
      count[l]! += 1;
      imp[l]! += im;
      rec[l]! += r;
      score[l]! += retrievalScore(haveRel ? this.rel[i]! : NaN, r, importanceScore(im, cap));
    }
    return LAYERS.map((layer, l) => ({
      layer,
      count: count[l]!,
      meanImportance: count[l]! > 0 ? imp[l]! / count[l]! : NaN,
      meanRecency: count[l]! > 0 ? rec[l]! / count[l]! : NaN,
      meanScore: count[l]! > 0 ? score[l]! / count[l]! : NaN,
    }));
  }

  /** Exact relevancies of every row a pre-filtered retrieval saw (what the exact path would have cached). */
  private completeRelevancy(): void {
    for (let i = 0; i < this.relPartialUpTo; i++) this.rel[i] = rowDot(this.embeddings, i, this.relQuery64, this.dim);
    this.relCount = this.relPartialUpTo;
    this.relPartialUpTo = 0;
  }

  /** Number of alive events. */
  aliveCount(): number {
    let c = 0;
    for (let i = 0; i < this.n; i++) c += this.aliveOf[i]!;
    return c;
  }
}
