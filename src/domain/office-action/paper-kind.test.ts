import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';

const REJECTION = 'Claims 1-5 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2).';

describe('kind of paper', () => {
  test.each([
    [REJECTION, 'non_final'],
    [
      `${REJECTION}\nApplicant's amendment necessitated the new ground(s) of rejection presented in this Office action. Accordingly, THIS ACTION IS MADE FINAL.`,
      'final',
    ],
    [`2a)☒ This action is FINAL.  2b)☐ This action is non-final.\n${REJECTION}`, 'final'],
    [`2a)☐ This action is FINAL.  2b)☒ This action is non-final.\n${REJECTION}`, 'non_final'],
    [
      'This application is in condition for allowance except for the following formal matters: the title. Prosecution on the merits is closed in accordance with the practice under Ex parte Quayle, 25 USPQ 74, 453 O.G. 213 (1935).',
      'quayle',
    ],
    ['NOTICE OF ALLOWABILITY\nClaims 1-10 are allowed.', 'notice_of_allowance'],
    ['The following is an examiner’s statement of reasons for allowance: none of the art teaches X. Claims 1-3 are allowed.', 'notice_of_allowance'],
    [
      'Restriction to one of the following inventions is required under 35 U.S.C. 121:\nI. Claims 1-5, drawn to a method.\nII. Claims 6-9, drawn to an apparatus.',
      'restriction',
    ],
    ['Applicant and the assignee of this application are required under 37 CFR 1.105 to provide the following information.', 'requirement_for_information'],
    ['', 'other'],
    ['Lorem ipsum dolor sit amet.', 'other'],
  ])('%s', (text, kind) => {
    expect(parseOfficeAction(text).kind.kind).toBe(kind);
  });

  test('the summary sheet’s unticked boxes do not decide the kind', () => {
    const text = `2a) This action is FINAL.  2b) This action is non-final.\n4) Since this application is in condition for allowance except for formal matters, prosecution as to the merits is closed in accordance with the practice under Ex parte Quayle, 1935 C.D. 11, 453 O.G. 213.\n${REJECTION}`;
    expect(parseOfficeAction(text).kind).toMatchObject({ kind: 'non_final', source: 'inferred' });
  });

  test('a finality withdrawn after RCE (7.42.04) is non-final', () => {
    const text = `Since this application is eligible for continued examination under 37 CFR 1.114, and the fee set forth in 37 CFR 1.17(e) has been timely paid, the finality of the previous Office action has been withdrawn pursuant to 37 CFR 1.114.\n${REJECTION}`;
    expect(parseOfficeAction(text).kind).toMatchObject({ kind: 'non_final', source: 'text' });
  });

  test('type hint: resolves final vs non-final when the text does not say, never overrides the text', () => {
    expect(parseOfficeAction(REJECTION, { typeHint: 'CTFR' }).kind).toMatchObject({ kind: 'final', source: 'hint' });
    const conflict = parseOfficeAction(`${REJECTION} THIS ACTION IS MADE FINAL.`, { typeHint: 'CTNF' });
    expect(conflict.kind.kind).toBe('final');
    expect(conflict.warnings.map((w) => w.code)).toContain('type_hint_conflict');
  });

  test('type hint on text without any office-action structure is ignored', () => {
    const p = parseOfficeAction('Lorem ipsum dolor sit amet.', { typeHint: 'CTNF' });
    expect(p.kind.kind).toBe('other');
    expect(p.warnings.map((w) => w.code)).toContain('type_hint_ignored');
  });

  test('USPTO document code at the start of bulk-data text (CTRS = restriction in USPTO usage)', () => {
    expect(parseOfficeAction('CNTA  14/671,321  NOA  79869  DETAILED ACTION').kind.kind).toBe('notice_of_allowance');
    expect(parseOfficeAction('CTRS 16/000,001 DETAILED ACTION').kind.kind).toBe('restriction');
  });
});
