/**
 * The child processes uploaded files are read in (docs/decisions/extraction.md). A child is a separate process, not a worker thread: a hostile file can exhaust its heap
 * or crash it without touching the server's heap or event loop, and killing it is always safe
 * (terminating worker threads with PGlite's WASM alive aborted V8). Each child reads one file at a
 * time, under:
 * - a wall-time budget: past it the child is SIGKILLed (422 document_too_complex) and replaced;
 * - a V8 heap limit (`--max-old-space-size`), and an RSS ceiling polled from /proc while it
 *   works: past either, the same;
 * - a bounded wait queue: beyond it 503 extraction_busy with Retry-After, at once.
 * A child that dies otherwise fails its file with 503 extraction_unavailable (safe to retry). Idle
 * children are unref'd, so the pool never keeps a process alive.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AppError } from '../errors.ts';
import { CHILD_START_TIMEOUT_MS } from './budgets.ts';
import { extractionBusy, extractionUnavailable, fromWire, megabytes, ocrTooSlow, tooComplex, tooSlow } from './errors.ts';
import type { ChildReply, ChildRequest } from './protocol.ts';
import type { ReadRequest } from './read-document.ts';
import type { ExtractedText } from './types.ts';

export interface ExtractionPoolOptions {
  /** Children reading at once. */
  processes: number;
  /** Files waiting for a free child (beyond one per child) before more are refused. */
  maxWaiting: number;
  /** Wall time of one file in a child. */
  timeoutMs: number;
  /** V8 heap limit of a child (MB). */
  heapMb: number;
  /** Resident memory a working child may reach. */
  rssCeilingBytes: number;
  /** How often a working child's RSS is read. */
  rssPollMs: number;
}

export interface ExtractionPool {
  run(request: ReadRequest): Promise<ExtractedText>;
  /** Process ids of the children (tests: a killed child is replaced). */
  pids(): number[];
  close(): Promise<void>;
}

interface Job {
  request: ReadRequest;
  resolve(result: ExtractedText): void;
  reject(err: AppError): void;
}

interface Child {
  proc: ChildProcess;
  ready: boolean;
  /** The file it is reading, with its id and the timers watching it. */
  job: (Job & { id: number; timer: NodeJS.Timeout; poll: NodeJS.Timeout }) | null;
  /** The end of its stderr: V8 writes why it stopped there. */
  stderr: string;
  killed: boolean;
}

/** The server's deadline for a scan's OCR is the child's own budget plus this (the child answers first). */
const OCR_MARGIN_MS = 5_000;

const ENTRY = new URL('./extraction-child.ts', import.meta.url);
/** What V8 prints when a heap limit stops the process. */
const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit|Allocation failed/;

/** Resident bytes of a process (Linux /proc; elsewhere null, and the heap limit alone holds). */
async function rssOf(pid: number): Promise<number | null> {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** ref/unref of the child, its IPC channel and its stderr pipe together: a busy child keeps the process alive, an idle one does not. */
function hold(proc: ChildProcess, on: boolean): void {
  const handles = [proc, proc.channel, proc.stderr as (Readable & { ref?(): void; unref?(): void }) | null];
  for (const h of handles) on ? h?.ref?.() : h?.unref?.();
}

export function startExtractionPool(opts: ExtractionPoolOptions): ExtractionPool {
  const children: Child[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;

  const finish = (child: Child, outcome: { result: ExtractedText } | { error: AppError }) => {
    const job = child.job;
    if (!job) return;
    child.job = null;
    clearTimeout(job.timer);
    clearInterval(job.poll);
    if (!child.killed) hold(child.proc, false);
    if ('result' in outcome) job.resolve(outcome.result);
    else job.reject(outcome.error);
  };

  const remove = (child: Child) => {
    const i = children.indexOf(child);
    if (i >= 0) children.splice(i, 1);
  };

  /** Kills a child stuck on, or swollen by, its file; the file is answered with `error` and a fresh child takes its place. */
  const kill = (child: Child, error: AppError) => {
    if (child.killed) return;
    child.killed = true;
    remove(child);
    child.proc.kill('SIGKILL');
    finish(child, { error });
    if (!child.ready) return startFailed();
    if (!closed) spawn();
    pump();
  };

  const failWaiting = () => {
    for (const job of waiting.splice(0)) job.reject(extractionUnavailable());
  };

  /** A child could not start: unless another one is running, the files waiting would wait for nothing (no retry loop). */
  const startFailed = () => {
    if (!children.some((c) => c.ready)) failWaiting();
  };

  const spawn = (): Child => {
    const proc = fork(ENTRY, [], {
      execPath: process.execPath,
      execArgv: [`--max-old-space-size=${opts.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Nothing of the server's environment (secrets, NODE_OPTIONS) reaches a process that parses hostile files.
      env: {},
    });
    const child: Child = { proc, ready: false, job: null, stderr: '', killed: false };
    children.push(child);
    const startTimer = setTimeout(() => kill(child, extractionUnavailable()), CHILD_START_TIMEOUT_MS);
    startTimer.unref();
    proc.stderr!.on('data', (d: Buffer) => (child.stderr = (child.stderr + d.toString()).slice(-4096)));
    proc.on('message', (reply: ChildReply) => {
      if ('ready' in reply) {
        clearTimeout(startTimer);
        child.ready = true;
        pump();
        if (!child.job) hold(proc, false);
        return;
      }
      if (child.job?.id !== reply.id) return;
      if ('ocr' in reply) {
        // A scan: OCR takes longer than reading a text layer, within its own budgets (per page in
        // the child; per document here, with a margin over the child's own check).
        const job = child.job;
        const ms = job.request.budgets.ocrDocumentTimeoutMs;
        clearTimeout(job.timer);
        job.timer = setTimeout(() => kill(child, ocrTooSlow('the scan', ms)), ms + OCR_MARGIN_MS);
        return;
      }
      finish(child, reply.ok ? { result: reply.result } : { error: fromWire(reply.error) });
      pump();
    });
    proc.on('error', () => {}); // a failed spawn also emits 'exit'
    proc.on('exit', () => {
      clearTimeout(startTimer);
      if (child.killed) return;
      child.killed = true;
      remove(child);
      const oom = HEAP_EXHAUSTED.test(child.stderr);
      finish(child, {
        error: oom ? tooComplex(`reading it needed more than the ${megabytes(opts.heapMb * 1024 * 1024)} of memory a file may use`) : extractionUnavailable(),
      });
      if (!child.ready) return startFailed();
      if (!closed) spawn();
      pump();
    });
    // A child started for a waiting file keeps the process alive until it has read it.
    hold(proc, waiting.length > 0);
    return child;
  };

  const assign = (child: Child, job: Job) => {
    const id = nextId++;
    const timer = setTimeout(() => kill(child, tooSlow(opts.timeoutMs)), opts.timeoutMs);
    const poll = setInterval(async () => {
      const rss = await rssOf(child.proc.pid!);
      if (rss !== null && rss > opts.rssCeilingBytes && child.job?.id === id)
        kill(child, tooComplex(`reading it needed more than the ${megabytes(opts.rssCeilingBytes)} of memory a file may use`));
    }, opts.rssPollMs);
    child.job = { ...job, id, timer, poll };
    hold(child.proc, true);
    child.proc.send({ id, request: job.request } satisfies ChildRequest);
  };

  /** Hands waiting files to idle children, starting children up to the limit. */
  const pump = () => {
    while (waiting.length) {
      const idle = children.find((c) => c.ready && !c.job && !c.killed);
      if (idle) {
        assign(idle, waiting.shift()!);
        continue;
      }
      const starting = children.filter((c) => !c.ready).length;
      if (children.length < opts.processes && starting < waiting.length) spawn();
      else break;
    }
  };

  return {
    run(request) {
      if (closed) return Promise.reject(extractionUnavailable());
      // Files being read plus files waiting: one per child, and maxWaiting more.
      const reading = children.filter((c) => c.job).length;
      if (reading + waiting.length >= opts.processes + opts.maxWaiting) return Promise.reject(extractionBusy());
      return new Promise<ExtractedText>((resolve, reject) => {
        waiting.push({ request, resolve, reject });
        pump();
      });
    },
    pids: () => children.map((c) => c.proc.pid!).filter(Boolean),
    async close() {
      closed = true;
      failWaiting();
      await Promise.all(
        children.splice(0).map((child) => {
          child.killed = true;
          finish(child, { error: extractionUnavailable() });
          if (child.proc.exitCode !== null || child.proc.signalCode !== null) return undefined;
          const exited = new Promise((resolve) => child.proc.once('exit', resolve));
          hold(child.proc, true); // an unref'd child's exit would not be waited for
          child.proc.kill('SIGKILL');
          return exited;
        }),
      );
    },
  };
}
