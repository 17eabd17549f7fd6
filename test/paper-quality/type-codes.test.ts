/**
 * Issue 19 item 10, the type-code trap: the interface's CTRS is a requirement for information
 * (CTED a restriction) while the USPTO's CTRS is a restriction; an NOA was labelled CTNF. One
 * vocabulary per field, mapped in one place each; an analysis of a Notice of Allowance reports
 * NOA and says so in words; a paper is titled by the kind of the paper it answers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp, LIFTED } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { corpusText, errorOf, newAccount, type Account } from '../response-plan/support.ts';

const APP = '16/777,010';
const synthetic = (name: string) => readFileSync(new URL(`../../src/domain/office-action/fixtures/${name}`, import.meta.url), 'utf8');
const OTHER = synthetic('synthetic-other-papers.txt').split(/\n=====\n/);
const QUAYLE = OTHER[0];
const INFORMATION = OTHER[1];

let t: TestApp;
let a: Account;
let entryId: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    worker: true,
    queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    tiers: { account: LIFTED },
  });
  a = await newAccount(t, 4);
  const docket = await a.call('POST', '/api/docket', {
    application_number: APP,
    application: { invention_title: 'Fluid coupling', filing_date: '2019-08-26', examiner_name: 'ROE, RICHARD', art_unit: '3679' },
  });
  expect(docket.statusCode, docket.body).toBe(201);
  entryId = docket.json().id;
  await grant(t.database.db, a.accountId, 500);
});
afterAll(() => t?.close());

async function analyse(url: '/v1/prosa/analyze' | '/api/analyses', text: string, type?: string): Promise<Record<string, any>> {
  const res = await a.call('POST', url, {
    application_number: APP,
    office_action_text: text,
    include_examiner_intel: false,
    ...(type ? { office_action_type: type } : {}),
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json();
}

describe('an analysis of a Notice of Allowance (corpus 11)', () => {
  test('REST #3 and /api report NOA, say it in words, and say CTNF nowhere', async () => {
    for (const url of ['/v1/prosa/analyze', '/api/analyses'] as const) {
      const r = await analyse(url, corpusText('11'));
      expect(r).toMatchObject({
        rejection_type: 'NOA',
        detected_type: 'NOA',
        requested_type: null,
        detected_kind: 'notice_of_allowance',
        detected_kind_description: 'Notice of Allowance',
      });
      expect(JSON.stringify(r)).not.toContain('CTNF');
      const stored = (await a.call('GET', `/api/analyses/${r.analysis_id}`)).json();
      expect(stored.rejection_type).toBe('NOA');
    }
    const list = (await a.call('GET', '/api/analyses?limit=5')).json().analyses;
    expect(list[0].rejection_type).toBe('NOA');
  });

  test("/api records the same paper under the USPTO's code, with no interface type; a draft is refused", async () => {
    const rec = await a.call('POST', `/api/docket/${entryId}/office-actions`, { kind: 'NOA', mailing_date: '2021-03-01' });
    expect(rec.statusCode, rec.body).toBe(201);
    expect(rec.json().correspondence).toMatchObject({ document_code: 'NOA', office_action_type: null });
    const r = await analyse('/v1/prosa/analyze', corpusText('11'));
    errorOf(
      await a.call('POST', '/v1/prosa/draft-roa', { application_number: APP, analysis_id: r.analysis_id, office_action_date: '2021-03-01' }),
      422,
      'no_reply_to_allowance',
    );
  });
});

describe('a paper is titled by the kind of the paper it answers', () => {
  async function title(text: string, type: string | undefined, extra: object = {}): Promise<{ analysis: Record<string, any>; paper: string }> {
    const analysis = await analyse('/v1/prosa/analyze', text, type);
    const res = await a.call('POST', '/v1/prosa/draft-roa', {
      application_number: APP,
      analysis_id: analysis.analysis_id,
      office_action_date: '2021-03-01',
      response_date: '2021-04-01',
      accept_incomplete: true,
      confirm_kind_mismatch: true,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
    expect(body.status, JSON.stringify(body)).toBe('complete');
    return { analysis, paper: await docxText(await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() })) };
  }

  test('non-final, final, Quayle and 1.105 papers', async () => {
    const nonFinal = await title(corpusText('04'), undefined);
    expect(nonFinal.analysis.rejection_type).toBe('CTNF');
    expect(nonFinal.paper).toMatch(/RESPONSE UNDER 37 C\.F\.R\. § 1\.111\b/);
    const final = await title(synthetic('synthetic-final.txt'), undefined);
    expect(final.analysis.rejection_type).toBe('CTFR');
    expect(final.paper).toMatch(/RESPONSE UNDER 37 C\.F\.R\. § 1\.116\b/);
    const quayle = await title(QUAYLE, undefined);
    expect(quayle.analysis).toMatchObject({ rejection_type: 'CTEQ', detected_kind_description: 'Ex parte Quayle action' });
    expect(quayle.paper).toMatch(/RESPONSE TO EX PARTE QUAYLE ACTION/);
    const information = await title(INFORMATION, undefined);
    expect(information.analysis.rejection_type).toBe('CTRS');
    expect(information.paper).toContain('RESPONSE TO REQUIREMENT FOR INFORMATION UNDER 37 C.F.R. § 1.105');
  });

  test("the interface's CTRS on a paper the text does not name is a requirement for information, never a restriction", async () => {
    const { analysis, paper } = await title('Claims 1-3 are pending in the application.', 'CTRS');
    expect(analysis).toMatchObject({ rejection_type: 'CTRS', requested_type: 'CTRS', detected_kind: 'requirement_for_information' });
    expect(paper).toContain('RESPONSE TO REQUIREMENT FOR INFORMATION UNDER 37 C.F.R. § 1.105');
    expect(paper).not.toMatch(/RESTRICTION/);
  });

  test("a restriction sent as CTRS (the USPTO's code) is read from its text: CTED, a warning naming the trap, a restriction reply", async () => {
    const { analysis, paper } = await title(corpusText('15'), 'CTRS', { election: { group: 'I' } });
    expect(analysis).toMatchObject({ rejection_type: 'CTED', requested_type: 'CTRS', detected_type: 'CTED', detected_kind: 'restriction' });
    expect(analysis.warnings.find((w: { code: string }) => w.code === 'type_hint_conflict').message).toMatch(
      /in the interface's codes CTRS is a requirement for information and a restriction is CTED/,
    );
    expect(paper).toContain('RESPONSE TO RESTRICTION REQUIREMENT');
    expect(paper).not.toMatch(/REQUIREMENT FOR INFORMATION/);
  });
});
