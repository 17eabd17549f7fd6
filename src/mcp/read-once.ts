import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * The body of a small MCP POST, read once by the gate and handed to the SDK parsed.
 *
 * Why: without it the body of a tools/call was read three times (the batch check, the factory's
 * look at the called tool, the SDK itself), each through a clone of a web-standard stream; the
 * SDK takes a parsed body instead (its `parsedBody`), and then neither clones nor reads.
 * Only a JSON object (one JSON-RPC message) of at most MAX_PARSED_BODY_BYTES (a tools/call is
 * usually < 1 KiB) is handed over parsed. Everything else (a batch array, malformed JSON, a
 * large or chunked body) reaches the SDK as bytes, exactly as sent, and gets its usual answers
 * (batches: single-message.ts; -32700 parse errors; its size limit).
 */
export const MAX_PARSED_BODY_BYTES = 64 * 1024;

export type ReadBody = { parsed: Record<string, unknown> } | { raw: Buffer } | undefined;

/** Reads the body when it is small and its length is declared; `undefined`: left unread. */
export async function readSmallBody(req: IncomingMessage): Promise<ReadBody> {
  const length = Number(req.headers['content-length']);
  if (req.method !== 'POST' || !(length > 0 && length <= MAX_PARSED_BODY_BYTES)) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return { raw };
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { parsed: parsed as Record<string, unknown> } : { raw };
}

/** The request again with its body as it was sent, for the SDK's Node adapter (which reads method, url, headers, the body and `auth`). */
export function replayed<T extends object>(req: IncomingMessage, raw: Buffer, extra: T): IncomingMessage & T {
  return Object.assign(Readable.from([raw]), { method: req.method, url: req.url, headers: req.headers, ...extra }) as unknown as IncomingMessage & T;
}
