/**
 * The application file from the USPTO (issue 18 items 1-2) through HTTP, against the local Open
 * Data Portal replay (test/support/odp-replay.ts: real documents list, search and
 * associated-documents responses; the grant full text of US 11,646,472 B2 is real, the document
 * files are constructed stand-ins). Without a key both routes say the connector is off.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { OdpReplay, REPLAY_KEY, serveDocumentDownloads, serveFullText, serveRecordedApplications } from '../support/odp-replay.ts';
import { createOdpClient } from '../../src/sources/odp/odp-client.ts';
import { setOdpClient } from '../../src/sources/odp/shared-client.ts';

/** A constructed anticipation rejection citing the real grant the replay serves (test data, not a real action). */
const ACTION = [
  'Application/Control Number: 17/248,024',
  'Claim Rejections - 35 USC § 102',
  'Claims 1-3 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 11,646,472 B2).',
  'Regarding claim 1, Smith discloses a battery comprising an electrode (col. 3, lines 4-10).',
  'Claim 4 is rejected under 35 U.S.C. 102(a)(1) as being anticipated by Tanaka (JP 2008-008593 A).',
].join('\n');

const odp = serveDocumentDownloads(serveRecordedApplications(new OdpReplay()));
const storage = new OdpReplay({ requireKey: false });
let t: TestApp;
let off: TestApp;
let cookie: string;
let entryId: string;
let analysisId: string;

const call = (app: TestApp, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}), remoteAddress: randomIp() });

beforeAll(async () => {
  await Promise.all([odp.start(), storage.start()]);
  serveFullText(odp, storage);
  t = await createTestApp({ PROSA_USPTO_API_KEY: REPLAY_KEY, PROSA_USPTO_BASE_URL: odp.url });
  setOdpClient(t.ctx.config, createOdpClient({ apiKey: REPLAY_KEY, baseUrl: odp.url, sleep: async () => undefined, redirectOrigins: [storage.url] }));
  cookie = (await signUp(t.app)).cookie;
  // The lookup fetches the public record from the ODP (the live connector).
  expect((await call(t, 'GET', '/api/applications/17248024')).statusCode).toBe(200);
  const entry = await call(t, 'POST', '/api/docket', { application_number: '17/248,024' });
  expect(entry.statusCode, entry.body).toBe(201);
  entryId = entry.json().id;
  const analysis = await call(t, 'POST', '/api/analyses', { application_number: '17248024', office_action_text: ACTION, include_examiner_intel: false });
  expect(analysis.statusCode, analysis.body).toBe(201);
  analysisId = analysis.json().analysis_id;
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await Promise.all([odp.close(), storage.close()]);
});

describe('with the connector', () => {
  test('the cited US grant is fetched into the public cache; the Japanese reference is left to upload', async () => {
    const res = await call(t, 'POST', `/api/analyses/${analysisId}/references/fetch`);
    expect(res.statusCode, res.body).toBe(200);
    const byRef = Object.fromEntries(res.json().references.map((r: { reference: string; outcome: string }) => [r.reference, r.outcome]));
    expect(byRef).toEqual({ 'Smith (US 11,646,472 B2)': 'fetched', 'Tanaka (JP 2008-008593 A)': 'not_at_uspto' });
    const again = await call(t, 'POST', `/api/analyses/${analysisId}/references/fetch`);
    expect(again.json().references[0].outcome).toBe('already_held');
    const refs = (await call(t, 'GET', `/api/analyses/${analysisId}/references`)).json().references;
    const smith = refs.find((r: { name: string }) => r.name === 'Smith');
    expect(smith).toMatchObject({ held: true, document_id: 'pub_US11646472' });
    expect(smith.paragraphs).toBeGreaterThan(10);
    expect(odp.maxInFlight).toBe(1);
  });

  test("another account sees the public copy too, but never the first account's uploads", async () => {
    const other = (await signUp(t.app)).cookie;
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie: other },
      payload: { application_number: '17/248,024' },
      remoteAddress: randomIp(),
    });
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: { cookie: other },
      payload: { application_number: '17248024', office_action_text: ACTION, include_examiner_intel: false },
      remoteAddress: randomIp(),
    });
    const refs = await t.app.inject({
      method: 'GET',
      url: `/api/analyses/${a.json().analysis_id}/references`,
      headers: { cookie: other },
      remoteAddress: randomIp(),
    });
    expect(refs.json().references.find((r: { name: string }) => r.name === 'Smith').held).toBe(true);
    expect(entry.statusCode).toBe(201);
  });

  test("the file papers are fetched and each one's outcome is said", async () => {
    const res = await call(t, 'POST', `/api/docket/${entryId}/documents/import-uspto`, { kinds: ['specification', 'claims'] });
    expect(res.statusCode, res.body).toBe(200);
    const papers = res.json().papers as { document_code: string; outcome: string; reason: string | null }[];
    expect(papers.map((p) => p.document_code).sort()).toEqual(['ABST', 'CLM', 'SPEC']);
    for (const p of papers) expect(['added', 'already_held', 'skipped']).toContain(p.outcome);
    // The stand-in files are constructed (no real file wrapper document was found): the claims
    // cannot be read from them, and the answer says so rather than storing anything.
    const clm = papers.find((p) => p.document_code === 'CLM')!;
    expect(clm.outcome).toBe('skipped');
    expect(clm.reason).toMatch(/could not be read/);
    const docs = (await call(t, 'GET', `/api/docket/${entryId}/documents`)).json().documents;
    expect(docs.every((d: { source: string }) => d.source === 'uspto')).toBe(true);
    expect(docs.length).toBe(papers.filter((p) => p.outcome === 'added').length);
  });
});

describe('without the connector', () => {
  test('both routes answer 409 uspto_connector_off and name the way forward', async () => {
    cookie = (await signUp(off.app)).cookie;
    const entry = await call(off, 'POST', '/api/docket', { application_number: '15/091,542', application: { invention_title: 'X' } });
    const analysis = await call(off, 'POST', '/api/analyses', { application_number: '15091542', office_action_text: ACTION, include_examiner_intel: false });
    for (const [url, payload] of [
      [`/api/docket/${entry.json().id}/documents/import-uspto`, {}],
      [`/api/analyses/${analysis.json().analysis_id}/references/fetch`, undefined],
    ] as const) {
      const res = await call(off, 'POST', url, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: true, error_code: 'uspto_connector_off' });
      expect(res.json().agent_suggestion).toMatch(/Upload the documents/);
    }
  });
});
