import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, randomIp, type TestApp } from './support/app.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const calculate = (payload: unknown, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/deadlines/calculate', payload: payload as object, remoteAddress });

/** The output fields of src/domain/deadlines/types.ts DeadlineResult, in order. */
const RESULT_FIELDS = [
  'action',
  'mailing_date',
  'period_type',
  'ssp_months',
  'period_source',
  'extendable',
  'ssp_due',
  'ssp_due_effective',
  'statutory_bar',
  'statutory_bar_effective',
  'max_period_1136a',
  'max_period_1136a_effective',
  'extensions',
  'abandonment_date_if_no_reply',
  'response_deadline',
  'critical_deadline_date',
  'advisory_action_date',
  'reply_filed_date',
  'reply_within_2_months',
  'two_month_date',
  'two_month_date_effective',
  'extension_base',
  'provisional_pending_advisory_action',
  'alternative_extensions',
  'entity',
  'computed_on',
  'fee_schedule',
  'notes',
  'citations',
  'deadlines',
];
const DEADLINE_FIELDS = ['kind', 'opens', 'due', 'due_effective', 'surcharge_until', 'extendable', 'max_extended_due', 'citation'];
/** The Office-action fields that are null for an event kind. */
const OFFICE_ACTION_FIELDS = [
  'period_type',
  'ssp_months',
  'period_source',
  'extendable',
  'ssp_due',
  'ssp_due_effective',
  'statutory_bar',
  'statutory_bar_effective',
  'max_period_1136a',
  'max_period_1136a_effective',
  'abandonment_date_if_no_reply',
  'response_deadline',
  'critical_deadline_date',
  'advisory_action_date',
  'reply_filed_date',
  'reply_within_2_months',
  'two_month_date',
  'two_month_date_effective',
  'extension_base',
  'provisional_pending_advisory_action',
  'alternative_extensions',
];
type Entry = {
  kind: string;
  opens: string | null;
  due: string;
  due_effective: string;
  surcharge_until: string | null;
  extendable: boolean;
  max_extended_due: string | null;
  citation: string;
};
const rows = (list: Entry[]) => list.map((d) => [d.kind, d.opens, d.due, d.due_effective, d.surcharge_until, d.extendable, d.max_extended_due]);
const EXTENSION_FIELDS = ['months', 'due', 'due_effective', 'capped_at_statutory_bar', 'fee', 'fee_for_entity', 'citation'];

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `prosa deadlines calc ...` as its own process, on the pinned Node. */
function cli(args: string[]): Promise<CliRun> {
  // vitest sets BASE_URL=/ (Vite's base path), which is not a valid Prosa BASE_URL.
  const { BASE_URL: _vite, DATABASE_URL: _db, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      './node_modules/.bin/node',
      ['src/main.ts', 'deadlines', 'calc', ...args],
      { cwd: ROOT, env: { ...env, LOG_LEVEL: 'warn' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('POST /api/deadlines/calculate', () => {
  test('a non-final mailed 2026-08-10: every output field, 3-month period, three extension months', async () => {
    const res = await calculate({ action: 'CTNF', mailing_date: '2026-08-10' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(RESULT_FIELDS);
    expect(body).toMatchObject({
      action: 'non_final',
      mailing_date: '2026-08-10',
      period_type: 'shortened_statutory',
      ssp_months: 3,
      period_source: 'default',
      extendable: true,
      ssp_due: '2026-11-10',
      response_deadline: '2026-11-10',
      statutory_bar: '2027-02-10',
      critical_deadline_date: '2027-02-10',
      abandonment_date_if_no_reply: '2026-11-11',
      entity: null,
      extension_base: null,
      alternative_extensions: null,
    });
    expect(body.extensions).toHaveLength(3);
    for (const e of body.extensions) expect(Object.keys(e)).toEqual(EXTENSION_FIELDS);
    expect(body.extensions.map((e: { due_effective: string }) => e.due_effective)).toEqual(['2026-12-10', '2027-01-11', '2027-02-10']);
    expect(body.extensions[0]).toMatchObject({ fee: { large: '235.00', small: '94.00', micro: '47.00' }, fee_for_entity: null });
    // Every date field has its rule.
    const cited = body.citations.map((c: { field: string }) => c.field);
    for (const f of ['ssp_due', 'ssp_due_effective', 'response_deadline', 'critical_deadline_date', 'statutory_bar', 'extensions[0].due'])
      expect(cited).toContain(f);
    for (const c of body.citations) expect(c).toEqual({ field: expect.any(String), rule: expect.any(String), text: expect.any(String) });
  });

  test('entity picks the fee; a stated period overrides the default; interface codes CTED and CTRS', async () => {
    const small = (await calculate({ action: 'non_final', mailing_date: '2026-08-10', entity: 'small', period_months: 2 })).json();
    expect(small).toMatchObject({ entity: 'small', ssp_months: 2, period_source: 'stated', ssp_due: '2026-10-10', response_deadline: '2026-10-13' });
    expect(small.extensions[0].fee_for_entity).toBe(small.extensions[0].fee.small);
    expect((await calculate({ action: 'CTED', mailing_date: '2026-08-10' })).json().action).toBe('restriction');
    expect((await calculate({ action: 'CTRS', mailing_date: '2026-08-10' })).json().action).toBe('requirement_for_information');
    const noa = (await calculate({ action: 'notice_of_allowance', mailing_date: '2026-08-10' })).json();
    expect(noa).toMatchObject({ extendable: false, extensions: [] });
    expect(noa.critical_deadline_date).toBe(noa.response_deadline);
    expect(rows(noa.deadlines)).toEqual([
      ['issue_fee', null, '2026-11-10', '2026-11-10', null, false, null],
      ['continuation_copendency', null, '2026-11-10', '2026-11-10', null, false, null],
    ]);
  });

  test('every Office-action answer carries deadlines: [response] from its own fields', async () => {
    const body = (await calculate({ action: 'CTFR', mailing_date: '2026-07-10' })).json();
    expect(body.deadlines).toHaveLength(1);
    expect(Object.keys(body.deadlines[0])).toEqual(DEADLINE_FIELDS);
    expect(body.deadlines[0]).toMatchObject({
      kind: 'response',
      opens: null,
      due: body.ssp_due,
      due_effective: body.ssp_due_effective,
      surcharge_until: null,
      extendable: true,
      max_extended_due: body.critical_deadline_date,
    });
    expect(body.ssp_due_effective).toBe('2026-10-13'); // Saturday, then Columbus Day
  });

  test.each([
    [
      'grant',
      '2020-08-31',
      {},
      [
        ['maintenance_fee_3_5', '2023-08-31', '2024-02-29', '2024-02-29', '2024-09-03', false, null],
        ['maintenance_fee_7_5', '2027-08-31', '2028-02-29', '2028-02-29', '2028-08-31', false, null],
        ['maintenance_fee_11_5', '2031-08-31', '2032-02-29', '2032-03-01', '2032-08-31', false, null],
        ['continuation_copendency', null, '2020-08-31', '2020-08-31', null, false, null],
      ],
    ],
    ['grant', '2024-06-04', { application_type: 'design' }, [['continuation_copendency', null, '2024-06-04', '2024-06-04', null, false, null]]],
    ['notice_of_appeal', '2026-01-15', {}, [['appeal_brief', null, '2026-03-15', '2026-03-16', null, true, '2026-08-17']]],
    [
      'examiners_answer',
      '2026-03-25',
      {},
      [
        ['reply_brief', null, '2026-05-25', '2026-05-26', null, false, null],
        ['oral_hearing_request', null, '2026-05-25', '2026-05-26', null, false, null],
      ],
    ],
    ['provisional_filing', '2025-07-04', {}, [['nonprovisional_claiming_provisional', null, '2026-07-04', '2026-07-06', null, false, '2026-09-04']]],
    ['foreign_filing', '2025-01-19', {}, [['us_filing_claiming_foreign_priority', null, '2026-01-19', '2026-01-20', null, false, '2026-03-19']]],
    [
      'foreign_filing',
      '2025-12-25',
      { application_type: 'design' },
      [['us_filing_claiming_foreign_priority', null, '2026-06-25', '2026-06-25', null, false, null]],
    ],
    ['pct_priority', '2024-05-15', {}, [['us_national_stage', null, '2026-11-15', '2026-11-16', null, false, null]]],
  ])('%s on %s %j: the deadlines, Office-action fields null', async (action, date, extra, expected) => {
    const res = await calculate({ action, mailing_date: date, ...extra });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(RESULT_FIELDS);
    expect(body).toMatchObject({ action, mailing_date: date });
    for (const f of OFFICE_ACTION_FIELDS) expect(body[f], f).toBeNull();
    for (const d of body.deadlines) {
      expect(Object.keys(d)).toEqual(DEADLINE_FIELDS);
      expect(d.citation).toMatch(/\d/);
    }
    expect(rows(body.deadlines)).toEqual(expected);
    expect(body.citations.map((c: { field: string }) => c.field)).toContain('deadlines[0].due_effective');
  });

  test('notice_of_appeal: extensions list the appeal brief months with 37 CFR 1.17(a) fees', async () => {
    const body = (await calculate({ action: 'NOTICE_OF_APPEAL', mailing_date: '2026-01-15', entity: 'micro' })).json();
    expect(body.action).toBe('notice_of_appeal');
    expect(body.extensions.map((e: { months: number; due_effective: string }) => [e.months, e.due_effective])).toEqual([
      [1, '2026-04-15'],
      [2, '2026-05-15'],
      [3, '2026-06-15'],
      [4, '2026-07-15'],
      [5, '2026-08-17'],
    ]);
    for (const e of body.extensions) expect(Object.keys(e)).toEqual(EXTENSION_FIELDS);
    expect(body.extensions[0].fee_for_entity).toBe(body.extensions[0].fee.micro);
  });

  test('an unknown kind lists every valid kind; Office-action inputs are refused for an event', async () => {
    const res = await calculate({ action: 'maintenance', mailing_date: '2026-08-10' });
    expect(res.statusCode).toBe(400);
    const message: string = res.json().message;
    for (const k of [
      'non_final',
      'notice_of_allowance',
      'grant',
      'notice_of_appeal',
      'examiners_answer',
      'provisional_filing',
      'foreign_filing',
      'pct_priority',
      'CTNF',
    ])
      expect(message).toContain(k);
    const period = await calculate({ action: 'grant', mailing_date: '2026-08-10', period_months: 3 });
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toMatch(/^period_months: /);
    const type = await calculate({ action: 'grant', mailing_date: '2026-08-10', application_type: 'software' });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toContain('application_type');
  });

  test('the OpenAPI document describes the new kinds and the response schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/deadlines/calculate'].post;
    for (const k of ['grant', 'notice_of_appeal', 'examiners_answer', 'provisional_filing', 'foreign_filing', 'pct_priority'])
      expect(op.description).toContain(k);
    expect(JSON.stringify(op.responses['200'])).toContain('max_extended_due');
  });

  test.each([
    ['an unknown action', { action: 'CTXX', mailing_date: '2026-08-10' }, 'action'],
    ['an impossible date', { action: 'CTNF', mailing_date: '2025-02-30' }, 'mailing_date'],
    ['an advisory action before the mailing date', { action: 'final', mailing_date: '2026-08-10', advisory_date: '2026-07-01' }, 'advisory_date'],
    ['a period beyond the statutory maximum', { action: 'non_final', mailing_date: '2026-08-10', period_months: 7 }, 'period_months'],
  ])('%s → 400 error object naming the field', async (_what, payload, field) => {
    const res = await calculate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      error_code: 'validation_error',
      message: expect.stringMatching(new RegExp(`^${field}: `)),
      agent_suggestion: expect.stringContaining(field),
    });
  });

  test.each([
    ['a missing mailing date', { action: 'CTNF' }, 'body.mailing_date'],
    ['an unknown field', { action: 'CTNF', mailing_date: '2026-08-10', today: '2030-01-01' }, 'body'],
    ['an entity outside large/small/micro', { action: 'CTNF', mailing_date: '2026-08-10', entity: 'huge' }, 'body.entity'],
  ])('%s → 400 validation_error', async (_what, payload, field) => {
    const res = await calculate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, error_code: 'validation_error', message: expect.stringContaining(field) });
  });

  test('needs no authentication and is rate-limited as a free endpoint (60 a minute per IP)', async () => {
    const ip = randomIp();
    const first = await calculate({ action: 'CTNF', mailing_date: '2026-08-10' }, ip);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(first.headers['x-ratelimit-remaining']).toBe('59');
    expect(first.headers['x-credit-balance']).toBeUndefined();
  });
});

describe('prosa deadlines calc', () => {
  test('--json prints exactly what the HTTP calculator answers for the same input', async () => {
    const run = await cli(['--action', 'CTNF', '--mailed', '2026-08-10', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The CLI's --entity defaults to large; the HTTP body states it.
    const http = (await calculate({ action: 'CTNF', mailing_date: '2026-08-10', entity: 'large' })).json();
    expect(JSON.parse(run.stdout)).toEqual(http);
  });

  test('the optional inputs map to the same fields', async () => {
    const run = await cli([
      '--action',
      'final',
      '--mailed',
      '2026-08-10',
      '--reply-filed',
      '2026-09-20',
      '--advisory',
      '2026-11-20',
      '--entity',
      'micro',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const http = (
      await calculate({ action: 'final', mailing_date: '2026-08-10', reply_filed_date: '2026-09-20', advisory_date: '2026-11-20', entity: 'micro' })
    ).json();
    expect(JSON.parse(run.stdout)).toEqual(http);
  });

  test('event kinds: --json equals the HTTP answer; the text lists each deadline', async () => {
    const run = await cli(['--action', 'grant', '--mailed', '2020-08-31', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const http = (await calculate({ action: 'grant', mailing_date: '2020-08-31', entity: 'large' })).json();
    expect(JSON.parse(run.stdout)).toEqual(http);
    const design = await cli(['--action', 'foreign_filing', '--mailed', '2025-12-25', '--application-type', 'design', '--json']);
    expect(JSON.parse(design.stdout).deadlines[0]).toMatchObject({ due_effective: '2026-06-25', max_extended_due: null });
    const text = await cli(['--action', 'notice_of_appeal', '--mailed', '2026-01-15']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/appeal_brief: due 2026-03-16 \(nominal 2026-03-15\).*at the latest 2026-08-17/);
  });

  test.each([
    [['--action', 'grant', '--mailed', '2026-08-10', '--application-type', 'software'], 'application_type'],
    [['--action', 'CTXX', '--mailed', '2026-08-10'], 'action'],
    [['--action', 'CTNF', '--mailed', '2025-02-30'], 'mailing_date'],
    [['--action', 'final', '--mailed', '2026-08-10', '--advisory', '2026-07-01'], 'advisory_date'],
  ])('bad input %j exits non-zero with the error object on stderr', async (args, field) => {
    const run = await cli([...args, '--json']);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr)).toEqual({
      error: true,
      error_code: 'validation_error',
      message: expect.stringMatching(new RegExp(`^${field}: `)),
      agent_suggestion: expect.stringContaining(field),
    });
  });
});
