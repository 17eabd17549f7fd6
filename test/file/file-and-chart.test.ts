/**
 * The application file and the claim chart through HTTP (issue 18): application 15/091,542, its
 * claims as examined and Laroia's full text, added to the file; the chart of its action.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { CLAIMS, fileAccount, LAROIA, multipart, type FileAccount } from './support.ts';

let t: TestApp;
let a: FileAccount;

beforeAll(async () => {
  t = await createTestApp();
  a = await fileAccount(t.app);
});
afterAll(() => t.close());

const chart = async () => {
  const res = await a.call({ method: 'GET', url: `/api/analyses/${a.analysisId}/claim-chart` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('before the file is held', () => {
  test('the chart says what to add and resolves nothing', async () => {
    const c = await chart();
    expect(c.claims_source).toBeNull();
    expect(c.claims.every((x: { limitations: unknown[] }) => x.limitations.length === 0)).toBe(true);
    expect(c.notes.join(' ')).toMatch(/No claims are held/);
    expect(c.notes.join(' ')).toMatch(/No text is held of Laroia \(US 2005\/0025220 A1\); Zhu \(US 2015\/0036514 A1\)/);
    const refs = await a.call({ method: 'GET', url: `/api/analyses/${a.analysisId}/references` });
    expect(refs.json().references.map((r: { publication_number: string; held: boolean }) => [r.publication_number, r.held])).toEqual([
      ['US 2005/0025220 A1', false],
      ['US 2015/0036514 A1', false],
    ]);
  });
});

describe('adding documents', () => {
  test("a claim listing as JSON text becomes the docket's claims", async () => {
    const res = await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, payload: { kind: 'claims', text: CLAIMS } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'claims', claims: 19, paragraphs: 0, source: 'paste', claims_made_current: true, duplicate: false });
    const claims = await a.call({ method: 'GET', url: `/api/docket/${a.entryId}/claims` });
    expect(claims.json().claims).toHaveLength(19);
    expect(claims.json().source).toBe('document');
  });

  test('the same listing again is the same document', async () => {
    const res = await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, payload: { kind: 'claims', text: CLAIMS } });
    expect(res.statusCode).toBe(200);
    expect(res.json().duplicate).toBe(true);
  });

  test('a reference uploaded as a file (multipart) with its publication number', async () => {
    const body = multipart({ kind: 'reference', publication_number: 'US 2005/0025220 A1' }, { name: 'laroia.txt', type: 'text/plain', data: LAROIA });
    const res = await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, ...body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'reference',
      publication_number: 'US 2005/0025220 A1',
      publication_base: 'US20050025220',
      paragraphs: 66,
      source: 'upload',
      filename: 'laroia.txt',
    });
    const list = await a.call({ method: 'GET', url: `/api/docket/${a.entryId}/documents` });
    expect(
      list
        .json()
        .documents.map((d: { kind: string }) => d.kind)
        .sort(),
    ).toEqual(['claims', 'reference']);
    const detail = await a.call({ method: 'GET', url: `/api/docket/${a.entryId}/documents/${res.json().document_id}` });
    const p65 = detail.json().paragraph_list.find((p: { number: number }) => p.number === 65);
    expect(p65.label).toBe('[0065]');
    expect(p65.text).toMatch(/^The methods and apparatus of the present invention may be/);
    // The Office's full-text download keeps XML escapes ("1&lt;k&lt;N"); the held text reads as printed.
    const p8 = detail.json().paragraph_list.find((p: { number: number }) => p.number === 8);
    expect(LAROIA).toContain('(where 1&lt;k&lt;N)');
    expect(p8.text).toContain('(where 1<k<N)');
    expect(p8.text).not.toContain('&lt;');
  });
});

describe('the chart with the file held', () => {
  test('claim 1: {¶0065} resolves to Laroia ¶ [0065], and WLAN and 5GHz are flagged as absent from it', async () => {
    const c = await chart();
    expect(c.claims_source).toMatchObject({ source: 'document' });
    const claim1 = c.claims.find((x: { claim_number: number }) => x.claim_number === 1);
    expect(claim1.depends_on).toBeNull();
    const wlan = claim1.limitations.find((l: { text: string }) => l.text.includes('WLAN device'));
    expect(wlan.assertion).toContain('{¶0065}');
    expect(wlan.citations[0]).toMatchObject({
      reference: 'Laroia (US 2005/0025220 A1)',
      publication_number: 'US 2005/0025220 A1',
      pinpoint: '¶0065',
      resolved: { paragraph: 65, label: '[0065]' },
    });
    expect(wlan.citations[0].resolved.text).toMatch(/orthogonal frequency division multiplexing \(OFDM\)/);
    const flag = wlan.flags.find((f: { code: string }) => f.code === 'terms_not_in_cited_passage');
    expect(flag.terms).toEqual(expect.arrayContaining(['WLAN', '5GHz']));
    expect(flag.absent_from_reference).toEqual(['WLAN', '5GHz']);
  });

  test('claim 2: its limitation resolves to ¶ [0009] and it depends from claim 1', async () => {
    const c = await chart();
    const claim2 = c.claims.find((x: { claim_number: number }) => x.claim_number === 2);
    expect(claim2.depends_on).toBe(1);
    expect(claim2.limitations[0].citations.map((x: { resolved: { paragraph: number } }) => x.resolved.paragraph)).toEqual([9]);
  });

  test('Zhu, whose text is not held, stays unresolved and says why; the summary counts', async () => {
    const c = await chart();
    const claim13 = c.claims.find((x: { claim_number: number }) => x.claim_number === 13);
    const codes = claim13.limitations[0].flags.map((f: { code: string }) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['examiner_admission', 'unresolved_pinpoint']));
    expect(c.references.find((r: { label: string }) => r.label.startsWith('Laroia')).held).toBe(true);
    expect(c.summary.pinpoints_resolved).toBeGreaterThan(15);
    expect(c.summary.pinpoints_resolved).toBeLessThan(c.summary.pinpoints_found);
  });
});

describe('bad input stores nothing', () => {
  const count = async () => (await a.call({ method: 'GET', url: `/api/docket/${a.entryId}/documents` })).json().documents.length;

  test.each([
    ['an unknown kind', { kind: 'brief', text: 'x' }, 400, 'validation_error'],
    ['a reference the action does not cite', { kind: 'reference', publication_number: 'US 9,999,999 B2', text: LAROIA }, 422, 'reference_not_cited'],
    ['a reference without a number or name', { kind: 'reference', text: LAROIA }, 400, 'validation_error'],
    ['a claim listing that does not parse', { kind: 'claims', text: 'These are not claims at all.' }, 422, 'claims_unreadable'],
    [
      'a listing whose dependent claim refers to a later claim',
      { kind: 'claims', text: '1. A method of claim 2, wherein it works.\n2. A method comprising a step.' },
      422,
      'claims_unreadable',
    ],
    ['a publication number for a non-reference', { kind: 'specification', publication_number: 'US 2005/0025220 A1', text: LAROIA }, 400, 'validation_error'],
  ])('%s', async (_what, payload, status, code) => {
    const before = await count();
    const res = await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, payload });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ error: true, error_code: code });
    expect(res.json().agent_suggestion.length).toBeGreaterThan(10);
    expect(await count()).toBe(before);
  });

  test('an unsupported file type', async () => {
    const res = await a.call({
      method: 'POST',
      url: `/api/docket/${a.entryId}/documents`,
      ...multipart({ kind: 'specification' }, { name: 'spec.exe', type: 'application/octet-stream', data: Buffer.from([0x4d, 0x5a, 0, 1]) }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error_code).toBe('unsupported_file_type');
  });

  test("another account's docket entry and documents are not found", async () => {
    const other = await fileAccount(t.app);
    const mine = (await a.call({ method: 'GET', url: `/api/docket/${a.entryId}/documents` })).json().documents[0].document_id;
    const read = await other.call({ method: 'GET', url: `/api/docket/${a.entryId}/documents/${mine}` });
    expect(read.statusCode).toBe(404);
    const viaOwnEntry = await other.call({ method: 'GET', url: `/api/docket/${other.entryId}/documents/${mine}` });
    expect(viaOwnEntry.statusCode).toBe(404);
    const chartOther = await other.call({ method: 'GET', url: `/api/analyses/${a.analysisId}/claim-chart` });
    expect(chartOther.statusCode).toBe(404);
    // The other account's own chart sees none of the first account's documents.
    const own = (await other.call({ method: 'GET', url: `/api/analyses/${other.analysisId}/claim-chart` })).json();
    expect(own.references.every((r: { held: boolean }) => !r.held)).toBe(true);
  });
});
