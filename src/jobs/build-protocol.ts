/**
 * Messages between the builder pool (main thread) and a document-building thread. Kept apart
 * from the thread's entry module, which must only ever be loaded inside a thread.
 */
import type { Builders } from './builders.ts';

export interface BuildRequest {
  id: number;
  kind: keyof Builders;
  input: unknown;
}

/** Asks the thread to finish: it closes its port and exits once idle. */
export const EXIT_REQUEST = { exit: true } as const;
/** Sent once the thread has loaded its modules: from then on it can be stopped safely. */
export const READY_REPLY = { ready: true } as const;

export type BuildReply =
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; name: string; message: string };
