/**
 * A small pool of analysis threads (issue 12 item 6), after the document builders' pool
 * (src/jobs/builder-pool.ts): tasks are posted to the least busy thread (or the thread a request
 * already used, which holds its first pass), the number of tasks in flight is bounded, each task
 * has a deadline, and failures come back as error objects:
 * - more than `maxQueued` tasks in flight: 503 `analysis_busy` with Retry-After, at once;
 * - a task past its deadline: 503 `analysis_timeout`; its thread is stopped (it is stuck on that
 *   input) and replaced on the next call;
 * - a thread that dies fails the tasks it held with 503 `analysis_unavailable` (retry is safe:
 *   nothing was stored or charged yet).
 * Idle threads are unref'd, so the pool never keeps a process alive.
 */
import { AppError } from '../../errors.ts';
import type { TaskName, TaskReply, TaskRequest, Tasks } from './protocol.ts';
import { startThread, stopThread, type READY_REPLY, type StoppableThread } from '../../threads/lifecycle.ts';

export interface AnalysisPoolOptions {
  size: number;
  /**
   * Tasks in flight across the pool before new ones are refused (default 64 per thread, at least
   * 128: bursts of small analyses, e.g. 40 retries of one request, must pass; 128 queued 1 MB
   * texts hold ~128 MB and reach the deadline long before the queue drains).
   */
  maxQueued?: number;
  /** Deadline of one task from when its thread has loaded, queueing in the thread included (default 60 s). */
  timeoutMs?: number;
}

export interface AnalysisPool {
  readonly size: number;
  /** True once a thread has loaded its modules. */
  isReady(): boolean;
  /** Resolves when a thread has loaded its modules (tests, benchmarks). */
  whenReady(): Promise<void>;
  /** Runs a task; `prefer` is a slot returned by an earlier call of the same request. */
  run<K extends TaskName>(task: K, input: Tasks[K]['input'], prefer?: number): Promise<{ output: Tasks[K]['output']; slot: number }>;
  close(): Promise<void>;
}

interface Pending {
  resolve(output: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout | undefined;
}

interface Slot extends StoppableThread {
  pending: Map<number, Pending>;
  isReady: boolean;
}

const ENTRY = new URL('./analysis-thread.ts', import.meta.url);

const busy = () =>
  new AppError(
    503,
    'analysis_busy',
    'The server is analysing as many office actions as it can at once.',
    'Retry after the number of seconds in the Retry-After header; the analysis was not run and nothing was charged.',
    { 'Retry-After': '5' },
  );
const timedOut = (ms: number) =>
  new AppError(
    503,
    'analysis_timeout',
    `The analysis did not finish within ${Math.round(ms / 1000)} seconds.`,
    'Retry later, or send the office action text alone (without attachments); nothing was charged.',
    { 'Retry-After': '30' },
  );
const unavailable = () =>
  new AppError(503, 'analysis_unavailable', 'The analysis stopped before it finished.', 'Retry the same request; nothing was stored or charged.', {
    'Retry-After': '1',
  });

export function startAnalysisPool(opts: AnalysisPoolOptions): AnalysisPool {
  const size = Math.max(1, opts.size);
  const maxQueued = opts.maxQueued ?? Math.max(128, size * 64);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const slots: (Slot | null)[] = Array.from({ length: size }, () => null);
  let inFlight = 0;
  let nextId = 1;
  let closed = false;

  const spawn = (index: number): Slot => {
    const { worker, ready, exited, markReady } = startThread(ENTRY);
    const slot: Slot = { worker, pending: new Map(), ready, isReady: false, exited };
    const failAll = (err: Error) => {
      if (slots[index] === slot) slots[index] = null;
      for (const p of slot.pending.values()) {
        clearTimeout(p.timer);
        p.reject(err);
      }
      inFlight -= slot.pending.size;
      slot.pending.clear();
    };
    worker.on('message', (reply: TaskReply | typeof READY_REPLY) => {
      if ('ready' in reply) {
        slot.isReady = true;
        return markReady();
      }
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      inFlight--;
      clearTimeout(p.timer);
      if (slot.pending.size === 0) worker.unref();
      if (reply.ok) p.resolve(reply.output);
      else p.reject(Object.assign(new Error(reply.message), { name: reply.name }));
    });
    worker.on('error', () => failAll(unavailable()));
    worker.on('exit', () => failAll(unavailable()));
    worker.unref();
    return slot;
  };

  const pick = (prefer?: number): [Slot, number] => {
    let best = -1;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i];
      if (!s) {
        best = i;
        break;
      }
      if (best < 0 || s.pending.size < slots[best]!.pending.size) best = i;
    }
    // The thread that holds this request's first pass, unless it is clearly busier than the best.
    const p = prefer !== undefined ? slots[prefer] : undefined;
    if (p && prefer !== undefined && p.pending.size <= (slots[best]?.pending.size ?? 0) + 1) best = prefer;
    return [(slots[best] ??= spawn(best)), best];
  };

  // Started now, so the first analysis does not wait for a thread to load the parser.
  for (let i = 0; i < size; i++) slots[i] = spawn(i);

  return {
    size,
    isReady: () => slots.some((s) => s?.isReady),
    whenReady: () => Promise.race(slots.map((s) => s?.ready ?? Promise.resolve())),
    run(task, input, prefer) {
      if (closed) return Promise.reject(new Error('the analysis pool is closed'));
      if (inFlight >= maxQueued) return Promise.reject(busy());
      const [slot, index] = pick(prefer);
      const id = nextId++;
      inFlight++;
      return new Promise((resolve, reject) => {
        const pending: Pending = { resolve: (output) => resolve({ output: output as never, slot: index }), reject, timer: undefined };
        // The deadline runs from when the thread has loaded: it measures the work, not the start-up.
        void slot.ready.then(() => {
          if (!slot.pending.has(id)) return;
          pending.timer = setTimeout(() => {
            if (!slot.pending.delete(id)) return;
            inFlight--;
            reject(timedOut(timeoutMs));
            // The thread is stuck on this input: new tasks go to a new thread; its other tasks fail
            // as unavailable when it exits.
            if (slot.isReady) {
              if (slots[index] === slot) slots[index] = null;
              void slot.worker.terminate();
            }
          }, timeoutMs);
          pending.timer.unref();
        });
        slot.pending.set(id, pending);
        slot.worker.ref();
        slot.worker.postMessage({ id, task, input } satisfies TaskRequest);
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => (s ? stopThread(s) : undefined)));
    },
  };
}
