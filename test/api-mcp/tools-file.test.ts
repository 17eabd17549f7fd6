/**
 * The application-file tools through a real MCP client (issue 18): documents added as text and as
 * a base64 file, the claim chart of 15/091,542 against Laroia, the support search, and a reference
 * the action does not cite refused with the cited list.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, mcpFixture, ok, web, type McpFixture } from './support.ts';
import { ACTION, CLAIMS, LAROIA } from '../file/support.ts';

let f: McpFixture;
let entryId: string;
let analysisId: string;

beforeAll(async () => {
  f = await mcpFixture();
  const entry = await web(f, 'POST', '/api/docket', {
    application_number: '15/091,542',
    application: { invention_title: 'MULTI RADIO WIRELESS LAN NETWORKS', filing_date: '2016-04-05', examiner_name: 'NGUYEN, PHUONGCHAU BA', art_unit: '2464' },
  });
  expect(entry.status).toBe(201);
  entryId = entry.json.id;
  const analysis = await web(f, 'POST', '/api/analyses', { application_number: '15091542', office_action_text: ACTION, include_examiner_intel: false });
  expect(analysis.status).toBe(201);
  analysisId = analysis.json.analysis_id;
});
afterAll(() => f?.close());

describe('file tools', () => {
  test('add_file_document takes claims as text and a reference as a base64 file', async () => {
    const claims = await ok(f.client, 'add_file_document', { docket_entry_id: entryId, kind: 'claims', text: CLAIMS });
    expect(claims.data).toMatchObject({ kind: 'claims', claims: 19, claims_made_current: true });
    expect(claims.text).toMatch(/its claims are now the docket's current claims/);
    const ref = await ok(f.client, 'add_file_document', {
      docket_entry_id: entryId,
      kind: 'reference',
      publication_number: 'US 2005/0025220 A1',
      filename: 'laroia.txt',
      file_base64: Buffer.from(LAROIA).toString('base64'),
    });
    expect(ref.data).toMatchObject({ kind: 'reference', publication_number: 'US 2005/0025220 A1', paragraphs: 66, source: 'upload' });
    const list = await ok(f.client, 'list_file_documents', { docket_entry_id: entryId });
    expect(list.data.documents).toHaveLength(2);
  });

  test('a reference the action does not cite is refused with the references it does cite', async () => {
    const r = await fails(f.client, 'add_file_document', {
      docket_entry_id: entryId,
      kind: 'reference',
      publication_number: 'US 8,000,000 B2',
      text: 'Some text.',
    });
    expect(r.error.error_code).toBe('reference_not_cited');
    expect(r.error.message).toContain('Laroia (US 2005/0025220 A1)');
  });

  test("get_claim_chart resolves claim 1's {¶0065} to Laroia ¶ [0065] and names WLAN and 5GHz", async () => {
    const c = await ok(f.client, 'get_claim_chart', { analysis_id: analysisId, claims: [1, 2], flagged_only: false });
    expect(c.data.claims.map((x: { claim_number: number }) => x.claim_number)).toEqual([1, 2]);
    const wlan = c.data.claims[0].limitations.find((l: { text: string }) => l.text.includes('WLAN device'));
    expect(wlan.citations[0].resolved).toMatchObject({ paragraph: 65, label: '[0065]' });
    expect(wlan.flags.find((x: { code: string }) => x.code === 'terms_not_in_cited_passage').absent_from_reference).toEqual(['WLAN', '5GHz']);
    expect(c.data.claims[1].limitations[0].citations[0].resolved.paragraph).toBe(9);
    expect(c.text).toMatch(/Terms of the claims that the cited reference never uses: .*WLAN \(claims 1, 3, 7/);
    expect(c.text).toMatch(/5GHz \(claims 1, 2/);
  });

  test('read_file_document returns the paragraphs asked for, verbatim', async () => {
    const list = await ok(f.client, 'list_file_documents', { docket_entry_id: entryId });
    const ref = list.data.documents.find((d: { kind: string }) => d.kind === 'reference');
    const r = await ok(f.client, 'read_file_document', { docket_entry_id: entryId, document_id: ref.document_id, paragraphs: [65, 999] });
    expect(r.data.paragraph_list.map((p: { label: string }) => p.label)).toEqual(['[0065]']);
    expect(LAROIA.replace(/\s+/g, ' ')).toContain(r.data.paragraph_list[0].text);
    expect(r.text).toMatch(/Not in the document: \[0999\]/);
  });

  test('search_claim_support looks through the art the analysis cites', async () => {
    const r = await ok(f.client, 'search_claim_support', {
      docket_entry_id: entryId,
      text: 'applying a bandpass filter to the first dataset',
      analysis_id: analysisId,
    });
    expect(r.data.terms).toEqual(expect.arrayContaining(['bandpass', 'filter']));
    expect(r.data.art[0].reference).toBe('Laroia (US 2005/0025220 A1)');
    expect(r.data.art[0].hits[0].matched).toEqual(expect.arrayContaining(['bandpass', 'filter']));
    expect(r.data.notes.join(' ')).toMatch(/No specification is held/);
  });
});
