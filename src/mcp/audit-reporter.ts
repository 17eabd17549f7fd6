import type { FastifyBaseLogger } from 'fastify';
import { BackendClient, type BackendTransport } from './backend-client.ts';

/** One finished tool call, as the audit log keeps it (redacted arguments, no results). */
export interface ToolCallRecord {
  tool: string;
  arguments_summary: unknown;
  /** `ok`, or the error code the caller saw. */
  outcome: string;
  duration_ms: number;
  request_id: string;
}

/**
 * Writes each authenticated tool call to the account's audit log (spec: "Every authenticated
 * tool call is written to the account's audit log") through `POST /api/audit/tool-calls`, with the
 * same exchanged token, so the backend attributes it to the account and the OAuth client.
 * It runs after the result is sent: the audit write never delays or fails a tool call; a failed
 * write is logged with the record so an operator can replay it.
 */
export class AuditReporter {
  private readonly transport: BackendTransport;
  private readonly log: FastifyBaseLogger;
  private readonly pending = new Set<Promise<void>>();
  constructor(transport: BackendTransport, log: FastifyBaseLogger) {
    this.transport = transport;
    this.log = log;
  }

  report(apiToken: string, record: ToolCallRecord): void {
    const p = new BackendClient(this.transport, apiToken, record.request_id)
      .post('/api/audit/tool-calls', record)
      .then(() => undefined, (err: unknown) => this.log.warn({ err, audit: record }, 'could not write the audit row of an MCP tool call'));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Waits for audit writes in flight (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
