import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/connect.ts';
import { importOdpRejections } from '../src/sources/odp-rejections/odp-rejections-importer.ts';
import { OdpImportError } from '../src/sources/odp/odp-importer.ts';
import { createTestDatabase } from './support/db.ts';

const SAMPLE = fileURLToPath(new URL('./fixtures/odp-rejections/oa-rejections-12190351.json', import.meta.url));
const stream = (s: string) => Readable.from([Buffer.from(s, 'utf8')]);

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

const rows = () =>
  db
    .selectFrom('office_action_rejections')
    .select(['application_number', 'action_key', 'document_code', 'mailing_date', 'art_unit', 'rej_101', 'rej_102', 'rej_103', 'rej_112', 'rej_dp', 'source'])
    .orderBy('action_key')
    .execute();

describe('prosa import odp-rejections', () => {
  it("stores the real response as ONE office action with the union of its records' flags, idempotently", async () => {
    const summary = await importOdpRejections(db, SAMPLE);
    expect(summary).toEqual({ records: 3, applications: 0, events: 0, documents: 0, office_actions: 1, skipped: [] });
    const want = [
      {
        application_number: '12190351',
        action_key: 'GTYKOVWIPPOPPY5',
        document_code: 'CTNF',
        mailing_date: '2011-10-19',
        art_unit: '1713',
        rej_101: false,
        rej_102: false,
        rej_103: true,
        rej_112: true,
        rej_dp: false,
        source: 'odp',
      },
    ];
    expect(await rows()).toEqual(want);
    expect(await importOdpRejections(db, SAMPLE)).toEqual(summary);
    expect(await rows()).toEqual(want);
  });

  it('accumulates flags across files and reads JSON Lines; skips what it cannot key', async () => {
    const more = [
      { patentApplicationNumber: '12190351', obsoleteDocumentIdentifier: 'GTYKOVWIPPOPPY5', hasRejDP: 1 },
      { patentApplicationNumber: '12/190,352', legacyDocumentCodeIdentifier: 'CTFR', submissionDate: '2012-01-02T00:00:00', hasRej101: true },
      { obsoleteDocumentIdentifier: 'X', hasRej101: 1 },
      { patentApplicationNumber: 'PCTUS2012000001', obsoleteDocumentIdentifier: 'Y' },
      { patentApplicationNumber: '12190353' },
      { foo: 1 },
    ];
    const summary = await importOdpRejections(db, stream(more.map((m) => JSON.stringify(m)).join('\n')));
    expect(summary).toMatchObject({
      records: 6,
      office_actions: 2,
      skipped: [
        { reason: 'missing patentApplicationNumber', count: 2 },
        { reason: 'PCT application number (not a US application)', count: 1 },
        { reason: 'rejection record without obsoleteDocumentIdentifier or submissionDate', count: 1 },
      ],
    });
    const stored = await rows();
    expect(stored.find((r) => r.action_key === 'GTYKOVWIPPOPPY5')).toMatchObject({ rej_103: true, rej_112: true, rej_dp: true, document_code: 'CTNF' });
    expect(stored.find((r) => r.application_number === '12190352')).toMatchObject({ action_key: 'CTFR|2012-01-02', rej_101: true, mailing_date: '2012-01-02' });
  });

  it('reports malformed JSON after keeping what came before', async () => {
    const err = await importOdpRejections(db, stream('{"patentApplicationNumber":"12190354","obsoleteDocumentIdentifier":"Z"}\n{"broken":')).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OdpImportError);
    expect((err as OdpImportError).summary).toMatchObject({ records: 1 });
    expect((await rows()).some((r) => r.application_number === '12190354')).toBe(true);
  });
});
