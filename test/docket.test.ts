import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from './support/app.ts';
import { seedDemoData } from '../src/sources/demo/demo-seeder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, '2026-11-21');
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload, remoteAddress: randomIp() });

const unpublished = { invention_title: 'Self-healing polymer gasket', filing_date: '2026-05-01', art_unit: '1712', entity_status: 'small' as const };

describe('docket', () => {
  test('add a public application by any written form of its number, update, remove', async () => {
    const { cookie } = await signUp(t.app);
    const add = await req('POST', '/api/docket', cookie, { application_number: '17/200,011', client_matter: 'ACME-1', notes: 'first look' });
    expect(add.statusCode).toBe(201);
    const entry = add.json();
    expect(entry).toMatchObject({ client_matter: 'ACME-1', notes: 'first look', private: false, application: { application_number: '17200011', demo: true } });
    const dup = await req('POST', '/api/docket', cookie, { application_number: '17200011' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_code).toBe('already_on_docket');

    const patch = await req('PATCH', `/api/docket/${entry.id}`, cookie, { notes: null, client_matter: 'ACME-2' });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ client_matter: 'ACME-2', notes: null });
    // A public record's data cannot be edited through a docket entry.
    await req('PATCH', `/api/docket/${entry.id}`, cookie, { application: { invention_title: 'hijacked' } });
    expect((await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/17200011', remoteAddress: randomIp() })).json().invention_title).not.toBe('hijacked');

    expect((await req('GET', '/api/docket', cookie)).json().entries).toHaveLength(1);
    expect((await req('DELETE', `/api/docket/${entry.id}`, cookie)).statusCode).toBe(204);
    expect((await req('GET', '/api/docket', cookie)).json().entries).toEqual([]);
    expect((await req('GET', `/api/docket/${entry.id}`, cookie)).statusCode).toBe(404);
  });

  test("the listing computes every entry's deadlines in one batch: the same fields as each entry alone, another account's recorded action not counted", async () => {
    const { cookie } = await signUp(t.app);
    const other = await signUp(t.app);
    const ids: string[] = [];
    for (const [i, n] of ['17/200,011', '17/345,678', '18/900,001', '18/900,002', '18/900,003'].entries()) {
      const body = n.startsWith('18/') ? { application_number: n, application: { ...unpublished, invention_title: `Batch ${i}` } } : { application_number: n };
      const add = await req('POST', '/api/docket', cookie, body);
      expect(add.statusCode).toBe(201);
      ids.push(add.json().id);
    }
    // Recorded actions on two private entries (one answered by a final on the same entry later
    // mailed), none on the third; the other account records one on a public application.
    expect((await req('POST', `/api/docket/${ids[2]}/office-actions`, cookie, { kind: 'CTNF', mailing_date: '2026-09-01' })).statusCode).toBe(201);
    expect((await req('POST', `/api/docket/${ids[3]}/office-actions`, cookie, { kind: 'CTNF', mailing_date: '2026-06-01' })).statusCode).toBe(201);
    expect((await req('POST', `/api/docket/${ids[3]}/office-actions`, cookie, { kind: 'CTFR', mailing_date: '2026-10-15' })).statusCode).toBe(201);
    const theirs = await req('POST', '/api/docket', other.cookie, { application_number: '17/200,011' });
    expect((await req('POST', `/api/docket/${theirs.json().id}/office-actions`, other.cookie, { kind: 'CTNF', mailing_date: '2026-11-01' })).statusCode).toBe(
      201,
    );

    const listed = (await req('GET', '/api/docket', cookie)).json().entries as { id: string; application: Record<string, unknown> }[];
    expect(listed).toHaveLength(5);
    for (const e of listed) {
      const alone = (await req('GET', `/api/docket/${e.id}`, cookie)).json();
      expect(e.application, e.id).toEqual(alone.application);
    }
    const byId = new Map(listed.map((e) => [e.id, e.application]));
    expect(byId.get(ids[2]!)).toMatchObject({ response_deadline: '2026-12-01' });
    // The latest action decides: the final of 2026-10-15 (three months, 37 CFR 1.134).
    expect(byId.get(ids[3]!)).toMatchObject({ response_deadline: '2027-01-15' });
    expect(byId.get(ids[4]!)).toMatchObject({ response_deadline: null });
  });

  test('an unknown number without application data is app_not_found; with it, a private application', async () => {
    const { cookie } = await signUp(t.app);
    const missing = await req('POST', '/api/docket', cookie, { application_number: '18/123,456' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: 'app_not_found', agent_suggestion: expect.stringMatching(/unpublished/i) });
    const add = await req('POST', '/api/docket', cookie, { application_number: '18/123,456', client_matter: 'GSK-9', application: unpublished });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      private: true,
      application: { application_number: '18123456', invention_title: 'Self-healing polymer gasket', data_source: 'user', filing_date: '2026-05-01' },
    });
    const edit = await req('PATCH', `/api/docket/${add.json().id}`, cookie, { application: { examiner_name: 'DOE, JANE Q' } });
    expect(edit.json().application.examiner_name).toBe('DOE, JANE Q');
    // Private applications are never answered by the public lookup.
    expect((await t.app.inject({ method: 'GET', url: '/v1/prosa/lookup/18123456', remoteAddress: randomIp() })).statusCode).toBe(404);
  });

  test('validation names the field and stores nothing', async () => {
    const { cookie } = await signUp(t.app);
    const cases: [object, RegExp][] = [
      [{ application_number: 'twelve' }, /application_number/],
      [{ application_number: '18123457', application: { ...unpublished, filing_date: '2026-02-30' } }, /filing_date/],
      [{ application_number: '18123457', application: { ...unpublished, art_unit: 'ABCD' } }, /art_unit/],
      [{ application_number: '18123457', application: { invention_title: '' } }, /invention_title/],
      [{ application_number: '18123457', unexpected: true }, /unexpected|Unrecognized/i],
      [{ application_number: 18123457 }, /application_number/],
    ];
    for (const [body, field] of cases) {
      const res = await req('POST', '/api/docket', cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, error_code: 'validation_error' });
      expect(res.json().message).toMatch(field);
    }
    expect((await req('GET', '/api/docket', cookie)).json().entries).toEqual([]);
  });
});

describe('tenant isolation', () => {
  test("another account's docket entries, private applications and keys answer 404 on every route", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const entry = (await req('POST', '/api/docket', a.cookie, { application_number: '18/222,333', application: unpublished })).json();
    await createKey(t.app, a.cookie);
    const keyId = (await req('GET', '/api/keys', a.cookie)).json().keys[0].id;

    expect((await req('GET', `/api/docket/${entry.id}`, b.cookie)).statusCode).toBe(404);
    expect((await req('PATCH', `/api/docket/${entry.id}`, b.cookie, { notes: 'mine now' })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/docket/${entry.id}`, b.cookie)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/keys/${keyId}`, b.cookie)).statusCode).toBe(404);
    expect((await req('GET', '/api/docket', b.cookie)).json().entries).toEqual([]);
    expect((await req('GET', '/api/keys', b.cookie)).json().keys).toEqual([]);
    // B adding the same unpublished number gets app_not_found, not A's private record.
    const bAdd = await req('POST', '/api/docket', b.cookie, { application_number: '18222333' });
    expect(bAdd.statusCode).toBe(404);
    // ... and may track its own private record under the same number, independently.
    const bOwn = await req('POST', '/api/docket', b.cookie, { application_number: '18222333', application: { invention_title: 'B title' } });
    expect(bOwn.statusCode).toBe(201);
    expect((await req('GET', `/api/docket/${entry.id}`, a.cookie)).json().application.invention_title).toBe('Self-healing polymer gasket');
    // A's entry is untouched by everything B tried.
    expect((await req('GET', `/api/docket/${entry.id}`, a.cookie)).json().notes).toBeNull();
  });
});
