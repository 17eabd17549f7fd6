import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import {
  classifyInboundRequest,
  isJsonContentType,
  parseJSONRPCMessage,
  SUPPORTED_PROTOCOL_VERSIONS,
  type AuthInfo,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type McpServer,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';

/**
 * 2025-era tools/call requests served by connected McpServers kept in a pool, instead of the
 * SDK's stateless legacy path, which builds for every request a web `Request`, a fresh McpServer
 * and a fresh streamable HTTP transport, two web streams for the SSE answer and a teardown
 * (bench/mcp-overhead.ts: most of what the MCP layer added to a cheap tool call).
 *
 * The answer is the SDK's own: the message goes through the same checks the SDK's entry and
 * transport make (Content-Type, Accept, MCP-Protocol-Version, the era classification, the
 * JSON-RPC schema), then through the SDK's Protocol and McpServer on a pooled instance (argument
 * and result validation, the tool lookup, error mapping), and is written as the transport writes
 * it: one SSE `message` event with the transport's headers, the connection chunked, and a
 * keep-alive comment every 15 s while the tool runs. Anything else (another method, the
 * 2026-07-28 era, a tool name that is not ours, a request some check would refuse) goes to the
 * SDK's handler, which answers it as before. test/mcp/pooled-tool-calls.test.ts compares both
 * paths byte for byte.
 *
 * Why a pooled instance may serve many requests: a 2025-era tools/call in a stateless server has
 * no session; the instance negotiates nothing (no initialize ever reaches a pooled one), and its
 * handlers read the caller from the request (AuthInfo.extra, server-factory.ts). One request at
 * a time per instance (the Protocol keys in-flight requests by JSON-RPC id, which clients reuse).
 */

/** The SDK transport's SSE headers, in the order its Node adapter writes them (web `Headers` iteration: sorted, lower case). */
const SSE_HEADERS = {
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'content-type': 'text/event-stream',
  'x-accel-buffering': 'no',
} as const;
/** The SDK transport's keep-alive period (DEFAULT_SSE_KEEP_ALIVE_MS) and comment. */
const KEEP_ALIVE_MS = 15_000;
const KEEP_ALIVE = ': keepalive\n\n';
/** Idle instances kept; a burst beyond it builds more, which are dropped when it is over. */
const MAX_IDLE = 16;

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The tools/call message when the SDK would hand this POST to a stateless 2025-era server and
 * reach the tool handler: otherwise `undefined` (the SDK's handler answers it).
 */
export function poolableToolCall(headers: IncomingHttpHeaders, body: Record<string, unknown>, isTool: (name: string) => boolean): JSONRPCRequest | undefined {
  // The entry's 415, then its era classification (modern envelope, header cross-checks).
  if (!isJsonContentType(single(headers['content-type']))) return undefined;
  const version = single(headers['mcp-protocol-version']);
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: version,
    mcpMethodHeader: single(headers['mcp-method']),
    mcpNameHeader: single(headers['mcp-name']),
    body,
  });
  if (route.kind !== 'legacy') return undefined;
  // The transport's 406 and its protocol-version 400.
  const accept = single(headers.accept);
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  let message: JSONRPCMessage;
  try {
    message = parseJSONRPCMessage(body);
  } catch {
    return undefined;
  }
  if (!('method' in message) || !('id' in message) || message.method !== 'tools/call') return undefined;
  const name = (message.params as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && isTool(name) ? message : undefined;
}

/** A transport that carries one request at a time into a connected server and hands back what the server sends for it. */
class HandOffTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  private sink: ((message: JSONRPCMessage) => void) | undefined;

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.onclose?.();
  }
  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    // Messages of no request (standalone notifications) have no stream in a stateless server: dropped, as the SDK's transport drops them.
    this.sink?.(message);
  }
  deliver(message: JSONRPCRequest, authInfo: AuthInfo, sink: (message: JSONRPCMessage) => void): void {
    this.sink = sink;
    this.onmessage?.(message, { authInfo });
  }
  done(): void {
    this.sink = undefined;
  }
}

interface Pooled {
  server: McpServer;
  transport: HandOffTransport;
}

export class ToolCallPool {
  private readonly idle: Pooled[] = [];
  private readonly build: () => McpServer;
  constructor(build: () => McpServer) {
    this.build = build;
  }

  private async acquire(): Promise<Pooled> {
    const ready = this.idle.pop();
    if (ready) return ready;
    const server = this.build();
    const transport = new HandOffTransport();
    await server.connect(transport);
    return { server, transport };
  }

  private release(p: Pooled): void {
    p.transport.done();
    if (this.idle.length < MAX_IDLE) this.idle.push(p);
    else void p.server.close().catch(() => {});
  }

  /**
   * Serves the call on a pooled server and writes the answer to `res` as the SDK's transport
   * would (headers already set on `res` are kept). Resolves when the server has answered.
   */
  async serve(message: JSONRPCRequest, authInfo: AuthInfo, res: ServerResponse): Promise<void> {
    const pooled = await this.acquire();
    res.writeHead(200, SSE_HEADERS);
    const write = (text: string) => {
      if (!res.destroyed && !res.writableEnded) res.write(text);
    };
    const keepAlive = setInterval(() => write(KEEP_ALIVE), KEEP_ALIVE_MS);
    keepAlive.unref();
    try {
      await new Promise<void>((resolve) => {
        pooled.transport.deliver(message, authInfo, (sent) => {
          // The SDK's SSE event: no id (no event store), the message as JSON.
          const event = `event: message\ndata: ${JSON.stringify(sent)}\n\n`;
          if (!('id' in sent && sent.id === message.id && ('result' in sent || 'error' in sent))) return write(event);
          // The answer ends the stream: its event and the last chunk in one write.
          if (!res.destroyed && !res.writableEnded) res.end(event);
          resolve();
        });
      });
    } finally {
      clearInterval(keepAlive);
      this.release(pooled);
    }
  }

  /** Closes the idle instances (shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((p) => p.server.close().catch(() => {})));
  }
}
