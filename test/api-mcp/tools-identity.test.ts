import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { daysAgo, insertPublicApplication, insertPublicPaper } from '../api-data/helpers.ts';
import { fails, mcpFixture, ok, web, type McpFixture } from './support.ts';

// Issue 19 through MCP (official SDK client, the real /api): an assistant reads and sets the
// practitioner profile that signs the papers, and records an application's entity status.

let f: McpFixture;

beforeAll(async () => {
  f = await mcpFixture();
  const id = await insertPublicApplication(f.s.database.db, {
    number: '17800042',
    title: 'Tidal turbine blade pitch control',
    filingDate: '2023-03-01',
    entityStatus: 'Regular Undiscounted',
  });
  await insertPublicPaper(f.s.database.db, id, 'CTNF', daysAgo(20), { periodMonths: 3 });
});
afterAll(async () => {
  await f?.close();
});

const PROFILE = { name: 'Ada Lovelace', registration_number: '65,432', firm: 'Lovelace & Babbage LLP', deposit_account: '50-1234', customer_number: '20995' };

describe('the practitioner profile', () => {
  test('whoami reads it; set_practitioner_profile sets it (the web app sees the same); null removes it', async () => {
    const before = await ok(f.client, 'whoami');
    expect(before.data.practitioner).toBeNull();
    expect(before.text).toContain('no practitioner profile');

    const set = await ok(f.client, 'set_practitioner_profile', { profile: PROFILE });
    expect(set.data.practitioner).toEqual({ ...PROFILE, address: null, telephone: null, email: null });
    expect(set.text).toContain('signed by Ada Lovelace, Reg. No. 65,432');
    expect((await web(f, 'GET', '/api/auth/me')).json.account.practitioner).toMatchObject(PROFILE);
    expect((await ok(f.client, 'whoami')).data.practitioner).toMatchObject(PROFILE);

    expect((await ok(f.client, 'set_practitioner_profile', { profile: null })).data.practitioner).toBeNull();
    expect((await web(f, 'GET', '/api/auth/me')).json.account.practitioner).toBeNull();
  });

  test('a wrong registration number is refused naming the field; nothing is stored', async () => {
    const r = await fails(f.client, 'set_practitioner_profile', { profile: { ...PROFILE, registration_number: 'A1' } });
    // The SDK checks the input against the tool's schema (the presenter's) before the call: its message names the field.
    expect(r.content[0]?.text).toMatch(/registration_number[\s\S]*registration number: digits/);
    expect((await web(f, 'GET', '/api/auth/me')).json.account.practitioner).toBeNull();
  });
});

describe('the entity status of an application', () => {
  test('update_docket_entry takes entity_size: lookup_application and get_deadlines follow it; null returns to the USPTO record', async () => {
    const added = await ok(f.client, 'add_to_docket', { application_number: '17800042', client_matter: 'TID-3' });
    // The USPTO record's "Regular Undiscounted" is a large entity.
    expect(added.data).toMatchObject({ entity_size: 'large', entity_size_source: 'uspto' });

    const updated = await ok(f.client, 'update_docket_entry', { docket_entry_id: added.data.id, entity_size: 'micro' });
    expect(updated.data).toMatchObject({ entity_size: 'micro', entity_size_source: 'docket', client_matter: 'TID-3' });
    expect(updated.text).toContain('micro entity (docket)');
    expect((await ok(f.client, 'lookup_application', { application_number: '17800042' })).data).toMatchObject({
      entity_size: 'micro',
      entity_size_source: 'docket',
    });
    const deadlines = await ok(f.client, 'get_deadlines', { application_number: '17800042' });
    expect(deadlines.data).toMatchObject({ entity: 'micro', entity_source: 'docket' });
    for (const e of deadlines.data.calculation.extensions) expect(e.fee_for_entity).toBe(e.fee.micro);

    expect((await ok(f.client, 'update_docket_entry', { docket_entry_id: added.data.id, entity_size: null })).data).toMatchObject({
      entity_size: 'large',
      entity_size_source: 'uspto',
    });
    expect((await fails(f.client, 'update_docket_entry', { docket_entry_id: added.data.id, entity_size: 'medium' })).error).toBeDefined();
  });
});
