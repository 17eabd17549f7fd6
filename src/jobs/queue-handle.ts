import type { DraftQueue } from './queue.ts';

/**
 * The process's queue, started on first use. Server processes start it at once (their worker
 * needs it); an app that only submits jobs (tests, tools) pays for pg-boss only when it does.
 * Routes await `get()` before opening the transaction that enqueues (see queue.ts).
 */
export interface QueueHandle {
  get(): Promise<DraftQueue>;
  /** Stops the queue if it was started. */
  stop(): Promise<void>;
}

export function queueHandle(start: () => Promise<DraftQueue>): QueueHandle {
  let started: Promise<DraftQueue> | null = null;
  return {
    get() {
      started ??= start().catch((err: unknown) => {
        started = null;
        throw err;
      });
      return started;
    },
    async stop() {
      if (!started) return;
      const q = await started.catch(() => null);
      started = null;
      await q?.stop();
    },
  };
}
