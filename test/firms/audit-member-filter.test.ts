// The audit log's person filter (GET /api/audit?member_id=): the rows one member wrote; the
// founding owner (member id = the firm's id) also owns rows a person wrote before firms (no
// member_id); another firm's member id finds nothing, a malformed one is refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inviteAndJoin, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';

let s: FirmServer;
let owner: { cookie: string; accountId: string };
let paralegal: { cookie: string; memberId: string };
let outsider: { cookie: string; accountId: string };

type Entry = { action: string; member: { id: string } | null; target_id: string | null; actor: string };
const audit = async (cookie: string, query: string): Promise<{ status: number; entries: Entry[] }> => {
  const res = await s.call({ method: 'GET', url: `/api/audit?limit=200&${query}`, headers: { cookie } });
  return { status: res.statusCode, entries: res.statusCode === 200 ? res.json().entries : [] };
};

beforeAll(async () => {
  s = await startFirmServer();
  const o = await signUpPerson(s, unique('owner'));
  owner = { cookie: o.cookie, accountId: o.body.account.id };
  paralegal = await inviteAndJoin(s, owner.cookie, unique('paralegal'), 'paralegal');
  const out = await signUpPerson(s, unique('outsider'));
  outsider = { cookie: out.cookie, accountId: out.body.account.id };
  // Both people act on the docket.
  expect(
    (await s.call({ method: 'POST', url: '/api/docket', headers: { cookie: paralegal.cookie }, payload: { application_number: '17200011' } })).statusCode,
  ).toBe(201);
  expect(
    (await s.call({ method: 'POST', url: '/api/docket', headers: { cookie: owner.cookie }, payload: { application_number: '17345678' } })).statusCode,
  ).toBe(201);
  // A row from before firms: a person acted, no member_id (= the founding owner), and a system row.
  await s.database.db
    .insertInto('audit_log')
    .values([
      {
        account_id: owner.accountId,
        member_id: null,
        actor: 'session',
        action: 'docket.entry_added',
        target_type: 'docket_entry',
        target_id: 'pre-firms-row',
        details: JSON.stringify({}),
      },
      {
        account_id: owner.accountId,
        member_id: null,
        actor: 'system',
        action: 'docket.entry_updated',
        target_type: 'docket_entry',
        target_id: 'system-row',
        details: JSON.stringify({}),
      },
    ])
    .execute();
});
afterAll(async () => s?.close());

describe('GET /api/audit?member_id=', () => {
  test("a member's id lists only the rows that member wrote", async () => {
    const { status, entries } = await audit(owner.cookie, `member_id=${paralegal.memberId}`);
    expect(status).toBe(200);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.member?.id === paralegal.memberId)).toBe(true);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['docket.entry_added', 'firm.member_joined']));
    // Filters combine: the paralegal's docket changes only.
    const docket = await audit(owner.cookie, `member_id=${paralegal.memberId}&action=docket.`);
    expect(docket.entries.map((e) => e.action)).toEqual(['docket.entry_added']);
  });

  test("the founding owner's id also finds rows written before firms (no member_id), not the system's", async () => {
    const { entries } = await audit(owner.cookie, `member_id=${owner.accountId}`);
    expect(entries.every((e) => e.member?.id === owner.accountId)).toBe(true);
    const targets = entries.map((e) => e.target_id);
    expect(targets).toContain('pre-firms-row');
    expect(targets).not.toContain('system-row');
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['account.created', 'firm.member_invited', 'docket.entry_added']));
    // The unfiltered log holds both people's rows and the system's.
    const all = (await audit(owner.cookie, '')).entries;
    expect(all.length).toBeGreaterThan(entries.length);
    expect(all.map((e) => e.target_id)).toContain('system-row');
  });

  test("another firm's member id finds nothing, either way round; a malformed id is refused", async () => {
    expect(await audit(owner.cookie, `member_id=${outsider.accountId}`)).toEqual({ status: 200, entries: [] });
    expect(await audit(outsider.cookie, `member_id=${paralegal.memberId}`)).toEqual({ status: 200, entries: [] });
    expect(await audit(outsider.cookie, `member_id=${owner.accountId}`)).toEqual({ status: 200, entries: [] });
    expect(await audit(owner.cookie, 'member_id=nobody-at-all')).toEqual({ status: 200, entries: [] });
    const bad = await s.call({ method: 'GET', url: '/api/audit?member_id=%27%20or%201%3D1', headers: { cookie: owner.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: true });
    expect(bad.body).toMatch(/member_id/);
  });

  test('a paralegal reads the same filtered log', async () => {
    const { status, entries } = await audit(paralegal.cookie, `member_id=${owner.accountId}`);
    expect(status).toBe(200);
    expect(entries.map((e) => e.target_id)).toContain('pre-firms-row');
  });
});
