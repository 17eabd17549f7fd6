/**
 * Entry of an analysis thread (analysis-pool.ts): parses office actions, counts tokens and builds
 * analysis records off the main thread, so a 1 MB action (about a second of CPU) does not stall
 * the requests, the health check and, embedded, the database served by the same event loop.
 */
import { parentPort } from 'node:worker_threads';
import { buildRecord, estimateTokens, firstPass } from '../analysis-tasks.ts';
import { claimChart, readFileDocument, supportSearch } from '../file-tasks.ts';
import type { TaskReply, TaskRequest } from './protocol.ts';
import { READY_REPLY, type EXIT_REQUEST } from '../../threads/lifecycle.ts';

const run = (req: TaskRequest): unknown => {
  switch (req.task) {
    case 'firstPass':
      return firstPass(req.input as TaskRequest<'firstPass'>['input']);
    case 'buildRecord':
      return buildRecord(req.input as TaskRequest<'buildRecord'>['input']);
    case 'estimateTokens':
      return estimateTokens(req.input as TaskRequest<'estimateTokens'>['input']);
    case 'readDocument':
      return readFileDocument(req.input as TaskRequest<'readDocument'>['input']);
    case 'claimChart':
      return claimChart(req.input as TaskRequest<'claimChart'>['input']);
    case 'supportSearch':
      return supportSearch(req.input as TaskRequest<'supportSearch'>['input']);
  }
};

parentPort!.on('message', (req: TaskRequest | typeof EXIT_REQUEST) => {
  if ('exit' in req) {
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ id: req.id, ok: true, output: run(req) } satisfies TaskReply);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    parentPort!.postMessage({ id: req.id, ok: false, name: e.name, message: e.message } satisfies TaskReply);
  }
});

parentPort!.postMessage(READY_REPLY);
