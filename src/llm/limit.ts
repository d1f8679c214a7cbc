/**
 * Bounded concurrency: a counting semaphore and an order-preserving parallel
 * map. Used to cap in-flight LLM requests and concurrent pipelines.
 */

/**
 * Counting semaphore with FIFO hand-off: at most `limit` holders at a time,
 * waiters are served in arrival order.
 *
 * @example
 * const sem = new Semaphore(2);
 * const result = await sem.run(() => fetchSomething());
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Semaphore: limit must be an integer >= 1, got ${limit}`);
  }

  /** Number of current holders. */
  get inFlight(): number {
    return this.active;
  }

  /** Wait for a slot; resolves to a release function (idempotent). */
  async acquire(): Promise<() => void> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      // The releasing holder hands its slot straight to us, so `active` is unchanged.
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.active--;
    };
  }

  /** Run `fn` while holding a slot. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/**
 * Wrap functions so that at most `limit` of them run at once.
 *
 * @example
 * const limited = limitConcurrency(4);
 * await Promise.all(urls.map((u) => limited(() => fetch(u))));
 */
export function limitConcurrency(limit: number): <T>(fn: () => Promise<T>) => Promise<T> {
  const semaphore = new Semaphore(limit);
  return (fn) => semaphore.run(fn);
}

/**
 * Map `fn` over `items` with at most `limit` calls in flight; results keep the
 * input order. On the first rejection no further items are started and the
 * returned promise rejects with that error (calls already running finish).
 *
 * @example
 * await mapConcurrent([1, 2, 3], 2, async (x) => x * 10); // [10, 20, 30]
 */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`mapConcurrent: limit must be an integer >= 1, got ${limit}`);
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && nextIndex < items.length) {
      const index = nextIndex++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const workers: Array<Promise<void>> = [];
  for (let w = 0; w < Math.min(limit, items.length); w++) workers.push(worker());
  await Promise.all(workers);
  return results;
}
