/**
 * Where a document builder runs: a worker thread, or a child process. Both speak the same
 * messages (build-protocol.ts); the pool (builder-pool.ts) does not tell them apart.
 *
 * Child processes are for the embedded deployment: with PGlite's WebAssembly in the process,
 * Node 24's V8 aborted the whole process when PGlite's WASM code was freed while builder threads
 * were alive (docs/decisions/documents.md, "Where documents are built"). A child process shares
 * no V8 isolate with PGlite, so building still leaves the event loop free there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { BuildReply, BuildRequest } from './build-protocol.ts';
import { BuilderDiedError } from '../commands/draft-requests/job-errors.ts';
import { EXIT_REQUEST, type READY_REPLY, startThread, stopThread } from '../threads/lifecycle.ts';

export type BuilderIsolation = 'thread' | 'process';

export interface BuilderEndpoint {
  send(request: BuildRequest): void;
  /** Keep the process alive while the endpoint holds work; an idle one must not. */
  hold(busy: boolean): void;
  stop(): Promise<void>;
}

export interface EndpointEvents {
  reply(reply: BuildReply): void;
  /** The endpoint died (error or exit): its pending calls fail. */
  dead(err: Error): void;
}

const THREAD_ENTRY = new URL('./build-thread.ts', import.meta.url);
const PROCESS_ENTRY = new URL('./build-process.ts', import.meta.url);
/** How long a stop waits for a child to exit on its own before killing it. */
const PROCESS_STOP_TIMEOUT_MS = 15_000;

export function startEndpoint(isolation: BuilderIsolation, events: EndpointEvents): BuilderEndpoint {
  return isolation === 'thread' ? threadEndpoint(events) : processEndpoint(events);
}

function threadEndpoint(events: EndpointEvents): BuilderEndpoint {
  const thread = startThread(THREAD_ENTRY);
  const { worker } = thread;
  worker.on('message', (reply: BuildReply | typeof READY_REPLY) => ('ready' in reply ? thread.markReady() : events.reply(reply)));
  worker.on('error', (err) => events.dead(new BuilderDiedError(`the document-building thread failed (${err.message})`)));
  worker.on('exit', (code) => events.dead(new BuilderDiedError(`the document-building thread exited (code ${code})`)));
  worker.unref();
  return {
    send: (request) => worker.postMessage(request),
    hold: (busy) => (busy ? worker.ref() : worker.unref()),
    stop: () => stopThread(thread),
  };
}

function processEndpoint(events: EndpointEvents): BuilderEndpoint {
  const child: ChildProcess = fork(PROCESS_ENTRY, [], {
    execPath: process.execPath,
    // Buffers cross as bytes, not JSON arrays.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (reply: BuildReply | typeof READY_REPLY) => {
    if (!('ready' in reply)) events.reply(reply);
  });
  child.on('error', (err) => events.dead(new BuilderDiedError(`the document-building process failed (${err.message})`)));
  child.on('exit', (code, signal) => events.dead(new BuilderDiedError(`the document-building process exited (${signal ?? `code ${code}`})`)));
  const hold = (busy: boolean) => {
    if (busy) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  };
  hold(false);
  return {
    send: (request) => child.send(request),
    hold,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send(EXIT_REQUEST);
      const timer = new Promise<'timeout'>((resolve) => setTimeout(resolve, PROCESS_STOP_TIMEOUT_MS, 'timeout').unref());
      if ((await Promise.race([exited.then(() => 'exited' as const), timer])) === 'timeout') child.kill('SIGKILL');
      await exited;
    },
  };
}
