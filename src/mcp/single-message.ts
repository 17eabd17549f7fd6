import type { FetchLikeMcpHandler } from '@modelcontextprotocol/node';

/**
 * One JSON-RPC message per POST (issue 20, red team item 7). JSON-RPC batching was removed from
 * MCP in revision 2025-06-18; the revisions Prosa serves (2025-11-25, 2026-07-28) say "The body
 * of the POST request MUST be a single JSON-RPC request, notification, or response" (Streamable
 * HTTP transport), and "If the server cannot accept the input, it MUST return an HTTP error
 * status code (e.g., 400 Bad Request). The HTTP response body MAY comprise a JSON-RPC error
 * response that has no id". The SDK still accepts batch arrays of up to 100 messages in its
 * legacy path, each one a tool call counted once against the per-account limit.
 *
 * A body that is a JSON array is answered HTTP 400 with the JSON-RPC 2.0 §5.1 error -32600
 * "Invalid Request" and `id: null` (§5: the id cannot be determined), before the SDK sees it.
 * Only the first non-blank byte is read to decide; a body that starts with `[` but is not valid
 * JSON goes on to the SDK, which answers -32700 "Parse error" as for any malformed body.
 */
const BATCH_REFUSED = {
  code: -32600,
  message:
    'Invalid Request: JSON-RPC batches are not accepted. Send one JSON-RPC message per POST (MCP Streamable HTTP transport, revisions 2025-11-25 and 2026-07-28).',
} as const;

function batchRefusedResponse(): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: BATCH_REFUSED }, { status: 400, headers: { 'cache-control': 'no-store' } });
}

/** The first byte of the body that is not JSON whitespace (RFC 8259 §2), without consuming the request. */
async function firstSignificantByte(request: Request): Promise<number | undefined> {
  const reader = request.clone().body?.getReader();
  if (!reader) return undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return undefined;
      for (const b of value) if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return b;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
}

async function isBatch(request: Request): Promise<boolean> {
  if (request.method !== 'POST' || !request.body) return false;
  if ((await firstSignificantByte(request)) !== 0x5b /* [ */) return false;
  try {
    return Array.isArray(JSON.parse(await request.clone().text()));
  } catch {
    return false; // malformed: the SDK's -32700
  }
}

/** Wraps the SDK handler: batches are refused, everything else is the SDK's. */
export function refuseBatches(handler: FetchLikeMcpHandler): FetchLikeMcpHandler {
  return {
    fetch: async (request, options) => {
      // A body the gate parsed is one JSON object (read-once.ts): not a batch, nothing to read.
      if (options?.parsedBody !== undefined) return Array.isArray(options.parsedBody) ? batchRefusedResponse() : handler.fetch(request, options);
      return (await isBatch(request)) ? batchRefusedResponse() : handler.fetch(request, options);
    },
  };
}
