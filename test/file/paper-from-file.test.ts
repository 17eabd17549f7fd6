/**
 * A response drafted with the application file held (issue 18 item 6): 15/091,542 with its claims
 * and Laroia's text. The paper quotes the passage the examiner relied on beside the limitation,
 * says only what the held texts show, argues the independent claims the chart settles, and leaves
 * fewer places for the practitioner than the same draft without the file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createTestApp, randomIp, type TestApp } from '../support/app.ts';
import { grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { openDocx, type OpenedDocx } from '../documents/support/open-docx.ts';
import { CLAIMS, fileAccount, LAROIA, type FileAccount } from './support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
});
afterAll(() => t?.close());

async function draft(a: FileAccount, key: string, body: object = {}): Promise<OpenedDocx> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/prosa/draft-roa',
    headers: { 'x-api-key': key },
    payload: { application_number: '15/091,542', analysis_id: a.analysisId, office_action_date: '2016-06-01', response_date: '2026-11-27', ...body },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(202);
  const { body: job } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': key }, t.database.db);
  expect(job.status, JSON.stringify(job)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(job.download_url as string), remoteAddress: randomIp() });
  return openDocx(file.rawPayload);
}

/** The count the paper states on its first page ("N highlighted, bracketed places ..."). */
const places = (doc: OpenedDocx) => Number(/(\d+) highlighted, bracketed places? needs?/.exec(doc.text)?.[1] ?? 0);

async function account(withFile: boolean): Promise<{ a: FileAccount; key: string }> {
  const a = await fileAccount(t.app);
  await grant(t.database.db, a.accountId, 200);
  const key = await createKey(t.app, a.cookie);
  if (withFile) {
    for (const payload of [
      { kind: 'claims', text: CLAIMS },
      { kind: 'reference', publication_number: 'US 2005/0025220 A1', text: LAROIA },
    ]) {
      const r = await a.call({ method: 'POST', url: `/api/docket/${a.entryId}/documents`, payload });
      expect(r.statusCode, r.body).toBe(201);
    }
  }
  return { a, key };
}

describe('the default response to the action on 15/091,542', () => {
  let bare: OpenedDocx;
  let filed: OpenedDocx;
  beforeAll(async () => {
    const without = await account(false);
    bare = await draft(without.a, without.key, { accept_incomplete: true });
    const held = await account(true);
    filed = await draft(held.a, held.key);
  });

  test("with the file held no place asks for a claim's text", () => {
    expect(bare.text).toContain('[Insert the text of claim');
    expect(filed.text).not.toContain('[Insert the text of claim');
    // Nothing is amended, so no claim listing is needed (37 CFR 1.121(c)); the remarks quote the held claims.
    expect(filed.text).not.toContain('Amendments to the Claims');
  });

  test("the limitation of claims 1, 7 and 14 is quoted beside the examiner's words and Laroia ¶ [0065] as it reads", () => {
    const text = filed.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      'Claims 1, 7, and 14 each recite: “wherein the first bandwidth region and the second bandwidth region are receivable by a WLAN device operating in approximately the 5GHz bandwidth region”',
    );
    expect(text).toContain(
      'For this limitation the Office Action states: “wherein the first bandwidth region and the second bandwidth region are receivable by a WLAN device operating in approximately the 5GHz bandwidth region {¶0065}”',
    );
    expect(text).toContain(
      'Laroia ¶ [0065] reads: “The methods and apparatus of the present invention may be, and in various embodiments are, used with CDMA, orthogonal frequency division multiplexing (OFDM)',
    );
    expect(text).toContain('The terms “WLAN” and “5GHz” do not appear anywhere in Laroia.');
    expect(text).toContain('Because Laroia nowhere mentions “WLAN” or “5GHz”, it does not expressly disclose this limitation');
  });

  test("every quotation of Laroia is Laroia's own text", () => {
    const laroia = LAROIA.replace(/\s+/g, ' ');
    const quotes = [...filed.text.replace(/\s+/g, ' ').matchAll(/Laroia ¶ \[\d{4}\] reads: “([^”]+)”/g)].map((m) => m[1].replace(/ …$/, ''));
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) expect(laroia).toContain(q);
  });

  test('the claims the chart settles are argued, not amended, and page 1 says why', () => {
    expect(filed.text).toMatch(
      /Claims 1, 7, and 14 are argued rather than amended: the claim chart shows that Laroia \(US 2005\/0025220 A1\) nowhere uses “WLAN” or “5GHz”/,
    );
    // Without the file the three claims are amended, stated together (issue 19: one statement, one place for the limitations).
    expect(bare.text.replace(/\s+/g, ' ')).toContain('Without acquiescing in the rejection, claims 1, 7, and 14 have been amended');
    expect(filed.text).not.toMatch(/claims? 1(?:, 7, and 14)? ha(?:s|ve) been amended/);
  });

  test('the dependents are said to depend as their text shows (claim 12 from claim 10, so indirectly from claim 7)', () => {
    expect(filed.text).toMatch(/Claims 8-10 and 12 depend, directly or indirectly, from claim 7/);
    expect(filed.text).toMatch(/Claims 2-4 depend from claim 1 and are novel/);
  });

  test('far fewer places are left for the practitioner', () => {
    expect(places(bare)).toBeGreaterThan(30);
    expect(places(filed)).toBeLessThan(places(bare) / 2);
  });
});
