/**
 * The extraction child's entry (forked by extraction-pool.ts with a heap limit): reads one file
 * at a time and answers with the text or an error object. It loads its readers before saying it
 * is ready, and exits when the server's end of the channel closes, so it never outlives the
 * server, even one that was killed.
 */
import { getResolvedPDFJS } from 'unpdf';
import { AppError } from '../errors.ts';
import { toWire, unreadable } from './errors.ts';
import type { ChildReply, ChildRequest } from './protocol.ts';
import { readDocument } from './read-document.ts';

const send = (reply: ChildReply) => process.send!(reply);

process.on('disconnect', () => process.exit(0));
process.on('message', async ({ id, request }: ChildRequest) => {
  // Buffers arrive as Uint8Array under the advanced serialization.
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  try {
    send({ id, ok: true, result: await readDocument({ ...request, bytes }, { onOcrStart: () => send({ id, ocr: true }) }) });
  } catch (err) {
    const e = err instanceof AppError ? err : unreadable(`a ${request.format.toUpperCase()} file`);
    send({ id, ok: false, error: toWire(e) });
  }
});

// pdf.js is the slowest to load: loaded now, the first PDF does not pay for it.
await getResolvedPDFJS();
send({ ready: true });
