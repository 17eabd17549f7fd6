/**
 * The docket computes each distinct deadline once: entries whose actions share a kind, mailing
 * date and entity status reuse one calculation of the engine (the engine is pure), and every
 * entry still shows exactly what the engine gives for its own action.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, injectAsClient, randomIp, signUp, type TestApp } from './support/app.ts';
import { calculateDeadlines } from '../src/domain/deadlines/index.ts';
import { deadlineEngineCalls } from '../src/queries/application-deadlines.ts';

let t: TestApp;
let cookie: string;
/** The engine's count before this file's entries were docketed (each POST answers with its deadlines too). */
let before: number;
// Dates no other file uses, so what this process has calculated before cannot hide the count.
const DATES = ['2026-09-01', '2026-09-02', '2026-09-03'];
const ENTRIES = 30;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  before = deadlineEngineCalls();
  for (let i = 0; i < ENTRIES; i++) {
    const number = String(19_400_000 + i);
    const id = randomUUID();
    await t.database.db
      .insertInto('applications')
      .values({
        id,
        application_number: number,
        owner_account_id: null,
        invention_title: `Reuse ${i}`,
        status: 'pending',
        source: 'odp',
        entity_status: 'SMALL',
      })
      .execute();
    await t.database.db
      .insertInto('correspondence')
      .values({
        id: randomUUID(),
        application_id: id,
        document_code: 'CTNF',
        description: 'Non-Final Rejection',
        mailing_date: DATES[i % DATES.length],
        period_months: 3,
        source: 'odp',
      })
      .execute();
    const res = await injectAsClient(t.app, {
      method: 'POST',
      url: '/api/docket',
      headers: { cookie },
      payload: { application_number: number },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);
afterAll(async () => t?.close());

test("thirty entries on three mailing dates: three calculations, and each entry shows its own action's deadlines", async () => {
  const res = await injectAsClient(t.app, { method: 'GET', url: '/api/docket', headers: { cookie }, remoteAddress: randomIp() });
  expect(res.statusCode).toBe(200);
  expect(deadlineEngineCalls() - before).toBe(DATES.length);
  const entries = res.json().entries as {
    application: { application_number: string; response_deadline: string | null; critical_deadline_date: string | null };
  }[];
  expect(entries).toHaveLength(ENTRIES);
  for (const e of entries) {
    const i = Number(e.application.application_number) - 19_400_000;
    const expected = calculateDeadlines({ action: 'non_final', mailingDate: DATES[i % DATES.length], periodMonths: 3, entity: 'small' });
    expect(e.application.response_deadline).toBe(expected.response_deadline);
    expect(e.application.critical_deadline_date).toBe(expected.critical_deadline_date);
  }
  // A second reading calculates nothing new.
  const again = deadlineEngineCalls();
  await injectAsClient(t.app, { method: 'GET', url: '/api/docket', headers: { cookie }, remoteAddress: randomIp() });
  expect(deadlineEngineCalls()).toBe(again);
});
