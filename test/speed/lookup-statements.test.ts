/**
 * The free lookup of a number the public-record cache does not hold is ONE statement
 * (src/queries/public-lookup.ts): the application and its latest action's answered tests in one
 * round trip, compiled by Kysely once. Its deadline fields are those `pendingAction` computes for
 * the same application, whatever state the latest action is in.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { logStatements } from '../support/statement-log.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { applicationDeadlineFields } from '../../src/queries/application-deadlines.ts';
import { findPublicApplicationWithDeadlines } from '../../src/queries/public-lookup.ts';
import { findPublicApplication } from '../../src/queries/applications.ts';
import { preparedQuery, preparedStatement } from '../../src/db/prepared-statements.ts';
import { newId } from '../../src/auth/secrets.ts';

const TODAY = '2026-11-21';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, TODAY);
});
afterAll(async () => {
  await t?.close();
});

test('a lookup the cache does not hold runs one statement and answers the deadlines of record', async () => {
  const log = logStatements(t.database.db);
  const res = await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17345678', remoteAddress: '10.7.0.1' });
  log.stop();
  expect(res.statusCode, res.body).toBe(200);
  const touching = log.statements.filter((s) => /"(applications|correspondence|prosecution_events)"/.test(s.sql));
  expect(touching).toHaveLength(1);
  const app = await findPublicApplication(t.database.db, '17345678');
  const expected = await applicationDeadlineFields(t.database.db, app!.id);
  expect(expected.response_deadline).not.toBeNull();
  expect(res.json()).toMatchObject(expected);
});

test('the one statement answers what pendingAction answers, for every state of the latest action', async () => {
  const db = t.database.db;
  const publicApps = await db.selectFrom('applications').select(['id', 'application_number']).where('owner_account_id', 'is', null).execute();
  expect(publicApps.length).toBeGreaterThanOrEqual(5);
  const compare = async () => {
    let pending = 0;
    for (const a of publicApps) {
      const found = await findPublicApplicationWithDeadlines(db, a.application_number);
      const expected = await applicationDeadlineFields(db, a.id);
      expect(found?.application.id).toBe(a.id);
      expect(found?.deadlines, a.application_number).toEqual(expected);
      if (expected.response_deadline) pending += 1;
    }
    return pending;
  };
  const before = await compare();
  expect(before).toBeGreaterThanOrEqual(4);

  // Answer some: a reply event after a non-final action, an issue fee after the allowance, a
  // reply paper after the final action, a paper an account recorded itself (never public), and a
  // patented application. Each must move both readers the same way.
  const byNumber = new Map(publicApps.map((a) => [a.application_number, a.id]));
  await db
    .insertInto('prosecution_events')
    .values({ application_id: byNumber.get('17200011')!, event_code: 'A...', description: 'Response after non-final', event_date: TODAY })
    .execute();
  await db
    .insertInto('prosecution_events')
    .values({ application_id: byNumber.get('17111222')!, event_code: 'IFEE', description: 'Issue fee payment', event_date: TODAY })
    .execute();
  await db
    .insertInto('correspondence')
    .values({
      id: newId(),
      application_id: byNumber.get('17345678')!,
      document_code: 'REM',
      description: 'Remarks',
      mailing_date: TODAY,
      document_identifier: 'T-REM-1',
      source: 'test',
    })
    .execute();
  const { id: accountId } = await db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('correspondence')
    .values({
      id: newId(),
      application_id: byNumber.get('16987654')!,
      document_code: 'REM',
      description: 'Recorded by an account',
      mailing_date: TODAY,
      document_identifier: 'T-REM-2',
      owner_account_id: accountId,
      source: 'test',
    })
    .execute();
  await db.updateTable('applications').set({ status: 'patented' }).where('id', '=', byNumber.get('16555444')!).execute();
  expect(await compare()).toBe(before - 4);
  expect(await findPublicApplicationWithDeadlines(db, '99999999')).toBeUndefined();
});

test('a prepared statement is built and compiled once; each run carries its own argument', async () => {
  let builds = 0;
  const byNumber = preparedStatement((db: TestApp['database']['db'], n: string) => {
    builds += 1;
    return db.selectFrom('applications').select('application_number').where('application_number', '=', n).where('owner_account_id', 'is', null);
  });
  const first = await byNumber(t.database.db, '17200011');
  const second = await byNumber(t.database.db, '17345678');
  expect([first.rows, second.rows]).toEqual([[{ application_number: '17200011' }], [{ application_number: '17345678' }]]);
  expect(builds).toBe(1);
  const unused = preparedStatement((db: TestApp['database']['db']) => db.selectFrom('applications').select('id'));
  await expect(unused(t.database.db, 'x')).rejects.toThrow(/does not use its argument/);
});

test('a prepared query with named arguments puts each in its own place, and refuses an argument it does not use', async () => {
  let builds = 0;
  type Db = TestApp['database']['db'];
  const papers = preparedQuery(['number', 'codes', 'since'], (db: Db, a: { number: string; codes: readonly string[]; since: string }) => {
    builds += 1;
    return db
      .selectFrom('correspondence as c')
      .innerJoin('applications as a', 'a.id', 'c.application_id')
      .select(['c.document_code', 'c.mailing_date'])
      .where('a.application_number', '=', a.number)
      .where(sql<boolean>`c.document_code = any(${a.codes}::text[])`)
      .where('c.mailing_date', '>=', a.since)
      .where('c.owner_account_id', 'is', null)
      .orderBy('c.mailing_date');
  });
  const direct = (number: string, codes: string[], since: string) =>
    t.database.db
      .selectFrom('correspondence as c')
      .innerJoin('applications as a', 'a.id', 'c.application_id')
      .select(['c.document_code', 'c.mailing_date'])
      .where('a.application_number', '=', number)
      .where('c.document_code', 'in', codes)
      .where('c.mailing_date', '>=', since)
      .where('c.owner_account_id', 'is', null)
      .orderBy('c.mailing_date')
      .execute();
  const asked = [
    ['17200011', ['CTNF', 'CTFR'], '1900-01-01'],
    ['17345678', ['CTNF'], '1900-01-01'],
    ['17200011', ['NOA'], '2100-01-01'],
  ] as const;
  for (const [number, codes, since] of asked) {
    const { rows } = await papers(t.database.db, { number, codes, since });
    expect(rows).toEqual(await direct(number, [...codes], since));
  }
  expect((await papers(t.database.db, { number: '17200011', codes: ['CTNF', 'CTFR'], since: '1900-01-01' })).rows.length).toBeGreaterThan(0);
  expect(builds).toBe(1);
  const unused = preparedQuery(['id', 'other'], (db: Db, a: { id: string; other: string }) =>
    db.selectFrom('applications').select('id').where('id', '=', a.id),
  );
  await expect(unused(t.database.db, { id: 'x', other: 'y' })).rejects.toThrow(/does not use its argument\(s\) other/);
});

test('lookups that arrive together share one statement, and each gets its own application', async () => {
  const db = t.database.db;
  const publicApps = await db.selectFrom('applications').select(['id', 'application_number']).where('owner_account_id', 'is', null).execute();
  const log = logStatements(db);
  // The first starts a statement at once; the others arrive while it is under way and share the next.
  const found = await Promise.all(
    [...publicApps, { id: null, application_number: '19999999' }].map((a) => findPublicApplicationWithDeadlines(db, a.application_number)),
  );
  log.stop();
  const touching = log.statements.filter((s) => /"applications"/.test(s.sql));
  expect(touching).toHaveLength(2);
  expect(found.map((f) => f?.application.id ?? null)).toEqual([...publicApps.map((a) => a.id), null]);
  for (const [i, a] of publicApps.entries()) expect(found[i]?.deadlines).toEqual(await applicationDeadlineFields(db, a.id));
});
