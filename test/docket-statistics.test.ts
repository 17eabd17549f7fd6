/**
 * After a bulk import the docket's first read refreshes every sort key and gives the planner
 * statistics for the tables a page reads: the embedded database has no autovacuum, and without
 * them a page's pending-action read scans every paper instead of probing the index.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';

let t: TestApp;
let owner: { cookie: string; accountId: string };
const N = 1_000; // the refresh size from which the statistics are gathered

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  const { db } = t.database;
  const apps = [];
  const papers = [];
  const entries = [];
  for (let i = 0; i < N; i++) {
    const id = randomUUID();
    apps.push({ id, application_number: String(19_600_000 + i), owner_account_id: null, invention_title: `Bulk ${i}`, status: 'pending', source: 'odp' });
    papers.push({
      id: randomUUID(),
      application_id: id,
      document_code: 'CTNF',
      description: 'Non-Final Rejection',
      mailing_date: new Date(Date.now() - (10 + (i % 60)) * 86_400_000).toISOString().slice(0, 10),
      period_months: 3,
      source: 'odp',
    });
    entries.push({ id: randomUUID(), account_id: owner.accountId, application_id: id });
  }
  await db.insertInto('applications').values(apps).execute();
  await db.insertInto('correspondence').values(papers).execute();
  await db.insertInto('docket_entries').values(entries).execute();
}, 120_000);
afterAll(async () => t?.close());

/** Rows the planner believes a table holds (-1 or 0 before any analyze of a fresh table). */
async function plannerRows(table: string): Promise<number> {
  const r = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = ${table} and relkind = 'r'`.execute(t.database.db);
  return Number(r.rows[0].n);
}

test('the first page after a bulk import leaves statistics for the entries, applications and papers', async () => {
  const res = await injectAsClient(t.app, { method: 'GET', url: '/api/docket?limit=50', headers: { cookie: owner.cookie }, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ docket_total: N, total: N });
  for (const table of ['docket_entries', 'applications', 'correspondence']) expect(await plannerRows(table), table).toBeGreaterThanOrEqual(N);
});
