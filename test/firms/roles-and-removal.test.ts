// Firm roles and removal (issue 22): one role table enforced for sessions, API keys and assistant
// (OAuth bearer) calls alike; a removed member's session, key and assistant connection stop at
// once; the firm's docket and audit log are its members' and nobody else's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exchangeToken, obtainTokens } from '../support/oauth.ts';
import { createKey } from '../support/app.ts';
import { inviteAndJoin, PASSWORD, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';

let s: FirmServer;
let owner: { cookie: string; accountId: string };
let viewer: { cookie: string; memberId: string };
let paralegal: { cookie: string; memberId: string; email: string };
let practitioner: { cookie: string; memberId: string };

beforeAll(async () => {
  s = await startFirmServer();
  const o = await signUpPerson(s, unique('owner'));
  owner = { cookie: o.cookie, accountId: o.body.account.id };
  viewer = await inviteAndJoin(s, owner.cookie, unique('viewer'), 'viewer');
  const paraEmail = unique('paralegal');
  paralegal = { ...(await inviteAndJoin(s, owner.cookie, paraEmail, 'paralegal')), email: paraEmail };
  practitioner = await inviteAndJoin(s, owner.cookie, unique('practitioner'), 'practitioner');
});
afterAll(async () => s?.close());

const forbidden = (res: { statusCode: number; json(): any }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ error: true, error_code: 'forbidden_role' });
};

describe('roles', () => {
  test('a viewer reads the docket but cannot write, by session or by API key', async () => {
    expect((await s.call({ method: 'GET', url: '/api/docket', headers: { cookie: viewer.cookie } })).statusCode).toBe(200);
    const res = await s.call({ method: 'POST', url: '/api/docket', headers: { cookie: viewer.cookie }, payload: { application_number: '17200011' } });
    forbidden(res);
    expect(res.json().message).toMatch(/viewer/);
    const key = await createKey(s.app, viewer.cookie);
    forbidden(await s.call({ method: 'POST', url: '/api/docket', headers: { 'x-api-key': key }, payload: { application_number: '17200011' } }));
    expect((await s.call({ method: 'GET', url: '/api/docket', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });

  test('a paralegal dockets, but cannot top up, sign papers, submit a response or read the matter report', async () => {
    const added = await s.call({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: paralegal.cookie },
      payload: { application_number: '17200011', client_matter: 'KA-0042' },
    });
    expect(added.statusCode).toBe(201);
    forbidden(await s.call({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: paralegal.cookie }, payload: { package: 'small' } }));
    forbidden(await s.call({ method: 'PATCH', url: '/api/account/spending-cap', headers: { cookie: paralegal.cookie }, payload: { daily_ai_cap: '5.00' } }));
    forbidden(await s.call({ method: 'POST', url: '/api/exports', headers: { cookie: paralegal.cookie }, payload: {} }));
    forbidden(
      await s.call({
        method: 'POST',
        url: '/api/response-plans/00000000-0000-0000-0000-000000000000/submit',
        headers: { cookie: paralegal.cookie },
        payload: {},
      }),
    );
    forbidden(await s.call({ method: 'GET', url: '/api/reports/matters', headers: { cookie: paralegal.cookie } }));
    forbidden(
      await s.call({ method: 'PATCH', url: `/api/firm/members/${viewer.memberId}`, headers: { cookie: practitioner.cookie }, payload: { role: 'paralegal' } }),
    );
    // The practitioner passes the role check for papers (the empty body is then refused as a body).
    expect((await s.call({ method: 'POST', url: '/api/exports', headers: { cookie: practitioner.cookie }, payload: {} })).statusCode).toBe(400);
    expect((await s.call({ method: 'GET', url: '/api/reports/matters', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  test("the firm's docket and audit log are its members' and nobody else's; every audit row names who acted", async () => {
    const docket = (await s.call({ method: 'GET', url: '/api/docket', headers: { cookie: practitioner.cookie } })).json();
    const entry = JSON.stringify(docket);
    expect(entry).toContain('KA-0042');
    const outsider = await signUpPerson(s, unique('outsider'));
    const theirs = (await s.call({ method: 'GET', url: '/api/docket', headers: { cookie: outsider.cookie } })).json();
    expect(JSON.stringify(theirs)).not.toContain('KA-0042');
    const id = (docket.entries ?? docket.items ?? docket.docket)?.find((e: { client_matter?: string }) => e.client_matter === 'KA-0042')?.id;
    expect(id).toBeTruthy();
    expect((await s.call({ method: 'GET', url: `/api/docket/${id}`, headers: { cookie: outsider.cookie } })).statusCode).toBe(404);

    const audit = (await s.call({ method: 'GET', url: '/api/audit?action=docket.', headers: { cookie: owner.cookie } })).json();
    const added = audit.entries.find((e: { action: string }) => e.action.startsWith('docket.'));
    expect(added.member).toMatchObject({ id: paralegal.memberId, email: paralegal.email });
    const outsiderAudit = (await s.call({ method: 'GET', url: '/api/audit', headers: { cookie: outsider.cookie } })).json();
    expect(JSON.stringify(outsiderAudit)).not.toContain(paralegal.email);
    // The founder's own sign-up names the founder (their member id is the firm's id).
    const own = (await s.call({ method: 'GET', url: '/api/audit?action=account.created', headers: { cookie: owner.cookie } })).json();
    expect(own.entries[0].member.id).toBe(owner.accountId);
  });
});

describe('removal', () => {
  test("a removed member's session, API key and assistant (OAuth) connection stop at once", async () => {
    const email = unique('leaving');
    const leaving = await inviteAndJoin(s, owner.cookie, email, 'paralegal');
    const key = await createKey(s.app, leaving.cookie);
    const tokens = await obtainTokens(s.url, { email, password: PASSWORD });
    const exchanged = await exchangeToken(s.url, s.keyring, tokens.access_token);
    expect(exchanged.status).toBe(200);
    const bearer = `Bearer ${String(exchanged.body.access_token)}`;
    const docketWith = (headers: Record<string, string>) => s.call({ method: 'GET', url: '/api/docket', headers });
    // All three work (the key twice: the second answer comes from the key cache).
    expect((await docketWith({ cookie: leaving.cookie })).statusCode).toBe(200);
    expect((await docketWith({ 'x-api-key': key })).statusCode).toBe(200);
    expect((await docketWith({ 'x-api-key': key })).statusCode).toBe(200);
    expect((await docketWith({ authorization: bearer })).statusCode).toBe(200);
    // The bearer acts as the member, with the member's firm and role.
    const me = (await s.call({ method: 'GET', url: '/api/auth/me', headers: { authorization: bearer } })).json();
    expect(me).toMatchObject({ account: { id: owner.accountId }, member: { id: leaving.memberId, role: 'paralegal' } });

    expect((await s.call({ method: 'DELETE', url: `/api/firm/members/${leaving.memberId}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect((await docketWith({ cookie: leaving.cookie })).statusCode).toBe(401);
    expect((await docketWith({ 'x-api-key': key })).statusCode).toBe(401);
    expect((await docketWith({ authorization: bearer })).statusCode).toBe(401);
    expect((await exchangeToken(s.url, s.keyring, tokens.access_token)).status).toBe(400);
    expect((await s.call({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } })).statusCode).toBe(401);
    const members = (await s.call({ method: 'GET', url: '/api/firm/members', headers: { cookie: owner.cookie } })).json().members;
    expect(members.map((m: { id: string }) => m.id)).not.toContain(leaving.memberId);
    const audit = (await s.call({ method: 'GET', url: '/api/audit?action=firm.member_removed', headers: { cookie: owner.cookie } })).json();
    expect(audit.entries[0].details).toMatchObject({ email, sessions: 2, api_keys: 1, oauth_grants: 1 }); // sign-up's and the OAuth sign-in page's sessions;
  });

  test("a role change reaches the member's cached API key at once", async () => {
    const member = await inviteAndJoin(s, owner.cookie, unique('demoted'), 'paralegal');
    const key = await createKey(s.app, member.cookie);
    const add = () => s.call({ method: 'POST', url: '/api/docket', headers: { 'x-api-key': key }, payload: { application_number: '17200011' } });
    expect([201, 200, 409]).toContain((await add()).statusCode);
    expect(
      (await s.call({ method: 'PATCH', url: `/api/firm/members/${member.memberId}`, headers: { cookie: owner.cookie }, payload: { role: 'viewer' } })).json()
        .role,
    ).toBe('viewer');
    forbidden(await add());
  });
});
