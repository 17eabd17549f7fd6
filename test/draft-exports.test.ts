import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { analyzeOa, docxText, grant, pathOf, pollUntilDone } from './support/drafts.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { credits } from '../src/domain/money.ts';
import { getBalanceMicro, ledgerSumMicro } from '../src/queries/credits.ts';
import { pendingAction } from '../src/queries/application-deadlines.ts';
import type { ExtensionRequest } from '../src/commands/draft-requests/request-types.ts';

let t: TestApp;
let cookie: string;
let accountId: string;
let key: string;
let analysisId: string;
/** Calls rotate over a session and several API keys: each is limited to 20 requests per second. */
let credentials: Record<string, string>[] = [];
let turn = 0;
const auth = () => credentials[turn++ % credentials.length];
beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
  await seedDemoData(t.database.db, '2026-11-21');
  ({ cookie, accountId } = await signUp(t.app));
  key = await createKey(t.app, cookie);
  credentials = [
    { cookie },
    { 'x-api-key': key },
    ...(await Promise.all([1, 2, 3].map(async (i) => ({ 'x-api-key': await createKey(t.app, cookie, `k${i}`) })))),
  ];
  analysisId = (await analyzeOa(t.app, key)).analysis_id;
  await grant(t.database.db, accountId, 100);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: object, headers: Record<string, string> = auth()) =>
  t.app.inject({ method: 'POST', url: '/api/exports', headers, payload, remoteAddress: randomIp() });
const ledgerOf = (jobId: string) => t.database.db.selectFrom('credit_ledger').select(['kind', 'amount_micro']).where('reference', '=', jobId).execute();

/** Submits, checks the charge, waits for completion and downloads: returns the DOCX text. */
async function exportAndDownload(payload: object, price: number, filename: RegExp): Promise<{ jobId: string; text: string }> {
  const before = await getBalanceMicro(t.database.db, accountId);
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(202);
  const submitted = res.json();
  expect(submitted).toMatchObject({ status: 'queued', poll_url: `/api/exports/${submitted.job_id}`, price: `${price}.00` });
  expect(before - (await getBalanceMicro(t.database.db, accountId))).toBe(credits(price));
  expect(await ledgerOf(submitted.job_id)).toEqual([{ kind: 'export', amount_micro: -credits(price) }]);
  const { body } = await pollUntilDone(t.app, submitted.poll_url, auth(), t.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  expect(file.headers['content-disposition']).toMatch(filename);
  return { jobId: submitted.job_id, text: await docxText(file) };
}

describe('POST /api/exports: IDS, forms and drawings through the same jobs, billing and downloads', () => {
  test('an IDS costs 9.00 and lists the cited documents under the caption', async () => {
    const { text } = await exportAndDownload(
      {
        type: 'ids',
        application_number: '17/200,011',
        input: {
          // The docket puts an IDS of 2026-11-21 in 1.97(c) (a non-final action was mailed 40 days before).
          timing: '1.97(c)',
          statement: '1.97(e)(2)',
          us_patents: [{ number: '9,876,543', kind_code: 'B2', date: '2019-05-01', patentee_or_applicant: 'Smith' }],
          non_patent_literature: [{ citation: 'DOE, J., "Predictive cell models", Journal of Batteries, 2020, pp. 1-9' }],
          date: '2026-11-21',
        },
      },
      9,
      /^attachment; filename="IDS-17200011-2026-11-21\.docx"$/,
    );
    expect(text).toMatch(/17\/200,011/);
    expect(text).toMatch(/9,876,543/);
    expect(text).toMatch(/Predictive cell models/);
  });

  test('a petition for extension of time costs 5.00; its period and fee come from the deadline engine', async () => {
    const { jobId, text } = await exportAndDownload(
      { type: 'form', form: 'extension_of_time', application_number: '17200011', input: { months: 2 } },
      5,
      /filename="Extension-Petition-17200011-\d{4}-\d{2}-\d{2}\.docx"/,
    );
    const job = await t.database.db.selectFrom('draft_jobs').select(['request', 'application_id']).where('id', '=', jobId).executeTakeFirstOrThrow();
    const request = job.request as unknown as ExtensionRequest;
    const pending = (await pendingAction(t.database.db, job.application_id!, { entity: 'small', today: request.petition_date }))!;
    const ext = pending.result.extensions.find((e) => e.months === 2)!;
    expect(request).toMatchObject({
      months: 2,
      entity_size: 'small',
      period: { reply_due: pending.result.response_deadline, extended_due: ext.due_effective },
      fee_amount: ext.fee!.small,
    });
    expect(text).toMatch(/PETITION FOR EXTENSION OF TIME/);
    expect(text).toMatch(/two \(2\) months|two months/i);
    expect(text.replace(/,/g, '')).toContain(ext.fee!.small.replace(/,/g, ''));
  });

  test('without months, a petition dated within the period set is refused (409 extension_not_needed), unbilled', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const res = await post({ type: 'form', form: 'extension_of_time', application_number: '17200011', input: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('extension_not_needed');
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test('without months, the deadline engine picks the fewest that make a late petition timely', async () => {
    const app = await t.database.db.selectFrom('applications').select('id').where('application_number', '=', '17200011').executeTakeFirstOrThrow();
    const pending = (await pendingAction(t.database.db, app.id, { entity: 'small' }))!;
    const second = pending.result.extensions[1];
    const res = await post({ type: 'form', form: 'extension_of_time', application_number: '17200011', input: { petition_date: second.due_effective } });
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.database.db.selectFrom('draft_jobs').select('request').where('id', '=', res.json().job_id).executeTakeFirstOrThrow();
    expect((job.request as unknown as ExtensionRequest).months).toBe(2);
    await pollUntilDone(t.app, res.json().poll_url, auth(), t.database.db);
  });

  test('an interview request costs 5.00 and takes its agenda from the analysis', async () => {
    const { text } = await exportAndDownload(
      {
        type: 'form',
        form: 'interview_request',
        application_number: '17200011',
        analysis_id: analysisId,
        input: { interview_type: 'video', proposed_slots: [{ date: '2026-12-01', time: '10:00 AM ET' }], strategy_selections: { claim_1: 'amend_narrow' } },
      },
      5,
      /filename="Interview-Request-17200011-\d{4}-\d{2}-\d{2}\.docx"/,
    );
    expect(text).toMatch(/APPLICANT INITIATED INTERVIEW REQUEST/);
    expect(text).toMatch(/Rebmann/);
    expect(text).toMatch(/17\/200,011/);
  });

  test('an interview request needs the analysis, of the same application and account', async () => {
    expect((await post({ type: 'form', form: 'interview_request', application_number: '17200011', input: { interview_type: 'video' } })).statusCode).toBe(400);
    const wrongApp = await post({
      type: 'form',
      form: 'interview_request',
      application_number: '17345678',
      analysis_id: analysisId,
      input: { interview_type: 'video' },
    });
    expect(wrongApp.statusCode).toBe(404);
    const bad = await post({
      type: 'form',
      form: 'interview_request',
      application_number: '17200011',
      analysis_id: analysisId,
      input: { interview_type: 'video', strategy_selections: { claim_42: 'cancel' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/strategy_selections\.claim_42/);
  });

  test('a drawing sheet costs 5.00; its title comes from the application', async () => {
    const { jobId } = await exportAndDownload(
      {
        type: 'drawing',
        application_number: '17200011',
        input: {
          figure_label: 'FIG. 1',
          kind: 'block',
          nodes: [
            { id: 'pack', label: 'Battery pack', ref_numeral: 100 },
            { id: 'ctl', label: 'Controller', ref_numeral: 102 },
          ],
          edges: [{ from: 'pack', to: 'ctl' }],
        },
      },
      5,
      /filename="Drawing-17200011-FIG.-1\.docx"/,
    );
    const job = await t.database.db.selectFrom('draft_jobs').select('request').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.request).toMatchObject({ drawing: { title: 'Adaptive thermal management for battery packs using predictive cell models' } });
  });

  test('bad export bodies are 400 and unbilled', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    expect((await post({ type: 'poster', application_number: '17200011', input: {} })).statusCode).toBe(400);
    expect((await post({ type: 'ids', application_number: '17200011', input: { timing: '1.97(b)' } })).json().message).toMatch(/at least one document/);
    expect(
      (await post({ type: 'drawing', input: { figure_label: 'FIG. 2', kind: 'flow', nodes: [{ id: 'a', label: 'Start', ref_numeral: 1 }], edges: [] } })).json()
        .message,
    ).toMatch(/input\.title/);
    expect(
      (
        await post({
          type: 'drawing',
          input: { title: 'T', figure_label: 'FIG. 2', kind: 'flow', nodes: [{ id: 'a', label: 'Start', ref_numeral: 1 }], edges: [{ from: 'a', to: 'z' }] },
        })
      ).json().message,
    ).toMatch(/input\.edges\.0/);
    expect(
      (
        await post({
          type: 'ids',
          application_number: '99999999',
          input: { timing: '1.97(b)', us_patents: [{ number: '1', date: '2019-01-01', patentee_or_applicant: 'X' }] },
        })
      ).statusCode,
    ).toBe(404);
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test('GET /api/exports lists the account’s jobs newest first; another account sees none of them (404)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/exports?limit=3', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.exports).toHaveLength(3);
    expect(page.next_cursor).toEqual(expect.any(String));
    expect(page.exports[0].export_type).toBe('drawing');
    expect(page.exports.every((e: { status: string; download_url?: string }) => e.status === 'complete' && e.download_url)).toBe(true);
    const next = (await t.app.inject({ method: 'GET', url: `/api/exports?limit=100&before=${page.next_cursor}`, headers: auth() })).json();
    expect(next.exports.length).toBeGreaterThanOrEqual(2);
    const formsRes = await t.app.inject({ method: 'GET', url: '/api/exports?type=form', headers: auth() });
    expect(formsRes.statusCode, formsRes.body).toBe(200);
    const forms = formsRes.json();
    expect(forms.exports.every((e: { export_type: string }) => e.export_type === 'form')).toBe(true);

    const other = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/exports/${page.exports[0].job_id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/exports', headers: { cookie: other.cookie } })).json().exports).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/exports' })).statusCode).toBe(401);
  });

  test('every charge is in the ledger: balance = sum of ledger', async () => {
    expect(await ledgerSumMicro(t.database.db, accountId)).toBe(await getBalanceMicro(t.database.db, accountId));
  });
});
