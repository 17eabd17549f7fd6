import { beforeAll, describe, expect, it } from 'vitest';
import { buildIds, IDS_TITLE } from '../../src/documents/build-ids.ts';
import { idsSizeFee } from '../../src/documents/ids/size-fee.ts';
import { STATEMENT_1_97_E_1, STATEMENT_1_97_E_2 } from '../../src/documents/ids/statements.ts';
import { DocumentInputError } from '../../src/documents/validate.ts';
import type { IdsInput } from '../../src/documents/types.ts';
import { lines, openDocx, paragraphsWithStyle, unescapeXml, type OpenedDocx } from './support/open-docx.ts';
import { ids } from '../fixtures/documents/form-samples.ts';

/** Rows of each table in document.xml, as arrays of cell texts. */
function tables(xml: string): string[][][] {
  return [...xml.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)].map((t) =>
    [...t[1].matchAll(/<w:tr\b[^>]*>([\s\S]*?)<\/w:tr>/g)].map((r) =>
      [...r[1].matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((c) => unescapeXml([...c[1].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((x) => x[1]).join(''))),
    ),
  );
}

describe('idsSizeFee (37 CFR 1.17(v))', () => {
  it('is due only with the statement that carries the cumulative count past 50, 100 or 200', () => {
    expect(idsSizeFee(0, 50)).toEqual({ cumulative: 50, paragraph: null, exceeds: 0 });
    expect(idsSizeFee(0, 51)).toEqual({ cumulative: 51, paragraph: 1, exceeds: 50 });
    expect(idsSizeFee(60, 5)).toEqual({ cumulative: 65, paragraph: null, exceeds: 50 });
    expect(idsSizeFee(60, 45)).toEqual({ cumulative: 105, paragraph: 2, exceeds: 100 });
    expect(idsSizeFee(10, 191)).toEqual({ cumulative: 201, paragraph: 3, exceeds: 200 });
    expect(() => idsSizeFee(-1, 3)).toThrow(RangeError);
  });
});

describe('buildIds', () => {
  let doc: OpenedDocx;
  beforeAll(async () => {
    doc = await openDocx(await buildIds(ids));
  });

  it('heads the transmittal with the caption and title', () => {
    expect(lines(doc.text)[0]).toBe('IN THE UNITED STATES PATENT AND TRADEMARK OFFICE');
    expect(paragraphsWithStyle(doc.documentXml, 'Title')).toEqual([IDS_TITLE, 'INFORMATION DISCLOSURE STATEMENT BY APPLICANT']);
  });

  it('makes the timing statement of 37 CFR 1.97(c) with the 1.97(e)(1) statement', () => {
    expect(doc.text).toContain('This information disclosure statement is filed under 37 C.F.R. § 1.97(c)');
    expect(doc.text).toContain(STATEMENT_1_97_E_1);
    expect(doc.text).not.toContain('1.17(p), which');
  });

  it('asserts the size fee due under 37 CFR 1.17(v)(1), with the cumulative count', () => {
    expect(doc.text).toContain(
      'Size fee assertion (37 C.F.R. § 1.98(a)(4)): this information disclosure statement is accompanied by the information disclosure statement size fee under 37 C.F.R. § 1.17(v)(1).',
    );
    expect(doc.text).toContain('is 53, which exceeds 50');
    expect(doc.text).toContain('to Deposit Account No. 50-1234.');
  });

  it('states the content of 37 CFR 1.98 and 1.97(g)-(h)', () => {
    expect(doc.text).toContain('The 6 items of information listed on the attached form PTO/SB/08 equivalent are submitted');
    expect(doc.text).toContain(
      'A legible copy of each foreign patent document and each non-patent literature publication listed is submitted herewith (37 C.F.R. § 1.98(a)(2)).',
    );
    expect(doc.text).toContain('(37 C.F.R. § 1.98(a)(2)(ii))');
    expect(doc.text).toContain('material to patentability as defined in 37 C.F.R. § 1.56(b) (37 C.F.R. § 1.97(h))');
    expect(doc.text).toContain('Registration No. 71,234');
  });

  it('lists the documents in the tables of PTO/SB/08, cite numbers running through all of them', () => {
    // caption, (the practitioner's signature block), complete-if-known, four document tables, examiner signature
    const t = tables(doc.documentXml).filter((rows) => !rows.flat().some((c) => c.startsWith('Respectfully submitted')));
    expect(t).toHaveLength(7);
    const [, known, us, pubs, foreign, npl, sig] = t;
    expect(known).toContainEqual(['Application Number', '17/200,011']);
    expect(known).toContainEqual(['Filing Date', '03-03-2021']);
    expect(us[0]).toEqual([
      'Examiner Initials*',
      'Cite No.1',
      'Document Number',
      'Kind Code2',
      'Issue Date (MM-DD-YYYY)',
      'Name of Patentee or Applicant of Cited Document',
      'Pages, Columns, Lines, Where Relevant Passages or Relevant Figures Appear',
    ]);
    expect(us.slice(1)).toEqual([
      ['', '1', 'US-9,876,543', 'B2', '01-23-2018', 'Chen et al.', 'col. 4, ll. 5-30; FIG. 2'],
      ['', '2', 'US-10,123,456', 'B1', '11-13-2018', 'Okafor', ''],
    ]);
    expect(pubs[0][4]).toBe('Publication Date (MM-DD-YYYY)');
    expect(pubs[1]).toEqual(['', '3', 'US-2018/0179985', 'A1', '06-28-2018', 'Rebmann', '¶ [0042]']);
    expect(foreign[0][7]).toBe('T6');
    expect(foreign.slice(1)).toEqual([
      ['', '4', 'EP-3456789', 'A1', '03-20-2019', 'Lumen GmbH', '', ''],
      ['', '5', 'JP-2008-008593', 'A', '01-17-2008', 'Hikari KK', '', '✓'],
    ]);
    expect(npl[1][1]).toBe('6');
    expect(npl[1][2]).toMatch(/^NGUYEN, T\., "Ambient light rejection/);
    expect(sig[0]).toEqual(['Examiner Signature', 'Date Considered']);
    expect(doc.documentXml).toMatch(/<w:tblHeader\/>/);
  });

  it('numbers the list’s own sheets "Sheet n of N"', async () => {
    const hf = await doc.headersAndFooters();
    expect(hf).toContain('Sheet ');
    expect(hf).toMatch(/SECTIONPAGES/);
    expect(doc.documentXml).toMatch(/<w:pgNumType w:start="1"\/>/);
  });

  it('under 1.97(b) needs no statement and no fee; under 1.97(d) it needs both', async () => {
    const b = await openDocx(await buildIds({ ...ids, timing: '1.97(b)', items_previously_submitted: 0 }));
    expect(b.text).toContain('No statement under 37 C.F.R. § 1.97(e) and no fee is required.');
    expect(b.text).not.toContain(STATEMENT_1_97_E_1);
    expect(b.text).toContain('no information disclosure statement size fee under 37 C.F.R. § 1.17(v) is required');
    const d = await openDocx(await buildIds({ ...ids, timing: '1.97(d)', statement: '1.97(e)(2)' }));
    expect(d.text).toContain('filed under 37 C.F.R. § 1.97(d)');
    expect(d.text).toContain(STATEMENT_1_97_E_2);
    expect(d.text).toContain('The fee set forth in 37 C.F.R. § 1.17(p) accompanies this statement');
  });

  it('prompts for the choice 1.97(c) leaves open, and for an unknown earlier count', async () => {
    const c = await openDocx(await buildIds({ ...ids, statement: undefined, items_previously_submitted: undefined }));
    expect(c.text).toContain('[Insert the statement under 37 C.F.R. § 1.97(e), or authorize the fee under 37 C.F.R. § 1.17(p)]');
    expect(c.text).toContain('[confirm: no earlier information disclosure statement was filed in this application]');
  });

  it('refuses an empty list or an unknown timing', async () => {
    const empty: IdsInput = { caption: ids.caption, timing: '1.97(b)', date: '2026-05-20' };
    await expect(buildIds(empty)).rejects.toThrow(DocumentInputError);
    await expect(buildIds({ ...ids, timing: '1.97(a)' as never })).rejects.toThrow(/timing/);
  });
});
