/**
 * Document builders run in worker threads: the worker's calls look like the in-process builders
 * (same `Builders` interface) but the CPU work happens off the main thread. A thread that dies
 * fails the calls it held (transiently: the job is retried) and is replaced on the next call.
 * An input error raised in the thread comes back as the same DocumentInputError, so the job
 * fails at once rather than being retried.
 */
import { DocumentInputError } from '../documents/validate.ts';
import type { Builders } from './builders.ts';
import type { BuildReply, BuildRequest } from './build-protocol.ts';
import { startThread, stopThread, type READY_REPLY, type StoppableThread } from '../threads/lifecycle.ts';

interface Pending {
  resolve(buf: Buffer): void;
  reject(err: Error): void;
}

interface Slot extends StoppableThread {
  pending: Map<number, Pending>;
}

export interface BuilderPool {
  builders: Builders;
  close(): Promise<void>;
}

const ENTRY = new URL('./build-thread.ts', import.meta.url);

export function startBuilderPool(size: number): BuilderPool {
  const slots: (Slot | null)[] = Array.from({ length: Math.max(1, size) }, () => null);
  let nextId = 1;
  let closed = false;

  const spawn = (index: number): Slot => {
    const { worker, ready, exited, markReady } = startThread(ENTRY);
    const slot: Slot = { worker, pending: new Map(), ready, exited };
    const failAll = (err: Error) => {
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      if (slots[index] === slot) slots[index] = null;
    };
    slot.worker.on('message', (reply: BuildReply | typeof READY_REPLY) => {
      if ('ready' in reply) return markReady();
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) slot.worker.unref();
      if (reply.ok) p.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      else p.reject(reply.name === 'DocumentInputError' ? new DocumentInputError(reply.message) : Object.assign(new Error(reply.message), { name: reply.name }));
    });
    slot.worker.on('error', (err) => failAll(err));
    slot.worker.on('exit', (code) => failAll(new Error(`the document-building thread exited (code ${code})`)));
    // An idle pool must not keep the process alive; a thread with work in hand does.
    slot.worker.unref();
    return slot;
  };

  /** The least busy thread, started when missing. */
  const pick = (): Slot => {
    let best = 0;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i];
      if (!s) {
        best = i;
        break;
      }
      if (s.pending.size < (slots[best]?.pending.size ?? Infinity)) best = i;
    }
    return (slots[best] ??= spawn(best));
  };

  // Started now, so the first draft does not wait for a thread to load the document libraries.
  for (let i = 0; i < slots.length; i++) slots[i] = spawn(i);

  const call = (kind: keyof Builders) => (input: unknown): Promise<Buffer> => {
    if (closed) return Promise.reject(new Error('the builder pool is closed'));
    const slot = pick();
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id, kind, input } satisfies BuildRequest);
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
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => (s ? stopThread(s) : undefined)));
    },
  };
}
