/**
 * Issue 11, "carry claims forward": claims pasted into the docket (PUT /api/docket/{id}/claims,
 * validated) are the listing of the next response drafted without claim text (REST #4), marked
 * against them under 37 CFR 1.121(c). The drafted response is kept in the application's file as a
 * draft and changes nothing until the practitioner marks it filed (issue 18); then its claims are
 * the claims of record, and the following response lists those "(Previously Presented)". A second
 * draft of the same action starts again from the claims of record, not from the first draft.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, signUp, type TestApp, LIFTED } from '../support/app.ts';
import { grant, OA_TEXT, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx, type OpenedDocx } from '../documents/support/open-docx.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';

// Corpus item 04 (17/200,011): claims 1-2 rejected under 103, claims 3-6 objected to (allowable
// if rewritten), 7-8 allowed. Claim 1's default strategy, amend_narrow, takes in claim 3.
const LISTING = [
  'What is claimed is:',
  '1. (Original) A sensor assembly comprising:',
  '   a housing; and',
  '   a lens.',
  '2. (Previously Presented) The sensor assembly of claim 1, wherein the housing is sealed.',
  '3. (Original) The sensor assembly of claim 1, wherein the lens is glass.',
  '4. (Original) The sensor assembly of claim 2, further comprising a gasket.',
  '5. (Original) The sensor assembly of claim 3, wherein the glass is tempered.',
  '6. (Original) The sensor assembly of claim 1, further comprising a filter.',
  '7. (Original) A method of sensing, comprising receiving light through a lens.',
  '8. (Original) The method of claim 7, wherein the light is infrared.',
  '9. (Canceled)',
].join('\n');

let t: TestApp;
let key: string;
let cookie: string;
let entryId: string;
let otherCookie: string;
let analysisId: string;

const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, ...(payload ? { payload } : {}), remoteAddress: randomIp() });
const claimsUrl = () => `/api/docket/${entryId}/claims`;

/** The drafted response a job left in the file, marked filed (its claims become the claims of record). */
async function markFiled(jobId: unknown): Promise<void> {
  const listed = await api('GET', `/api/docket/${entryId}/documents`);
  expect(listed.statusCode, listed.body).toBe(200);
  const docs = listed.json().documents as { document_id: string; draft_job_id: string | null }[];
  const draftDoc = docs.find((d) => d.draft_job_id === jobId);
  expect(draftDoc, `no drafted response of job ${String(jobId)} in the file`).toBeDefined();
  const res = await api('POST', `/api/docket/${entryId}/documents/${draftDoc!.document_id}/filed`);
  expect(res.statusCode, res.body).toBe(200);
}

async function draft(body: object): Promise<{ job: Record<string, unknown>; doc: OpenedDocx }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': key },
    payload: { application_number: '17200011', analysis_id: analysisId, office_action_date: '2026-09-01', response_date: '2026-11-21', ...body },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(202);
  const { body: job } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
  expect(job.status, JSON.stringify(job)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() });
  return { job, doc: await openDocx(file.rawPayload) };
}

async function analyse(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/analyze',
    headers: { 'x-api-key': key },
    payload: { application_number: '17200011', office_action_text: OA_TEXT, include_examiner_intel: false },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().analysis_id;
}

beforeAll(async () => {
  // All of the file's requests with one session can fall within one second on a fast host: the
  // per-person burst limit is not what it tests (CI once refused the 21st with 429, when a
  // session's burst was 20 a second).
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { authenticated: LIFTED, session: LIFTED, account: LIFTED },
  });
  await seedDemoData(t.database.db, '2026-11-21');
  const s = await signUp(t.app);
  cookie = s.cookie;
  key = await createKey(t.app, s.cookie);
  await grant(t.database.db, s.accountId, 500);
  otherCookie = (await signUp(t.app)).cookie;
  const added = await api('POST', '/api/docket', { application_number: '17200011' });
  expect(added.statusCode, added.body).toBe(201);
  entryId = added.json().id;
  analysisId = await analyse();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/docket/{id}/claims: validated', () => {
  test.each([
    [{}, 'text', /give either text .* or claims/],
    [{ text: 'A widget.' }, 'text', /no numbered claim found/],
    [
      { text: '1. A widget.\n2. The widget of claim 3, red.\n3. A gadget.' },
      'text (claim 2)',
      /claim 2 depends from claim 3: a dependent claim must refer back to a preceding claim/,
    ],
    [{ text: '1. A widget [[red]] blue.' }, 'text (claim 1)', /deletion markup/],
    [
      {
        claims: [
          { number: 1, text: 'A widget.' },
          { number: 1, text: 'A gadget.' },
        ],
      },
      'claims (claim 1)',
      /appears more than once/,
    ],
    [{ claims: [{ number: 2, text: 'The widget of claim 1, red.' }] }, 'claims (claim 2)', /which is not in the listing/],
    [{ claims: [{ number: 1, text: 'A widget.' }], previously_presented: [4] }, 'previously_presented', /claim 4 is not in the listing/],
  ])('%j → 400 naming %s', async (payload, field, message) => {
    const res = await api('PUT', claimsUrl(), payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: true, error_code: 'validation_error' });
    expect(res.json().message.startsWith(`${field}: `), res.json().message).toBe(true);
    expect(res.json().message).toMatch(message);
  });

  test("another account's docket entry is 404, for reading and writing", async () => {
    expect((await api('GET', claimsUrl(), undefined, otherCookie)).statusCode).toBe(404);
    expect((await api('PUT', claimsUrl(), { text: '1. A widget.' }, otherCookie)).statusCode).toBe(404);
  });

  test('nothing stored yet: an empty set with source null', async () => {
    const res = await api('GET', claimsUrl());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ docket_entry_id: entryId, application_number: '17200011', source: null, claims: [] });
  });

  test('a pasted listing is stored and read back claim by claim', async () => {
    const res = await api('PUT', claimsUrl(), { text: LISTING });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await api('GET', claimsUrl())).json();
    expect(got).toMatchObject({ source: 'pasted', counts: { pending: 8, withdrawn: 0, cancelled: 1 }, missing_text: [] });
    expect(got.claims[0]).toEqual({ number: 1, status: 'pending', previously_presented: false, text: 'A sensor assembly comprising: a housing; and a lens.' });
    expect(got.claims[1].previously_presented).toBe(true);
  });
});

describe("the next response starts from the docket's claims", () => {
  let first: { job: Record<string, unknown>; doc: OpenedDocx };
  let laterJob: unknown;
  beforeAll(async () => {
    first = await draft({});
  });

  test('the listing marks its amendments against the pasted claims (37 CFR 1.121(c)) and keeps their status', () => {
    const { doc } = first;
    // amend_narrow on claim 1 takes in allowable claim 3: the addition underlined.
    expect(doc.html).toContain('1. (Currently Amended) A sensor assembly comprising: a housing; and a lens<u>, wherein the lens is glass</u>.');
    expect(doc.text).toContain('2. (Previously Presented) The sensor assembly of claim 1, wherein the housing is sealed.');
    expect(doc.text).toContain('3. (Canceled)');
    // Claim 5 depended from the cancelled claim 3: pointed at claim 1, the deletion in double brackets.
    expect(doc.html).toContain('5. (Currently Amended) The sensor assembly of claim [[3]] <u>1</u>, wherein the glass is tempered.');
    expect(doc.text).toContain('7. (Original) A method of sensing, comprising receiving light through a lens.');
    expect(doc.text).toContain('9. (Canceled)');
    expect(doc.text).not.toContain('[Insert the text of claim');
    expect(doc.text).toMatch(/The claim listing starts from the claims pasted into the docket on \d{4}-\d{2}-\d{2}: check them against the claims of record/);
  });

  test("the drafted response is kept in the file as a draft and leaves the docket's claims as they were", async () => {
    const got = (await api('GET', claimsUrl())).json();
    expect(got).toMatchObject({ source: 'pasted', counts: { pending: 8, cancelled: 1 } });
    const docs = (await api('GET', `/api/docket/${entryId}/documents`)).json().documents;
    expect(docs).toEqual([expect.objectContaining({ kind: 'response', source: 'prosa', status: 'draft', draft_job_id: first.job.job_id, claims: 9 })]);
    const versions = (await api('GET', `/api/docket/${entryId}/claims/versions`)).json();
    expect(versions.current.source).toBe('pasted');
    expect(versions.versions).toEqual([expect.objectContaining({ status: 'draft', current: false })]);
  });

  test("marked filed, the response's claims as it amends them are the claims of record", async () => {
    await markFiled(first.job.job_id);
    const again = await api(
      'POST',
      `/api/docket/${entryId}/documents/${(await api('GET', `/api/docket/${entryId}/documents`)).json().documents[0].document_id}/filed`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('response_already_filed');
    const got = (await api('GET', claimsUrl())).json();
    expect(got).toMatchObject({ source: 'response', source_job_id: first.job.job_id, counts: { pending: 7, cancelled: 2 } });
    const byNumber = new Map<number, { status: string; text: string | null; previously_presented: boolean }>(
      got.claims.map((c: { number: number }) => [c.number, c]),
    );
    expect(byNumber.get(1)).toEqual({
      number: 1,
      status: 'pending',
      previously_presented: true,
      text: 'A sensor assembly comprising: a housing; and a lens, wherein the lens is glass.',
    });
    expect(byNumber.get(3)).toMatchObject({ status: 'cancelled', text: null });
    expect(byNumber.get(5)).toMatchObject({ previously_presented: true, text: 'The sensor assembly of claim 1, wherein the glass is tempered.' });
    expect(byNumber.get(7)).toMatchObject({ previously_presented: false });
  });

  test('a second draft of the same action starts again from the claims of record, not from the first draft', async () => {
    const { doc } = await draft({});
    expect(doc.html).toContain('1. (Currently Amended) A sensor assembly comprising: a housing; and a lens<u>, wherein the lens is glass</u>.');
    expect(doc.text).toMatch(/starts from the claims as they stood before the response Prosa drafted on \d{4}-\d{2}-\d{2} for this same action/);
  });

  test('a response to a later action lists the amended claims "(Previously Presented)" and marks against them', async () => {
    // The stored claims answered the action mailed 2026-09-01: the reply to one mailed later (its
    // own analysis; the same text stands in for it) starts from them.
    const { doc, job } = await draft({
      analysis_id: await analyse(),
      office_action_date: '2026-10-01',
      strategy_selections: { claim_1: 'argue_distinction', claim_2: 'amend_narrow' },
    });
    expect(doc.text).toContain('1. (Previously Presented) A sensor assembly comprising: a housing; and a lens, wherein the lens is glass.');
    // Claim 2 (amend_narrow) takes in allowable claim 4, marked against the stored text.
    expect(doc.html).toContain('2. (Currently Amended) The sensor assembly of claim 1, wherein the housing is sealed<u>, further comprising a gasket</u>.');
    // Claim 5, rewritten in independent form, is marked against the text the first response left (claim 1, not 3).
    expect(doc.html).toMatch(/5\. \(Currently Amended\) \[\[The\]\] <u>A<\/u> sensor assembly <s>of claim 1<\/s>/);
    expect(doc.text).toContain('7. (Original) A method of sensing, comprising receiving light through a lens.');
    expect(doc.text).toMatch(/starts from the claims as amended by the response Prosa drafted on \d{4}-\d{2}-\d{2} \(job job_/);
    laterJob = job.job_id;
  });

  test("a response plan started for a later action holds the docket's claims as the text amendments are marked against", async () => {
    await markFiled(laterJob);
    const later = await analyse();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/response-plans',
      headers: { cookie },
      payload: { analysis_id: later },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = (await api('GET', claimsUrl())).json();
    const text = (n: number) => stored.claims.find((c: { number: number }) => c.number === n).text;
    const claims = res.json().claims as { claim_number: number; original_text: string | null }[];
    expect(claims.find((c) => c.claim_number === 1)?.original_text).toBe(text(1));
    expect(claims.find((c) => c.claim_number === 2)?.original_text).toBe(text(2));
    expect(text(2)).toBe('The sensor assembly of claim 1, wherein the housing is sealed, further comprising a gasket.');
  });

  test("claims sent with the request win over the docket's", async () => {
    const { doc } = await draft({
      claims: { 1: 'A sensor comprising a lens.', 2: 'The sensor of claim 1, wherein the lens is sealed.' },
      strategy_selections: { claim_1: 'argue_distinction', claim_2: 'argue_distinction' },
      accept_incomplete: true,
    });
    expect(doc.text).not.toMatch(/The claim listing starts from/);
    expect(doc.text).not.toContain('wherein the lens is glass');
  });
});
