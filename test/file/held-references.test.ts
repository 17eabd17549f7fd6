/**
 * The held text of the references an action cites (queries/file-documents.ts heldReferences): the
 * account's own copy first (its newest, by number or by name), the public cache for any number it
 * has no copy of, never another account's copy, and all of it in one statement (a draft's
 * submission reads it in its turn, issue 24).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../src/db/connect.ts';
import { heldReferences } from '../../src/queries/file-documents.ts';
import { createTestDatabase } from '../support/db.ts';
import { logStatements } from '../support/statement-log.ts';

let database: Database;
const applicationId = 'app_held_refs';

async function account(id: string): Promise<string> {
  await database.db
    .insertInto('accounts')
    .values({ id, email: `${id}@firm.example`, email_normalized: `${id}@firm.example`, password_hash: null, display_name: null })
    .execute();
  return id;
}

const paragraph = (text: string) => JSON.stringify([{ number: 1, label: '[0001]', start: 0, end: text.length, section: null }]);

async function ownCopy(accountId: string, id: string, ref: { number?: string; name?: string; text: string; createdAt: string }) {
  await database.db
    .insertInto('file_documents')
    .values({
      id,
      account_id: accountId,
      application_id: applicationId,
      kind: 'reference',
      source: 'upload',
      filename: `${id}.txt`,
      format: 'txt',
      sha256: id,
      title: null,
      publication_number: ref.number ?? null,
      publication_display: ref.number ? `${ref.number} A1` : null,
      reference_name: ref.name ?? null,
      text: ref.text,
      paragraphs: paragraph(ref.text),
      figures: '[]',
      warnings: '[]',
      created_at: new Date(ref.createdAt),
    })
    .execute();
}

async function publicCopy(number: string, text: string) {
  await database.db
    .insertInto('public_references')
    .values({
      publication_number: number,
      publication_display: `${number} B2`,
      kind_code: 'B2',
      title: null,
      format: 'xml',
      sha256: number,
      text,
      paragraphs: paragraph(text),
      figures: '[]',
      origin: JSON.stringify({ source: 'test' }),
    })
    .execute();
}

let firm: string;
let other: string;
beforeAll(async () => {
  database = await createTestDatabase();
  firm = await account('acct_held_firm');
  other = await account('acct_held_other');
  await database.db
    .insertInto('applications')
    .values({
      id: applicationId,
      application_number: '19000001',
      owner_account_id: firm,
      invention_title: 'Held references',
      status: 'pending',
      source: 'user',
    })
    .execute();
  await ownCopy(firm, 'doc_old_111', { number: 'US20200000111', text: 'The older upload of 111.', createdAt: '2026-01-01T00:00:00Z' });
  await ownCopy(firm, 'doc_new_111', { number: 'US20200000111', text: 'The newer upload of 111.', createdAt: '2026-02-01T00:00:00Z' });
  await ownCopy(firm, 'doc_smith', { name: 'Smith', text: 'Smith, a paper known by its author.', createdAt: '2026-01-15T00:00:00Z' });
  await publicCopy('US20200000111', 'The public text of 111.');
  await publicCopy('US20200000222', 'The public text of 222.');
  await publicCopy('US20200000333', 'A number nobody asked for.');
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const wanted = { numbers: ['US20200000111', 'US20200000222', 'US20200000444'], names: ['SMITH'] };

test("the account's newest copy of a number comes before the public cache's, by name too, and each reference once", async () => {
  const log = logStatements(database.db);
  const held = await heldReferences(database.db, firm, wanted);
  log.stop();
  expect(held.map((h) => [h.document_id, h.source, h.text])).toEqual([
    ['doc_new_111', 'account', 'The newer upload of 111.'],
    ['doc_smith', 'account', 'Smith, a paper known by its author.'],
    ['pub_US20200000222', 'public', 'The public text of 222.'],
  ]);
  expect(held[0]).toMatchObject({ kind: 'reference', label: 'US20200000111 A1', publication_display: 'US20200000111 A1', column_lines: null });
  expect(held[1]).toMatchObject({ label: 'Smith', publication_number: null, reference_name: 'Smith' });
  expect(held[2]).toMatchObject({ kind: 'reference', label: 'US20200000222 B2', reference_name: null });
  expect(held[2].paragraphs).toEqual([{ number: 1, label: '[0001]', start: 0, end: 23, section: null }]);
  // Own copies and the public cache in one round trip.
  expect(log.statements).toHaveLength(1);
});

test("another account gets the public cache's texts and never the first account's copies", async () => {
  const held = await heldReferences(database.db, other, wanted);
  expect(held.map((h) => [h.document_id, h.source])).toEqual([
    ['pub_US20200000111', 'public'],
    ['pub_US20200000222', 'public'],
  ]);
});

test('nothing asked, nothing read', async () => {
  const log = logStatements(database.db);
  expect(await heldReferences(database.db, firm, { numbers: [], names: [] })).toEqual([]);
  log.stop();
  expect(log.statements).toHaveLength(0);
});
