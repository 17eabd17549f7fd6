/**
 * A fee amount Prosa could not read in a copy of the CFR text (src/domain/uspto-fees.ts,
 * `verified: false`: its source is a summary of the USPTO's fee rule) is printed with a note that
 * names it for the signer to confirm; a verified amount gets no note. Through POST /api/exports.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from '../support/app.ts';
import { docxText, grant, pathOf, pollUntilDone } from '../support/drafts.ts';
import { corpusText, newAccount, type Account } from '../response-plan/support.ts';
import { dollarsDisplay, usptoFee } from '../../src/domain/uspto-fees.ts';

let t: TestApp;
let a: Account;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { worker: true, queue: { superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } });
  a = await newAccount(t, 4);
  await grant(t.database.db, a.accountId, 300);
});
afterAll(() => t?.close());

async function entry(number: string): Promise<string> {
  const res = await a.call('POST', '/api/docket', {
    application_number: number,
    entity_size: 'small',
    application: { invention_title: `Test application ${number}`, filing_date: '2019-02-01', examiner_name: 'SMITH, JANE', art_unit: '3744' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function paper(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body).toBe(202);
  const { body } = await pollUntilDone(t.app, res.json().poll_url, { 'x-api-key': a.keys[0] }, t.database.db);
  expect(body.status, JSON.stringify(body)).toBe('complete');
  const file = await t.app.inject({ method: 'GET', url: pathOf(body.download_url as string), remoteAddress: randomIp() });
  return (await docxText(file)).replace(/\s+/g, ' ');
}

const exportForm = (payload: object) => a.call('POST', '/api/exports', { type: 'form', ...payload });
const today = new Date().toISOString().slice(0, 10);

test('the terminal disclaimer names its unverified 1.20(d) amount for the signer to confirm', async () => {
  const fee = usptoFee('terminal_disclaimer', 'small', today);
  expect(fee.verified).toBe(false);
  await entry('16/800,109');
  const analyzed = await a.call('POST', '/api/analyses', {
    application_number: '16/800,109',
    office_action_text: corpusText('09'),
    include_examiner_intel: false,
  });
  expect(analyzed.statusCode, analyzed.body).toBe(201);
  const text = await paper(await exportForm({ form: 'terminal_disclaimer', application_number: '16/800,109', analysis_id: analyzed.json().analysis_id }));
  expect(text).toContain(`Prosa could not check the fee under 37 C.F.R. § 1.20(d) (${dollarsDisplay(fee.amount)}) against the text of the regulation`);
});

test('after allowance: the issue fee transmittal names 1.18(a); the RCE transmittal, whose 1.17(e)(1) amount was verified, has no such note', async () => {
  expect(usptoFee('rce_first', 'small', today).verified).toBe(true);
  expect(usptoFee('issue_fee_utility', 'small', today).verified).toBe(false);
  const id = await entry('16/800,111');
  const rec = await a.call('POST', `/api/docket/${id}/office-actions`, { kind: 'NOA', mailing_date: today, text: corpusText('11') });
  expect(rec.statusCode, rec.body).toBe(201);
  const issue = await paper(await exportForm({ form: 'issue_fee_transmittal', application_number: '16/800,111' }));
  expect(issue).toMatch(/Prosa could not check the fee under 37 C\.F\.R\. § 1\.18\(a\) \(\$[\d,]+\.\d\d\)/);
  const rce = await paper(await exportForm({ form: 'rce_transmittal', application_number: '16/800,111', input: { submission: { enclosed: ['ids'] } } }));
  expect(rce).toContain('§ 1.17(e)(1)');
  expect(rce).not.toContain('Prosa could not check');
});
