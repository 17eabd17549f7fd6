import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS, describeAuditEntry } from '../../src/domain/audit-words.ts';
import { applicationNumberSearchDigits } from '../../src/domain/application-number.ts';
import { createKey, createTestApp, randomIp, signUp, type TestApp } from '../support/app.ts';
import { seedDemoData } from '../../src/sources/demo/demo-seeder.ts';
import { analyzeOa, grant } from '../support/drafts.ts';
import { ROOT } from '../support/cli.ts';

// The audit log and the dashboard's activity say what happened in people's
// words, with the application number written as practitioners write it.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * The audit actions a templated `action:` expands to, per template. A new template fails the test
 * below until it is listed here, so no action can reach the log without being checked for words.
 */
const TEMPLATES: Record<string, string[]> = {
  // credit-granter.ts: CreditGrantProps.kind
  'credits.${props.kind}': ['grant', 'purchase', 'refund', 'adjustment'].map((k) => `credits.${k}`),
  // credit-charger.ts: ChargeProps.kind
  'credits.charged.${props.kind}': ['usage_tokens', 'export'].map((k) => `credits.charged.${k}`),
};

/**
 * Every audit action the code writes anywhere under src/: each dotted literal given as an
 * `action:` (writeAudit's events, and the response-plan steps that pass theirs on), both sides of
 * a ternary choosing one, and the expansions of the templated ones. No prefix filter: an action
 * of a new area (watch., webhook., notifications. ...) is caught as soon as it is written.
 */
function writtenActions(): { actions: string[]; unknownTemplates: string[] } {
  const found = new Set<string>();
  const unknownTemplates: string[] = [];
  for (const file of sources(`${ROOT}src`)) {
    if (file.endsWith('audit-words.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\baction: '([a-z_]+\.[a-z_.]+)'/g)) found.add(m[1]);
    for (const m of text.matchAll(/\baction: [^,;\n]*\? '([a-z_]+\.[a-z_.]+)' : '([a-z_]+\.[a-z_.]+)'/g)) for (const a of [m[1], m[2]]) found.add(a);
    for (const m of text.matchAll(/\baction: `([^`]*)`/g)) {
      const expansions = TEMPLATES[m[1]];
      if (expansions) {
        for (const a of expansions) found.add(a);
      } else unknownTemplates.push(`${file.slice(ROOT.length)}: ${m[1]}`);
    }
  }
  return { actions: [...found].sort(), unknownTemplates };
}

describe('the words of every audit action', () => {
  test('every action the code writes has words in the one table', () => {
    const { actions, unknownTemplates } = writtenActions();
    expect(unknownTemplates).toEqual([]);
    // The scan itself works: it sees the areas added last (docket import, watch, notifications, webhooks).
    expect(actions.length).toBeGreaterThan(50);
    for (const a of [
      'docket.imported',
      'watch.paper_recorded',
      'notifications.unsubscribed',
      'webhook.redelivered',
      'credits.charged.export',
      'account.email_verified',
    ])
      expect(actions).toContain(a);
    expect(actions.filter((a) => !AUDIT_ACTIONS.includes(a as never))).toEqual([]);
  });

  test('the table names no action that nothing writes (its words would never be read)', () => {
    const { actions } = writtenActions();
    expect(AUDIT_ACTIONS.filter((a) => !actions.includes(a))).toEqual([]);
  });

  test('no entry reads as a code', () => {
    for (const action of AUDIT_ACTIONS) {
      const words = describeAuditEntry(action, {
        applicationNumber: '17200011',
        details: { amount_micro: '-49000000', export_type: 'oa_response', provider: 'google', name: 'laptop', tool: 'add_to_docket', client_name: 'Claude' },
      });
      expect(words, action).not.toMatch(action.includes('mcp') ? /^mcp|\b[a-z]+\.[a-z_]+\b/ : /[a-z]_[a-z]|\b[a-z]+\.[a-z_]+\b|17200011/);
      expect(words.charAt(0), action).toMatch(/[A-Z0-9$]/);
    }
  });

  test('the examples practitioners reported read in words', () => {
    expect(describeAuditEntry('draft_job.created', { applicationNumber: '17200011', details: { export_type: 'oa_response' } })).toBe(
      'Draft response requested for 17/200,011',
    );
    expect(describeAuditEntry('credits.charged.usage_tokens', { applicationNumber: '17200011', details: { amount_micro: '-1250000' } })).toBe(
      '1.25 credits charged for an office action analysis for 17/200,011',
    );
  });

  test('an application number is found in every written form', () => {
    for (const q of ['17/200,011', '17200011', '17-200011', 'US17/200,011', 'us 17/200,011', '17/200'])
      expect(applicationNumberSearchDigits(q), q).toMatch(/^17200/);
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
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/docket',
      headers: { cookie },
      payload: { application_number: '17200011' },
      remoteAddress: randomIp(),
    });
    expect(add.statusCode, add.body).toBe(201);
    const entries = (await t.app.inject({ method: 'GET', url: '/api/audit', headers: { cookie } })).json().entries as {
      action: string;
      summary: string;
      application_number: string | null;
    }[];
    expect(entries.find((e) => e.action === 'docket.entry_added')).toMatchObject({
      summary: '17/200,011 added to the docket',
      application_number: '17/200,011',
    });
    expect(entries.find((e) => e.action === 'credits.grant')).toMatchObject({ summary: '5.00 credits granted', application_number: null });
    expect(entries.find((e) => e.action === 'account.created')).toMatchObject({ summary: 'Account created' });
  });

  test('an analysis and its token charge both name the application (the charge through the analysis it references)', async () => {
    const { cookie, accountId } = await signUp(t.app);
    await grant(t.database.db, accountId, 5);
    await analyzeOa(t.app, await createKey(t.app, cookie));
    const entries = (await t.app.inject({ method: 'GET', url: '/api/audit', headers: { cookie } })).json().entries as {
      action: string;
      summary: string;
      application_number: string | null;
    }[];
    expect(entries.find((e) => e.action === 'analysis.created')).toMatchObject({
      summary: 'Office action analyzed for 17/200,011',
      application_number: '17/200,011',
    });
    const charge = entries.find((e) => e.action === 'credits.charged.usage_tokens');
    expect(charge).toMatchObject({ application_number: '17/200,011' });
    expect(charge!.summary).toMatch(/^\d+\.\d\d credits charged for an office action analysis for 17\/200,011$/);
  });
});
