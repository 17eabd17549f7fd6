/** Helpers for the draft-job tests: an analysis to draft from, polling, and reading the DOCX. */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import mammoth from 'mammoth';
import { injectAsClient, randomIp } from './app.ts';
import { creditGranter } from '../../src/commands/credit-granter.ts';
import { CLI_ACTOR } from '../../src/commands/actor.ts';
import { credits } from '../../src/domain/money.ts';
import type { Db } from '../../src/db/connect.ts';

/** A real non-final rejection of application 17/200,011 (corpus item 04). */
export const OA_TEXT = readFileSync(new URL('../../src/domain/office-action/fixtures/04.txt', import.meta.url), 'utf8');

export async function analyzeOa(
  app: FastifyInstance,
  key: string,
  applicationNumber = '17200011',
): Promise<{ analysis_id: string; claim_analyses: { claim_number: number; recommendation: string }[] }> {
  const res = await injectAsClient(app, {
    method: 'POST',
    url: '/v1/prosa/analyze',
    headers: { 'x-api-key': key },
    payload: { application_number: applicationNumber, office_action_text: OA_TEXT, include_examiner_intel: false },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`analyze failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function grant(db: Db, accountId: string, whole: number): Promise<unknown> {
  return creditGranter(db, CLI_ACTOR, { accountId, amountMicro: credits(whole), kind: 'grant', description: 'test grant' });
}

/**
 * Waits until the job finishes, then reads its status through `url` (with the given headers).
 * The waiting watches the row itself: polling the API every few milliseconds would spend the
 * key's rate limit (120 per minute) in a few jobs. `seen` lists the statuses observed in order.
 */
export async function pollUntilDone(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  db?: Db,
  timeoutMs = 25_000,
): Promise<{ body: Record<string, unknown>; seen: string[] }> {
  const seen: string[] = [];
  const until = Date.now() + timeoutMs;
  const jobId = url.split('/').pop()!;
  for (;;) {
    let current: string;
    if (db) {
      current = (await db.selectFrom('draft_jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow()).status;
    } else {
      const res = await injectAsClient(app, { method: 'GET', url, headers, remoteAddress: randomIp() });
      if (res.statusCode !== 200) throw new Error(`poll failed: ${res.statusCode} ${res.body}`);
      current = res.json().status;
    }
    if (seen[seen.length - 1] !== current) seen.push(current);
    if (current === 'complete' || current === 'failed') break;
    if (Date.now() > until) throw new Error(`job still ${current} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, db ? 20 : 250));
  }
  const res = await injectAsClient(app, { method: 'GET', url, headers, remoteAddress: randomIp() });
  if (res.statusCode !== 200) throw new Error(`status failed: ${res.statusCode} ${res.body}`);
  return { body: res.json(), seen };
}

/** The path and query of an absolute download_url (for fastify.inject). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

export async function docxText(res: LightMyRequestResponse): Promise<string> {
  return (await mammoth.extractRawText({ buffer: res.rawPayload })).value;
}
