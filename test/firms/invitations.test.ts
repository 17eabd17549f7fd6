// Firm invitations (issue 22): the owner invites by e-mail (.eml with a /join link carrying a
// single-use, expiring token), the person signs up into the firm or accepts while signed in, and
// another firm's member and invitation ids answer 404.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../src/auth/secrets.ts';
import { inviteAndJoin, invitationToken, lastMailTo, PASSWORD, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';

let s: FirmServer;
let owner: { cookie: string; accountId: string; email: string };

beforeAll(async () => {
  s = await startFirmServer();
  const email = unique('owner');
  const o = await signUpPerson(s, email);
  owner = { cookie: o.cookie, accountId: o.body.account.id, email };
  await s.call({ method: 'PATCH', url: '/api/account', headers: { cookie: owner.cookie }, payload: { firm_name: 'Keller & Ames LLP' } });
});
afterAll(async () => s?.close());

const me = async (cookie: string) => (await s.call({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();

describe('invitation by e-mail', () => {
  test('the owner invites: an .eml with a /join link whose token is stored only as its SHA-256; /api/firm/join shows firm and role', async () => {
    const email = unique('paula');
    const res = await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: owner.cookie }, payload: { email, role: 'paralegal' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'paralegal', sent_to: email });
    const mail = lastMailTo(s.mailDir, email);
    expect(mail).toContain(`${s.url}/join?token=`);
    expect(mail).toContain('Keller & Ames LLP');
    const token = invitationToken(s.mailDir, email);
    const stored = await s.database.db.selectFrom('firm_invitations').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const preview = await s.call({ method: 'GET', url: `/api/firm/join?token=${token}` });
    expect(preview.json()).toMatchObject({ firm_name: 'Keller & Ames LLP', email, role: 'paralegal' });
    const pending = await s.call({ method: 'GET', url: '/api/firm/invitations', headers: { cookie: owner.cookie } });
    expect(pending.json().invitations.map((i: { email: string }) => i.email)).toContain(email);
  });

  test('sign-up with the token joins the firm (no firm of its own, no welcome credits); the token then is used up', async () => {
    const email = unique('pete');
    await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: owner.cookie }, payload: { email, role: 'practitioner' } });
    const token = invitationToken(s.mailDir, email);
    const accountsBefore = await s.database.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const joined = await signUpPerson(s, email, token);
    expect(joined.body.account.id).toBe(owner.accountId);
    expect(joined.body.member).toMatchObject({ email, role: 'practitioner' });
    expect(joined.body.credits.balance).toBe('25.00');
    const accountsAfter = await s.database.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(accountsAfter.n).toBe(accountsBefore.n);
    const welcome = await s.database.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('account_id', '=', owner.accountId)
      .where('kind', '=', 'welcome')
      .execute();
    expect(welcome).toHaveLength(1);
    expect((await me(joined.cookie)).member).toMatchObject({ role: 'practitioner', permissions: ['read', 'write', 'sign', 'self'] });
    // Signing in later works with the member's own password.
    const signin = await s.call({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().account.id).toBe(owner.accountId);

    const again = await s.call({ method: 'POST', url: '/api/auth/signup', payload: { email: unique('other'), password: PASSWORD, invitation_token: token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: true, error_code: 'invalid_invitation' });
    expect(again.json().agent_suggestion).toMatch(/invite you again/);
    expect((await s.call({ method: 'GET', url: `/api/firm/join?token=${token}` })).statusCode).toBe(400);
  });

  test('an expired, withdrawn or unknown token is refused with a clear error; the address must be the invited one', async () => {
    const email = unique('late');
    const inv = await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: owner.cookie }, payload: { email, role: 'viewer' } });
    const token = invitationToken(s.mailDir, email);
    const wrong = await s.call({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: unique('someone-else'), password: PASSWORD, invitation_token: token },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_code).toBe('invitation_email_mismatch');
    await s.database.db
      .updateTable('firm_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', inv.json().id)
      .execute();
    const expired = await s.call({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD, invitation_token: token } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error_code).toBe('invalid_invitation');

    const email2 = unique('withdrawn');
    const inv2 = await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: owner.cookie }, payload: { email: email2, role: 'viewer' } });
    const token2 = invitationToken(s.mailDir, email2);
    expect((await s.call({ method: 'DELETE', url: `/api/firm/invitations/${inv2.json().id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    const withdrawn = await s.call({ method: 'POST', url: '/api/auth/signup', payload: { email: email2, password: PASSWORD, invitation_token: token2 } });
    expect(withdrawn.json().error_code).toBe('invalid_invitation');

    const unknown = await s.call({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: unique('x'), password: PASSWORD, invitation_token: 'not-a-real-token-at-all' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_code).toBe('invalid_invitation');
  });
});

describe('an existing person accepts while signed in', () => {
  test('a person alone in their own firm joins; their data stays in their old firm, theirs again when removed', async () => {
    const email = unique('dana');
    const dana = await signUpPerson(s, email);
    const ownFirm = dana.body.account.id;
    await s.call({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: dana.cookie },
      payload: { application_number: '17200011', client_matter: 'DANA-OWN' },
    });
    await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: owner.cookie }, payload: { email, role: 'paralegal' } });
    const token = invitationToken(s.mailDir, email);

    const stranger = await signUpPerson(s, unique('stranger'));
    const mismatch = await s.call({ method: 'POST', url: `/api/firm/invitations/${token}/accept`, headers: { cookie: stranger.cookie } });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error_code).toBe('invitation_email_mismatch');

    const accepted = await s.call({ method: 'POST', url: `/api/firm/invitations/${token}/accept`, headers: { cookie: dana.cookie } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email, role: 'paralegal' });
    const cookie = `prosa_session=${accepted.cookies.find((c) => c.name === 'prosa_session')!.value}`;
    const now = await me(cookie);
    expect(now.account.id).toBe(owner.accountId);
    expect(now.member.role).toBe('paralegal');
    const docket = (await s.call({ method: 'GET', url: '/api/docket', headers: { cookie } })).json();
    expect(JSON.stringify(docket)).not.toContain('DANA-OWN');
    // The old firm's data is kept.
    expect(
      await s.database.db
        .selectFrom('docket_entries')
        .select('id')
        .where('account_id', '=', ownFirm)
        .where('client_matter', '=', 'DANA-OWN')
        .executeTakeFirst(),
    ).toBeDefined();
    // Used up.
    expect((await s.call({ method: 'POST', url: `/api/firm/invitations/${token}/accept`, headers: { cookie } })).json().error_code).toBe('invalid_invitation');

    const removed = await s.call({ method: 'DELETE', url: `/api/firm/members/${accepted.json().id}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBe(204);
    expect((await s.call({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const back = await s.call({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } });
    expect(back.json().account.id).toBe(ownFirm);
    expect(back.json().member.role).toBe('owner');
  });

  test('a person whose firm has other members is refused with a clear error', async () => {
    const email = unique('busy');
    const busy = await signUpPerson(s, email);
    await inviteAndJoin(s, busy.cookie, unique('helper'), 'viewer');
    await s.call({ method: 'POST', url: '/api/firm/invitations', headers: { cookie: owner.cookie }, payload: { email, role: 'practitioner' } });
    const res = await s.call({ method: 'POST', url: `/api/firm/invitations/${invitationToken(s.mailDir, email)}/accept`, headers: { cookie: busy.cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: true, error_code: 'firm_has_members' });
  });
});

describe('tenant isolation of members and invitations', () => {
  test("another firm's member and invitation ids answer 404; only the owner manages members", async () => {
    const joined = await inviteAndJoin(s, owner.cookie, unique('vic'), 'viewer');
    const pending = await s.call({
      method: 'POST',
      url: '/api/firm/invitations',
      headers: { cookie: owner.cookie },
      payload: { email: unique('pending'), role: 'viewer' },
    });
    const other = await signUpPerson(s, unique('other-owner'));
    for (const req of [
      { method: 'PATCH' as const, url: `/api/firm/members/${joined.memberId}`, payload: { role: 'owner' } },
      { method: 'DELETE' as const, url: `/api/firm/members/${joined.memberId}` },
      { method: 'DELETE' as const, url: `/api/firm/invitations/${pending.json().id}` },
    ]) {
      const res = await s.call({ ...req, headers: { cookie: other.cookie } });
      expect(res.statusCode, req.url).toBe(404);
      expect(res.json().error).toBe(true);
    }
    const theirs = (await s.call({ method: 'GET', url: '/api/firm/members', headers: { cookie: other.cookie } })).json();
    expect(theirs.members).toHaveLength(1);
    // A viewer of the firm reads the list but cannot change it.
    expect((await s.call({ method: 'GET', url: '/api/firm/members', headers: { cookie: joined.cookie } })).json().members.length).toBeGreaterThan(1);
    const refused = await s.call({
      method: 'POST',
      url: '/api/firm/invitations',
      headers: { cookie: joined.cookie },
      payload: { email: unique('z'), role: 'owner' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: true, error_code: 'forbidden_role' });
    expect(refused.json().message).toMatch(/needs the role owner/);
  });

  test('the last owner cannot be demoted or removed (409); with a second owner, they can', async () => {
    const mine = (await s.call({ method: 'GET', url: '/api/firm/members', headers: { cookie: owner.cookie } })).json();
    const demote = await s.call({ method: 'PATCH', url: `/api/firm/members/${mine.you}`, headers: { cookie: owner.cookie }, payload: { role: 'viewer' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ error: true, error_code: 'last_owner' });
    const remove = await s.call({ method: 'DELETE', url: `/api/firm/members/${mine.you}`, headers: { cookie: owner.cookie } });
    expect(remove.statusCode).toBe(409);
    const bad = await s.call({ method: 'PATCH', url: `/api/firm/members/${mine.you}`, headers: { cookie: owner.cookie }, payload: { role: 'boss' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(true);
  });
});
