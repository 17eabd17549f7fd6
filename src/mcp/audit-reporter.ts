import type { FastifyBaseLogger } from 'fastify';
import { BackendClient, BackendError, type BackendTransport } from './backend-client.ts';

/** One finished tool call, as the audit log keeps it (redacted arguments, no results). */
export interface ToolCallRecord {
  tool: string;
  arguments_summary: unknown;
  /** `ok`, or the error code the caller saw. */
  outcome: string;
  duration_ms: number;
  request_id: string;
}

/** Who made the calls of one report, as the gate verified them (their API token names the same account, client and grant). */
export interface AuditCaller {
  sub: string;
  clientId: string;
  grantId: string | null;
}

/**
 * Writes one caller's records without an `/api` request (one process: the database itself,
 * database-audit.ts). Throws when they could not be written.
 */
export type DirectAuditWriter = (caller: AuditCaller, records: readonly ToolCallRecord[]) => Promise<void>;

/** A report waits at most this long for others of the same caller to share its write. */
const BATCH_WINDOW_MS = 25;
/** The API's limit on one report (MAX_BATCH in routes/api/audit.ts). */
const MAX_BATCH = 100;

/**
 * Writes each authenticated tool call to the account's audit log (spec: "Every authenticated
 * tool call is written to the account's audit log") through `POST /api/audit/tool-calls`, with the
 * same exchanged token, so the backend attributes it to the account and the OAuth client. In one
 * process (`prosa serve`) a direct writer takes its place when the caller is known: the same rows
 * in one statement without a second in-process `/api` request (its token check, grant lookup
 * and request pipeline were most of what an audit row cost: docs/benchmarks.md "MCP overhead").
 *
 * It runs after the result is sent, so an audit write never delays or fails a tool call. Calls
 * of one caller within BATCH_WINDOW_MS share one request and one transaction (an agent's bursts
 * otherwise cost a write each, halving throughput: docs/benchmarks.md). A failed write is logged
 * with its records so an operator can replay them; what is buffered is flushed on shutdown.
 */
export class AuditReporter {
  private readonly transport: BackendTransport;
  private readonly log: FastifyBaseLogger;
  /** Buffered records per API token (a token is one account and one grant). */
  private readonly buffers = new Map<string, { records: ToolCallRecord[]; caller: AuditCaller | undefined; timer: NodeJS.Timeout }>();
  private readonly pending = new Set<Promise<void>>();
  private readonly direct: DirectAuditWriter | undefined;
  constructor(transport: BackendTransport, log: FastifyBaseLogger, direct?: DirectAuditWriter) {
    this.transport = transport;
    this.log = log;
    this.direct = direct;
  }

  /** `caller`: who the token belongs to, for the direct writer; without it the report goes through `/api`. */
  report(apiToken: string, record: ToolCallRecord, caller?: AuditCaller): void {
    const buffer = this.buffers.get(apiToken);
    if (buffer) {
      buffer.records.push(record);
      if (buffer.records.length >= MAX_BATCH) this.send(apiToken);
      return;
    }
    const timer = setTimeout(() => this.send(apiToken), BATCH_WINDOW_MS);
    this.buffers.set(apiToken, { records: [record], caller, timer });
  }

  private send(apiToken: string): void {
    const buffer = this.buffers.get(apiToken);
    if (!buffer) return;
    this.buffers.delete(apiToken);
    clearTimeout(buffer.timer);
    const { records, caller } = buffer;
    this.track(this.direct && caller ? this.writeDirect(this.direct, caller, records) : this.write(apiToken, records));
  }

  private track(p: Promise<void>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /**
   * One request for the batch; if the API refuses it as a whole (400: one record it cannot
   * take), each record is written on its own, so one bad record never costs the others their row.
   */
  private async write(apiToken: string, records: ToolCallRecord[]): Promise<void> {
    const body = records.length === 1 ? records[0] : { calls: records };
    try {
      await new BackendClient(this.transport, apiToken, records[0].request_id).post('/api/audit/tool-calls', body);
    } catch (err) {
      if (records.length > 1 && err instanceof BackendError && err.status === 400) {
        await Promise.all(records.map((r) => this.write(apiToken, [r])));
        return;
      }
      this.log.warn({ err, audit: records }, 'could not write the audit rows of MCP tool calls');
    }
  }

  private async writeDirect(direct: DirectAuditWriter, caller: AuditCaller, records: ToolCallRecord[]): Promise<void> {
    try {
      await direct(caller, records);
    } catch (err) {
      this.log.warn({ err, audit: records }, 'could not write the audit rows of MCP tool calls');
    }
  }

  /** Sends what is buffered and waits for every write in flight (shutdown, tests). */
  async flush(): Promise<void> {
    for (const token of [...this.buffers.keys()]) this.send(token);
    await Promise.all([...this.pending]);
  }
}
