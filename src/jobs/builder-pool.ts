/**
 * Document builders off the main thread: the worker's calls look like the in-process builders
 * (same `Builders` interface) but the CPU work happens in worker threads or child processes
 * (builder-endpoints.ts). An endpoint that dies fails the calls it held (transiently: the job is
 * retried) and is replaced on the next call. An input error raised in the endpoint comes back
 * as the same DocumentInputError, so the job fails at once rather than being retried.
 */
import { DocumentInputError } from '../documents/validate.ts';
import type { Builders } from './builders.ts';
import type { BuildReply } from './build-protocol.ts';
import { startEndpoint, type BuilderEndpoint, type BuilderIsolation } from './builder-endpoints.ts';

interface Pending {
  resolve(buf: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  endpoint: BuilderEndpoint;
  pending: Map<number, Pending>;
}

export interface BuilderStats {
  /** Documents built in a thread or process other than this process's main thread. */
  offMainThread: number;
  /** The processes that built them (this process's own id for threads). */
  pids: number[];
}

export interface BuilderPool {
  builders: Builders;
  stats(): BuilderStats;
  close(): Promise<void>;
}

export interface BuilderPoolOptions {
  isolation?: BuilderIsolation;
  /**
   * Start every endpoint now, so the first draft does not wait for one to load the document
   * libraries (threads: yes by default). Child processes start on first use by default: a
   * process that never drafts (a test, a CLI pass) does not pay for them.
   */
  prestart?: boolean;
}

export function startBuilderPool(size: number, opts: BuilderPoolOptions = {}): BuilderPool {
  const isolation = opts.isolation ?? 'thread';
  const slots: (Slot | null)[] = Array.from({ length: Math.max(1, size) }, () => null);
  let nextId = 1;
  let closed = false;
  let offMainThread = 0;
  const pids = new Set<number>();

  const spawn = (index: number): Slot => {
    const pending = new Map<number, Pending>();
    let slot: Slot | null = null;
    const endpoint = startEndpoint(isolation, {
      reply(reply: BuildReply) {
        const p = pending.get(reply.id);
        if (!p) return;
        pending.delete(reply.id);
        if (pending.size === 0) endpoint.hold(false);
        if (reply.ok) {
          if (reply.builtBy.pid !== process.pid || reply.builtBy.threadId !== 0) offMainThread++;
          pids.add(reply.builtBy.pid);
        }
        if (reply.ok) p.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
        else
          p.reject(reply.name === 'DocumentInputError' ? new DocumentInputError(reply.message) : Object.assign(new Error(reply.message), { name: reply.name }));
      },
      dead(err: Error) {
        for (const p of pending.values()) p.reject(err);
        pending.clear();
        if (slot && slots[index] === slot) slots[index] = null;
      },
    });
    slot = { endpoint, pending };
    return slot;
  };

  /**
   * An idle endpoint already started; else a new one while the pool has room; else the least busy.
   * One draft at a time is built by the same warm endpoint: starting another for it would load the
   * document libraries again and leave each endpoint's code half as warm.
   */
  const pick = (): Slot => {
    const started = slots.filter((s): s is Slot => s !== null);
    const idle = started.find((s) => s.pending.size === 0);
    if (idle) return idle;
    const free = slots.indexOf(null);
    if (free !== -1) return (slots[free] = spawn(free));
    return started.reduce((least, s) => (s.pending.size < least.pending.size ? s : least));
  };

  if (opts.prestart ?? isolation === 'thread') for (let i = 0; i < slots.length; i++) slots[i] = spawn(i);

  const call =
    (kind: keyof Builders) =>
    (input: unknown): Promise<Buffer> => {
      if (closed) return Promise.reject(new Error('the builder pool is closed'));
      const slot = pick();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.endpoint.hold(true);
        slot.endpoint.send({ id, kind, input });
      });
    };

  return {
    builders: {
      oa_response: call('oa_response'),
      ids: call('ids'),
      extension_of_time: call('extension_of_time'),
      interview_request: call('interview_request'),
      drawing: call('drawing'),
      rce_transmittal: call('rce_transmittal'),
      notice_of_appeal: call('notice_of_appeal'),
      pre_appeal_request: call('pre_appeal_request'),
      terminal_disclaimer: call('terminal_disclaimer'),
      issue_fee_transmittal: call('issue_fee_transmittal'),
      client_report: call('client_report'),
      claim_chart: call('claim_chart'),
    },
    stats: () => ({ offMainThread, pids: [...pids] }),
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s?.endpoint.stop()));
    },
  };
}
