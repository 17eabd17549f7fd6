import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/connect.ts';
import { importOdp } from '../src/sources/odp/odp-importer.ts';
import { importPatex } from '../src/sources/patex/patex-importer.ts';
import { refreshExaminerStats } from '../src/sources/examiner-stats/refresh.ts';
import { runImport } from '../src/cli/import-runner.ts';
import { createTestDatabase } from './support/db.ts';

const path = (name: string) => fileURLToPath(new URL(`./fixtures/patex/${name}`, import.meta.url));
const text = (name: string) => readFileSync(path(name), 'utf8');
const csv = (s: string) => Readable.from([Buffer.from(s, 'utf8')]);
const APPS = 'application_data.derived-from-odp.csv';
const APPS_2019 = 'application_data.2019-layout.derived-from-odp.csv';
const TRANSACTIONS = 'transactions.derived-from-odp.csv';
const EVENT_CODES = 'event_codes.derived-from-odp.csv';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await db.deleteFrom('applications').execute();
  await db.deleteFrom('uspto_event_codes').execute();
});

const publicApp = (number: string) =>
  db.selectFrom('applications').selectAll().where('application_number', '=', number).where('owner_account_id', 'is', null).executeTakeFirstOrThrow();
const count = async (table: 'applications' | 'prosecution_events') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Distinct (number, code, date) triples of a transactions CSV. */
const distinctTransactions = (name: string) =>
  new Set(
    text(name)
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',').slice(0, 3).join('|')),
  ).size;

describe('PatEx application_data, 2014–2017 layout (derived from real ODP records)', () => {
  it('imports every column PatEx carries', async () => {
    expect(await importPatex(db, path(APPS))).toEqual({ records: 2, applications: 2, events: 0, documents: 0, skipped: [] });
    expect(await publicApp('17248024')).toMatchObject({
      owner_account_id: null,
      invention_title: 'MAKING LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES',
      status: 'patented',
      status_code: 150,
      status_description: 'Patented Case',
      status_date: '2023-04-19',
      filing_date: '2021-01-05',
      examiner_name: 'DOVE, TRACY MAE',
      examiner_id: null,
      art_unit: '1727',
      confirmation_number: '4114',
      attorney_docket_number: 'PLUSP040X1C4US',
      entity_status: 'large',
      application_type: 'Utility',
      patent_number: '11646472',
      grant_date: '2023-05-09',
      earliest_publication_number: 'US20210210819A1',
      source: 'patex',
    });
    expect((await publicApp('14412875')).examiner_name).toBe('MATTHEWS, CHRISTINE HOPKINS');
  });

  it('is idempotent and keeps ids (rows not rewritten when nothing changed)', async () => {
    await importPatex(db, path(APPS));
    const before = await publicApp('14412875');
    await new Promise((r) => setTimeout(r, 20));
    expect(await importPatex(db, path(APPS))).toEqual({ records: 2, applications: 2, events: 0, documents: 0, skipped: [] });
    const after = await publicApp('14412875');
    expect(after.id).toBe(before.id);
    expect(after.updated_at).toEqual(before.updated_at);
    expect(await count('applications')).toBe(2);
  });

  it('updates a changed row in place and keeps its id', async () => {
    await importPatex(db, path(APPS));
    const before = await publicApp('17248024');
    await importPatex(db, csv(text(APPS).replace(',DOVE,TRACY,MAE,,1727,', ',DOVE,TRACY,MAE,66459.0,1727,')));
    const after = await publicApp('17248024');
    expect(after.id).toBe(before.id);
    expect(after.examiner_id).toBe('66459');
  });
});

describe('PatEx application_data, 2019+ layout', () => {
  it('reads examiner_full_name, application_invention_type and appl_status_desc; NoneNoneNone is no examiner', async () => {
    expect(await importPatex(db, path(APPS_2019))).toEqual({ records: 3, applications: 3, events: 0, documents: 0, skipped: [] });
    expect(await publicApp('17248024')).toMatchObject({
      examiner_name: 'DOVE, TRACY MAE',
      application_type: 'Utility',
      status: 'patented',
      status_description: 'Patented Case',
      examiner_id: null,
      art_unit: '1727',
    });
    expect(await publicApp('61896874')).toMatchObject({
      examiner_name: null,
      status: 'abandoned',
      status_code: 159,
      status_description: 'Provisional Application Expired',
      patent_number: null,
      art_unit: null,
    });
  });

  it('gives the same rows as the 2014–2017 layout for the same applications', async () => {
    const pick = (r: Record<string, unknown>) => ({ ...r, id: undefined, created_at: undefined, updated_at: undefined });
    await importPatex(db, path(APPS));
    const old = pick(await publicApp('14412875'));
    await db.deleteFrom('applications').execute();
    await importPatex(db, path(APPS_2019));
    expect(pick(await publicApp('14412875'))).toEqual(old);
  });
});

describe('the real PatEx example rows (patex-2017-example-rows.txt)', () => {
  it('imports the provisional with literal None values as missing', async () => {
    expect(await importPatex(db, path('application_data.2017-example-row.csv'))).toMatchObject({ records: 1, applications: 1, skipped: [] });
    expect(await publicApp('61896874')).toMatchObject({
      invention_title: 'VIDEO DISPLAY APPARATUS',
      examiner_name: null,
      examiner_id: null,
      art_unit: null,
      patent_number: null,
      status_code: 159,
      status: 'abandoned',
      application_type: 'Provisional',
      confirmation_number: '8400',
      attorney_docket_number: 'V44775',
      filing_date: '2013-10-29',
      status_date: '2014-11-02',
      grant_date: null,
    });
  });

  it('keeps the leading zero of 02045760 and skips its transaction while the application is unknown', async () => {
    expect(await importPatex(db, path('transactions.2017-example-row.csv'))).toEqual({
      records: 1,
      applications: 0,
      events: 0,
      documents: 0,
      skipped: [{ reason: 'application not imported', count: 1 }],
    });
    await importPatex(db, csv('application_number,filing_date,invention_title,appl_status_code\n2045760,1970-01-01,A TITLE,151\n'));
    expect((await publicApp('02045760')).status).toBe('patented');
    expect(await importPatex(db, path('transactions.2017-example-row.csv'))).toMatchObject({ events: 1, skipped: [] });
    const events = await db
      .selectFrom('prosecution_events')
      .select(['event_code', 'event_date'])
      .where('application_id', '=', (await publicApp('02045760')).id)
      .execute();
    expect(events).toEqual([{ event_code: 'SETS', event_date: '2001-09-19' }]);
  });

  it('imports the event_codes row', async () => {
    expect(await importPatex(db, path('event_codes.2017-example-row.csv'))).toMatchObject({ records: 1, skipped: [] });
    expect(await db.selectFrom('uspto_event_codes').selectAll().execute()).toEqual([{ code: '102P', description: '102P' }]);
  });
});

describe('PatEx transactions', () => {
  it('imports the real event histories, with descriptions from event_codes, idempotently', async () => {
    await importPatex(db, path(EVENT_CODES));
    await importPatex(db, path(APPS));
    const distinct = distinctTransactions(TRANSACTIONS);
    const first = await importPatex(db, path(TRANSACTIONS));
    expect(first).toEqual({ records: 194, applications: 0, events: distinct, documents: 0, skipped: [] });
    expect(await count('prosecution_events')).toBe(distinct);
    expect(await importPatex(db, path(TRANSACTIONS))).toEqual(first);
    expect(await count('prosecution_events')).toBe(distinct);
    const app = await publicApp('14412875');
    const ctnf = await db
      .selectFrom('prosecution_events')
      .select(['event_code', 'description', 'event_date'])
      .where('application_id', '=', app.id)
      .where('event_code', '=', 'CTNF')
      .orderBy('event_date')
      .execute();
    expect(ctnf).toEqual([
      { event_code: 'CTNF', description: 'Non-Final Rejection', event_date: '2016-10-19' },
      { event_code: 'CTNF', description: 'Non-Final Rejection', event_date: '2019-04-09' },
    ]);
  });

  it('skips rows with reasons and imports the rest', async () => {
    await importPatex(db, path(APPS));
    const summary = await importPatex(
      db,
      csv(
        [
          'application_number,event_code,recorded_date,sequence_number,status_code',
          '14412875,CTNF,2016-10-19,1,41', // fine
          '99999999,CTNF,2016-10-19,1,41', // unknown application
          'None,CTNF,2016-10-19,1,41', // missing number
          '14/412,875x,CTNF,2016-10-19,1,41', // invalid number (and one field too many)
          'ABC,CTNF,2016-10-19,1,41', // invalid number
          'PCTUS2013012345,CTNF,2016-10-19,1,41', // PCT
          '14412875,None,2016-10-19,1,41', // no code
          '14412875,CTFR,2017-02-30,1,41', // impossible date
          '14412875,CTFR', // too few fields
        ].join('\n'),
      ),
    );
    expect(summary).toEqual({
      records: 9,
      applications: 0,
      events: 1,
      documents: 0,
      skipped: [
        { reason: 'row has a different number of fields than the header', count: 2 },
        { reason: 'transaction without event_code or a valid recorded_date', count: 2 },
        { reason: 'application not imported', count: 1 },
        { reason: 'invalid application number', count: 1 },
        { reason: 'missing application_number', count: 1 },
        { reason: 'PCT application number (not a US application)', count: 1 },
      ],
    });
  });
});

describe('PatEx and ODP together', () => {
  it('does not roll an ODP record back to the PatEx snapshot, but adds the examiner_id ODP lacks', async () => {
    await importOdp(db, fileURLToPath(new URL('./fixtures/odp/application-17248024.json', import.meta.url)));
    const odp = await publicApp('17248024');
    const stale = text(APPS)
      .replace(',DOVE,TRACY,MAE,,1727,', ',DOVE,TRACY,M,66459,1727,')
      .replace('17248024,2021-01-05,UTL,REGULAR', '17248024,2021-01-05,UTL,REGULAR')
      .replace(',150,2023-04-19,', ',41,2022-01-01,');
    await importPatex(db, csv(stale));
    const after = await publicApp('17248024');
    expect(after).toMatchObject({
      id: odp.id,
      source: 'odp',
      status_code: 150,
      examiner_name: 'DOVE, TRACY MAE',
      examiner_id: '66459',
      first_inventor_name: odp.first_inventor_name,
    });
  });

  it("never touches an account's private record of the same number", async () => {
    const account = await db
      .insertInto('accounts')
      .values({ id: 'acct-patex', email: 'p@x.example', email_normalized: 'p@x.example', password_hash: null, display_name: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('applications')
      .values({
        id: 'private-1',
        application_number: '14412875',
        owner_account_id: account.id,
        invention_title: 'MY OWN TITLE',
        status: 'pending',
        source: 'user',
      })
      .execute();
    await importPatex(db, path(APPS));
    const own = await db.selectFrom('applications').selectAll().where('id', '=', 'private-1').executeTakeFirstOrThrow();
    expect(own.invention_title).toBe('MY OWN TITLE');
    expect((await publicApp('14412875')).invention_title).toMatch(/^Device For Repetitive/);
    await db.deleteFrom('accounts').where('id', '=', account.id).execute();
  });
});

describe('malformed files', () => {
  it('rejects a file whose header is not PatEx', async () => {
    await expect(importPatex(db, csv('foo,bar\n1,2\n'))).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('reads a stray quote in an unquoted field literally, and mixed line endings', async () => {
    const [header, first, second] = text(APPS).trimEnd().split(/\r?\n/);
    const stray = second.replace('MAKING LITHIUM METAL', '12" LITHIUM METAL');
    expect(await importPatex(db, csv(`${header}\r\n${first}\n${stray}\r\n`))).toEqual({ records: 2, applications: 2, events: 0, documents: 0, skipped: [] });
    expect((await publicApp('17248024')).invention_title).toBe('12" LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES');
  });

  it('keeps the rows before an unclosed quote (which runs on to the end of the file) and says why the rest was skipped', async () => {
    const [header, first, second] = text(APPS).trimEnd().split(/\r?\n/);
    const broken = [header, first, '15000001,2020-01-01,UTL,REGULAR,"UNCLOSED,A,B,,1727', second].join('\n');
    expect(await importPatex(db, csv(broken))).toEqual({
      records: 2,
      applications: 1,
      events: 0,
      documents: 0,
      skipped: [{ reason: 'malformed CSV row (an unclosed quote)', count: 1 }],
    });
    expect(await count('applications')).toBe(1);
  });
});

describe('prosa import patex (runImport)', () => {
  it('imports files in order and refreshes the examiner statistics once at the end', async () => {
    await refreshExaminerStats(db); // drain what earlier tests left
    const run = await runImport(db, 'patex', [path(EVENT_CODES), path(APPS), path(TRANSACTIONS)]);
    expect(run.totals).toMatchObject({ records: 86 + 2 + 194, applications: 2, events: distinctTransactions(TRANSACTIONS), skipped: [] });
    expect(run.examiner_stats).toMatchObject({ applications: 2, examiners: 2 });
    const stats = await db
      .selectFrom('examiner_stats')
      .select(['examiner_name', 'allowed', 'actions_sum', 'rces_sum', 'allowed_interview'])
      .orderBy('examiner_name')
      .execute();
    // 14412875 (uspto-data.md §4 worked example): 2×CTNF + 2×CTFR across one RCE (RCEX, BRCE, ABN9
    // count once); its only interview is EXET "Interview Summary - Examiner Initiated - Telephonic",
    // the examiner's own call: no applicant-initiated interview (it used to count as one).
    expect(stats).toEqual([
      { examiner_name: 'DOVE, TRACY MAE', allowed: 1, actions_sum: 0, rces_sum: 0, allowed_interview: 0 },
      { examiner_name: 'MATTHEWS, CHRISTINE HOPKINS', allowed: 1, actions_sum: 4, rces_sum: 1, allowed_interview: 0 },
    ]);
  });
});
