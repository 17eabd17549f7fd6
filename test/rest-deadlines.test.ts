import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { calculateDeadlines } from '../src/domain/deadlines/index.ts';
import { clearPublicRecordCaches } from '../src/queries/public-record-cache.ts';

// REST #2 does not depend on the clock for its dates (today only picks the fee table), so a fixed
// seeding day keeps the expected dates literal: 17/200,011's non-final is mailed 40 days before it.
const SEEDED = '2026-11-21';
const daysBefore = (n: number) => new Date(Date.parse(`${SEEDED}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, SEEDED);
});
afterAll(async () => {
  await t?.close();
});
const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });

async function actionOf(applicationNumber: string) {
  return t.database.db
    .selectFrom('correspondence as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select(['c.id', 'c.document_code', 'c.mailing_date', 'c.period_months', 'a.id as application_id'])
    .where('a.application_number', '=', applicationNumber)
    .executeTakeFirstOrThrow();
}

describe('REST #2 GET /v1/prosa/deadlines/{application_number}', () => {
  test("17/200,011: a non-final mailed 40 days ago with a 3-month period: the calculator's dates and the action's id", async () => {
    const res = await get('/v1/prosa/deadlines/17200011');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const action = await actionOf('17200011');
    expect(action).toMatchObject({ document_code: 'CTNF', mailing_date: daysBefore(40), period_months: 3 });
    const r = calculateDeadlines({ action: 'non_final', mailingDate: daysBefore(40), periodMonths: 3 });
    expect(Object.keys(body)).toEqual(['application_number', 'deadlines']);
    expect(body.application_number).toBe('17200011');
    expect(Object.keys(body.deadlines).slice(0, 3)).toEqual(['response_deadline', 'critical_deadline_date', 'critical_deadline_correspondence_id']);
    expect(body.deadlines).toMatchObject({
      response_deadline: r.response_deadline,
      critical_deadline_date: r.critical_deadline_date,
      critical_deadline_correspondence_id: action.id,
      pending_action: { correspondence_id: action.id, document_code: 'CTNF', office_action_type: 'CTNF', action: 'non_final', mailing_date: '2026-10-12' },
      extendable: true,
    });
    // Mailed 2026-10-12: three months → Tue 2027-01-12; six months (35 U.S.C. 133) → Mon 2027-04-12.
    expect(body.deadlines.response_deadline).toBe('2027-01-12');
    expect(body.deadlines.critical_deadline_date).toBe('2027-04-12');
    expect(body.deadlines.extensions.map((e: { months: number }) => e.months)).toEqual([1, 2, 3]);
  });

  test('the lookup record carries the same three deadline fields as REST #2, for every demo application', async () => {
    for (const number of ['17200011', '17345678', '16987654', '16555444', '17111222']) {
      const lookup = (await get(`/v1/prosa/lookup/${number}`)).json();
      const deadlines = (await get(`/v1/prosa/deadlines/${number}`)).json().deadlines;
      expect(lookup.response_deadline, number).not.toBeNull();
      expect(
        {
          response_deadline: lookup.response_deadline,
          critical_deadline_date: lookup.critical_deadline_date,
          critical_deadline_correspondence_id: lookup.critical_deadline_correspondence_id,
        },
        number,
      ).toEqual({
        response_deadline: deadlines.response_deadline,
        critical_deadline_date: deadlines.critical_deadline_date,
        critical_deadline_correspondence_id: deadlines.critical_deadline_correspondence_id,
      });
    }
  });

  test("a restriction (USPTO CTRS) is reported as the interface's CTED", async () => {
    const body = (await get('/v1/prosa/deadlines/16987654')).json();
    expect(body.deadlines.pending_action).toMatchObject({ document_code: 'CTRS', office_action_type: 'CTED', action: 'restriction' });
    const r = calculateDeadlines({ action: 'restriction', mailingDate: daysBefore(18) });
    expect(body.deadlines).toMatchObject({ response_deadline: r.response_deadline, critical_deadline_date: r.critical_deadline_date });
  });

  test('an allowance: the notice of allowance period cannot be extended (critical == response)', async () => {
    const body = (await get('/v1/prosa/deadlines/17111222')).json();
    const action = await actionOf('17111222');
    const r = calculateDeadlines({ action: 'notice_of_allowance', mailingDate: daysBefore(30), periodMonths: 3 });
    expect(body.deadlines).toMatchObject({
      response_deadline: r.response_deadline,
      critical_deadline_date: r.response_deadline,
      critical_deadline_correspondence_id: action.id,
      extendable: false,
      extensions: [],
      pending_action: { document_code: 'NOA', office_action_type: null, action: 'notice_of_allowance' },
    });
  });

  test('a reply filed after the action (an A... event) leaves nothing pending: null fields in both records', async () => {
    const action = await actionOf('16555444');
    expect((await get('/v1/prosa/deadlines/16555444')).json().deadlines.response_deadline).not.toBeNull();
    await t.database.db
      .insertInto('prosecution_events')
      .values({ application_id: action.application_id, event_code: 'A...', description: 'Response after Non-Final Action', event_date: daysBefore(5) })
      .execute();
    clearPublicRecordCaches(); // written behind the app's back: the lookup cache would show it within 2 s
    const res = await get('/v1/prosa/deadlines/16555444');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      application_number: '16555444',
      deadlines: { response_deadline: null, critical_deadline_date: null, critical_deadline_correspondence_id: null, pending_action: null },
    });
    const lookup = (await get('/v1/prosa/lookup/16555444')).json();
    expect(lookup).toMatchObject({ response_deadline: null, critical_deadline_date: null, critical_deadline_correspondence_id: null });
  });

  test('a reply filed BEFORE the action does not answer it', async () => {
    // 17/345,678's history has an A... reply 210 days ago, before the final rejection of 75 days ago.
    const body = (await get('/v1/prosa/deadlines/17345678')).json();
    const r = calculateDeadlines({ action: 'final', mailingDate: daysBefore(75), periodMonths: 3 });
    expect(body.deadlines).toMatchObject({ response_deadline: r.response_deadline, critical_deadline_date: r.critical_deadline_date });
  });

  test.each(['99999999', '17%2F999%2C999', 'abc'])('%s → 404 app_not_found error object', async (number) => {
    const res = await get(`/v1/prosa/deadlines/${number}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, error_code: 'app_not_found', message: expect.any(String), agent_suggestion: expect.any(String) });
  });

  test('written forms of the number name the same application; free and marked deprecated', async () => {
    const a = await get('/v1/prosa/deadlines/17%2F200%2C011');
    const b = await get('/v1/prosa/deadlines/17200011');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(b.headers['x-ratelimit-limit']).toBe('60');
    expect(b.headers.deprecation).toMatch(/^@\d+$/);
  });
});
