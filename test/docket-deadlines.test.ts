import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';
import { calculateDeadlines, type DeadlineResult, type EntitySize } from '../src/domain/deadlines/index.ts';

// GET /api/deadlines runs on the real clock (today UTC), so the demo docket is seeded relative to it.
const today = new Date().toISOString().slice(0, 10);
const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const daysFromToday = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

let t: TestApp;
let a: { cookie: string; accountId: string };
/** Application number → correspondence id, for the applications on account A's docket. */
const actions = new Map<string, string>();

/** A public application with one non-final rejection mailed `mailedDaysAgo` days ago. */
async function addPublicNonFinal(applicationNumber: string, mailedDaysAgo: number): Promise<void> {
  const id = randomUUID();
  await t.database.db
    .insertInto('applications')
    .values({
      id,
      application_number: applicationNumber,
      owner_account_id: null,
      invention_title: `Test application ${applicationNumber}`,
      status: 'pending',
      source: 'odp',
    })
    .execute();
  const cid = randomUUID();
  await t.database.db
    .insertInto('correspondence')
    .values({
      id: cid,
      application_id: id,
      document_code: 'CTNF',
      description: 'Non-Final Rejection',
      mailing_date: daysBefore(mailedDaysAgo),
      period_months: 3,
      source: 'odp',
    })
    .execute();
}

async function docket(cookie: string, applicationNumber: string, clientMatter: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/docket',
    headers: { cookie },
    payload: { application_number: applicationNumber, client_matter: clientMatter },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(201);
}

/**
 * GET /api/deadlines. Authenticated calls are rate-limited per account (20 a second), and this
 * file is not about rate limits: a refused call waits out Retry-After and is sent again.
 */
function list(headers: Record<string, string>, query = '') {
  return injectAsClient(t.app, { method: 'GET', url: `/api/deadlines${query}`, headers, remoteAddress: randomIp() });
}

/** What the calculator gives for an application's pending action, for the given entity. */
async function expected(applicationNumber: string, entity: EntitySize): Promise<DeadlineResult> {
  const row = await t.database.db
    .selectFrom('correspondence as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select(['c.document_code', 'c.mailing_date', 'c.period_months'])
    .where('a.application_number', '=', applicationNumber)
    .executeTakeFirstOrThrow();
  const kinds: Record<string, 'non_final' | 'final' | 'restriction' | 'quayle' | 'notice_of_allowance'> = {
    CTNF: 'non_final',
    CTFR: 'final',
    CTRS: 'restriction',
    CTEQ: 'quayle',
    NOA: 'notice_of_allowance',
  };
  return calculateDeadlines({ action: kinds[row.document_code], mailingDate: row.mailing_date, periodMonths: row.period_months ?? undefined, entity, today });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, today);
  // Beyond the demo docket: two actions whose every date has passed, one in its extension months.
  await addPublicNonFinal('15000001', 400); // critical date about 7 months ago
  await addPublicNonFinal('15000002', 250); // critical date about 2 months ago
  await addPublicNonFinal('15000003', 110); // response deadline passed; 1-month extension date ahead
  a = await signUp(t.app);
  for (const [number, matter] of [
    ['17200011', 'NWE-0042'],
    ['17345678', 'SNS-0007'],
    ['16987654', 'OST-0113'],
    ['16555444', 'CLW-0020'],
    ['17111222', 'VRD-0003'],
    ['15000001', 'OLD-1'],
    ['15000002', 'OLD-2'],
    ['15000003', 'EXT-1'],
  ]) {
    await docket(a.cookie, number, matter);
  }
  const rows = await t.database.db
    .selectFrom('correspondence as c')
    .innerJoin('applications as ap', 'ap.id', 'c.application_id')
    .select(['ap.application_number', 'c.id'])
    .execute();
  for (const r of rows) actions.set(r.application_number, r.id);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/deadlines', () => {
  test('every pending action on the docket (within=3650d): overdue first, then by next deadline', async () => {
    const res = await list({ cookie: a.cookie }, '?within=3650d');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ today, within_days: 3650, entity: 'large' });
    const numbers = body.deadlines.map((d: { application_number: string }) => d.application_number);
    expect(numbers).toHaveLength(8);
    // Both overdue entries lead, the one whose last day passed longest ago first.
    expect(numbers.slice(0, 2)).toEqual(['15000001', '15000002']);
    expect(body.deadlines.slice(0, 2).every((d: { overdue: boolean; next_deadline: unknown }) => d.overdue && d.next_deadline === null)).toBe(true);
    const upcoming = body.deadlines.slice(2);
    expect(upcoming.every((d: { overdue: boolean }) => !d.overdue)).toBe(true);
    const nextDates = upcoming.map((d: { next_deadline: { date: string } }) => d.next_deadline.date);
    expect(nextDates).toEqual([...nextDates].sort());
    // The final rejection mailed 75 days ago (about 2 weeks left) before the non-final mailed 40 days ago.
    expect(numbers.indexOf('17345678')).toBeLessThan(numbers.indexOf('17200011'));
  });

  test('each entry: the action, both deadlines, days remaining and the extension schedule', async () => {
    const body = (await list({ cookie: a.cookie }, '?within=3650d')).json();
    const nwe = body.deadlines.find((d: { application_number: string }) => d.application_number === '17200011');
    // The demo record is a small entity's (the USPTO's entity status): its fees are, whatever the account's default.
    const r = await expected('17200011', 'small');
    expect(nwe).toEqual({
      docket_entry_id: expect.any(String),
      application_number: '17200011',
      invention_title: expect.stringContaining('thermal management'),
      client_matter: 'NWE-0042',
      action: {
        correspondence_id: actions.get('17200011'),
        document_code: 'CTNF',
        office_action_type: 'CTNF',
        description: 'Non-Final Rejection',
        kind: 'non_final',
        mailing_date: daysBefore(40),
      },
      response_deadline: r.response_deadline,
      critical_deadline_date: r.critical_deadline_date,
      next_deadline: { kind: 'response', date: r.response_deadline, extension_months: null, fee: null },
      days_remaining: daysFromToday(r.response_deadline),
      days_to_critical_deadline: daysFromToday(r.critical_deadline_date),
      overdue: false,
      extendable: true,
      extensions: r.extensions.map((e) => ({ months: e.months, due: e.due_effective, fee: e.fee_for_entity })),
      entity: 'small',
      entity_source: 'uspto',
      demo: true,
    });
    expect(nwe.extensions.map((e: { months: number }) => e.months)).toEqual([1, 2, 3]);

    // USPTO CTRS (restriction) is the interface's CTED; a Quayle action has no interface type.
    const ost = body.deadlines.find((d: { application_number: string }) => d.application_number === '16987654');
    expect(ost.action).toMatchObject({ document_code: 'CTRS', office_action_type: 'CTED', kind: 'restriction' });
    const clw = body.deadlines.find((d: { application_number: string }) => d.application_number === '16555444');
    expect(clw.action).toMatchObject({ document_code: 'CTEQ', office_action_type: null, kind: 'quayle' });
    // An allowance cannot be extended: one date, no schedule.
    const vrd = body.deadlines.find((d: { application_number: string }) => d.application_number === '17111222');
    expect(vrd).toMatchObject({ extendable: false, extensions: [], action: { document_code: 'NOA', office_action_type: null } });
    expect(vrd.critical_deadline_date).toBe(vrd.response_deadline);
  });

  test('past the response deadline, the next deadline is the next extension date with its fee', async () => {
    const body = (await list({ cookie: a.cookie }, '?within=3650d')).json();
    const ext = body.deadlines.find((d: { application_number: string }) => d.application_number === '15000003');
    const r = await expected('15000003', 'large');
    const next = r.extensions.find((e) => e.due_effective >= today)!;
    expect(r.response_deadline < today).toBe(true);
    expect(ext).toMatchObject({
      overdue: false,
      demo: false,
      next_deadline: { kind: 'extension', date: next.due_effective, extension_months: next.months, fee: next.fee_for_entity },
      days_remaining: daysFromToday(next.due_effective),
    });
    expect(ext.days_remaining).toBeGreaterThanOrEqual(0);
    const old = body.deadlines.find((d: { application_number: string }) => d.application_number === '15000002');
    const rOld = await expected('15000002', 'large');
    expect(old).toMatchObject({ overdue: true, next_deadline: null, days_remaining: daysFromToday(rOld.critical_deadline_date) });
    expect(old.days_remaining).toBeLessThan(0);
  });

  test('within: the default is 30d; an entry is listed when its next deadline falls within N days, overdue ones always', async () => {
    const numbersOf = async (query: string) =>
      (await list({ cookie: a.cookie }, query)).json().deadlines.map((d: { application_number: string }) => d.application_number);
    const byDefault = await numbersOf('');
    expect(byDefault).toEqual(await numbersOf('?within=30d'));
    // Overdue first; the final rejection (response due in about 2 weeks) is in; the non-final
    // mailed 40 days ago (response due in about 7 weeks) is not.
    expect(byDefault.slice(0, 2)).toEqual(['15000001', '15000002']);
    expect(byDefault).toContain('17345678');
    expect(byDefault).not.toContain('17200011');
    expect(await numbersOf('?within=60d')).toContain('17200011');

    // Exactly the rule, for every entry and several horizons.
    const all = (await list({ cookie: a.cookie }, '?within=3650d')).json().deadlines as {
      application_number: string;
      overdue: boolean;
      next_deadline: { date: string } | null;
    }[];
    for (const n of [1, 7, 15, 30, 45, 60, 90]) {
      const horizon = daysBefore(-n);
      const want = all.filter((d) => d.overdue || d.next_deadline!.date <= horizon).map((d) => d.application_number);
      expect(await numbersOf(`?within=${n}d`), `within=${n}d`).toEqual(want);
    }
  });

  test.each(['0d', '3651d', '30', 'abc', '30w', '-5d', '1.5d', '', 'd', '99999d'])('within=%s is refused with 400 naming the field', async (bad) => {
    const res = await list({ cookie: a.cookie }, `?within=${encodeURIComponent(bad)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      error_code: 'validation_error',
      message: expect.stringMatching(/^within: /),
      agent_suggestion: expect.stringContaining('within'),
    });
  });

  test("fees follow the application's entity status: the docket entry's, else the USPTO record's, else the account's", async () => {
    const feesFor = async (number: string) => {
      const body = (await list({ cookie: a.cookie }, '?within=3650d')).json();
      const d = body.deadlines.find((x: { application_number: string }) => x.application_number === number);
      return { entity: body.entity, entryEntity: d.entity, source: d.entity_source, fees: d.extensions.map((e: { fee: string }) => e.fee) };
    };
    const feesOf = async (number: string, size: EntitySize) => (await expected(number, size)).extensions.map((e) => e.fee_for_entity);
    const entryId = (
      await t.database.db
        .selectFrom('docket_entries as d')
        .innerJoin('applications as ap', 'ap.id', 'd.application_id')
        .select('d.id')
        .where('d.account_id', '=', a.accountId)
        .where('ap.application_number', '=', '17200011')
        .executeTakeFirstOrThrow()
    ).id;
    const patch = (entity_size: string | null) =>
      t.app.inject({ method: 'PATCH', url: `/api/docket/${entryId}`, headers: { cookie: a.cookie }, payload: { entity_size }, remoteAddress: randomIp() });

    // The demo record says small: the account's large default does not decide.
    expect(await feesFor('17200011')).toEqual({ entity: 'large', entryEntity: 'small', source: 'uspto', fees: await feesOf('17200011', 'small') });
    // A record that says nothing (15000003 has no entity status) follows the account's setting.
    expect(await feesFor('15000003')).toMatchObject({ entryEntity: 'large', source: 'account', fees: await feesOf('15000003', 'large') });
    await t.database.db.updateTable('accounts').set({ entity_size: 'micro' }).where('id', '=', a.accountId).execute();
    expect(await feesFor('15000003')).toMatchObject({ entity: 'micro', entryEntity: 'micro', source: 'account', fees: await feesOf('15000003', 'micro') });
    expect(await feesFor('17200011')).toMatchObject({ entryEntity: 'small', source: 'uspto' });

    // The firm's own record on the docket entry comes first; null gives the decision back.
    expect((await patch('large')).statusCode).toBe(200);
    expect(await feesFor('17200011')).toMatchObject({ entryEntity: 'large', source: 'docket', fees: await feesOf('17200011', 'large') });
    expect((await patch(null)).statusCode).toBe(200);
    expect(await feesFor('17200011')).toMatchObject({ entryEntity: 'small', source: 'uspto' });
    await t.database.db.updateTable('accounts').set({ entity_size: 'large' }).where('id', '=', a.accountId).execute();
  });

  test('tenant isolation: another account sees none of them, and an API key sees its own account only', async () => {
    const b = await signUp(t.app);
    const res = await list({ cookie: b.cookie }, '?within=3650d');
    expect(res.statusCode).toBe(200);
    expect(res.json().deadlines).toEqual([]);
    await docket(b.cookie, '17200011', 'B-ONLY');
    const keyB = await createKey(t.app, b.cookie);
    const viaKey = (await list({ 'x-api-key': keyB }, '?within=3650d')).json();
    expect(viaKey.deadlines.map((d: { client_matter: string }) => d.client_matter)).toEqual(['B-ONLY']);
    const mine = (await list({ cookie: a.cookie }, '?within=3650d')).json();
    expect(JSON.stringify(mine)).not.toContain('B-ONLY');
    expect(mine.deadlines).toHaveLength(8);
  });

  test('needs a signed-in account', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: true, error_code: 'not_authenticated' });
  });
});
