/**
 * Issue 11, finding 3: the IDS timing comes from the docket (37 CFR 1.97; MPEP 609.04(b),
 * 609.05(a)). Before, a 1.97(b) IDS was accepted after a non-final action on the merits and a
 * 1.97(c) IDS after a final. Through /api: the timing routes, the export's refusals (422, unbilled)
 * and the paper built with the docket's window, statement and fee. Also finding 9's concise
 * explanation of relevance for a foreign document without a translation (37 CFR 1.98(a)(3)(i)).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { addDays } from '../../src/domain/deadlines/calendar.ts';
import { getBalanceMicro } from '../../src/queries/credits.ts';

const SEEDED = '2026-11-21';
let t: TestApp;
let cookie: string;
let accountId: string;
let docketId: string;

beforeAll(async () => {
  // Forms, not limits, are under test: the per-credential and account-wide ceilings are lifted.
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { authenticated: LIFTED, session: LIFTED, account: LIFTED },
  });
  await seedDemoData(t.database.db, SEEDED);
  ({ cookie, accountId } = await signUp(t.app));
  await grant(t.database.db, accountId, 100);
  const entry = await t.app.inject({
    method: 'POST',
    url: '/api/docket',
    headers: { cookie },
    payload: { application_number: '17200011' },
    remoteAddress: randomIp(),
  });
  expect(entry.statusCode, entry.body).toBe(201);
  docketId = entry.json().id ?? entry.json().docket_entry_id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url, headers, remoteAddress: randomIp() });
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie }, payload, remoteAddress: randomIp() });
const patent = { number: '10,072,876', date: '2018-09-11', patentee_or_applicant: 'Smith' };

describe('GET .../ids-timing', () => {
  test('each demo application gets the window its docket gives, with the basis dates and the 1.17(p) fee', async () => {
    const c = (await get(`/api/applications/17200011/ids-timing?date=${SEEDED}`)).json();
    expect(c).toMatchObject({
      application_number: '17200011',
      window: '1.97(c)',
      filed_on: SEEDED,
      requirement: 'statement_or_fee',
      basis: { filing_date: addDays(SEEDED, -640), first_action_on_merits: { kind: 'non_final', mailing_date: addDays(SEEDED, -40) }, closing_action: null },
      // The USPTO record of 17/200,011 is a small entity's: its fee is, though the account's default is large.
      fee: { citation: '37 CFR 1.17(p)', amount: '112.00', entity_size: 'small' },
    });
    expect((await get(`/api/applications/16987654/ids-timing?date=${SEEDED}`)).json()).toMatchObject({ window: '1.97(b)', requirement: 'none', fee: null });
    expect((await get(`/api/applications/17345678/ids-timing?date=${SEEDED}`)).json()).toMatchObject({
      window: '1.97(d)',
      basis: { closing_action: { kind: 'final', mailing_date: addDays(SEEDED, -75) } },
    });
    expect((await get(`/api/applications/17111222/ids-timing?date=${SEEDED}`)).json()).toMatchObject({
      window: '1.97(d)',
      basis: { closing_action: { kind: 'notice_of_allowance' } },
    });
    expect((await get(`/api/applications/16555444/ids-timing?date=${SEEDED}`)).json()).toMatchObject({
      window: '1.97(d)',
      basis: { closing_action: { kind: 'quayle' } },
    });
  });

  test("by docket entry, for the application's entity status; another account's entry is 404; a bad date is 400", async () => {
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/account', headers: { cookie }, payload: { entity_size: 'small' }, remoteAddress: randomIp() }))
        .statusCode,
    ).toBe(200);
    const r = await get(`/api/docket/${docketId}/ids-timing?date=${SEEDED}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      window: '1.97(c)',
      fee: { amount: '112.00', entity_size: 'small', amounts: { large: '280.00', small: '112.00', micro: '56.00' } },
    });
    const other = await signUp(t.app);
    expect((await get(`/api/docket/${docketId}/ids-timing`, { cookie: other.cookie })).statusCode).toBe(404);
    const bad = await get('/api/applications/17200011/ids-timing?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/date/);
  });

  test('the OpenAPI document describes the route', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/docket/{id}/ids-timing', '/api/applications/{number}/ids-timing']));
  });
});

describe('POST /api/exports type ids: the stated timing must fit the docket', () => {
  test('a 1.97(b) IDS after a non-final action on the merits is refused, 422 naming 1.97(c), unbilled', async () => {
    const before = await getBalanceMicro(t.database.db, accountId);
    const r = await post({ type: 'ids', application_number: '17200011', input: { timing: '1.97(b)', us_patents: [patent], date: SEEDED } });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      error_code: 'ids_timing_mismatch',
      message: expect.stringMatching(/input\.timing: .*stated as 1\.97\(b\).*1\.97\(c\).*1\.97\(e\).*1\.17\(p\)/),
    });
    expect(await getBalanceMicro(t.database.db, accountId)).toBe(before);
  });

  test('a 1.97(c) IDS after a final is refused naming 1.97(d); a (d) IDS without the statement is refused naming input.statement', async () => {
    const c = await post({
      type: 'ids',
      application_number: '17345678',
      input: { timing: '1.97(c)', statement: '1.97(e)(1)', us_patents: [patent], date: SEEDED },
    });
    expect(c.statusCode).toBe(422);
    expect(c.json().message).toMatch(/1\.97\(d\)/);
    const d = await post({ type: 'ids', application_number: '17345678', input: { us_patents: [patent], date: SEEDED } });
    expect(d.statusCode).toBe(422);
    expect(d.json().message).toMatch(/^input\.statement: .*both the statement/);
  });

  test("without a stated timing the paper takes the docket's window and authorizes the 1.17(p) fee for the entity size; untranslated foreign documents get the concise explanation", async () => {
    const res = await post({
      type: 'ids',
      application_number: '17200011',
      input: {
        us_patents: [patent],
        foreign_documents: [
          { country_code: 'JP', number: '2008-008593', kind_code: 'A', date: '2008-01-17', patentee_or_applicant: 'Hikari KK' },
          {
            country_code: 'DE',
            number: '102015000001',
            kind_code: 'A1',
            date: '2016-07-07',
            patentee_or_applicant: 'Batterie GmbH',
            concise_explanation: 'Cited as category X against claims 1-5 in the attached European search report.',
          },
          { country_code: 'EP', number: '3000001', kind_code: 'A1', date: '2016-03-30', patentee_or_applicant: 'Cell SA', translation_attached: true },
        ],
        date: SEEDED,
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ price: '9.00', ids_timing: { window: '1.97(c)', fee: { amount: '112.00' } } });
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { cookie }, t.database.db);
    expect(body.status, JSON.stringify(body)).toBe('complete');
    const text = await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() }));
    expect(text).toMatch(/filed under 37 C\.F\.R\. § 1\.97\(c\)/);
    expect(text).toContain('The fee set forth in 37 C.F.R. § 1.17(p) ($112.00 for a small entity (37 C.F.R. § 1.27)) accompanies this statement');
    expect(text).toMatch(/Timing from the docket: 37 CFR 1\.97\(c\): the first action on the merits \(non-final action of \d{4}-\d{2}-\d{2}\)/);
    expect(text).toMatch(/Cite No\. 2 \(JP-2008-008593\): \[concise explanation of relevance/);
    expect(text).toContain('Cite No. 3 (DE-102015000001): Cited as category X against claims 1-5 in the attached European search report.');
    expect(text).not.toMatch(/Cite No\. 4 \(EP-3000001\)/);
  });

  test('after the issue fee is paid an IDS is refused (422 ids_after_issue_fee) with the QPIDS route', async () => {
    const app = await t.database.db.selectFrom('applications').select('id').where('application_number', '=', '17111222').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('prosecution_events')
      .values({ application_id: app.id, event_code: 'IFEE', description: 'Issue Fee Payment Received', event_date: addDays(SEEDED, -2) })
      .execute();
    expect((await get(`/api/applications/17111222/ids-timing?date=${SEEDED}`)).json()).toMatchObject({
      window: 'after_issue_fee',
      requirement: 'not_considered',
      basis: { issue_fee_paid: addDays(SEEDED, -2) },
    });
    const r = await post({ type: 'ids', application_number: '17111222', input: { statement: '1.97(e)(1)', us_patents: [patent], date: SEEDED } });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error_code: 'ids_after_issue_fee', message: expect.stringMatching(/QPIDS/) });
  });
});
