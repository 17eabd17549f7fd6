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

export type BuildReply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; name: string; message: string };
