import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { calculateDeadlines, calculateEventDeadlines, type LifeDeadline } from '../src/domain/deadlines/index.ts';

// The docket's life deadlines (GET /api/deadlines `life_deadlines`, the calendar feed): computed from
// the papers and issue dates the docket holds. The route runs on the real clock, so dates are relative.
const today = new Date().toISOString().slice(0, 10);
const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let a: { cookie: string; accountId: string };
const ids = new Map<string, string>();

async function addApplication(number: string, fields: { status?: string; grant_date?: string; application_type?: string } = {}): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto('applications')
    .values({
      id,
      application_number: number,
      owner_account_id: null,
      invention_title: `Test application ${number}`,
      status: fields.status ?? 'pending',
      grant_date: fields.grant_date ?? null,
      application_type: fields.application_type ?? null,
      source: 'odp',
    })
    .execute();
  return id;
}

async function addPaper(applicationId: string, code: string, date: string, direction = 'OUTGOING'): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto('correspondence')
    .values({ id, application_id: applicationId, document_code: code, description: code, mailing_date: date, direction, source: 'odp' })
    .execute();
  return id;
}

async function docket(number: string, matter: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/docket',
    headers: { cookie: a.cookie },
    payload: { application_number: number, client_matter: matter },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

interface LifeWire {
  application_number: string;
  event: { kind: string; date: string; correspondence_id: string | null };
  deadline: LifeDeadline;
  next_date: string | null;
  next_stage: string | null;
  days_remaining: number;
  overdue: boolean;
}

async function lifeList(within = '3650d'): Promise<LifeWire[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/deadlines?within=${within}`, headers: { cookie: a.cookie }, remoteAddress: randomIp() });
  expect(res.statusCode).toBe(200);
  return res.json().life_deadlines;
}

const GRANTED = daysBefore(1200); // the 3.5-year fee is about 78 days ahead

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app);
  // A recorded notice of allowance, issue fee unpaid.
  const allowed = await addApplication('17800001', { status: 'allowed' });
  ids.set('noa', await addPaper(allowed, 'NOA', daysBefore(20)));
  // The issue fee paid (IFEE paper after the notice): no issue-fee deadline.
  const paid = await addApplication('17800002', { status: 'allowed' });
  await addPaper(paid, 'NOA', daysBefore(40));
  await addPaper(paid, 'IFEE', daysBefore(10), 'INCOMING');
  // A utility patent granted 1200 days ago; a design patent (series 29) granted the same day.
  await addApplication('17800003', { status: 'patented', grant_date: GRANTED, application_type: 'Utility' });
  await addApplication('29800004', { status: 'patented', grant_date: GRANTED });
  // An examiner's answer in a pending appeal, and a notice of appeal the applicant filed.
  const appeal = await addApplication('17800005');
  ids.set('answer', await addPaper(appeal, 'EXANS', daysBefore(15)));
  const noticed = await addApplication('17800006');
  ids.set('appeal', await addPaper(noticed, 'N/AP', daysBefore(5), 'INCOMING'));
  for (const [n, m] of [
    ['17800001', 'NOA-1'],
    ['17800002', 'PAID-1'],
    ['17800003', 'PAT-1'],
    ['29800004', 'DES-1'],
    ['17800005', 'APL-1'],
    ['17800006', 'APL-2'],
  ])
    await docket(n, m);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/deadlines life_deadlines', () => {
  test('a recorded notice of allowance yields the issue fee (and copendency) from the engine, with its citation', async () => {
    const list = (await lifeList()).filter((d) => d.application_number === '17800001');
    const engine = calculateDeadlines({ action: 'notice_of_allowance', mailingDate: daysBefore(20) }).deadlines;
    expect(list.map((d) => d.deadline)).toEqual(engine);
    expect(list[0]).toMatchObject({
      event: { kind: 'notice_of_allowance', date: daysBefore(20), correspondence_id: ids.get('noa') },
      next_date: engine[0]!.due_effective,
      next_stage: 'due',
      overdue: false,
    });
    expect(list[0]!.deadline.citation).toContain('35 U.S.C. 151(a)');
    // The pending action's own fields are unchanged beside it.
    const res = await t.app.inject({ method: 'GET', url: '/api/deadlines?within=3650d', headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    const pending = res.json().deadlines.find((d: { application_number: string }) => d.application_number === '17800001');
    expect(pending.response_deadline).toBe(engine[0]!.due_effective);
  });

  test('a notice of allowance the account records itself (POST /api/docket/{id}/office-actions) yields the issue fee for that account only', async () => {
    await addApplication('17800007');
    const entry = await docket('17800007', 'REC-1');
    const rec = await t.app.inject({
      method: 'POST',
      url: `/api/docket/${entry}/office-actions`,
      headers: { cookie: a.cookie },
      payload: { kind: 'NOA', mailing_date: daysBefore(3) },
      remoteAddress: randomIp(),
    });
    expect(rec.statusCode, rec.body).toBe(201);
    const list = (await lifeList()).filter((d) => d.application_number === '17800007');
    expect(list.map((d) => d.deadline)).toEqual(calculateDeadlines({ action: 'notice_of_allowance', mailingDate: daysBefore(3) }).deadlines);
    expect(list[0]!.event.correspondence_id).toBe(rec.json().correspondence.id);
    // Another account following the same public application does not see the recorded paper's deadlines.
    const b = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: b.cookie },
      payload: { application_number: '17800007' },
      remoteAddress: randomIp(),
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/deadlines?within=3650d', headers: { cookie: b.cookie }, remoteAddress: randomIp() });
    expect(other.json().life_deadlines).toEqual([]);
  });

  test('the issue fee paid after the notice: no issue-fee deadline', async () => {
    expect((await lifeList()).filter((d) => d.application_number === '17800002')).toEqual([]);
  });

  test('a granted utility patent yields the maintenance fees still open; a design patent none', async () => {
    const list = (await lifeList()).filter((d) => d.application_number === '17800003');
    const engine = calculateEventDeadlines({ action: 'grant', mailingDate: GRANTED }).deadlines.filter((d) => d.kind.startsWith('maintenance_fee'));
    expect(list.map((d) => d.deadline)).toEqual(engine);
    expect(list.map((d) => d.deadline.kind)).toEqual(['maintenance_fee_3_5', 'maintenance_fee_7_5', 'maintenance_fee_11_5']);
    expect(list[0]).toMatchObject({ event: { kind: 'grant', date: GRANTED, correspondence_id: null }, next_date: engine[0]!.due_effective, next_stage: 'due' });
    expect(list[0]!.deadline.citation).toContain('37 CFR 1.362');
    expect((await lifeList()).filter((d) => d.application_number === '29800004')).toEqual([]);
  });

  test("an examiner's answer yields the reply brief and oral hearing request; a notice of appeal the appeal brief", async () => {
    const all = await lifeList();
    const answer = all.filter((d) => d.application_number === '17800005');
    expect(answer.map((d) => d.deadline)).toEqual(calculateEventDeadlines({ action: 'examiners_answer', mailingDate: daysBefore(15) }).deadlines);
    expect(answer[0]!.event.correspondence_id).toBe(ids.get('answer'));
    const brief = all.filter((d) => d.application_number === '17800006');
    expect(brief.map((d) => d.deadline)).toEqual(calculateEventDeadlines({ action: 'notice_of_appeal', mailingDate: daysBefore(5) }).deadlines);
  });

  test('within: only deadlines whose next date falls in the window', async () => {
    const list = await lifeList('30d');
    expect(list.every((d) => d.overdue || (d.next_date !== null && d.next_date <= daysBefore(-30)))).toBe(true);
    expect(list.some((d) => d.application_number === '17800003')).toBe(false); // the maintenance fee is ~78 days out
  });
});

describe('calendar feed', () => {
  test('the maintenance fees (due and surcharge end) and the reply brief are events; a pending notice of allowance is not repeated', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(201);
    const path = new URL(res.json().url).pathname;
    const ics = (await t.app.inject({ method: 'GET', url: path, remoteAddress: randomIp() })).body.replace(/\r?\n[ \t]/g, '');
    // The notice of allowance is the entry's pending action: its one event is the issue-fee date, not repeated.
    expect(ics.match(new RegExp(`UID:${ids.get('noa')}-`, 'g'))).toHaveLength(1);
    expect(ics).not.toContain('Issue fee due (not extendable)');
    const grant = calculateEventDeadlines({ action: 'grant', mailingDate: GRANTED }).deadlines[0]!;
    expect(ics).toContain(`DTSTART;VALUE=DATE:${grant.due_effective.replaceAll('-', '')}`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${grant.surcharge_until!.replaceAll('-', '')}`);
    expect(ics).toContain('3.5-year maintenance fee due');
    expect(ics).toContain('Reply brief due (not extendable)');
  });
});

describe('GET /api/docket/export.csv lists the life deadlines', () => {
  test('maintenance fees, the issue fee and the briefs each a row with their engine dates and citations; a design patent none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docket/export.csv', headers: { cookie: a.cookie }, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    const of = (n: string) => rows.filter((r) => r.application_number === n && r.deadline_kind);
    const engine = calculateEventDeadlines({ action: 'grant', mailingDate: GRANTED }).deadlines.filter((d) => d.kind.startsWith('maintenance_fee'));
    expect(of('17/800,003').map((r) => [r.deadline_kind, r.action, r.action_mailing_date, r.due_date, r.effective_due_date])).toEqual(
      engine.map((d) => [d.kind, 'grant', GRANTED, d.due, d.due_effective]),
    );
    expect(of('17/800,003')[0]!.citation).toContain('37 CFR 1.362');
    expect(of('29/800,004')).toEqual([]);
    expect(of('17/800,005').map((r) => r.deadline_kind)).toEqual(['reply_brief', 'oral_hearing_request']);
    expect(of('17/800,006').map((r) => r.deadline_kind)).toEqual(['appeal_brief']);
    // The issue fee once: the notice of allowance is the entry's pending action, exported as that.
    expect(
      of('17/800,001').filter(
        (r) => r.effective_due_date === calculateDeadlines({ action: 'notice_of_allowance', mailingDate: daysBefore(20) }).response_deadline,
      ),
    ).toHaveLength(1);
    expect(of('17/800,002').filter((r) => r.deadline_kind === 'issue_fee')).toEqual([]);
  });
});
