// Keeps up to `limit` batch writes in flight while the caller goes on parsing, so the parser and
// the database (and, with limit 2, two database cores) work at the same time.
//
// A failed write is caught at once (an unawaited rejection would end the process) and rethrown
// by the next add() or settle(). A deadlock between two in-flight writes (PostgreSQL 40P01 —
// possible only when a file repeats rows across batches) is retried: every write here is one
// idempotent transaction.

const DEADLOCK = '40P01';
const RETRIES = 3;

export class WritePipeline {
  private readonly limit: number;
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(limit: number) {
    this.limit = Math.max(1, limit);
  }

  /** Start `write` once fewer than `limit` writes are in flight; `done` runs after it succeeds. */
  async add<T>(write: () => Promise<T>, done: (result: T) => void): Promise<void> {
    this.throwIfFailed();
    while (this.inFlight.size >= this.limit) {
      await Promise.race(this.inFlight);
      this.throwIfFailed();
    }
    const p: Promise<void> = withRetry(write)
      .then(done)
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Wait for every write; rethrow the first failure. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure.error;
  }
}

async function withRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= RETRIES || (err as { code?: unknown })?.code !== DEADLOCK) throw err;
    }
  }
}
