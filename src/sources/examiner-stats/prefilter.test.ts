import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classifyEvent, eventPrefilter, type EventKind } from '../uspto-codes.ts';

// Every real event code and description we hold (shared/data/patex-samples/event_codes.derived-from-odp.csv),
// plus codes the tables map that the samples lack, and interview variants known only by description.
const csv = readFileSync(fileURLToPath(new URL('../../../test/fixtures/patex/event_codes.derived-from-odp.csv', import.meta.url)), 'utf8');
const real = csv
  .trim()
  .split(/\r?\n/)
  .slice(1)
  .map((line) => {
    const comma = line.indexOf(',');
    return [line.slice(0, comma), line.slice(comma + 1).replace(/^"|"$/g, '')] as const;
  });
const extra = [
  ['MCTRS', null],
  ['CTEQ', null],
  ['ABN3', null],
  ['MABN6', null],
  ['EXIA', 'Interview Summary - Applicant Initiated'],
  ['XYZ', 'Examiner interview summary record'],
] as const;

/** A JS stand-in for the SQL condition the refresh sends (event_code = any(codes) or code ~ pattern or description ~* pattern). */
function passes(filter: ReturnType<typeof eventPrefilter>, code: string, description: string | null): boolean {
  return (
    filter.codes.includes(code) ||
    (filter.codePattern !== null && new RegExp(filter.codePattern).test(code)) ||
    (filter.descriptionPattern !== null && description !== null && new RegExp(filter.descriptionPattern, 'i').test(description))
  );
}

describe('eventPrefilter', () => {
  const kinds: EventKind[] = ['non_final', 'final', 'allowance', 'interview', 'abandonment', 'grant'];
  const filter = eventPrefilter(kinds);

  it.each([...real, ...extra])('lets %s through whenever classifyEvent files it under a wanted kind', (code, description) => {
    if (kinds.includes(classifyEvent(code, description).kind)) expect(passes(filter, code, description)).toBe(true);
  });

  it('narrows: administrative codes do not pass', () => {
    for (const code of ['IEXX', 'DOCK', 'EML_NTR', 'M844', 'FWDX', 'A...', 'RCEX']) expect(passes(filter, code, null)).toBe(false);
  });
});
