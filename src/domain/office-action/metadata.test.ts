import { describe, expect, test } from 'vitest';
import { extractMetadata, normalizeExaminerName } from './metadata.ts';
import { prepareText } from './normalize.ts';

function meta(text: string) {
  const p = prepareText(text);
  return extractMetadata(text, p.clean, p.formParagraphCodes);
}

describe('header facts', () => {
  test('application number: page header, summary label, bulk-data prefix', () => {
    expect(meta('Application/Control Number: 15/091,542 Page 2\nArt Unit: 2472')?.application_number).toMatchObject({
      value: '15091542',
      display: '15/091,542',
    });
    expect(meta('Office Action Summary\nApplication No.\n16/546,449').application_number?.value).toBe('16546449');
    expect(meta('CNTA  14/671,321  NOA  79869').application_number?.value).toBe('14671321');
  });

  test('application number: copending and provisional applications are not the application', () => {
    const text = `${'x '.repeat(300)}Claims 1-3 are provisionally rejected over claims 1-4 of copending Application No. 17/111,222. This application claims the benefit of provisional application No. 62/123,456.`;
    expect(meta(text).application_number).toBeNull();
  });

  test('examiner from the closing form paragraph, not the supervisor', () => {
    const m = meta(
      'Any inquiry concerning this communication or earlier communications from the examiner should be directed to DAVID E MARTINEZ whose telephone number is (571)272-4152. If attempts to reach the examiner by telephone are unsuccessful, the examiner’s supervisor, Idriss N Alrobaye can be reached on (571)270-1023. /DAVID E MARTINEZ/Primary Examiner, Art Unit 2181',
    );
    expect(m.examiner).toMatchObject({ value: 'DAVID E MARTINEZ', normalized: 'MARTINEZ, DAVID E' });
    expect(m.art_unit?.value).toBe('2181');
  });

  test('examiner from the signature block alone', () => {
    expect(meta('/Angelisa L. Hicks/\nExaminer, Art Unit 3753\n/CRAIG SCHNEIDER/\nSupervisory Patent Examiner, Art Unit 3753').examiner?.normalized).toBe(
      'HICKS, ANGELISA L',
    );
  });

  test.each([
    ['DAVID E MARTINEZ', 'MARTINEZ, DAVID E'],
    ['John A. Doe Jr.', 'DOE JR, JOHN A'],
    ['Martinez, David E.', 'MARTINEZ, DAVID E'],
  ])('normalizeExaminerName(%j)', (name, normalized) => {
    expect(normalizeExaminerName(name)).toBe(normalized);
  });

  test('notification / mailing date as YYYY-MM-DD', () => {
    expect(meta('NOTIFICATION DATE  DELIVERY MODE\n05/17/2023  ELECTRONIC').mailing_date?.value).toBe('2023-05-17');
    expect(meta('Mail Date: March 3, 2020').mailing_date?.value).toBe('2020-03-03');
    expect(meta('-- The MAILING DATE of this communication appears on the cover sheet -- filed on 01/02/2020').mailing_date).toBeNull();
    expect(meta('Notification Date: 02/30/2023').mailing_date).toBeNull();
  });

  test('AIA status paragraph (7.03.aia / 7.03.fti) and form-paragraph code residue', () => {
    expect(
      meta('The present application, filed on or after March 16, 2013, is being examined under the first inventor to file provisions of the AIA.').aia_status
        ?.value,
    ).toBe('aia');
    expect(meta('The present application is being examined under the pre-AIA  first to invent provisions.').aia_status?.value).toBe('pre_aia');
    expect(meta('15-10-aia AIA 07-03-aia The present application ... 13-03 AIA The following').form_paragraph_codes).toEqual([
      '15-10-aia',
      '07-03-aia',
      '13-03',
    ]);
  });

  test('every value quotes its text from the input', () => {
    const text =
      'Application/Control Number: 15/091,542 Page 2\r\nArt Unit: 2472\r\nshould be directed to JOHN A DOE whose telephone number is 1.\r\nNotification Date: 01/02/2024';
    const m = meta(text);
    for (const v of [m.application_number, m.examiner, m.art_unit, m.mailing_date]) {
      expect(v).not.toBeNull();
      expect(text.slice(v!.evidence.span.start, v!.evidence.span.end)).toBe(v!.evidence.text);
    }
  });
});
