import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, signUp, type TestApp } from '../support/app.ts';
import { calculateDeadlines } from '../../src/domain/deadlines/index.ts';
import { call, daysAgo, insertEvent, insertPublicApplication, insertPublicPaper, today } from './helpers.ts';

// GET /api/applications/{number}[/deadlines|/history|/correspondence] and GET /api/correspondence/{id}.

let t: TestApp;
let a: { cookie: string; accountId: string };
let b: { cookie: string; accountId: string };
let keyA: string;
let publicId: string;
const papers: Record<string, string> = {};
const FINAL_MAILED = daysAgo(30);

const get = (url: string, headers: Record<string, string>) => call(t.app, { method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // 17/500,001: a non-final (text stored), the reply and an RCE, then a final still awaiting a reply.
  publicId = await insertPublicApplication(db, { number: '17500001', title: 'Heat exchanger with graded fins', entityStatus: 'small' });
  papers.ctnf = await insertPublicPaper(db, publicId, 'CTNF', daysAgo(200), {
    description: 'Non-Final Rejection',
    fullText: 'DETAILED ACTION\nClaims 1-3 are rejected under 35 U.S.C. 103.',
    periodMonths: 3,
  });
  papers.rem = await insertPublicPaper(db, publicId, 'REM', daysAgo(120), { description: 'Applicant Arguments/Remarks', direction: 'INCOMING' });
  papers.ctfr = await insertPublicPaper(db, publicId, 'CTFR', FINAL_MAILED, { description: 'Final Rejection', periodMonths: 3 });
  for (const [code, ago, text] of [
    ['CTNF', 202, 'Non-Final Rejection'],
    ['MCTNF', 200, 'Mail Non-Final Rejection'],
    ['A...', 120, 'Response after Non-Final Action'],
    ['CTFR', 32, 'Final Rejection'],
    ['MCTFR', 30, 'Mail Final Rejection (PTOL - 326)'],
    ['EXIN', 20, 'Examiner Interview Summary Record (PTOL - 413)'],
    ['ABN9', 110, 'Disposal for a RCE / CPA / R129'],
  ] as const) {
    await insertEvent(db, publicId, code, daysAgo(ago), text);
  }
  await insertPublicApplication(db, { number: '17500002', status: 'patented', patentNumber: '11999888' });
  a = await signUp(t.app);
  b = await signUp(t.app);
  keyA = await createKey(t.app, a.cookie);
  // Both accounts track an unpublished 29/000,001 of their own; only B tracks 29/000,002.
  for (const [who, number, title] of [
    [a, '29000001', 'A own title'],
    [b, '29000001', 'B own title'],
    [b, '29000002', 'B secret'],
  ] as const) {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: who.cookie },
      payload: { application_number: number, application: { invention_title: title, filing_date: '2024-05-01' } },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/applications/{number}', () => {
  test("REST #1's record field for field, plus the account's view", async () => {
    const lookup = (await call(t.app, { method: 'GET', url: '/v1/prosa/lookup/17500001' })).json();
    const res = await get('/api/applications/17%2F500%2C001', { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject(lookup);
    expect(body).toMatchObject({
      application_number: '17500001',
      critical_deadline_correspondence_id: papers.ctfr,
      docket_entry_id: null,
      private: false,
      entity_status: 'small',
      pending_action: {
        correspondence_id: papers.ctfr,
        document_code: 'CTFR',
        office_action_type: 'CTFR',
        action: 'final',
        mailing_date: FINAL_MAILED,
        period_months: 3,
        recorded_by_account: false,
      },
    });
  });

  test('docket_entry_id once the account follows it; an API key works too', async () => {
    const added = await call(t.app, { method: 'POST', url: '/api/docket', headers: { 'x-api-key': keyA }, payload: { application_number: '17500001' } });
    expect(added.statusCode).toBe(201);
    const body = (await get('/api/applications/17500001', { 'x-api-key': keyA })).json();
    expect(body.docket_entry_id).toBe(added.json().id);
    // B does not follow it.
    expect((await get('/api/applications/17500001', { cookie: b.cookie })).json().docket_entry_id).toBeNull();
  });

  test('a patented application: patent number, no pending action', async () => {
    const body = (await get('/api/applications/17500002', { cookie: a.cookie })).json();
    expect(body).toMatchObject({ status: 'patented', patent_number: '11999888', response_deadline: null, pending_action: null });
  });

  test("the account's private record wins; another account's private record is 404 app_not_found", async () => {
    const mine = (await get('/api/applications/29000001', { cookie: a.cookie })).json();
    expect(mine).toMatchObject({ invention_title: 'A own title', private: true, docket_entry_id: expect.any(String) });
    expect((await get('/api/applications/29000001', { cookie: b.cookie })).json().invention_title).toBe('B own title');
    const hidden = await get('/api/applications/29000002', { cookie: a.cookie });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: true, error_code: 'app_not_found', agent_suggestion: expect.any(String) });
    // Nor does the public REST lookup know it.
    expect((await call(t.app, { method: 'GET', url: '/v1/prosa/lookup/29000002' })).statusCode).toBe(404);
  });

  test('unknown and malformed numbers: 404 app_not_found; no credential: 401', async () => {
    expect((await get('/api/applications/18000000', { cookie: a.cookie })).json().error_code).toBe('app_not_found');
    expect((await get('/api/applications/not-a-number', { cookie: a.cookie })).json().error_code).toBe('app_not_found');
    const anon = await get('/api/applications/17500001', {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error_code).toBe('not_authenticated');
  });
});

describe('GET /api/applications/{number}/deadlines', () => {
  test("REST #2's fields plus the engine's full result, fees for the application's entity status (its USPTO record's before the account's default)", async () => {
    const rest2 = (await call(t.app, { method: 'GET', url: '/v1/prosa/deadlines/17500001' })).json();
    const res = await get('/api/applications/17500001/deadlines', { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The record says small; account A's default is large (issue 19: fees follow the application).
    const expected = calculateDeadlines({ action: 'final', mailingDate: FINAL_MAILED, periodMonths: 3, entity: 'small', today: today() });
    expect(body).toMatchObject({ application_number: '17500001', entity: 'small', entity_source: 'uspto', computed_on: today(), private: false });
    expect(body.deadlines).toMatchObject({
      response_deadline: rest2.deadlines.response_deadline,
      critical_deadline_date: rest2.deadlines.critical_deadline_date,
      critical_deadline_correspondence_id: papers.ctfr,
      abandonment_date_if_no_reply: expected.abandonment_date_if_no_reply,
      pending_action: { document_code: 'CTFR', recorded_by_account: false },
    });
    expect(body.calculation).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(body.calculation.extensions.length).toBeGreaterThan(0);
    expect(body.calculation.extensions[0]).toMatchObject({ months: 1, fee_for_entity: expected.extensions[0].fee!.small });
  });

  test("the account's default moves no fee the USPTO record states; the docket entry's entity status changes every fee at once", async () => {
    const patched = await call(t.app, { method: 'PATCH', url: '/api/account', headers: { cookie: b.cookie }, payload: { entity_size: 'micro' } });
    expect(patched.statusCode).toBe(200);
    expect((await get('/api/applications/17500001/deadlines', { cookie: b.cookie })).json()).toMatchObject({ entity: 'small', entity_source: 'uspto' });
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: b.cookie },
      payload: { application_number: '17500001', entity_size: 'micro' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const body = (await get('/api/applications/17500001/deadlines', { cookie: b.cookie })).json();
    expect(body).toMatchObject({ entity: 'micro', entity_source: 'docket' });
    const month1 = body.calculation.extensions[0];
    expect(month1.fee_for_entity).toBe(month1.fee.micro);
    expect(month1.fee_for_entity).not.toBe(month1.fee.large);
    expect(body.deadlines.extensions[0].fee_for_entity).toBe(month1.fee.micro);
    expect((await call(t.app, { method: 'DELETE', url: `/api/docket/${added.json().id}`, headers: { cookie: b.cookie } })).statusCode).toBe(204);
  });

  test('nothing pending: null fields and no calculation; unknown number 404', async () => {
    const body = (await get('/api/applications/17500002/deadlines', { cookie: a.cookie })).json();
    expect(body.deadlines).toMatchObject({
      response_deadline: null,
      critical_deadline_date: null,
      critical_deadline_correspondence_id: null,
      pending_action: null,
    });
    expect(body.calculation).toBeNull();
    expect((await get('/api/applications/29000002/deadlines', { cookie: a.cookie })).statusCode).toBe(404);
  });
});

describe('GET /api/applications/{number}/history', () => {
  test("newest first, with Prosa's meaning of each code", async () => {
    const res = await get('/api/applications/17500001/history', { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const { events, next_cursor } = res.json();
    expect(next_cursor).toBeNull();
    expect(events.map((e: { code: string }) => e.code)).toEqual(['EXIN', 'MCTFR', 'CTFR', 'ABN9', 'A...', 'MCTNF', 'CTNF']);
    const byCode = Object.fromEntries(events.map((e: { code: string }) => [e.code, e]));
    expect(byCode.ABN9).toMatchObject({ date: daysAgo(110), description: 'Disposal for a RCE / CPA / R129', meaning: { kind: 'rce', mail_event: false } });
    expect(byCode.MCTFR.meaning).toEqual({ kind: 'final', summary: 'Final rejection', mail_event: true });
    expect(byCode['A...'].meaning.kind).toBe('applicant_reply');
    expect(byCode.EXIN.meaning.kind).toBe('interview');
  });

  test('cursor pagination walks every event once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/applications/17500001/history?limit=3${cursor ? `&before=${cursor}` : ''}`, { cookie: a.cookie });
      const body = res.json();
      expect(body.events.length).toBeLessThanOrEqual(3);
      seen.push(...body.events.map((e: { code: string }) => e.code));
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['EXIN', 'MCTFR', 'CTFR', 'ABN9', 'A...', 'MCTNF', 'CTNF']);
  });

  test('bad limit and cursor are 400s naming the field; another account private application 404', async () => {
    const bad = await get('/api/applications/17500001/history?limit=0', { cookie: a.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('querystring.limit') });
    expect((await get('/api/applications/17500001/history?before=abc', { cookie: a.cookie })).json().message).toContain('querystring.before');
    expect((await get('/api/applications/29000002/history', { cookie: a.cookie })).json().error_code).toBe('app_not_found');
  });
});

describe('papers: GET /api/applications/{number}/correspondence and GET /api/correspondence/{id}', () => {
  test('newest first, with has_text and both vocabularies', async () => {
    const res = await get('/api/applications/17500001/correspondence', { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const list = res.json().correspondence;
    expect(list.map((p: { id: string }) => p.id)).toEqual([papers.ctfr, papers.rem, papers.ctnf]);
    expect(list[2]).toEqual({
      id: papers.ctnf,
      document_code: 'CTNF',
      description: 'Non-Final Rejection',
      mailing_date: daysAgo(200),
      direction: 'OUTGOING',
      period_months: 3,
      office_action_type: 'CTNF',
      action_kind: 'non_final',
      has_text: true,
      text_source: 'text',
      ocr_confidence: null,
      recorded_by_account: false,
      source: 'odp',
    });
    expect(list[1]).toMatchObject({ document_code: 'REM', direction: 'INCOMING', has_text: false, office_action_type: null, action_kind: null });
  });

  test('pagination with limit and before', async () => {
    const first = (await get('/api/applications/17500001/correspondence?limit=2', { cookie: a.cookie })).json();
    expect(first.correspondence.map((p: { id: string }) => p.id)).toEqual([papers.ctfr, papers.rem]);
    expect(first.next_cursor).toBe(papers.rem);
    const second = (await get(`/api/applications/17500001/correspondence?limit=2&before=${first.next_cursor}`, { cookie: a.cookie })).json();
    expect(second.correspondence.map((p: { id: string }) => p.id)).toEqual([papers.ctnf]);
    expect(second.next_cursor).toBeNull();
  });

  test('one paper with its full text; without text, full_text null', async () => {
    const res = await get(`/api/correspondence/${papers.ctnf}`, { cookie: b.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: papers.ctnf, application_number: '17500001', has_text: true, full_text: expect.stringContaining('35 U.S.C. 103') });
    expect((await get(`/api/correspondence/${papers.rem}`, { cookie: a.cookie })).json()).toMatchObject({ has_text: false, full_text: null });
  });

  test("a paper of another account's private application, or an unknown id: 404 correspondence_not_found", async () => {
    const db = t.database.db;
    const secret = await db
      .selectFrom('applications')
      .select('id')
      .where('owner_account_id', '=', b.accountId)
      .where('application_number', '=', '29000002')
      .executeTakeFirstOrThrow();
    const paper = await insertPublicPaper(db, secret.id, 'CTNF', daysAgo(5), { fullText: 'B only' });
    expect((await get(`/api/correspondence/${paper}`, { cookie: b.cookie })).statusCode).toBe(200);
    const other = await get(`/api/correspondence/${paper}`, { cookie: a.cookie });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: true, error_code: 'correspondence_not_found' });
    expect((await get('/api/correspondence/00000000-0000-0000-0000-000000000000', { cookie: a.cookie })).json().error_code).toBe('correspondence_not_found');
    expect((await get('/api/applications/29000002/correspondence', { cookie: a.cookie })).statusCode).toBe(404);
  });
});
