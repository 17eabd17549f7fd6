// A founding owner removed from their own firm (their member id is the firm's id) who comes back
// with the same address: sign-up cannot start a second firm under that address (accounts.email
// stays the old firm's), so it answers a clear 409 naming what to do, never a 500; an invitation
// to that address (from the old firm or another) still lets them in as a new member.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, invitationToken, inviteAndJoin, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';

let s: FirmServer;
let founderEmail: string;
let founderId: string;
let coOwner: { cookie: string; memberId: string };

beforeAll(async () => {
  s = await startFirmServer();
  founderEmail = unique('founder');
  const founder = await signUpPerson(s, founderEmail);
  founderId = founder.body.account.id;
  coOwner = await inviteAndJoin(s, founder.cookie, unique('co-owner'), 'owner');
  const removed = await s.call({ method: 'DELETE', url: `/api/firm/members/${founderId}`, headers: { cookie: coOwner.cookie } });
  expect(removed.statusCode).toBe(204);
  expect((await s.call({ method: 'POST', url: '/api/auth/signin', payload: { email: founderEmail, password: PASSWORD } })).statusCode).toBe(401);
});
afterAll(async () => s?.close());

describe('a removed founding owner comes back', () => {
  test('signing up again with the same address answers 409 founder_removed, in any letter case', async () => {
    for (const email of [founderEmail, founderEmail.toUpperCase()]) {
      const res = await s.call({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: true, error_code: 'founder_removed' });
      expect(res.json().agent_suggestion).toMatch(/invite/);
    }
    // Nothing was half-made: the firm keeps its one live owner, and nobody signs in as the founder.
    const members = (await s.call({ method: 'GET', url: '/api/firm/members', headers: { cookie: coOwner.cookie } })).json().members;
    expect(members.map((m: { id: string }) => m.id)).toEqual([coOwner.memberId]);
    expect((await s.call({ method: 'POST', url: '/api/auth/signin', payload: { email: founderEmail, password: PASSWORD } })).statusCode).toBe(401);
  });

  test('an invitation to that address lets them sign up as a new member of the firm that invited them', async () => {
    const inv = await s.call({
      method: 'POST',
      url: '/api/firm/invitations',
      headers: { cookie: coOwner.cookie },
      payload: { email: founderEmail, role: 'practitioner' },
    });
    expect(inv.statusCode).toBe(201);
    const joined = await signUpPerson(s, founderEmail, invitationToken(s.mailDir, founderEmail));
    expect(joined.body.member.id).not.toBe(founderId);
    const me = (await s.call({ method: 'GET', url: '/api/auth/me', headers: { cookie: joined.cookie } })).json();
    expect(me).toMatchObject({ account: { id: founderId }, member: { role: 'practitioner', email: founderEmail } });
    expect((await s.call({ method: 'POST', url: '/api/auth/signin', payload: { email: founderEmail, password: PASSWORD } })).statusCode).toBe(200);
    // Once they are a live member again, sign-up says the address is taken (sign in instead).
    const again = await s.call({ method: 'POST', url: '/api/auth/signup', payload: { email: founderEmail, password: PASSWORD } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('email_taken');
  });

  test("another firm's invitation works the same way for a removed founder", async () => {
    const email = unique('founder2');
    const f = await signUpPerson(s, email);
    const other = await inviteAndJoin(s, f.cookie, unique('other-owner'), 'owner');
    expect((await s.call({ method: 'DELETE', url: `/api/firm/members/${f.body.account.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(204);
    const elsewhere = await signUpPerson(s, unique('elsewhere'));
    expect(
      (await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: elsewhere.cookie }, payload: { email, role: 'paralegal' } })).statusCode,
    ).toBe(201);
    const joined = await signUpPerson(s, email, invitationToken(s.mailDir, email));
    const me = (await s.call({ method: 'GET', url: '/api/auth/me', headers: { cookie: joined.cookie } })).json();
    expect(me).toMatchObject({ account: { id: elsewhere.body.account.id }, member: { role: 'paralegal' } });
  });
});
