import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/connect.ts';
import { importOdp, importOdpDocuments, importOdpRecord, OdpImportError, type ImportSummary } from '../src/sources/odp/odp-importer.ts';
import { createTestDatabase } from './support/db.ts';

type Json = Record<string, any>;
const path = (name: string) => fileURLToPath(new URL(`./fixtures/odp/${name}`, import.meta.url));
const fixture = (name: string): Json => JSON.parse(readFileSync(path(name), 'utf8')) as Json;
const APPLICATION = 'application-17248024.json';
const SEARCH = 'search-post-14412875.json';
const DOCUMENTS = 'documents-17248024.json';
const TRANSACTIONS = 'transactions-17248024.json';

/** Bytes in small pieces, so records straddle chunk boundaries. */
function stream(text: string, size = 4096): Readable {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return Readable.from(pieces);
}
const jsonl = (...values: unknown[]) => `${values.map((v) => JSON.stringify(v)).join('\n')}\n`;
const recordOf = (name: string): Json => fixture(name).patentFileWrapperDataBag[0];
const distinctEvents = (record: Json) => new Set((record.eventDataBag as Json[]).map((e) => `${e.eventCode}|${e.eventDate}`)).size;

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
  // Each test starts without applications; events and correspondence cascade.
  await db.deleteFrom('applications').execute();
  await db.deleteFrom('accounts').execute();
});

async function counts() {
  const count = async (table: 'applications' | 'prosecution_events' | 'correspondence') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { applications: await count('applications'), events: await count('prosecution_events'), documents: await count('correspondence') };
}
const publicApp = (number: string) =>
  db.selectFrom('applications').selectAll().where('application_number', '=', number).where('owner_account_id', 'is', null).executeTakeFirstOrThrow();
const eventsOf = async (applicationId: string) =>
  db
    .selectFrom('prosecution_events')
    .select(['event_code', 'description', 'event_date'])
    .where('application_id', '=', applicationId)
    .orderBy('event_date')
    .orderBy('event_code')
    .execute();

describe('importOdp: real ODP responses', () => {
  it('imports GET /applications/17248024 with every column mapped', async () => {
    const summary = await importOdp(db, path(APPLICATION));
    expect(summary).toEqual({ records: 1, applications: 1, events: distinctEvents(recordOf(APPLICATION)), documents: 0, skipped: [] });
    const row = await publicApp('17248024');
    expect(row).toMatchObject({
      application_number: '17248024',
      owner_account_id: null,
      invention_title: 'MAKING LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES',
      status: 'patented',
      status_code: 150,
      status_description: 'Patented Case',
      status_date: '2023-04-19',
      filing_date: '2021-01-05',
      examiner_name: 'DOVE, TRACY MAE',
      art_unit: '1727',
      confirmation_number: '4114',
      attorney_docket_number: 'PLUSP040X1C4US',
      first_inventor_name: 'Steven J. Visco',
      first_applicant_name: 'PolyPlus Battery Company',
      entity_status: 'large',
      application_type: 'Utility',
      patent_number: '11646472',
      grant_date: '2023-05-09',
      earliest_publication_number: 'US20210210819A1',
      source: 'odp',
    });
    const events = await eventsOf(row.id);
    expect(events).toHaveLength(distinctEvents(recordOf(APPLICATION)));
    expect(events).toContainEqual({
      event_code: 'N/=.',
      description: 'Notice of Allowance Data Verification Completed',
      event_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('imports the POST /search response for 14412875 with its whole prosecution history', async () => {
    const summary = await importOdp(db, path(SEARCH));
    expect(summary).toMatchObject({ records: 1, applications: 1, documents: 0, skipped: [] });
    const row = await publicApp('14412875');
    expect(row).toMatchObject({
      invention_title: 'Device For Repetitive Nerve Stimulation In Order To Break Down Fat Tissue Means Of Inductive Magnetic Fields',
      status: 'patented',
      status_code: 150,
      examiner_name: 'MATTHEWS, CHRISTINE HOPKINS',
      art_unit: '3791',
      filing_date: '2015-01-05',
      patent_number: '10765880',
      grant_date: '2020-09-08',
      confirmation_number: '6393',
      attorney_docket_number: '4387.0210001',
      entity_status: 'large',
    });
    const events = await eventsOf(row.id);
    const has = (code: string, date: string) => events.some((e) => e.event_code === code && e.event_date === date);
    for (const [code, date] of [
      ['CTNF', '2016-10-19'],
      ['MCTNF', '2016-10-25'],
      ['A...', '2017-04-25'],
      ['CTFR', '2017-07-31'],
      ['MCTFR', '2017-08-09'],
      ['ABN2', '2018-02-20'],
      ['RCEX', '2018-06-01'],
      ['PREV', '2019-03-20'],
      ['ABN9', '2019-04-03'],
      ['CTNF', '2019-04-09'],
      ['CTFR', '2020-01-13'],
      ['EXET', '2020-04-22'],
      ['N/=.', '2020-04-22'],
      ['PGM/', '2020-09-08'],
    ]) {
      expect(has(code, date), `${code} ${date}`).toBe(true);
    }
    // EML_NTR 2019-11-18 appears twice in the source; the unique key keeps one.
    expect(events.filter((e) => e.event_code === 'EML_NTR' && e.event_date === '2019-11-18')).toHaveLength(1);
    expect(events).toHaveLength(distinctEvents(recordOf(SEARCH)));
    expect(summary.events).toBe(events.length);
  });

  it('imports the /documents list as correspondence: every paper, date as written', async () => {
    await importOdp(db, path(APPLICATION));
    const summary = await importOdp(db, path(DOCUMENTS));
    expect(summary).toEqual({ records: 45, applications: 0, events: 0, documents: 45, skipped: [] });
    const app = await publicApp('17248024');
    const docs = await db.selectFrom('correspondence').selectAll().where('application_id', '=', app.id).execute();
    expect(docs).toHaveLength(45);
    expect(docs.find((d) => d.document_identifier === 'LN4VBTHCXBLUEX2')).toMatchObject({
      document_code: 'PETDEC',
      description: 'Petition Decision',
      mailing_date: '2023-10-03', // officialDate 2023-10-03T09:18:25.000-0400
      direction: 'OUTGOING',
      source: 'odp',
      full_text: null,
      period_months: null,
    });
    const source = fixture(DOCUMENTS).documentBag as Json[];
    for (const d of source) {
      const row = docs.find((r) => r.document_identifier === d.documentIdentifier)!;
      expect(row.document_code).toBe(d.documentCode);
      expect(row.mailing_date).toBe((d.officialDate as string).slice(0, 10));
      expect(row.direction).toBe(d.directionCategory);
    }
    expect(docs.some((d) => d.document_code === 'NOA')).toBe(true);
    expect(new Set(docs.map((d) => d.direction))).toEqual(new Set(source.map((d) => d.directionCategory)));
  });

  it('documents of an application not yet imported are skipped with that reason', async () => {
    const summary = await importOdp(db, path(DOCUMENTS));
    expect(summary).toEqual({ records: 45, applications: 0, events: 0, documents: 0, skipped: [{ reason: 'application not imported', count: 45 }] });
    expect(await counts()).toEqual({ applications: 0, events: 0, documents: 0 });
  });

  it('a /transactions record (no applicationMetaData) adds events to an existing application and nothing else', async () => {
    // Start from the application with its events removed, so the transactions file must add them.
    await importOdp(db, path(APPLICATION));
    const before = await publicApp('17248024');
    await db.deleteFrom('prosecution_events').where('application_id', '=', before.id).execute();
    const summary = await importOdp(db, path(TRANSACTIONS));
    expect(summary).toEqual({ records: 1, applications: 0, events: distinctEvents(recordOf(TRANSACTIONS)), documents: 0, skipped: [] });
    const after = await publicApp('17248024');
    expect(after).toEqual(before); // the application row is untouched (updated_at included)
    expect(await eventsOf(after.id)).toHaveLength(distinctEvents(recordOf(TRANSACTIONS)));
  });

  it('a /transactions record for an unknown application is skipped with a clear reason', async () => {
    const summary = await importOdp(db, path(TRANSACTIONS));
    expect(summary).toEqual({ records: 1, applications: 0, events: 0, documents: 0, skipped: [{ reason: 'application not imported', count: 1 }] });
    expect(await counts()).toEqual({ applications: 0, events: 0, documents: 0 });
  });

  it('is idempotent: importing every file twice leaves the same rows', async () => {
    const all = [APPLICATION, SEARCH, DOCUMENTS, TRANSACTIONS];
    const first: ImportSummary[] = [];
    for (const f of all) first.push(await importOdp(db, path(f)));
    const once = await counts();
    const snapshot = async () => ({
      applications: await db.selectFrom('applications').selectAll().orderBy('id').execute(),
      events: await db.selectFrom('prosecution_events').selectAll().orderBy('id').execute(),
      documents: await db.selectFrom('correspondence').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    const second: ImportSummary[] = [];
    for (const f of all) second.push(await importOdp(db, path(f)));
    expect(await counts()).toEqual(once);
    expect(once).toEqual({
      applications: 2,
      events: distinctEvents(recordOf(APPLICATION)) + distinctEvents(recordOf(SEARCH)),
      documents: 45,
    });
    expect(await snapshot()).toEqual(before); // ids, columns and updated_at unchanged
    expect(second).toEqual(first);
  });
});

describe('importOdp: input forms', () => {
  it('reads JSON Lines: one record per line, from a stream', async () => {
    const progress: number[] = [];
    const summary = await importOdp(db, stream(jsonl(recordOf(APPLICATION), recordOf(SEARCH)), 1000), { onProgress: (n) => progress.push(n) });
    expect(summary).toMatchObject({ records: 2, applications: 2, skipped: [] });
    expect(progress).toEqual([1, 2]);
    expect(await counts()).toMatchObject({ applications: 2 });
    expect((await publicApp('14412875')).examiner_name).toBe('MATTHEWS, CHRISTINE HOPKINS');
  });

  it('reads concatenated records and documents given one per line', async () => {
    const docs = fixture(DOCUMENTS).documentBag as Json[];
    const text = `${JSON.stringify(recordOf(APPLICATION)) + JSON.stringify(recordOf(SEARCH))}\n${jsonl(...docs.slice(0, 3))}`;
    const summary = await importOdp(db, stream(text, 333));
    expect(summary).toMatchObject({ records: 5, applications: 2, documents: 3, skipped: [] });
  });

  it('counts skipped records by reason and imports the rest', async () => {
    const good = recordOf(APPLICATION);
    const pct = { ...recordOf(SEARCH), applicationNumberText: 'PCTIB2013001896' };
    const noTitle = { ...recordOf(SEARCH), applicationMetaData: { ...recordOf(SEARCH).applicationMetaData, inventionTitle: '' } };
    const badNumber = { ...good, applicationNumberText: '123' };
    const noNumber = { applicationMetaData: good.applicationMetaData };
    const text = `${JSON.stringify({ count: 6, patentFileWrapperDataBag: [pct, good, noTitle, badNumber, pct, noNumber] })}\n{"code":404,"error":"Not Found"}\n`;
    const summary = await importOdp(db, stream(text));
    expect(summary).toEqual({
      records: 7,
      applications: 1,
      events: distinctEvents(good),
      documents: 0,
      skipped: [
        { reason: 'PCT application number (not a US application)', count: 2 },
        { reason: 'invalid application number', count: 1 },
        { reason: 'missing applicationNumberText', count: 1 },
        { reason: 'missing inventionTitle', count: 1 },
        { reason: 'neither an application record nor a document', count: 1 },
      ],
    });
    expect(await counts()).toMatchObject({ applications: 1 });
  });

  it('a malformed file: records before the error are committed, then an error names the position and carries the summary', async () => {
    const first = JSON.stringify(recordOf(APPLICATION));
    const second = JSON.stringify(recordOf(SEARCH)).replace('"filingDate":"2015-01-05"', '"filingDate":2015-01-05"');
    const column = second.indexOf(':2015-01-05"') + 6; // the verifier stops at the '-' after 2015
    const error = await importOdp(db, stream(`${first}\n${second}\n`, 2048)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OdpImportError);
    const e = error as OdpImportError;
    expect(e.line).toBe(2);
    expect(e.column).toBe(column);
    expect(e.offset).toBe(first.length + 1 + column - 1);
    expect(e.message).toMatch(
      new RegExp(
        `^Malformed ODP JSON at line 2, column ${column} \\(character offset \\d+\\): .+\\. The 1 item\\(s\\) before it were processed and committed \\(see summary\\)\\.$`,
      ),
    );
    expect(e.summary).toMatchObject({ records: 1, applications: 1 });
    expect(await counts()).toMatchObject({ applications: 1 });
    await publicApp('17248024');
  });

  it('a truncated file reports that it ended early and imports nothing partial', async () => {
    const text = readFileSync(path(SEARCH), 'utf8');
    const error = await importOdp(db, stream(text.slice(0, Math.floor(text.length / 2)))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OdpImportError);
    expect((error as OdpImportError).message).toMatch(/input ended early/);
    expect((error as OdpImportError).summary.records).toBe(0);
    expect(await counts()).toEqual({ applications: 0, events: 0, documents: 0 });
  });

  it('a documents file broken mid-way keeps the documents read before the break', async () => {
    const text = readFileSync(path(DOCUMENTS), 'utf8');
    await importOdp(db, path(APPLICATION));
    const cut = text.indexOf('"documentIdentifier"', text.indexOf('"documentIdentifier"') + 1); // inside the 2nd document
    const error = await importOdp(db, stream(`${text.slice(0, cut)}]]${text.slice(cut)}`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OdpImportError);
    expect((error as OdpImportError).summary).toMatchObject({ records: 1, documents: 1 });
    expect(await counts()).toMatchObject({ documents: 1 });
  });

  it('a missing file rejects with the file system error', async () => {
    await expect(importOdp(db, path('no-such-file.json'))).rejects.toThrow(/ENOENT/);
  });
});

describe('upsert rules', () => {
  it('keeps the id of an existing public row (a demo row too) and overwrites its columns', async () => {
    await db
      .insertInto('applications')
      .values({ id: 'demo-17248024', application_number: '17248024', owner_account_id: null, invention_title: 'Demo title', status: 'pending', source: 'demo' })
      .execute();
    await db
      .insertInto('prosecution_events')
      .values({ application_id: 'demo-17248024', event_code: 'DEMO', description: 'seeded', event_date: '2021-01-01' })
      .execute();
    await importOdp(db, path(APPLICATION));
    const row = await publicApp('17248024');
    expect(row).toMatchObject({ id: 'demo-17248024', invention_title: expect.stringMatching(/^MAKING LITHIUM/), status: 'patented', source: 'odp' });
    expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(row.created_at.getTime());
    expect((await eventsOf(row.id)).some((e) => e.event_code === 'DEMO')).toBe(true);
    expect(await counts()).toMatchObject({ applications: 1 });
  });

  it("never touches an account's private record of the same number", async () => {
    await db.insertInto('accounts').values({ id: 'acct-1', email: 'a@example.com', email_normalized: 'a@example.com' }).execute();
    await db
      .insertInto('applications')
      .values({ id: 'private-1', application_number: '17248024', owner_account_id: 'acct-1', invention_title: 'My draft', status: 'pending', source: 'user' })
      .execute();
    await importOdp(db, path(APPLICATION));
    const priv = await db.selectFrom('applications').selectAll().where('id', '=', 'private-1').executeTakeFirstOrThrow();
    expect(priv).toMatchObject({ invention_title: 'My draft', status: 'pending', source: 'user' });
    expect((await publicApp('17248024')).id).not.toBe('private-1');
    expect(await counts()).toMatchObject({ applications: 2 });
  });

  it('a changed record updates columns and updated_at; documents refresh without losing text', async () => {
    await importOdp(db, path(APPLICATION));
    await importOdp(db, path(DOCUMENTS));
    const before = await publicApp('17248024');
    await db.updateTable('correspondence').set({ full_text: 'OCR text', period_months: 3 }).where('document_identifier', '=', 'LN4VBTHCXBLUEX2').execute();
    const changed = recordOf(APPLICATION);
    changed.applicationMetaData.examinerNameText = 'DOVE, TRACY M';
    await importOdp(db, stream(jsonl(changed)));
    const after = await publicApp('17248024');
    expect(after.id).toBe(before.id);
    expect(after.examiner_name).toBe('DOVE, TRACY M');
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());

    const doc = { ...(fixture(DOCUMENTS).documentBag as Json[])[0], documentCodeDescriptionText: 'Petition Decision (corrected)' };
    expect(await importOdp(db, stream(jsonl(doc)))).toMatchObject({ records: 1, documents: 1 });
    const row = await db.selectFrom('correspondence').selectAll().where('document_identifier', '=', 'LN4VBTHCXBLUEX2').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ description: 'Petition Decision (corrected)', full_text: 'OCR text', period_months: 3 });
    expect(await counts()).toMatchObject({ documents: 45 });
  });
});

describe('importOdpRecord / importOdpDocuments (live connector, seeds)', () => {
  it('imports one record, joining the caller transaction', async () => {
    const outcome = await db.transaction().execute((trx) => importOdpRecord(trx, recordOf(SEARCH)));
    expect(outcome).toMatchObject({ status: 'imported', application: true, events: distinctEvents(recordOf(SEARCH)), documents: 0, skipped: [] });
    expect(await importOdpRecord(db, { applicationNumberText: 'PCTIB2013001896' })).toEqual({
      status: 'skipped',
      reason: 'PCT application number (not a US application)',
    });
  });

  it('rolls the whole record back when the caller transaction fails', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await importOdpRecord(trx, recordOf(SEARCH));
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await counts()).toEqual({ applications: 0, events: 0, documents: 0 });
  });

  it('imports a documentBag for a known application and skips the rest', async () => {
    await importOdpRecord(db, recordOf(APPLICATION));
    const docs = fixture(DOCUMENTS).documentBag as Json[];
    const other = { ...docs[0], applicationNumberText: '14412875' };
    const outcome = await importOdpDocuments(db, [...docs, other, { documentCode: 'X' }]);
    expect(outcome.documents).toBe(45);
    expect(outcome.skipped.sort()).toEqual(['application not imported', 'missing applicationNumberText']);
  });
});
