/**
 * Issue 19, the firm's identity on every page and fees that follow the application, through HTTP:
 * the practitioner profile signs REST #4 drafts and forms unless the request names a signer; the
 * docket entry's matter number is the caption's attorney docket number (a per-paper number wins);
 * the entity status of fees is the docket entry's, else the USPTO record's, else the account's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp, LIFTED } from '../support/app.ts';
import { analyzeOa, docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { dollarsDisplay, usptoFee } from '../../src/domain/uspto-fees.ts';

const SEEDED = '2026-11-21';
const PROFILE = {
  name: 'Jane Q. Roe',
  registration_number: '71,234',
  firm: 'Roe & Partners LLP',
  address: '100 Main Street\nSuite 400\nPalo Alto, CA 94301',
  telephone: '(650) 555-0100',
  email: 'jroe@roe-ip.example',
  deposit_account: '50-1234',
  customer_number: '20995',
};

let t: TestApp;
/** A: profile set, 17200011 and 17345678 on its docket. B: no profile, nothing on its docket. */
let a: { cookie: string; accountId: string; key: string };
let b: { cookie: string; accountId: string; key: string };

beforeAll(async () => {
  // Identity, not limits, is under test: the per-credential and account-wide ceilings are lifted.
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { authenticated: LIFTED, session: LIFTED, account: LIFTED },
  });
  await seedDemoData(t.database.db, SEEDED);
  for (const who of ['a', 'b'] as const) {
    const s = await signUp(t.app);
    const account = { ...s, key: await createKey(t.app, s.cookie) };
    await grant(t.database.db, s.accountId, 500);
    if (who === 'a') a = account;
    else b = account;
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}), remoteAddress: randomIp() });

async function addToDocket(cookie: string, applicationNumber: string, extra: object = {}): Promise<string> {
  const res = await call('POST', '/api/docket', cookie, { application_number: applicationNumber, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Submits REST #4, waits for the job and returns the DOCX text. */
async function draftText(key: string, body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/prosa/draft-roa', headers: { 'x-api-key': key }, payload: body, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(202);
  const { body: done } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
  expect(done.status, JSON.stringify(done)).toBe('complete');
  return docxText(await t.app.inject({ method: 'GET', url: pathOf(done.download_url as string), remoteAddress: randomIp() }));
}

/** Submits a form through POST /api/exports, waits and returns the answer and the DOCX text. */
async function formText(cookie: string, payload: object): Promise<{ submitted: Record<string, any>; text: string }> {
  const res = await call('POST', '/api/exports', cookie, { type: 'form', ...payload });
  expect(res.statusCode, res.body).toBe(202);
  const { body } = await pollUntilDone(t.app, res.json().poll_url, { cookie }, t.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  return {
    submitted: res.json(),
    text: await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() })),
  };
}

describe('the practitioner profile (PATCH /api/account practitioner)', () => {
  test('is stored whole, shown by GET /api/auth/me, audited; null removes it', async () => {
    const set = await call('PATCH', '/api/account', a.cookie, { practitioner: { ...PROFILE, firm: '  ' } });
    expect(set.statusCode, set.body).toBe(200);
    // A blank optional field is left out of the profile, not stored empty.
    expect(set.json().account.practitioner).toEqual({ ...PROFILE, firm: null });
    expect((await call('GET', '/api/auth/me', a.cookie)).json().account.practitioner).toEqual({ ...PROFILE, firm: null });

    const cleared = await call('PATCH', '/api/account', a.cookie, { practitioner: null });
    expect(cleared.json().account.practitioner).toBeNull();
    expect((await call('PATCH', '/api/account', a.cookie, { practitioner: PROFILE })).json().account.practitioner).toEqual(PROFILE);

    const audit = (await call('GET', '/api/audit?action=account.updated', a.cookie)).json().entries;
    expect(audit[0].details).toMatchObject({
      fields: ['practitioner'],
      practitioner: { name: PROFILE.name, registration_number: PROFILE.registration_number },
    });
    expect(audit[1].details).toMatchObject({ fields: ['practitioner'], practitioner: null });
  });

  test.each([
    [{ ...PROFILE, registration_number: 'Reg. 71234' }, 'body.practitioner.registration_number', /registration number: digits/],
    [{ ...PROFILE, deposit_account: '50/1234' }, 'body.practitioner.deposit_account', /deposit account number: two digits, a dash/],
    [{ ...PROFILE, customer_number: 'C-20995' }, 'body.practitioner.customer_number', /customer number: digits only/],
    [{ ...PROFILE, email: 'jroe@' }, 'body.practitioner.email', /e-mail address/],
    [{ ...PROFILE, telephone: 'call me' }, 'body.practitioner.telephone', /telephone number/],
    [{ registration_number: '71234' }, 'body.practitioner.name', /./],
    [{ ...PROFILE, fax: '650-555-0101' }, 'body.practitioner', /fax/],
  ])('a wrong profile is a 400 error object naming the field (%#), and nothing changes', async (practitioner, field, problem) => {
    const res = await call('PATCH', '/api/account', a.cookie, { practitioner });
    expect(res.statusCode).toBe(400);
    const err = res.json();
    expect(err).toMatchObject({ error: true, error_code: 'validation_error', agent_suggestion: expect.stringContaining(field) });
    expect(err.message).toContain(`${field}`);
    expect(err.message).toMatch(problem);
    expect((await call('GET', '/api/auth/me', a.cookie)).json().account.practitioner).toEqual(PROFILE);
  });
});

describe('REST #4: who signs, and the attorney docket number', () => {
  let analysisA: string;
  beforeAll(async () => {
    expect((await call('PATCH', '/api/account', a.cookie, { practitioner: PROFILE })).statusCode).toBe(200);
    await addToDocket(a.cookie, '17200011', { client_matter: 'NWE-0042-US' });
    analysisA = (await analyzeOa(t.app, a.key)).analysis_id;
  });

  test("a draft without attorney signs with the profile: name, registration number, firm lines, deposit account; the caption prints the docket entry's matter number", async () => {
    const text = await draftText(a.key, { application_number: '17200011', analysis_id: analysisA, response_date: SEEDED, accept_incomplete: true });
    expect(text).toMatch(/Jane Q\. Roe\s*Registration No\. 71,234/);
    expect(text).not.toContain('[Registration No.]');
    expect(text).not.toContain('[Name of practitioner]');
    expect(text).toMatch(
      /100 Main Street\s*Suite 400\s*Palo Alto, CA 94301\s*Customer No\. 20995\s*Telephone: \(650\) 555-0100\s*E-mail: jroe@roe-ip\.example/,
    );
    // The signature itself stays the signer's to type (37 CFR 1.4(d)(2)).
    expect(text).toContain('[S-signature of the practitioner]');
    expect(text).toMatch(/to Deposit Account No\. 50-1234\./);
    expect(text).toMatch(/Attorney Docket No\.:?\s*NWE-0042-US/);
    expect(text).not.toContain('PRS-1001-US');
  });

  test('a draft with attorney signs with it (the profile never lends its registration number to another name), and a per-paper attorney_docket_number wins', async () => {
    const text = await draftText(a.key, {
      application_number: '17200011',
      analysis_id: analysisA,
      response_date: SEEDED,
      accept_incomplete: true,
      attorney: { name: 'John Doe', telephone: '(212) 555-0199' },
      attorney_docket_number: 'ROE-7-CONT',
    });
    expect(text).toMatch(/John Doe\s*Registration No\. \[Registration No\.\]/);
    expect(text).not.toContain('Jane Q. Roe');
    expect(text).not.toContain('71,234');
    // The firm's other details still come from the profile; the request's telephone wins.
    expect(text).toContain('Telephone: (212) 555-0199');
    expect(text).toContain('Customer No. 20995');
    expect(text).toMatch(/Attorney Docket No\.:?\s*ROE-7-CONT/);
    expect(text).not.toContain('NWE-0042-US');
  });

  test("an application not on the docket keeps the USPTO record's docket number; without a profile the signer's places stay", async () => {
    const analysisB = (await analyzeOa(t.app, b.key)).analysis_id;
    const text = await draftText(b.key, { application_number: '17200011', analysis_id: analysisB, response_date: SEEDED, accept_incomplete: true });
    expect(text).toMatch(/Attorney Docket No\.:?\s*PRS-1001-US/);
    expect(text).toContain('[Registration No.]');
    expect(text).toContain('[deposit account number]');
  });
});

describe("fees follow the application's entity status", () => {
  let rceEntry: string;
  beforeAll(async () => {
    // 17/345,678: a final stands (an RCE is available); its USPTO record is a large entity's.
    rceEntry = await addToDocket(a.cookie, '17345678', { client_matter: 'SNS-0007-US', entity_size: 'small' });
  });

  test("an RCE transmittal for a small-entity docket entry prints the small-entity fee while the account is large; a request's entity_size still wins", async () => {
    expect((await call('GET', '/api/auth/me', a.cookie)).json().account.entity_size).toBe('large');
    const small = usptoFee('rce_first', 'small', SEEDED).amount!;
    const large = usptoFee('rce_first', 'large', SEEDED).amount!;
    expect(small).not.toBe(large);

    const { submitted, text } = await formText(a.cookie, {
      form: 'rce_transmittal',
      application_number: '17345678',
      input: { submission: { enclosed: ['amendment'] }, date: SEEDED },
    });
    expect(submitted.uspto_fees).toEqual([expect.objectContaining({ citation: '37 CFR 1.17(e)(1)', amount: small })]);
    expect(text).toContain(`at the small entity (37 C.F.R. § 1.27) rate, is ${dollarsDisplay(small)}.`);
    expect(text).toContain('Applicant has established small entity status under 37 C.F.R. § 1.27');
    expect(text).not.toContain(dollarsDisplay(large)!);
    // The form carries the firm's identity too: matter number, signer, the profile's deposit account.
    expect(text).toMatch(/Attorney Docket No\.:?\s*SNS-0007-US/);
    expect(text).toMatch(/Jane Q\. Roe\s*Registration No\. 71,234/);
    expect(text).toContain('Deposit Account No. 50-1234');

    const asked = await formText(a.cookie, {
      form: 'rce_transmittal',
      application_number: '17345678',
      input: { submission: { enclosed: ['amendment'] }, date: SEEDED, entity_size: 'large', deposit_account: '19-0741', attorney_docket_number: 'SNS-RCE-1' },
    });
    expect(asked.submitted.uspto_fees).toEqual([expect.objectContaining({ amount: large })]);
    expect(asked.text).toContain('Deposit Account No. 19-0741');
    expect(asked.text).toMatch(/Attorney Docket No\.:?\s*SNS-RCE-1/);
  });

  test('GET /api/applications/{n}/deadlines and /api/applications/{n} follow the docket entry; null hands the decision back to the USPTO record', async () => {
    const deadlines = async () => (await call('GET', '/api/applications/17345678/deadlines', a.cookie)).json();
    let d = await deadlines();
    expect(d).toMatchObject({ entity: 'small', entity_source: 'docket', calculation: { entity: 'small' } });
    const ext = d.calculation.extensions as { fee: Record<string, string> | null; fee_for_entity: string | null }[];
    expect(ext.length).toBeGreaterThan(0);
    for (const e of ext) expect(e.fee_for_entity).toBe(e.fee!.small);
    expect((await call('GET', '/api/applications/17345678', a.cookie)).json()).toMatchObject({
      entity_status: 'large',
      entity_size: 'small',
      entity_size_source: 'docket',
    });

    const patched = await call('PATCH', `/api/docket/${rceEntry}`, a.cookie, { entity_size: 'micro' });
    expect(patched.json()).toMatchObject({ entity_size: 'micro', entity_size_source: 'docket', client_matter: 'SNS-0007-US' });
    d = await deadlines();
    for (const e of d.calculation.extensions) expect(e.fee_for_entity).toBe(e.fee.micro);

    expect((await call('PATCH', `/api/docket/${rceEntry}`, a.cookie, { entity_size: null })).json()).toMatchObject({
      entity_size: 'large',
      entity_size_source: 'uspto',
    });
    d = await deadlines();
    expect(d).toMatchObject({ entity: 'large', entity_source: 'uspto' });
    for (const e of d.calculation.extensions) expect(e.fee_for_entity).toBe(e.fee.large);
    expect((await call('PATCH', `/api/docket/${rceEntry}`, a.cookie, { entity_size: 'small' })).statusCode).toBe(200);
  });

  test("POST /api/quote names the application: its USPTO fees are for the application's entity status", async () => {
    const quote = async (extra: object) =>
      (await call('POST', '/api/quote', a.cookie, { exports: [{ type: 'form', form: 'rce_transmittal' }], ...extra })).json();
    const today = (await call('GET', '/api/applications/17345678/deadlines', a.cookie)).json().computed_on as string;
    expect((await quote({ application_number: '17/345,678' })).uspto_fees[0].amount).toBe(usptoFee('rce_first', 'small', today).amount);
    expect((await quote({ application_number: '17/345,678' })).notes.join(' ')).toContain('application 17345678, from its docket entry');
    expect((await quote({})).uspto_fees[0].amount).toBe(usptoFee('rce_first', 'large', today).amount);
  });

  test("PATCH /api/docket/{id}: a wrong entity_size is a 400 error object naming the field; another account's entry is 404 and unchanged", async () => {
    const bad = await call('PATCH', `/api/docket/${rceEntry}`, a.cookie, { entity_size: 'medium' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: true,
      error_code: 'validation_error',
      message: expect.stringMatching(/^body\.entity_size: must be large, small or micro/),
    });
    const tooLong = await call('PATCH', `/api/docket/${rceEntry}`, a.cookie, { client_matter: 'M'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^body\.client_matter: /);

    const other = await call('PATCH', `/api/docket/${rceEntry}`, b.cookie, { entity_size: 'micro', client_matter: 'B-STEALS' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: true, error_code: 'docket_entry_not_found' });
    expect((await call('GET', `/api/docket/${rceEntry}`, b.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/docket/${rceEntry}`, a.cookie)).json()).toMatchObject({
      entity_size: 'small',
      entity_size_source: 'docket',
      client_matter: 'SNS-0007-US',
    });
  });

  test('the docket lists each entry with its entity status and where it comes from', async () => {
    const entries = (await call('GET', '/api/docket', a.cookie)).json().entries as {
      application: { application_number: string };
      entity_size: string;
      entity_size_source: string;
    }[];
    const by = Object.fromEntries(entries.map((e) => [e.application.application_number, [e.entity_size, e.entity_size_source]]));
    expect(by).toEqual({ '17200011': ['small', 'uspto'], '17345678': ['small', 'docket'] });
  });
});
