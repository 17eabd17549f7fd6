import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { calculateDeadlines, calculateEventDeadlines } from '../../src/domain/deadlines/index.ts';
import { daysAgo, insertPublicApplication, insertPublicPaper, today } from '../api-data/helpers.ts';
import { fails, mcpFixture, ok, refusedAfterDisconnect, web, type McpFixture } from './support.ts';

// The deadline tools (and get_fee_schedule) through MCP.

let f: McpFixture;
let paperId: string;
const MAILED = daysAgo(100); // past the 3-month date: in the extension months
const expected = () => calculateDeadlines({ action: 'non_final', mailingDate: MAILED, periodMonths: 3, entity: 'small', today: today() });

beforeAll(async () => {
  f = await mcpFixture();
  const id = await insertPublicApplication(f.s.database.db, { number: '17900001' });
  paperId = await insertPublicPaper(f.s.database.db, id, 'CTNF', MAILED, { periodMonths: 3, description: 'Non-Final Rejection' });
  expect((await web(f, 'PATCH', '/api/account', { entity_size: 'small' })).status).toBe(200);
  expect((await web(f, 'POST', '/api/docket', { application_number: '17900001', client_matter: 'TRK-1' })).status).toBe(201);
  // A patent granted 1200 days ago: its 3.5-year maintenance fee is about 78 days ahead.
  const granted = await insertPublicApplication(f.s.database.db, { number: '17900002', status: 'patented' });
  await f.s.database.db
    .updateTable('applications')
    .set({ grant_date: daysAgo(1200) })
    .where('id', '=', granted)
    .execute();
  expect((await web(f, 'POST', '/api/docket', { application_number: '17900002', client_matter: 'PAT-1' })).status).toBe(201);
});
afterAll(async () => {
  await f?.close();
});

describe('deadline tools', () => {
  test('get_deadlines: the full calculation with small-entity fees; an unknown number is app_not_found', async () => {
    const r = await ok(f.client, 'get_deadlines', { application_number: '17900001' });
    const e = expected();
    expect(r.data).toMatchObject({
      application_number: '17900001',
      entity: 'small',
      deadlines: { response_deadline: e.response_deadline, critical_deadline_correspondence_id: paperId },
    });
    expect(r.data.calculation.extensions[0].fee_for_entity).toBe(e.extensions[0].fee!.small);
    expect(r.text).toContain(e.critical_deadline_date);
    expect((await fails(f.client, 'get_deadlines', { application_number: '18000000' })).error.error_code).toBe('app_not_found');
  });

  test('get_extension_options: the months, and the fewest that make today timely', async () => {
    const r = await ok(f.client, 'get_extension_options', { application_number: '17900001' });
    const e = expected();
    const needed = e.extensions.find((x) => x.due_effective >= today())!;
    expect(r.data).toMatchObject({ entity: 'small', date: today(), extendable: true, needed: { months: needed.months, fee: needed.fee!.small } });
    expect(r.data.options.map((o: { months: number }) => o.months)).toEqual(e.extensions.map((x) => x.months));
    const within = await ok(f.client, 'get_extension_options', { application_number: '17900001', date: daysAgo(95) });
    expect(within.data.needed).toMatchObject({ months: 0, fee: null });
    // Arguments outside the input schema are refused by the MCP server before any call.
    const bad = await fails(f.client, 'get_extension_options', { application_number: '17900001', date: '2026-13-01' });
    expect(bad.content[0].text).toContain('date');
  });

  test('list_upcoming_deadlines: within N days; a bad window is refused', async () => {
    const r = await ok(f.client, 'list_upcoming_deadlines', { within_days: 365 });
    expect(r.data).toMatchObject({
      within_days: 365,
      entity: 'small',
      deadlines: [{ application_number: '17900001', client_matter: 'TRK-1', action: { correspondence_id: paperId } }],
    });
    expect((await fails(f.client, 'list_upcoming_deadlines', { within_days: 0 })).content[0].text).toContain('within_days');
    const fee = calculateEventDeadlines({ action: 'grant', mailingDate: daysAgo(1200) }).deadlines[0]!;
    expect(r.data.life_deadlines).toContainEqual(
      expect.objectContaining({ application_number: '17900002', event: { kind: 'grant', date: daysAgo(1200), correspondence_id: null }, deadline: fee }),
    );
    expect(r.text).toContain(`17900002 maintenance fee 3 5 ${fee.due_effective}`);
  });

  test('calculate_deadline: the engine on any action; an unknown action is refused naming the field', async () => {
    const r = await ok(f.client, 'calculate_deadline', { action: 'CTFR', mailing_date: '2026-03-02', entity: 'micro' });
    const e = calculateDeadlines({ action: 'final', mailingDate: '2026-03-02', entity: 'micro', today: today() });
    expect(r.data).toMatchObject({ action: 'final', response_deadline: e.response_deadline, critical_deadline_date: e.critical_deadline_date });
    expect(r.data.deadlines).toEqual(e.deadlines);
    const grant = await ok(f.client, 'calculate_deadline', { action: 'grant', mailing_date: '2020-08-31' });
    const g = calculateEventDeadlines({ action: 'grant', mailingDate: '2020-08-31', today: today() });
    expect(grant.data).toMatchObject({ action: 'grant', response_deadline: null, ssp_due: null, deadlines: g.deadlines });
    expect(grant.text).toContain(`maintenance fee 3 5 ${g.deadlines[0]!.due_effective}`);
    const design = await ok(f.client, 'calculate_deadline', { action: 'foreign_filing', mailing_date: '2025-12-25', application_type: 'design' });
    expect(design.data.deadlines).toEqual(
      calculateEventDeadlines({ action: 'foreign_filing', mailingDate: '2025-12-25', applicationType: 'design' }).deadlines,
    );
    const bad = await fails(f.client, 'calculate_deadline', { action: 'rejection', mailing_date: '2026-03-02' });
    expect(bad.error).toMatchObject({ error_code: 'validation_error', message: expect.stringMatching(/^action: .*pct_priority/) });
  });

  test('rotate_calendar_feed and get_calendar_feed: an assistant may create the feed; its URL serves the docket', async () => {
    expect((await ok(f.client, 'get_calendar_feed')).data).toEqual({ exists: false, created_at: null });
    const created = await ok(f.client, 'rotate_calendar_feed');
    expect(created.data).toMatchObject({
      rotated: false,
      url: expect.stringMatching(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/),
      webcal_url: expect.stringMatching(/^webcal:/),
    });
    const ics = await (await fetch(created.data.url)).text();
    expect(ics.replace(/\r?\n[ \t]/g, '')).toContain(`${paperId}-response-`);
    const again = await ok(f.client, 'rotate_calendar_feed');
    expect(again.data.rotated).toBe(true);
    expect((await fetch(created.data.url)).status).toBe(404);
    expect((await ok(f.client, 'get_calendar_feed')).data.exists).toBe(true);
  });

  test('get_fee_schedule: the 1.17(a) amounts for the account entity size', async () => {
    const r = await ok(f.client, 'get_fee_schedule');
    const current = r.data.fees[0].schedules.find((s: { in_force: boolean }) => s.in_force);
    expect(r.data.entity).toBe('small');
    expect(current.amounts[0]).toMatchObject({ months: 1, fee: '94.00' });
    expect(r.text).toContain('1 mo. 94.00');
  });
});

test('an API key still cannot create a calendar feed (only a session or an assistant)', async () => {
  const key = await web(f, 'POST', '/api/keys', { name: 'script' });
  const res = await fetch(`${f.s.url}/api/calendar-feed`, { method: 'POST', headers: { 'x-api-key': key.json.key } });
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ error_code: 'not_authenticated', message: expect.stringContaining('API key') });
});

test('once the user disconnects the assistant, the tools without arguments are refused too', async () => {
  await refusedAfterDisconnect(f, ['get_calendar_feed', 'get_fee_schedule', 'rotate_calendar_feed']);
});
