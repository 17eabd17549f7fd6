import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { analyzeOa, docxText, grant, pathOf, pollUntilDone } from './support/drafts.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { buildResponseToOfficeAction } from '../src/documents/build-response.ts';
import { DocumentInputError } from '../src/documents/validate.ts';
import type { ResponseDraftInput } from '../src/documents/types.ts';
import { issueDownloadToken } from '../src/auth/download-token.ts';
import { keyringFromSecret } from '../src/auth/keyring.ts';
import { credits } from '../src/domain/money.ts';
import { getBalanceMicro, ledgerSumMicro } from '../src/queries/credits.ts';

/**
 * The builder seam: response dates in 2031 make the builder fail, so failure, retry and refund
 * can be driven through the real API. 2031-01-01: the input is rejected (permanent, no retry);
 * 2031-01-02: an internal error on every attempt; 2031-01-03: an internal error on the first
 * attempt only.
 */
const flakyOnce = new Set<string>();
async function oaBuilder(input: ResponseDraftInput): Promise<Buffer> {
  if (input.response_date === '2031-01-01') throw new DocumentInputError('forced rejection of the input');
  if (input.response_date === '2031-01-02') throw new Error('forced internal failure');
  if (input.response_date === '2031-01-03' && !flakyOnce.has(input.caption.application_number)) {
    flakyOnce.add(input.caption.application_number);
    throw new Error('forced failure of the first attempt');
  }
  return buildResponseToOfficeAction(input);
}

let t: TestApp;
let key: string;
/** Requests rotate over several keys of the account: the per-key burst limit is 20 per second. */
let keys: string[] = [];
let turn = 0;
const nextKey = () => keys[turn++ % keys.length];
let accountId: string;
let analysisId: string;
beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: { builders: { oa_response: oaBuilder } },
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5, retryLimit: 1, retryDelay: 1, retryDelayMax: 1 },
  });
  await seedDemoData(t.database.db, '2026-11-21');
  ({ accountId } = await signUp(t.app).then(async (s) => {
    key = await createKey(t.app, s.cookie);
    keys = [key, ...(await Promise.all([1, 2, 3, 4, 5].map((i) => createKey(t.app, s.cookie, `k${i}`))))];
    return s;
  }));
  analysisId = (await analyzeOa(t.app, key)).analysis_id;
});
afterAll(async () => {
  await t?.close();
});

const submit = (body: object, headers: Record<string, string> = {}, apiKey = nextKey()) =>
  t.app.inject({ method: 'POST', url: '/v1/prosa/draft-roa', headers: { 'x-api-key': apiKey, ...headers }, payload: body, remoteAddress: randomIp() });
const status = (jobId: string, apiKey = nextKey()) =>
  t.app.inject({ method: 'GET', url: `/v1/prosa/draft-roa/status/${jobId}`, headers: { 'x-api-key': apiKey }, remoteAddress: randomIp() });
const download = (path: string) => t.app.inject({ method: 'GET', url: path, remoteAddress: randomIp() });
const exportEntries = (jobId: string) => t.database.db.selectFrom('credit_ledger').selectAll().where('reference', '=', jobId).orderBy('id').execute();

async function runToEnd(body: object): Promise<{ jobId: string; final: Record<string, unknown>; seen: string[] }> {
  const res = await submit(body);
  expect(res.statusCode, res.body).toBe(202);
  const jobId = res.json().job_id as string;
  const { body: final, seen } = await pollUntilDone(t.app, `/v1/prosa/draft-roa/status/${jobId}`, { 'x-api-key': nextKey() }, t.database.db);
  return { jobId, final, seen };
}

describe('REST #4 POST /v1/prosa/draft-roa: billing', () => {
  test('a new account (25.00 welcome credits) gets 402 insufficient_credits naming the document type and price; nothing is charged or queued', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    expect(before).toBeLessThan(credits(49));
    const res = await submit({ application_number: '17/200,011', analysis_id: analysisId });
    expect(res.statusCode).toBe(402);
    const err = res.json();
    expect(err).toMatchObject({ error: true, error_code: 'insufficient_credits' });
    expect(err.message).toMatch(/OA Response/);
    expect(err.message).toMatch(/49\.00/);
    expect(err.agent_suggestion).toMatch(/buy credits/i);
    expect(err.agent_suggestion).toMatch(/Billing/);
    expect(err.agent_suggestion).toMatch(/retry/i);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
    const jobs = await t.database.db.selectFrom('draft_jobs').select('id').where('account_id', '=', accountId).execute();
    expect(jobs).toHaveLength(0);
    const exports = await t.database.db.selectFrom('credit_ledger').select('id').where('account_id', '=', accountId).where('kind', '=', 'export').execute();
    expect(exports).toHaveLength(0);
  });
});

describe('REST #4, #5 and #6: submit, poll, download', () => {
  let jobId: string;
  let downloadUrl: string;

  test('with credits: 202 queued with a relative poll_url; charged 49.00 once, with the job in the same transaction', async () => {
    await grant(t.database.db, accountId, 200);
    const before = await getBalanceMicro(t.database.db, accountId);
    const res = await submit({
      application_number: '17 200 011',
      analysis_id: analysisId,
      strategy_selections: { claim_1: 'amend_narrow', claim_2: 'argue_distinction' },
      claims: {
        '1': 'A battery pack comprising a plurality of cells and a controller configured to predict cell temperature.',
        '2': 'The battery pack of claim 1, wherein the controller uses a thermal model.',
      },
      response_date: '2026-11-21',
      attorney: { name: 'Jane Q. Attorney', registration_number: '12,345' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['job_id', 'status', 'poll_url']);
    expect(body.job_id).toMatch(/^job_[0-9A-Za-z]{24}$/);
    expect(body.status).toBe('queued');
    expect(body.poll_url).toBe(`/v1/prosa/draft-roa/status/${body.job_id}`);
    expect(res.headers.deprecation).toBeDefined();
    jobId = body.job_id;
    expect(before - (await getBalanceMicro(t.database.db, accountId))).toBe(credits(49));
    const ledger = await exportEntries(jobId);
    expect(ledger.map((e) => [e.kind, e.amount_micro])).toEqual([['export', -credits(49)]]);
    const job = await t.database.db.selectFrom('draft_jobs').select(['charge_ledger_id', 'price_micro']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.charge_ledger_id).toBe(ledger[0].id);
  });

  test('polling shows the job through to complete with an absolute, signed download_url; polling is free', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const { body, seen } = await pollUntilDone(t.app, `/v1/prosa/draft-roa/status/${jobId}`, { 'x-api-key': nextKey() });
    expect(seen[seen.length - 1]).toBe('complete');
    expect(body).toMatchObject({ job_id: jobId, status: 'complete' });
    expect(body.error_message).toBeUndefined();
    downloadUrl = body.download_url as string;
    expect(downloadUrl).toMatch(new RegExp(`^http://prosa\\.test/v1/prosa/download/${jobId}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test('the download is the DOCX as an attachment, naming the application; not billed', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const res = await download(pathOf(downloadUrl));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Response-17200011-2026-11-21.docx"');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const text = await docxText(res);
    expect(text).toMatch(/17\/200,011/);
    expect(text).toMatch(/Adaptive thermal management for battery packs/);
    expect(text).toMatch(/Examiner: Margaret Anne Hartwell/); // first name first (issue 11)
    expect(text).toMatch(/Rebmann/);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
    expect(await ledgerSumMicro(t.database.db, accountId)).toBe(before);
  });

  test('every poll issues a fresh download URL; each works', async () => {
    const a = (await status(jobId)).json().download_url as string;
    const b = (await status(jobId)).json().download_url as string;
    expect(a).not.toBe(b);
    expect(new URL(a).searchParams.get('token')).not.toBe(new URL(b).searchParams.get('token'));
    expect((await download(pathOf(a))).statusCode).toBe(200);
    expect((await download(pathOf(b))).statusCode).toBe(200);
  });

  test('an expired token is 401 download_token_expired, telling the agent to poll again', async () => {
    const past = Math.floor(Date.now() / 1000) - 2 * 3600;
    const { token } = await issueDownloadToken(t.ctx.keyring, jobId, accountId, { now: past });
    const res = await download(`/v1/prosa/download/${jobId}?token=${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: true, error_code: 'download_token_expired' });
    expect(res.json().agent_suggestion).toMatch(/status/);
  });

  test('a token for another job is 403 download_token_mismatch', async () => {
    const other = await runToEnd({ application_number: '17200011', analysis_id: analysisId, response_date: '2026-11-22' });
    expect(other.final.status).toBe('complete');
    const token = new URL(other.final.download_url as string).searchParams.get('token');
    const res = await download(`/v1/prosa/download/${jobId}?token=${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('download_token_mismatch');
  });

  test('missing, garbled, altered and foreign-key tokens are 401', async () => {
    expect((await download(`/v1/prosa/download/${jobId}`)).json().error_code).toBe('missing_download_token');
    const garbled = await download(`/v1/prosa/download/${jobId}?token=not-a-token`);
    expect(garbled.statusCode).toBe(401);
    expect(garbled.json().error_code).toBe('invalid_download_token');
    const good = new URL(downloadUrl).searchParams.get('token')!;
    const altered = `${good.slice(0, -3)}${good.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    expect((await download(`/v1/prosa/download/${jobId}?token=${altered}`)).json().error_code).toBe('invalid_download_token');
    const foreign = await issueDownloadToken(keyringFromSecret('another-secret-another-secret-another-secret'), jobId, accountId);
    expect((await download(`/v1/prosa/download/${jobId}?token=${foreign.token}`)).json().error_code).toBe('invalid_download_token');
  });

  test('another account cannot see the job (404) and its download needs the token, not a key', async () => {
    const s = await signUp(t.app);
    const otherKey = await createKey(t.app, s.cookie);
    const res = await status(jobId, otherKey);
    expect(res.statusCode).toBe(404);
    expect(res.json().error_code).toBe('job_not_found');
    expect((await status('job_doesnotexist', key)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/prosa/draft-roa/status/${jobId}`, remoteAddress: randomIp() })).json().error_code).toBe(
      'missing_api_key',
    );
  });
});

describe('REST #4 validation: nothing is charged', () => {
  test('strategy_selections: a key for a claim outside the analysis, a malformed key or an unknown code is a 400 naming the key', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const cases: [Record<string, string>, RegExp][] = [
      [{ claim_99: 'cancel' }, /strategy_selections\.claim_99.*claim 99 is not in the analysis/],
      [{ claim_1: 'bogus' }, /strategy_selections\.claim_1.*must be one of amend_narrow, argue_distinction, cancel, argue_unexpected_results/],
      [{ first: 'cancel' }, /strategy_selections\.first.*claim_<n>/],
    ];
    for (const [selections, message] of cases) {
      const res = await submit({ application_number: '17200011', analysis_id: analysisId, strategy_selections: selections });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_code).toBe('validation_error');
      expect(res.json().message).toMatch(message);
    }
    expect((await submit({ application_number: '17200011', analysis_id: analysisId, strategy_selections: { claim_1: 5 } })).statusCode).toBe(400);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test("another account's analysis, an unknown analysis and a mismatched application are all 404", async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const s = await signUp(t.app);
    const otherKey = await createKey(t.app, s.cookie);
    await grant(t.database.db, s.accountId, 100);
    const theirs = await submit({ application_number: '17200011', analysis_id: analysisId }, {}, otherKey);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error_code).toBe('analysis_not_found');
    expect((await submit({ application_number: '17200011', analysis_id: 'an_nope' })).statusCode).toBe(404);
    const mismatched = await submit({ application_number: '17/345,678', analysis_id: analysisId });
    expect(mismatched.statusCode).toBe(404);
    expect(mismatched.json().error_code).toBe('analysis_not_found');
    expect((await submit({ application_number: 'garbage', analysis_id: analysisId })).statusCode).toBe(404);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
    expect(await getBalanceMicro(t.database.db, s.accountId)).toBe(credits(125));
  });

  test('missing fields and bad dates are 400', async () => {
    expect((await submit({ analysis_id: analysisId })).statusCode).toBe(400);
    expect((await submit({ application_number: '17200011', analysis_id: analysisId, response_date: '21/11/2026' })).statusCode).toBe(400);
    expect((await submit({ application_number: '17200011', analysis_id: analysisId, claims: { one: 'x' } })).json().message).toMatch(/claims\.one/);
  });
});

describe('REST #4 Idempotency-Key', () => {
  test('the same key and body return the same job without a second charge; another body with that key is 409', async () => {
    const body = { application_number: '17200011', analysis_id: analysisId, response_date: '2026-11-23' };
    const before = await getBalanceMicro(t.database.db, accountId);
    const first = await submit(body, { 'idempotency-key': 'roa-retry-1' });
    expect(first.statusCode).toBe(202);
    const again = await submit({ analysis_id: analysisId, response_date: '2026-11-23', application_number: '17200011' }, { 'idempotency-key': 'roa-retry-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().job_id).toBe(first.json().job_id);
    expect(before - (await getBalanceMicro(t.database.db, accountId))).toBe(credits(49));
    const other = await submit({ ...body, response_date: '2026-11-24' }, { 'idempotency-key': 'roa-retry-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error_code).toBe('idempotency_key_reused');
    expect(before - (await getBalanceMicro(t.database.db, accountId))).toBe(credits(49));
    await pollUntilDone(t.app, first.json().poll_url, { 'x-api-key': nextKey() }, t.database.db);
  });
});

describe('failures are refunded', () => {
  test('an input the builder rejects fails at once (no retry) with an error_message, and the charge is refunded in the same transaction', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const { jobId, final } = await runToEnd({ application_number: '17200011', analysis_id: analysisId, response_date: '2031-01-01' });
    expect(final.status).toBe('failed');
    expect(final.error_message).toMatch(/forced rejection of the input/);
    expect(final.error_message).toMatch(/49\.00 credits charged for it were refunded/);
    expect(final.download_url).toBeUndefined();
    expect(final.progress).toBeUndefined();
    const ledger = await exportEntries(jobId);
    expect(ledger.map((e) => [e.kind, e.amount_micro])).toEqual([
      ['export', -credits(49)],
      ['refund', credits(49)],
    ]);
    const job = await t.database.db.selectFrom('draft_jobs').select(['attempts', 'refund_ledger_id']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.refund_ledger_id).toBe(ledger[1].id);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
    expect(await ledgerSumMicro(t.database.db, accountId)).toBe(before);
    // Its download is refused: no document.
    const { token } = await issueDownloadToken(t.ctx.keyring, jobId, accountId);
    const res = await download(`/v1/prosa/download/${jobId}?token=${token}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('job_not_complete');
  });

  test('an internal error is retried; when the last retry fails too, the job fails and is refunded once', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const { jobId, final } = await runToEnd({ application_number: '17200011', analysis_id: analysisId, response_date: '2031-01-02' });
    expect(final.status).toBe('failed');
    expect(final.error_message).toMatch(/internal error/);
    const job = await t.database.db.selectFrom('draft_jobs').select('attempts').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
    expect((await exportEntries(jobId)).map((e) => e.kind)).toEqual(['export', 'refund']);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
    expect(await ledgerSumMicro(t.database.db, accountId)).toBe(before);
  });

  test('a job whose first attempt fails completes on the retry, charged once', async () => {
    await grant(t.database.db, accountId, 100);
    const before = await getBalanceMicro(t.database.db, accountId);
    const { jobId, final } = await runToEnd({ application_number: '17200011', analysis_id: analysisId, response_date: '2031-01-03' });
    expect(final.status).toBe('complete');
    const job = await t.database.db.selectFrom('draft_jobs').select(['attempts', 'error_message']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
    expect(job.error_message).toBeNull();
    expect((await exportEntries(jobId)).map((e) => e.kind)).toEqual(['export']);
    expect(before - (await getBalanceMicro(t.database.db, accountId))).toBe(credits(49));
  });
});

describe('status of a job waiting for a worker', () => {
  test('queued shows progress 0; its download is 409 job_not_complete', async () => {
    // A queued row with no queue message (so no worker takes it), written directly.
    const id = 'job_queuedForTheStatusTest00';
    await t.database.db
      .insertInto('draft_jobs')
      .values({
        id,
        account_id: accountId,
        export_type: 'oa_response',
        request: '{}',
        request_fingerprint: 'x',
        price_micro: '0',
        application_number: '17200011',
      })
      .execute();
    const res = await status(id);
    expect(res.json()).toMatchObject({ job_id: id, status: 'queued', progress: 0 });
    expect(res.json().download_url).toBeUndefined();
    const { token } = await issueDownloadToken(t.ctx.keyring, id, accountId);
    expect((await download(`/v1/prosa/download/${id}?token=${token}`)).statusCode).toBe(409);
  });
});

describe('OpenAPI', () => {
  test('REST #4, #5 and #6 are described and marked deprecated', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/prosa/draft-roa'].post.deprecated).toBe(true);
    expect(doc.paths['/v1/prosa/draft-roa/status/{job_id}'].get.deprecated).toBe(true);
    expect(doc.paths['/v1/prosa/download/{job_id}'].get.deprecated).toBe(true);
    expect(Object.keys(doc.paths['/v1/prosa/draft-roa'].post.responses)).toEqual(expect.arrayContaining(['202', '402', '404']));
  });
});
