/**
 * Entry of a document-building child process (builder-endpoints.ts, the embedded deployment):
 * the same work as build-thread.ts, over the process's IPC channel.
 */
import { DEFAULT_BUILDERS } from './builders.ts';
import type { BuildReply, BuildRequest } from './build-protocol.ts';
import { READY_REPLY, type EXIT_REQUEST } from '../threads/lifecycle.ts';
import { lowerBuilderPriority } from './build-priority.ts';

// Builds yield the CPU to the API's requests (build-priority.ts).
lowerBuilderPriority();

const send = (message: BuildReply | typeof READY_REPLY) => process.send!(message);

process.on('message', async (req: BuildRequest | typeof EXIT_REQUEST) => {
  if ('exit' in req) {
    process.disconnect();
    return;
  }
  try {
    const build = DEFAULT_BUILDERS[req.kind] as (input: unknown) => Promise<Buffer>;
    const buf = await build(req.input);
    send({ id: req.id, ok: true, bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), builtBy: { pid: process.pid, threadId: 0 } });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    send({ id: req.id, ok: false, name: e.name, message: e.message });
  }
});
// The parent going away ends this process (the IPC channel closes).
process.on('disconnect', () => process.exit(0));

send(READY_REPLY);
