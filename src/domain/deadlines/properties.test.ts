import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_KINDS, calculateDeadlines, isBusinessDay, nextBusinessDay, type DeadlineInput, type DeadlineResult } from './index.ts';

// Dates are generated with the UTC Date object, independently of the calendar code under test.
const DAY = 86_400_000;
const dayOf = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY;
const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const plusDays = (iso: string, n: number) => isoOf(dayOf(iso) + n);

const mailingDate = fc.integer({ min: dayOf('1990-01-01'), max: dayOf('2100-12-31') }).map(isoOf);

const validInput: fc.Arbitrary<DeadlineInput> = fc
  .record({
    action: fc.constantFrom(...ACTION_KINDS),
    mailingDate,
    period: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    replyAfter: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    advisoryAfter: fc.option(fc.integer({ min: 0, max: 250 }), { nil: undefined }),
    entity: fc.option(fc.constantFrom('large' as const, 'small' as const, 'micro' as const), { nil: undefined }),
    todayAfter: fc.option(fc.integer({ min: -400, max: 400 }), { nil: undefined }),
  })
  .map(({ action, mailingDate, period, replyAfter, advisoryAfter, entity, todayAfter }) => {
    const input: DeadlineInput = { action, mailingDate };
    if (period !== undefined) input.periodMonths = action === 'notice_of_allowance' ? 3 : period;
    if (replyAfter !== undefined) input.replyFiledDate = plusDays(mailingDate, replyAfter);
    if (action === 'final' && advisoryAfter !== undefined) input.advisoryDate = plusDays(input.replyFiledDate ?? mailingDate, advisoryAfter);
    if (entity !== undefined) input.entity = entity;
    if (todayAfter !== undefined) input.today = plusDays(mailingDate, todayAfter);
    return input;
  });

// A final whose first reply is within two months and whose advisory action comes late.
const lateAdvisoryFinal: fc.Arbitrary<DeadlineInput> = fc
  .record({ mailingDate, reply: fc.integer({ min: 0, max: 60 }), advisory: fc.integer({ min: 80, max: 200 }) })
  .map(({ mailingDate, reply, advisory }) => ({
    action: 'final' as const,
    mailingDate,
    replyFiledDate: plusDays(mailingDate, reply),
    advisoryDate: plusDays(mailingDate, advisory),
  }));

function pairs(r: DeadlineResult): [string, string][] {
  const list: [string | null, string | null][] = [
    [r.ssp_due, r.ssp_due_effective],
    [r.statutory_bar, r.statutory_bar_effective],
    [r.max_period_1136a, r.max_period_1136a_effective],
    [r.two_month_date, r.two_month_date_effective],
    ...r.extensions.map((e) => [e.due, e.due_effective] as [string, string]),
    ...(r.alternative_extensions ?? []).map((e) => [e.due, e.due_effective] as [string, string]),
  ];
  return list.filter((p): p is [string, string] => p[0] !== null && p[1] !== null);
}

const RUNS = { numRuns: 1500 };

describe('properties of the calculator', () => {
  it('is total over valid input (never throws for valid kinds and dates 1990-2100)', () => {
    fc.assert(
      fc.property(validInput, (input) => void calculateDeadlines(input)),
      RUNS,
    );
  });

  it('every effective date is the first business day on or after its nominal date', () => {
    fc.assert(
      fc.property(fc.oneof(validInput, lateAdvisoryFinal), (input) => {
        for (const [nominal, effective] of pairs(calculateDeadlines(input))) {
          expect(effective >= nominal).toBe(true);
          expect(isBusinessDay(effective)).toBe(true);
          expect(nextBusinessDay(nominal)).toBe(effective);
          for (let d = nominal; d < effective; d = plusDays(d, 1)) expect(isBusinessDay(d)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('extensions are numbered 1..n, strictly increasing, after the SSP and at most five', () => {
    fc.assert(
      fc.property(fc.oneof(validInput, lateAdvisoryFinal), (input) => {
        const r = calculateDeadlines(input);
        for (const list of [r.extensions, r.alternative_extensions ?? []]) {
          expect(list.length).toBeLessThanOrEqual(5);
          list.forEach((e, i) => {
            expect(e.months).toBe(i + 1);
            const prev = i === 0 ? { due: r.ssp_due, due_effective: r.ssp_due_effective } : list[i - 1]!;
            expect(e.due > prev.due).toBe(true);
            expect(e.due_effective > prev.due_effective).toBe(true);
          });
        }
      }),
      RUNS,
    );
  });

  it('nothing passes the statutory maximum (or the 1.136(a) maximum for missing parts)', () => {
    fc.assert(
      fc.property(fc.oneof(validInput, lateAdvisoryFinal), (input) => {
        const r = calculateDeadlines(input);
        const max = r.statutory_bar ?? r.max_period_1136a;
        const maxEffective = r.statutory_bar_effective ?? r.max_period_1136a_effective;
        expect(max).not.toBeNull();
        expect(r.statutory_bar === null).toBe(r.action === 'missing_parts');
        expect(plusDays(r.mailing_date, 0) <= r.ssp_due).toBe(true);
        if (r.statutory_bar !== null) expect(r.statutory_bar <= plusDays(r.mailing_date, 184)).toBe(true);
        for (const d of [r.ssp_due, ...r.extensions.map((e) => e.due), ...(r.alternative_extensions ?? []).map((e) => e.due)]) {
          expect(d <= max!).toBe(true);
        }
        for (const d of [r.ssp_due_effective, r.critical_deadline_date, ...r.extensions.map((e) => e.due_effective)]) {
          expect(d <= maxEffective!).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('summary fields agree with the detail', () => {
    fc.assert(
      fc.property(fc.oneof(validInput, lateAdvisoryFinal), (input) => {
        const r = calculateDeadlines(input);
        expect(r.response_deadline).toBe(r.ssp_due_effective);
        expect(r.critical_deadline_date).toBe(r.extensions.at(-1)?.due_effective ?? r.response_deadline);
        expect(r.extendable).toBe(r.extensions.length > 0);
        expect(r.abandonment_date_if_no_reply).toBe(plusDays(r.ssp_due_effective, 1));
        if (r.action === 'notice_of_allowance') expect(r.extendable).toBe(false);
        if (r.action !== 'final') expect(r.extension_base).toBeNull();
      }),
      RUNS,
    );
  });

  it('every date field has a citation', () => {
    fc.assert(
      fc.property(fc.oneof(validInput, lateAdvisoryFinal), (input) => {
        const r = calculateDeadlines(input);
        const cited = new Set(r.citations.map((c) => c.field));
        const dateFields = [
          'mailing_date',
          'ssp_due',
          'ssp_due_effective',
          'statutory_bar',
          'statutory_bar_effective',
          'max_period_1136a',
          'max_period_1136a_effective',
          'two_month_date',
          'two_month_date_effective',
          'abandonment_date_if_no_reply',
          'response_deadline',
          'critical_deadline_date',
        ] as const;
        for (const f of dateFields) if (r[f] !== null) expect(cited.has(f)).toBe(true);
        for (const [name, list] of [
          ['extensions', r.extensions],
          ['alternative_extensions', r.alternative_extensions ?? []],
        ] as const) {
          list.forEach((e, i) => {
            expect(cited.has(`${name}[${i}].due`)).toBe(true);
            expect(cited.has(`${name}[${i}].due_effective`)).toBe(true);
            expect(e.citation).toMatch(/37 CFR 1\.136\(a\)/);
          });
        }
        for (const c of r.citations) expect(c.rule.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('is deterministic and pure (same input, same output; input not modified)', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const copy = structuredClone(input);
        expect(calculateDeadlines(input)).toEqual(calculateDeadlines(copy));
        expect(input).toEqual(copy);
      }),
      { numRuns: 300 },
    );
  });
});
