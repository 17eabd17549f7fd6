import type { McpRequestContext } from '@modelcontextprotocol/server';

/**
 * The one tool a request calls, so the per-request server can register just that tool instead
 * of all of them (registering them was half of what the SDK spent on a tools/call: bench/mcp-overhead.ts).
 * `undefined` whenever that is not certain: the factory then registers everything, as before.
 *
 * - 2026-07-28 era: the Mcp-Method and Mcp-Name headers (SEP-2243). The SDK has already checked,
 *   before it asks the factory for a server, that Mcp-Method equals the body's method and that
 *   Mcp-Name equals the body's `params.name`; a name that is not one of ours (or is Base64-encoded)
 *   gives no hint.
 * - 2025 era: no such headers. The body is read again from the request the SDK hands the factory
 *   (an unread clone of what it parsed itself) when it is small; a large body (a pasted office
 *   action) is not worth a second parse.
 * The SDK still looks the tool up by the name in the body it parsed, so even a wrong hint could
 * only turn a call into "Tool … not found", never run another tool or another caller's.
 */

/** Bodies up to this size are parsed a second time for the hint (a tools/call is usually < 1 KiB). */
const MAX_SNIFFED_BODY_BYTES = 64 * 1024;

export async function calledToolName(ctx: McpRequestContext, isTool: (name: string) => boolean): Promise<string | undefined> {
  return (await requestShape(ctx, isTool)).tool;
}

/**
 * The request's JSON-RPC method when it is certain (the Mcp-Method header, or a small body read
 * again), and for a tools/call the tool when it is one of ours. `method` undefined: unknown (a
 * large or unreadable body); the factory then registers every tool (server-factory.ts).
 */
export async function requestShape(
  ctx: McpRequestContext,
  isTool: (name: string) => boolean,
  /** The message as the gate already parsed it (read-once.ts): the body need not be read again. */
  message?: unknown,
): Promise<{ method: string | undefined; tool: string | undefined }> {
  const request = ctx.requestInfo;
  if (!request) return { method: undefined, tool: undefined };
  const shape = ctx.era === 'modern' ? fromHeaders(request.headers) : message !== undefined ? fromMessage(message) : await fromBody(request);
  return { method: shape.method, tool: shape.method === 'tools/call' && shape.name !== undefined && isTool(shape.name) ? shape.name : undefined };
}

/** RFC 9110 §5.6.3: optional whitespace (SP, HTAB) around a field value is not part of it; the SDK strips the same. */
const stripOws = (value: string | null) => value?.replace(/^[ \t]+|[ \t]+$/g, '');

interface Shape {
  method: string | undefined;
  name: string | undefined;
}

function fromHeaders(headers: Headers): Shape {
  const method = stripOws(headers.get('mcp-method')) || undefined;
  return { method, name: method === 'tools/call' ? stripOws(headers.get('mcp-name')) : undefined };
}

async function fromBody(request: Request): Promise<Shape> {
  const unknown = { method: undefined, name: undefined };
  const length = Number(request.headers.get('content-length'));
  if (request.method !== 'POST' || request.bodyUsed || !(length > 0 && length <= MAX_SNIFFED_BODY_BYTES)) return unknown;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return unknown;
  }
  return fromMessage(body);
}

function fromMessage(body: unknown): Shape {
  const unknown = { method: undefined, name: undefined };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return unknown;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  if (typeof method !== 'string') return unknown;
  return { method, name: method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined };
}
