/**
 * Entry of a document-building thread (src/jobs/builder-pool.ts). Building a DOCX is CPU work
 * of a few hundred milliseconds; off the main thread it does not stall the API (and, embedded,
 * the database) that share the process with the worker.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { DEFAULT_BUILDERS } from './builders.ts';
import type { BuildReply, BuildRequest } from './build-protocol.ts';
import { READY_REPLY, type EXIT_REQUEST } from '../threads/lifecycle.ts';
import { lowerBuilderPriority } from './build-priority.ts';

// Builds yield the CPU to the API's requests (build-priority.ts).
lowerBuilderPriority();

parentPort!.on('message', async (req: BuildRequest | typeof EXIT_REQUEST) => {
  if ('exit' in req) {
    parentPort!.close();
    return;
  }
  try {
    const build = DEFAULT_BUILDERS[req.kind] as (input: unknown) => Promise<Buffer>;
    const buf = await build(req.input);
    // A copy of its own, so the transfer cannot take a pooled Buffer's shared memory.
    const bytes = new Uint8Array(buf);
    parentPort!.postMessage({ id: req.id, ok: true, bytes, builtBy: { pid: process.pid, threadId } } satisfies BuildReply, [bytes.buffer]);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    parentPort!.postMessage({ id: req.id, ok: false, name: e.name, message: e.message } satisfies BuildReply);
  }
});

parentPort!.postMessage(READY_REPLY);
