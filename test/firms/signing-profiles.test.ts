// Each member signs with their own practitioner profile (issue 22, migration 033): "papers are
// signed with their practitioner profile" and every paper names the member who acted. The owner
// keeps profile A; a practitioner they invite sets B and their papers carry B, never A; a
// practitioner with no profile gets the signer's placeholders, never another member's name.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey } from '../support/app.ts';
import { exchangeToken, obtainTokens } from '../support/oauth.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { startDraftWorker, type DraftWorker } from '../../src/jobs/draft-worker.ts';
import { inviteAndJoin, PASSWORD, signUpPerson, startFirmServer, unique, type FirmServer } from './support.ts';

const A = {
  name: 'Ada Owner',
  registration_number: '61,111',
  firm: 'Owner & Co. LLP',
  address: null,
  telephone: null,
  email: null,
  deposit_account: '50-1111',
  customer_number: null,
};
const B = {
  name: 'Brook Associate',
  registration_number: '72,222',
  firm: null,
  address: null,
  telephone: null,
  email: null,
  deposit_account: null,
  customer_number: null,
};

let s: FirmServer;
let worker: DraftWorker;
let owner: { cookie: string; accountId: string };
let associate: { cookie: string; memberId: string; email: string };
let newcomer: { cookie: string; memberId: string };
let paralegal: { cookie: string; memberId: string };
/** startFirmServer seeds the demo applications as of today: 17/345,678 then has a final action standing. */
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startFirmServer();
  worker = await startDraftWorker(s.database, await s.ctx.queue.get());
  const o = await signUpPerson(s, unique('owner'));
  owner = { cookie: o.cookie, accountId: o.body.account.id };
  await grant(s.database.db, owner.accountId, 500);
  const set = await s.call({
    method: 'PATCH',
    url: '/api/account',
    headers: { cookie: owner.cookie },
    payload: { practitioner: { name: A.name, registration_number: A.registration_number, firm: A.firm, deposit_account: A.deposit_account } },
  });
  expect(set.statusCode, set.body).toBe(200);
  const email = unique('associate');
  associate = { ...(await inviteAndJoin(s, owner.cookie, email, 'practitioner')), email };
  newcomer = await inviteAndJoin(s, owner.cookie, unique('newcomer'), 'practitioner');
  paralegal = await inviteAndJoin(s, owner.cookie, unique('paralegal'), 'paralegal');
  expect(
    (
      await s.call({
        method: 'POST',
        url: '/api/docket',
        headers: { cookie: owner.cookie },
        payload: { application_number: '17345678', client_matter: 'SIG-1' },
      })
    ).statusCode,
  ).toBe(201);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await s?.close();
});

const me = async (headers: Record<string, string>) => (await s.call({ method: 'GET', url: '/api/auth/me', headers })).json();

/** An RCE transmittal (a signed form, 5.00) submitted by this person; the DOCX text once drafted. */
async function rceText(cookie: string): Promise<string> {
  const res = await s.call({
    method: 'POST',
    url: '/api/exports',
    headers: { cookie },
    payload: { type: 'form', form: 'rce_transmittal', application_number: '17345678', input: { submission: { enclosed: ['amendment'] }, date: today } },
  });
  expect(res.statusCode, res.body).toBe(202);
  const { body } = await pollUntilDone(s.app, res.json().poll_url, { cookie }, s.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  return docxText(await s.call({ method: 'GET', url: pathOf(body.download_url as string) }));
}

describe("the practitioner profile is each member's own", () => {
  test("an invited practitioner starts with none (not the owner's), sets B; the owner still sees A; the audit log names whose profile it is", async () => {
    expect((await me({ cookie: associate.cookie })).account.practitioner).toBeNull();
    const set = await s.call({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: associate.cookie },
      payload: { practitioner: { name: B.name, registration_number: B.registration_number } },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().account.practitioner).toEqual(B);
    expect((await me({ cookie: associate.cookie })).account.practitioner).toEqual(B);
    expect((await me({ cookie: owner.cookie })).account.practitioner).toEqual(A);

    const audit = (await s.call({ method: 'GET', url: '/api/audit?action=account.updated', headers: { cookie: owner.cookie } })).json().entries;
    expect(audit[0]).toMatchObject({
      member: { id: associate.memberId, email: associate.email },
      details: { fields: ['practitioner'], practitioner: { name: B.name, registration_number: B.registration_number }, profile_of: associate.memberId },
    });
    expect(audit[1]).toMatchObject({ member: { id: owner.accountId }, details: { practitioner: { name: A.name }, profile_of: owner.accountId } });
  });

  test("an API key and an assistant (OAuth bearer) act as their member: each sees that member's profile, and a change reaches a cached key at once", async () => {
    const key = await createKey(s.app, newcomer.cookie);
    expect((await me({ 'x-api-key': key })).account.practitioner).toBeNull();
    expect((await me({ 'x-api-key': key })).account.practitioner).toBeNull(); // answered from the key cache
    const set = await s.call({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: newcomer.cookie },
      payload: { practitioner: { name: 'Cam Temporary', registration_number: '73333' } },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me({ 'x-api-key': key })).account.practitioner).toMatchObject({ name: 'Cam Temporary' });
    const cleared = await s.call({ method: 'PATCH', url: '/api/account', headers: { 'x-api-key': key }, payload: { practitioner: null } });
    expect(cleared.json().account.practitioner).toBeNull();
    expect((await me({ 'x-api-key': key })).account.practitioner).toBeNull();
    expect((await me({ cookie: owner.cookie })).account.practitioner).toEqual(A);

    const tokens = await obtainTokens(s.url, { email: associate.email, password: PASSWORD });
    const exchanged = await exchangeToken(s.url, s.keyring, tokens.access_token);
    expect(exchanged.status).toBe(200);
    const bearer = { authorization: `Bearer ${String(exchanged.body.access_token)}` };
    expect(await me(bearer)).toMatchObject({ account: { id: owner.accountId, practitioner: B }, member: { id: associate.memberId } });
  });

  test('a paralegal keeps no signing profile (403 forbidden_role) and cannot reach the papers', async () => {
    const res = await s.call({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: paralegal.cookie },
      payload: { practitioner: { name: B.name, registration_number: B.registration_number } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: true, error_code: 'forbidden_role' });
    expect((await me({ cookie: paralegal.cookie })).account.practitioner).toBeNull();
    const paper = await s.call({
      method: 'POST',
      url: '/api/exports',
      headers: { cookie: paralegal.cookie },
      payload: { type: 'form', form: 'rce_transmittal', application_number: '17345678', input: { submission: { enclosed: ['amendment'] } } },
    });
    expect(paper.statusCode).toBe(403);
  });
});

describe('papers are signed by the member who submits them', () => {
  test("the practitioner's paper carries B's name and registration number, not A's", async () => {
    const text = await rceText(associate.cookie);
    expect(text).toMatch(/Brook Associate\s*Registration No\. 72,222/);
    expect(text).not.toContain(A.name);
    expect(text).not.toContain(A.registration_number);
    // Nor A's deposit account: the fee authorization is left for the signer to fill.
    expect(text).not.toContain(A.deposit_account);
    expect(text).toMatch(/Attorney Docket No\.:?\s*SIG-1/);
  });

  test("a practitioner without a profile gets the signer's placeholders, never another member's name", async () => {
    const text = await rceText(newcomer.cookie);
    expect(text).toContain('[Registration No.]');
    expect(text).not.toContain(A.name);
    expect(text).not.toContain(A.registration_number);
    expect(text).not.toContain(B.name);
  });

  test("the owner's paper still carries A", async () => {
    const text = await rceText(owner.cookie);
    expect(text).toMatch(/Ada Owner\s*Registration No\. 61,111/);
    expect(text).toContain('Deposit Account No. 50-1111');
    expect(text).not.toContain(B.name);
  });
});
