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

/** Where a build ran: the builder's process id and thread id (0: a process's main thread). */
export interface BuiltBy {
  pid: number;
  threadId: number;
}

export type BuildReply = { id: number; ok: true; bytes: Uint8Array; builtBy: BuiltBy } | { id: number; ok: false; name: string; message: string };
