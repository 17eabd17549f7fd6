import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, signUp, type TestApp } from '../support/app.ts';
import { calculateDeadlines } from '../../src/domain/deadlines/index.ts';
import { call, daysAgo, insertPublicApplication, insertPublicPaper, today } from './helpers.ts';

// POST /api/docket/{id}/office-actions: a just-mailed action recorded by one account goes live for
// that account everywhere (docket, deadlines, calendar feed, application views) and nowhere else.

let t: TestApp;
let a: { cookie: string; accountId: string };
let b: { cookie: string; accountId: string };
let keyA: string;
/** Docket entries: A's and B's of the public 17/600,001; A's private 29/100,001; A's patented 17/600,002. */
const entry: Record<string, string> = {};
const MAILED = daysAgo(2);

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
  call(t.app, { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const record = (entryId: string, payload: unknown, headers: Record<string, string> = { cookie: a.cookie }) =>
  inject('POST', `/api/docket/${entryId}/office-actions`, headers, payload);

async function docket(cookie: string, payload: object): Promise<string> {
  const res = await inject('POST', '/api/docket', { cookie }, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function feedEvents(cookie: string): Promise<string> {
  const created = await inject('POST', '/api/calendar-feed', { cookie });
  expect(created.statusCode).toBe(201);
  const path = new URL(created.json().url).pathname;
  const res = await call(t.app, { method: 'GET', url: path });
  expect(res.statusCode).toBe(200);
  return res.body.replace(/\r?\n[ \t]/g, ''); // unfolded (RFC 5545 3.1)
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // 17/600,001 is public: its last action (a non-final) was answered, so nothing is pending publicly.
  const pub = await insertPublicApplication(db, { number: '17600001', filingDate: '2022-03-01' });
  await insertPublicPaper(db, pub, 'CTNF', daysAgo(300), { periodMonths: 3 });
  await insertPublicPaper(db, pub, 'REM', daysAgo(250), { direction: 'INCOMING' });
  await insertPublicApplication(db, { number: '17600002', status: 'patented', patentNumber: '11222333' });
  a = await signUp(t.app);
  b = await signUp(t.app);
  keyA = await createKey(t.app, a.cookie);
  entry.a = await docket(a.cookie, { application_number: '17600001', client_matter: 'A-1' });
  entry.b = await docket(b.cookie, { application_number: '17600001', client_matter: 'B-1' });
  entry.private = await docket(a.cookie, {
    application_number: '29100001',
    application: { invention_title: 'Unpublished gearbox', filing_date: daysAgo(400) },
  });
  entry.patented = await docket(a.cookie, { application_number: '17600002' });
});
afterAll(async () => {
  await t?.close();
});

describe('recording an action on a public application', () => {
  let paperId: string;
  const expected = () => calculateDeadlines({ action: 'non_final', mailingDate: MAILED, periodMonths: 3, entity: 'large', today: today() });

  test('201: the paper (private to the account) and its deadlines, live at once', async () => {
    expect((await inject('GET', '/api/applications/17600001', { cookie: a.cookie })).json().pending_action).toBeNull();
    const res = await record(entry.a, { kind: 'CTNF', mailing_date: MAILED, text: 'DETAILED ACTION\nClaims 1-5 are rejected.', period_months: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    paperId = body.correspondence.id;
    expect(body.correspondence).toMatchObject({
      document_code: 'CTNF',
      description: 'Non-Final Rejection',
      mailing_date: MAILED,
      direction: 'OUTGOING',
      period_months: 3,
      has_text: true,
      recorded_by_account: true,
      source: 'account',
    });
    expect(body.correspondence.full_text).toBeUndefined();
    const e = expected();
    expect(body).toMatchObject({ application_number: '17600001', docket_entry_id: entry.a });
    expect(body.deadlines).toMatchObject({
      response_deadline: e.response_deadline,
      critical_deadline_date: e.critical_deadline_date,
      critical_deadline_correspondence_id: paperId,
      pending_action: { correspondence_id: paperId, recorded_by_account: true },
    });
    expect(body.calculation.response_deadline).toBe(e.response_deadline);
  });

  test("the owner's docket, deadlines, application view, papers and calendar feed show it", async () => {
    const e = expected();
    const docketEntry = (await inject('GET', `/api/docket/${entry.a}`, { 'x-api-key': keyA })).json();
    expect(docketEntry.application).toMatchObject({ response_deadline: e.response_deadline, critical_deadline_correspondence_id: paperId });
    const list = (await inject('GET', '/api/docket', { cookie: a.cookie })).json().entries;
    expect(list.find((x: { id: string }) => x.id === entry.a).application.critical_deadline_correspondence_id).toBe(paperId);
    const upcoming = (await inject('GET', '/api/deadlines?within=365d', { cookie: a.cookie })).json().deadlines;
    expect(upcoming.find((d: { docket_entry_id: string }) => d.docket_entry_id === entry.a)).toMatchObject({
      action: { correspondence_id: paperId, document_code: 'CTNF' },
      response_deadline: e.response_deadline,
    });
    expect((await inject('GET', '/api/applications/17600001', { cookie: a.cookie })).json()).toMatchObject({
      response_deadline: e.response_deadline,
      pending_action: { correspondence_id: paperId, recorded_by_account: true },
    });
    const papers = (await inject('GET', '/api/applications/17600001/correspondence', { cookie: a.cookie })).json().correspondence;
    expect(papers[0]).toMatchObject({ id: paperId, recorded_by_account: true, has_text: true });
    expect((await inject('GET', `/api/correspondence/${paperId}`, { cookie: a.cookie })).json().full_text).toContain('Claims 1-5 are rejected.');
    expect(await feedEvents(a.cookie)).toContain(`${paperId}-response-${entry.a}@prosa`);
  });

  test('another account following the same application sees none of it', async () => {
    expect((await inject('GET', `/api/docket/${entry.b}`, { cookie: b.cookie })).json().application).toMatchObject({
      response_deadline: null,
      critical_deadline_correspondence_id: null,
    });
    const upcoming = (await inject('GET', '/api/deadlines?within=3650d', { cookie: b.cookie })).json().deadlines;
    expect(upcoming.find((d: { docket_entry_id: string }) => d.docket_entry_id === entry.b)).toBeUndefined();
    expect((await inject('GET', '/api/applications/17600001', { cookie: b.cookie })).json()).toMatchObject({ response_deadline: null, pending_action: null });
    expect((await inject('GET', '/api/applications/17600001/deadlines', { cookie: b.cookie })).json().calculation).toBeNull();
    const papers = (await inject('GET', '/api/applications/17600001/correspondence', { cookie: b.cookie })).json().correspondence;
    expect(papers.map((p: { id: string }) => p.id)).not.toContain(paperId);
    const paper = await inject('GET', `/api/correspondence/${paperId}`, { cookie: b.cookie });
    expect(paper.statusCode).toBe(404);
    expect(paper.json().error_code).toBe('correspondence_not_found');
    expect(await feedEvents(b.cookie)).not.toContain(paperId);
  });

  test('the public REST lookup and deadlines never see it', async () => {
    const lookup = (await call(t.app, { method: 'GET', url: '/v1/prosa/lookup/17600001' })).json();
    expect(lookup).toMatchObject({ response_deadline: null, critical_deadline_date: null, critical_deadline_correspondence_id: null });
    const rest2 = (await call(t.app, { method: 'GET', url: '/v1/prosa/deadlines/17600001' })).json();
    expect(rest2.deadlines).toMatchObject({ response_deadline: null, critical_deadline_correspondence_id: null, pending_action: null });
    expect(JSON.stringify([lookup, rest2])).not.toContain(paperId);
  });

  test('recording the very same paper again (same kind, date and text) answers 200 with the paper already recorded, no second row', async () => {
    const same = await record(entry.a, { kind: 'CTNF', mailing_date: MAILED, text: 'DETAILED ACTION\nClaims 1-5 are rejected.\n', period_months: 3 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().correspondence).toMatchObject({ id: paperId, has_text: true });
    const rows = await t.database.db
      .selectFrom('correspondence')
      .select('id')
      .where('owner_account_id', '=', a.accountId)
      .where('document_code', '=', 'CTNF')
      .where('mailing_date', '=', MAILED)
      .execute();
    expect(rows).toEqual([{ id: paperId }]);
  });

  test('recording the same kind and date with another text: 409; the audit log has the one recording', async () => {
    const again = await record(entry.a, { kind: 'CTNF', mailing_date: MAILED });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: true, error_code: 'office_action_already_recorded' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'target_id', 'details'])
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'docket.office_action_recorded')
      .execute();
    expect(audit).toEqual([
      {
        action: 'docket.office_action_recorded',
        actor: 'session',
        target_id: paperId,
        details: expect.objectContaining({
          docket_entry_id: entry.a,
          application_number: '17600001',
          document_code: 'CTNF',
          mailing_date: MAILED,
          text_bytes: 40,
          private_application: false,
        }),
      },
    ]);
  });

  test('B records its own copy: each account sees only its own paper', async () => {
    const res = await record(entry.b, { kind: 'CTNF', mailing_date: MAILED }, { cookie: b.cookie });
    expect(res.statusCode).toBe(201);
    const bPaper = res.json().correspondence.id;
    expect(res.json().correspondence.has_text).toBe(false);
    expect((await inject('GET', '/api/applications/17600001', { cookie: b.cookie })).json().pending_action.correspondence_id).toBe(bPaper);
    expect((await inject('GET', '/api/applications/17600001', { cookie: a.cookie })).json().pending_action.correspondence_id).toBe(paperId);
  });
});

describe('recording an action on an unpublished application', () => {
  test('a restriction (USPTO CTRS): the interface calls it CTED, and its deadlines go live', async () => {
    const mailed = daysAgo(1);
    const res = await record(entry.private, { kind: 'CTRS', mailing_date: mailed });
    expect(res.statusCode, res.body).toBe(201);
    const e = calculateDeadlines({ action: 'restriction', mailingDate: mailed, entity: 'large', today: today() });
    expect(res.json()).toMatchObject({
      private: true,
      correspondence: { document_code: 'CTRS', office_action_type: 'CTED', action_kind: 'restriction', description: 'Requirement for Restriction/Election' },
      deadlines: { response_deadline: e.response_deadline, pending_action: { office_action_type: 'CTED', action: 'restriction' } },
    });
    const upcoming = (await inject('GET', '/api/deadlines?within=365d', { cookie: a.cookie })).json().deadlines;
    expect(upcoming.find((d: { docket_entry_id: string }) => d.docket_entry_id === entry.private)).toMatchObject({
      application_number: '29100001',
      response_deadline: e.response_deadline,
    });
  });
});

describe('refusals', () => {
  test("another account's docket entry: 404 docket_entry_not_found", async () => {
    const res = await record(entry.b, { kind: 'CTNF', mailing_date: MAILED });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, error_code: 'docket_entry_not_found' });
  });

  test('dates: not after tomorrow, not before filing, a real date', async () => {
    const future = new Date(Date.parse(`${today()}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const late = await record(entry.a, { kind: 'CTFR', mailing_date: future });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error_code: 'validation_error', message: expect.stringMatching(/^mailing_date: must not be in the future/) });
    const early = await record(entry.a, { kind: 'CTFR', mailing_date: '2022-02-28' });
    expect(early.json().message).toBe("mailing_date: must not be before the application's filing date (2022-03-01)");
    const unreal = await record(entry.a, { kind: 'CTFR', mailing_date: '2026-02-30' });
    expect(unreal.statusCode).toBe(400);
    expect(unreal.json().message).toContain('body.mailing_date');
  });

  test('kind in the USPTO vocabulary only; a period the kind cannot have; unknown fields', async () => {
    const cted = await record(entry.a, { kind: 'CTED', mailing_date: MAILED });
    expect(cted.statusCode).toBe(400);
    expect(cted.json().message).toMatch(/body\.kind.*CTRS \(restriction/);
    const noa = await record(entry.a, { kind: 'NOA', mailing_date: MAILED, period_months: 2 });
    expect(noa.statusCode).toBe(400);
    expect(noa.json().message).toMatch(/^period_months: /);
    const extra = await record(entry.a, { kind: 'CTFR', mailing_date: MAILED, owner: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  test('text over 1 MB: 413 payload_too_large', async () => {
    const res = await record(entry.a, { kind: 'CTFR', mailing_date: MAILED, text: 'x'.repeat(1024 * 1024 + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error_code).toBe('payload_too_large');
  });

  test('a patented application: 409 application_not_pending; nothing is written', async () => {
    const res = await record(entry.patented, { kind: 'CTNF', mailing_date: MAILED });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('application_not_pending');
    const rows = await t.database.db.selectFrom('correspondence').select('id').where('owner_account_id', '=', a.accountId).execute();
    expect(rows).toHaveLength(2);
  });

  test('no credential: 401', async () => {
    expect((await record(entry.a, { kind: 'CTNF', mailing_date: MAILED }, {})).statusCode).toBe(401);
  });
});
