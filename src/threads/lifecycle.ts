/**
 * The lifecycle both worker-thread pools share (document building, src/jobs/builder-pool.ts;
 * analyses, src/analysis/threads/analysis-pool.ts): a thread says when it has loaded, and is
 * stopped by asking, not by terminating it mid-load.
 */
import { Worker } from 'node:worker_threads';

/** Sent once the thread has loaded its modules: from then on it can be stopped safely. */
export const READY_REPLY = { ready: true } as const;
/** Asks the thread to finish: it closes its port and exits once idle. */
export const EXIT_REQUEST = { exit: true } as const;

/** How long a stop waits for a thread to load, then to exit, before terminating it. */
const STOP_TIMEOUT_MS = 15_000;

export interface StoppableThread {
  worker: Worker;
  /** Resolves when the thread has loaded its modules (or has exited). */
  ready: Promise<void>;
  exited: Promise<void>;
}

/**
 * Waits until the thread has loaded before asking it to exit: terminating a thread while it is
 * still loading its modules can abort the whole process (a V8 fatal check, seen as SIGTRAP under
 * load). Terminates only a thread that does not stop in time.
 */
export async function stopThread(thread: StoppableThread): Promise<void> {
  const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(resolve, ms, 'timeout').unref());
  if ((await Promise.race([thread.ready.then(() => 'ready' as const), timeout(STOP_TIMEOUT_MS)])) === 'ready') {
    thread.worker.postMessage(EXIT_REQUEST);
    if ((await Promise.race([thread.exited.then(() => 'exited' as const), timeout(STOP_TIMEOUT_MS)])) === 'exited') return;
  }
  await thread.worker.terminate();
}

/**
 * Starts a thread on `entry`. `markReady` is for the pool's message handler (the thread's
 * READY_REPLY); an exit also counts as ready, so a stop never waits for a dead thread to load.
 */
export function startThread(entry: URL): StoppableThread & { markReady(): void } {
  const worker = new Worker(entry);
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      markReady();
      resolve();
    }),
  );
  return { worker, ready, exited, markReady };
}
