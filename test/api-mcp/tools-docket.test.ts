import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { daysAgo, insertEvent, insertPublicApplication, insertPublicPaper } from '../api-data/helpers.ts';
import { fails, mcpFixture, ok, refusedAfterDisconnect, web, type McpFixture } from './support.ts';

// The docket tools through MCP (official SDK client, exchanged bearer token, the real /api).

let f: McpFixture;
let publicId: string;
let ctnf: string;

beforeAll(async () => {
  f = await mcpFixture();
  const db = f.s.database.db;
  publicId = await insertPublicApplication(db, { number: '17800001', title: 'Solar tracker with wind stow', filingDate: '2022-06-01' });
  ctnf = await insertPublicPaper(db, publicId, 'CTNF', daysAgo(300), { periodMonths: 3, fullText: `DETAILED ACTION\n${'Claim 1 is rejected. '.repeat(50)}` });
  await insertPublicPaper(db, publicId, 'REM', daysAgo(250), { direction: 'INCOMING' });
  await insertEvent(db, publicId, 'CTNF', daysAgo(302), 'Non-Final Rejection');
  await insertEvent(db, publicId, 'MCTNF', daysAgo(300), 'Mail Non-Final Rejection');
  await insertEvent(db, publicId, 'A...', daysAgo(250), 'Response after Non-Final Action');
});
afterAll(async () => {
  await f?.close();
});

describe('docket tools', () => {
  let entryId: string;

  test('add_to_docket and list_docket; the web session sees the entry at once, and the reverse', async () => {
    const added = await ok(f.client, 'add_to_docket', { application_number: '17/800,001', client_matter: 'SOL-7' });
    entryId = added.data.id;
    expect(added.data).toMatchObject({ client_matter: 'SOL-7', private: false, application: { application_number: '17800001', response_deadline: null } });
    expect((await web(f, 'GET', `/api/docket/${entryId}`)).json.client_matter).toBe('SOL-7');
    const viaWeb = await web(f, 'POST', '/api/docket', { application_number: '29800001', application: { invention_title: 'Web-added secret' } });
    expect(viaWeb.status).toBe(201);
    const list = await ok(f.client, 'list_docket');
    expect(list.data.count).toBe(2);
    expect(list.data.entries.map((e: { application: { application_number: string } }) => e.application.application_number).sort()).toEqual([
      '17800001',
      '29800001',
    ]);
    expect(list.text).toMatch(/2 application/);
  });

  test('add_to_docket twice: already_on_docket; an unknown public number without data: app_not_found', async () => {
    expect((await fails(f.client, 'add_to_docket', { application_number: '17800001' })).error.error_code).toBe('already_on_docket');
    const missing = await fails(f.client, 'add_to_docket', { application_number: '18999999' });
    expect(missing.error).toMatchObject({ error_code: 'app_not_found', agent_suggestion: expect.stringContaining('invention_title') });
  });

  test('update_docket_entry; another id is docket_entry_not_found', async () => {
    const updated = await ok(f.client, 'update_docket_entry', { docket_entry_id: entryId, notes: 'Client wants claim 1 kept broad' });
    expect(updated.data).toMatchObject({ id: entryId, notes: 'Client wants claim 1 kept broad', client_matter: 'SOL-7' });
    expect((await fails(f.client, 'update_docket_entry', { docket_entry_id: 'nope', notes: 'x' })).error.error_code).toBe('docket_entry_not_found');
  });

  test('update_docket_entry names the responsible practitioner by e-mail; an address outside the firm is refused by name; null unassigns', async () => {
    const assigned = await ok(f.client, 'update_docket_entry', { docket_entry_id: entryId, responsible: f.user.email.toUpperCase() });
    expect(assigned.data.responsible).toMatchObject({ email: f.user.email });
    expect((await web(f, 'GET', `/api/docket/${entryId}`)).json.responsible.email).toBe(f.user.email);
    const stranger = await fails(f.client, 'update_docket_entry', { docket_entry_id: entryId, responsible: 'someone@elsewhere.example' });
    expect(stranger.error).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('responsible') });
    expect((await ok(f.client, 'update_docket_entry', { docket_entry_id: entryId, responsible: null })).data.responsible).toBeNull();
  });

  test('lookup_application: the account view; an unknown number is app_not_found', async () => {
    const app = await ok(f.client, 'lookup_application', { application_number: '17800001' });
    expect(app.data).toMatchObject({
      application_number: '17800001',
      invention_title: 'Solar tracker with wind stow',
      docket_entry_id: entryId,
      private: false,
      pending_action: null,
    });
    expect(app.text).toContain('no office action awaiting a reply');
    expect((await fails(f.client, 'lookup_application', { application_number: '12345' })).error.error_code).toBe('app_not_found');
  });

  test('get_application_history: events with their meaning; a bad cursor is refused', async () => {
    const h = await ok(f.client, 'get_application_history', { application_number: '17800001' });
    expect(h.data.events.map((e: { code: string }) => e.code)).toEqual(['A...', 'MCTNF', 'CTNF']);
    expect(h.data.events[1].meaning).toEqual({ kind: 'non_final', summary: 'Non-final rejection', mail_event: true });
    const bad = await fails(f.client, 'get_application_history', { application_number: '17800001', before: 'x' });
    expect(bad.error).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('before') });
  });

  test('list_correspondence and get_correspondence in slices; an unknown paper is correspondence_not_found', async () => {
    const list = await ok(f.client, 'list_correspondence', { application_number: '17800001' });
    expect(list.data.correspondence.map((p: { document_code: string }) => p.document_code)).toEqual(['REM', 'CTNF']);
    const first = await ok(f.client, 'get_correspondence', { correspondence_id: ctnf, max_characters: 100 });
    expect(first.data).toMatchObject({ id: ctnf, application_number: '17800001', offset: 0, next_offset: 100, text_characters: 1066 });
    expect(first.data.text).toHaveLength(100);
    const rest = await ok(f.client, 'get_correspondence', { correspondence_id: ctnf, offset: 100, max_characters: 5000 });
    expect(rest.data.next_offset).toBeNull();
    expect(first.data.text + rest.data.text).toBe(`DETAILED ACTION\n${'Claim 1 is rejected. '.repeat(50)}`);
    expect((await fails(f.client, 'get_correspondence', { correspondence_id: 'missing' })).error.error_code).toBe('correspondence_not_found');
    expect((await fails(f.client, 'list_correspondence', { application_number: '29999999' })).error.error_code).toBe('app_not_found');
  });

  test('record_office_action: deadlines live at once, and the web app sees them; a future date is refused', async () => {
    const mailed = daysAgo(3);
    const rec = await ok(f.client, 'record_office_action', { docket_entry_id: entryId, kind: 'CTFR', mailing_date: mailed, text: 'FINAL REJECTION ...' });
    expect(rec.data).toMatchObject({
      correspondence: { document_code: 'CTFR', recorded_by_account: true },
      application_number: '17800001',
      deadlines: { response_deadline: expect.any(String) },
    });
    expect(rec.text).toMatch(/reply due \d{4}-\d\d-\d\d/);
    const viaWeb = (await web(f, 'GET', '/api/applications/17800001')).json;
    expect(viaWeb.pending_action).toMatchObject({ correspondence_id: rec.data.correspondence.id, document_code: 'CTFR' });
    // A retry of the very same paper answers the one recorded, and says nothing new was stored.
    const again = await ok(f.client, 'record_office_action', { docket_entry_id: entryId, kind: 'CTFR', mailing_date: mailed, text: 'FINAL REJECTION ...' });
    expect(again.data.correspondence.id).toBe(rec.data.correspondence.id);
    expect(again.text).toMatch(/^Already recorded the CTFR mailed .*\(nothing new stored\)/);
    expect(rec.text).toMatch(/^Recorded the CTFR/);
    const bad = await fails(f.client, 'record_office_action', { docket_entry_id: entryId, kind: 'CTFR', mailing_date: '2999-01-01' });
    expect(bad.error).toMatchObject({ error_code: 'validation_error', message: expect.stringContaining('mailing_date') });
  });

  test('set_claims and get_claims: the claims the next response starts from; a bad listing names the claim', async () => {
    expect((await ok(f.client, 'get_claims', { docket_entry_id: entryId })).text).toMatch(/No claims are stored for 17800001/);
    const set = await ok(f.client, 'set_claims', {
      docket_entry_id: entryId,
      text: '1. (Original) A solar tracker comprising a motor.\n2. (Previously Presented) The solar tracker of claim 1, wherein the motor is geared.\n3. (Canceled)',
    });
    expect(set.data).toMatchObject({ source: 'pasted', counts: { pending: 2, withdrawn: 0, cancelled: 1 } });
    const got = await ok(f.client, 'get_claims', { docket_entry_id: entryId });
    expect(got.data.claims[1]).toEqual({
      number: 2,
      status: 'pending',
      previously_presented: true,
      text: 'The solar tracker of claim 1, wherein the motor is geared.',
    });
    expect(got.text).toMatch(/17800001: 2 pending, 0 withdrawn, 1 cancelled claim\(s\), from pasted claims/);
    expect((await web(f, 'GET', `/api/docket/${entryId}/claims`)).json.claims).toHaveLength(3);
    const bad = await fails(f.client, 'set_claims', { docket_entry_id: entryId, text: '1. A tracker.\n2. The tracker of claim 5, red.' });
    expect(bad.error).toMatchObject({ error_code: 'validation_error', message: expect.stringMatching(/^text \(claim 2\): claim 2 depends from claim 5/) });
  });

  test('remove_from_docket; removing again is docket_entry_not_found', async () => {
    const removed = await ok(f.client, 'remove_from_docket', { docket_entry_id: entryId });
    expect(removed.data).toEqual({ removed: true, docket_entry_id: entryId });
    expect((await web(f, 'GET', `/api/docket/${entryId}`)).status).toBe(404);
    expect((await fails(f.client, 'remove_from_docket', { docket_entry_id: entryId })).error.error_code).toBe('docket_entry_not_found');
  });

  test('each tool call is in the account audit log as an assistant call with the OAuth client', async () => {
    let rows: { action: string; details: Record<string, unknown> }[] = [];
    // The MCP server reports its calls in batches after answering them: wait until they are in.
    const expected = ['add_to_docket', 'list_docket', 'remove_from_docket', 'record_office_action'];
    for (let i = 0; i < 50; i++) {
      rows = (await web(f, 'GET', '/api/audit?source=assistant&action=mcp.tool_call&limit=200')).json.entries;
      if (expected.every((t) => rows.some((r) => r.details.tool === t))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const tools = rows.map((r) => r.details.tool);
    expect(tools).toEqual(expect.arrayContaining(['add_to_docket', 'list_docket', 'remove_from_docket']));
    const rec = rows.find((r) => r.details.tool === 'record_office_action' && r.details.outcome === 'ok');
    expect(rec?.details).toMatchObject({ client_id: f.user.tokens.client.client_id, arguments_summary: { kind: 'CTFR' } });
  });
});

test('once the user disconnects the assistant, list_docket is refused with the sign-in challenge', async () => {
  await refusedAfterDisconnect(f, ['list_docket', 'list_docket']);
});
