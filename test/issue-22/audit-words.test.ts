import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS, describeAuditEntry } from '../../src/domain/audit-words.ts';
import { applicationNumberSearchDigits } from '../../src/domain/application-number.ts';
import { createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { grant } from '../support/drafts.ts';
import { ROOT } from '../support/cli.ts';

// Issue 22 item 3: the audit log and the dashboard's activity say what happened in people's
// words, with the application number written as practitioners write it.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** Every audit action the code writes: literals in writeAudit calls, and the expansions of the templated ones. */
function writtenActions(): string[] {
  const found = new Set<string>();
  for (const file of sources(`${ROOT}src`)) {
    const text = readFileSync(file, 'utf8');
    if (!/writeAudit|action: '[a-z_]+\.[a-z_.]+'/.test(text)) continue;
    for (const m of text.matchAll(/action: '([a-z_]+\.[a-z_.]+)'/g)) found.add(m[1]);
    for (const m of text.matchAll(/\? '([a-z_]+\.[a-z_.]+)' : '([a-z_]+\.[a-z_.]+)'/g)) [m[1], m[2]].forEach((a) => found.add(a));
  }
  // `credits.${kind}` (credit-granter.ts) and `credits.charged.${kind}` (credit-charger.ts).
  for (const kind of ['grant', 'purchase', 'refund', 'adjustment']) found.add(`credits.${kind}`);
  for (const kind of ['usage_tokens', 'export']) found.add(`credits.charged.${kind}`);
  return [...found].filter((a) => /^(account|session|api_key|calendar_feed|oauth|mcp|docket|analysis|response_plan|draft_job|credits|billing)\./.test(a));
}

describe('the words of every audit action', () => {
  test('every action the code writes has words in the one table', () => {
    const written = writtenActions();
    expect(written.length).toBeGreaterThan(40);
    expect(written.filter((a) => !AUDIT_ACTIONS.includes(a as never))).toEqual([]);
  });

  test('no entry reads as a code', () => {
    for (const action of AUDIT_ACTIONS) {
      const words = describeAuditEntry(action, { applicationNumber: '17200011', details: { amount_micro: '-49000000', export_type: 'oa_response', provider: 'google', name: 'laptop', tool: 'add_to_docket', client_name: 'Claude' } });
      expect(words, action).not.toMatch(action.includes('mcp') ? /^mcp|\b[a-z]+\.[a-z_]+\b/ : /[a-z]_[a-z]|\b[a-z]+\.[a-z_]+\b|17200011/);
      expect(words.charAt(0), action).toMatch(/[A-Z0-9$]/);
    }
  });

  test('the examples of the issue', () => {
    expect(describeAuditEntry('draft_job.created', { applicationNumber: '17200011', details: { export_type: 'oa_response' } })).toBe('Draft response requested for 17/200,011');
    expect(describeAuditEntry('credits.charged.usage_tokens', { applicationNumber: '17200011', details: { amount_micro: '-1250000' } })).toBe('1.25 credits charged for AI drafting for 17/200,011');
  });

  test('an application number is found in every written form', () => {
    for (const q of ['17/200,011', '17200011', '17-200011', 'US17/200,011', 'us 17/200,011', '17/200']) expect(applicationNumberSearchDigits(q), q).toMatch(/^17200/);
    for (const q of ['battery', 'ACME-17', '1']) expect(applicationNumberSearchDigits(q), q).toBeNull();
  });
});

describe('GET /api/audit says it in words', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.database.db, '2026-11-21');
  });
  afterAll(async () => {
    await t?.close();
  });

  test('an added application reads "17/200,011 added to the docket", with the number written', async () => {
    const { cookie, accountId } = await signUp(t.app);
    await grant(t.database.db, accountId, 5);
    const add = await t.app.inject({ method: 'POST', url: '/api/docket', headers: { cookie }, payload: { application_number: '17200011' }, remoteAddress: randomIp() });
    expect(add.statusCode, add.body).toBe(201);
    const entries = (await t.app.inject({ method: 'GET', url: '/api/audit', headers: { cookie } })).json().entries as { action: string; summary: string; application_number: string | null }[];
    expect(entries.find((e) => e.action === 'docket.entry_added')).toMatchObject({ summary: '17/200,011 added to the docket', application_number: '17/200,011' });
    expect(entries.find((e) => e.action === 'credits.grant')).toMatchObject({ summary: '5.00 credits granted', application_number: null });
    expect(entries.find((e) => e.action === 'account.created')).toMatchObject({ summary: 'Account created' });
  });
});
