import { beforeAll, describe, expect, it } from 'vitest';
import { buildResponseToOfficeAction } from '../../src/documents/build-response.ts';
import { DocumentInputError } from '../../src/documents/validate.ts';
import type { ClaimDisposition, ResponseDraftInput } from '../../src/documents/types.ts';
import { lines, openDocx, paragraphsWithStyle, type OpenedDocx } from './support/open-docx.ts';
import { dispositions, finalRejection, nonFinal, nonFinalWithoutText, restriction } from '../fixtures/documents/response-samples.ts';

const build = async (input: ResponseDraftInput) => openDocx(await buildResponseToOfficeAction(input));

/** The listing paragraphs, "N. (Identifier) ...", as mammoth reads them. */
function listing(doc: OpenedDocx): string[] {
  const all = lines(doc.text);
  const start = all.indexOf('Listing of Claims:');
  const end = all.indexOf('Remarks');
  return all.slice(start + 1, end);
}

/** The remarks section headings (Heading2), as written in document.xml. */
const sections = (doc: OpenedDocx) => paragraphsWithStyle(doc.documentXml, 'Heading2');

/** Text of one remarks section: from its heading to the next. */
function section(doc: OpenedDocx, heading: RegExp): string {
  const all = lines(doc.text);
  const i = all.findIndex((l) => heading.test(l));
  if (i < 0) throw new Error(`no section ${heading}`);
  const j = all.findIndex((l, k) => k > i && /^[IVX]+\. /.test(l));
  return all.slice(i, j < 0 ? undefined : j).join('\n');
}

describe('buildResponseToOfficeAction: non-final rejection with claim texts', () => {
  let doc: OpenedDocx;
  beforeAll(async () => {
    doc = await build(nonFinal);
  });

  it('heads the paper with the caption and the title under 37 CFR 1.111', () => {
    const all = lines(doc.text);
    expect(all[0]).toBe('IN THE UNITED STATES PATENT AND TRADEMARK OFFICE');
    for (const l of [
      'In re Application of: Maria GARCIA',
      'Application No.: 17/200,011',
      'Filed: March 3, 2021',
      'Confirmation No.: 4821',
      'Art Unit: 2877',
      'Examiner: John T. Rebmann',
      'Attorney Docket No.: PRO-0042US',
      'Title: OPTICAL ANALYTE SENSOR WITH AMBIENT LIGHT COMPENSATION',
    ]) {
      expect(all).toContain(l);
    }
    expect(paragraphsWithStyle(doc.documentXml, 'Title')).toEqual(['AMENDMENT AND RESPONSE UNDER 37 C.F.R. § 1.111']);
    expect(doc.text).toContain('In reply to the non-final Office Action mailed March 2, 2026 (the “Office Action”)');
  });

  it('writes caption numbers as literal text, not fields', () => {
    expect(doc.documentXml).toContain('<w:t xml:space="preserve">17/200,011</w:t>');
    expect(doc.documentXml).not.toMatch(/SEQ |w:fldSimple/);
  });

  it('indexes the sections by page, with the page numbers worked out', () => {
    expect(doc.documentXml).toMatch(/PAGEREF prosa_claims/);
    expect(doc.text).toContain('Amendments to the Claims are reflected in the listing of claims which begins on page 2 of this paper.');
    expect(doc.text).toMatch(/Remarks begin on page \d of this paper\./);
  });

  it('starts the claim listing and the remarks on new sheets (37 CFR 1.121(h))', () => {
    const headings = [...doc.documentXml.matchAll(/<w:p>(?:(?!<\/w:p>)[\s\S])*?<w:pStyle w:val="Heading1"\/>(?:(?!<\/w:p>)[\s\S])*?<\/w:p>/g)].map((m) => m[0]);
    expect(headings).toHaveLength(3);
    for (const h of headings) expect(h).toContain('<w:pageBreakBefore/>');
    expect(paragraphsWithStyle(doc.documentXml, 'Heading1')).toEqual(['Amendments to the Claims', 'Remarks', 'Drafting Checklist: Completeness of the Reply']);
  });

  it('lists every claim in order with its status identifier (37 CFR 1.121(c))', () => {
    expect(doc.text).toContain('This listing of claims will replace all prior versions, and listings, of claims in the application.');
    const claims = listing(doc);
    expect(claims.map((l) => /^(\d+(?:-\d+)?)\. \(([^)]+)\)/.exec(l)?.slice(1, 3).join(' '))).toEqual([
      '1 Currently Amended',
      '2 Original',
      '3 Original',
      '4 Currently Amended',
      '5 Canceled',
      '6 Currently Amended',
      '7 Original',
      '8 Original',
      '9 Canceled',
    ]);
    expect(claims[4]).toBe('5. (Canceled)');
    expect(claims[8]).toBe('9. (Canceled)');
    expect(claims[1]).toBe('2. (Original) The sensor system of claim 1, wherein the light source is a light-emitting diode.');
  });

  it('underlines the limitations incorporated into claim 1', () => {
    expect(doc.html).toContain(
      'and configured to compute a concentration of an analyte<u>, wherein the processor is configured to compensate for ambient light using a reference channel of the detector</u>.',
    );
  });

  it('shows a deletion of five or fewer characters in double brackets, and the addition underlined', () => {
    expect(doc.html).toContain('6. (Currently Amended) The sensor system of claim [[5]] <u>1</u>, further comprising a display');
  });

  it('marks the claim text in the OOXML: w:u on additions, no strike for bracketed deletions', () => {
    expect(doc.documentXml).toMatch(/<w:u w:val="single"\/>(?:(?!<\/w:r>)[\s\S])*<w:t xml:space="preserve">, wherein the processor is configured/);
    expect(doc.documentXml).toMatch(/<w:t xml:space="preserve">\[\[5\]\]<\/w:t>/);
    expect(doc.documentXml).not.toContain('<w:strike/>');
  });

  it('leaves a prompt where only the practitioner can write the amendment', () => {
    expect(listing(doc)[3]).toMatch(
      /^4\. \(Currently Amended\) The sensor system of claim 3, wherein the processor applies a calibration curve stored in the memory\. \[Replace the text above with the text of claim 4 as currently amended/,
    );
  });

  it('writes one remarks section per ground of rejection, in the order of the action', () => {
    expect(sections(doc)).toEqual([
      'I. Status of the Claims',
      'II. Rejection of Claim 4 under 35 U.S.C. 112(b)',
      'III. Rejection of Claims 7-9 under 35 U.S.C. 102(a)(1)',
      'IV. Rejection of Claims 1-3 under 35 U.S.C. 103',
      'V. Allowable Subject Matter',
      'VI. Request for Interview',
      'VII. Conclusion',
    ]);
  });

  it('restates each rejection: basis, claims, references, the examiner’s statement and pinpoints', () => {
    const s103 = section(doc, /Rejection of Claims 1-3 under 35 U\.S\.C\. 103/);
    expect(s103).toContain(
      'Claims 1-3 stand rejected under 35 U.S.C. 103 as being unpatentable over Rebmann (US 2018/0179985 A1) in view of Wang (US 2018/0298842 A1).',
    );
    expect(s103).toContain(
      '“Claims 1-3 are rejected under 35 U.S.C. 103 as being unpatentable over Rebmann (US Pub No 2018/0179985) in view of Wang et al. (US Pub No 2018/0298842).”',
    );
    expect(s103).toContain('References applied: Rebmann (US 2018/0179985 A1); Wang (US 2018/0298842 A1).');
    expect(s103).toContain('Passages relied on: Rebmann ¶ [0042] and FIG. 3; Wang ¶¶ [0017]-[0019].');
    const s102 = section(doc, /Rejection of Claims 7-9/);
    expect(s102).toContain('Claims 7-9 stand rejected under 35 U.S.C. 102(a)(1) as being anticipated by Rebmann (US 2018/0179985 A1).');
    expect(s102).toContain('Passages relied on: Rebmann ¶¶ [0030]-[0036].');
  });

  it('answers each rejection per the chosen strategy', () => {
    const s103 = section(doc, /Rejection of Claims 1-3/);
    expect(s103).toContain('claim 1 has been amended to incorporate the limitations of claim 5, which the Office Action indicated would be allowable');
    expect(s103).toContain('Claim 5 was not rejected over Rebmann and Wang');
    expect(s103).toContain('Claim 2 depends, directly or indirectly, from amended claim 1');
    expect(s103).toContain('Applicant respectfully traverses the rejection as to claim 3.');
    expect(s103).toContain('KSR Int’l Co. v. Teleflex Inc., 550 U.S. 398, 418 (2007)');
    expect(s103).toContain('Claim 3 recites, among other things:');
    expect(s103).toContain('[identify the limitation(s) of claim 3 missing from Rebmann and Wang]');
    expect(s103).toMatch(/Withdrawal of the rejection is respectfully requested\.$/);

    const s102 = section(doc, /Rejection of Claims 7-9/);
    expect(s102).toContain('Claim 9 has been canceled without prejudice to or disclaimer of the subject matter it recites');
    expect(s102).toContain('Verdegaal Bros. v. Union Oil Co. of California, 814 F.2d 628, 631 (Fed. Cir. 1987); MPEP 2131.');
    expect(s102).toContain('“emitting light toward a sample”');
    expect(s102).toContain('Claim 8 depends from claim 7 and is novel for at least the same reasons');

    const s112 = section(doc, /Rejection of Claim 4/);
    expect(s112).toContain('“Claim 4 recites the limitation "the memory" in line 2.');
    expect(s112).toContain('MPEP 2173.05(e)');
  });

  it('states the status of the claims and acknowledges allowable subject matter', () => {
    expect(section(doc, /Status of the Claims/)).toContain(
      'By this paper, claims 1, 4, and 6 are amended, and claims 5 and 9 are canceled; no claim is added. Claims 1-4 and 6-8 are pending.',
    );
    const allowable = section(doc, /Allowable Subject Matter/);
    expect(allowable).toContain('Applicant thanks the Examiner for indicating that claims 5 and 6 would be allowable if rewritten in independent form');
    expect(allowable).toContain('Claim 1 has been amended to include the limitations of claim 5, and claim 5 has been canceled.');
    expect(allowable).toContain('Claim 6 depends from claim 1, which as amended includes the subject matter indicated allowable');
  });

  it('suggests an interview, with the figures, when interviews do meaningfully better', () => {
    const s = section(doc, /Request for Interview/);
    expect(s).toContain('Applicant respectfully requests a telephonic interview');
    expect(s).toContain('interview success rate is 78%, against an allowance rate of 52% without one (26 percentage points higher)');
  });

  it('ends with the conclusion and a signature block with placeholders', () => {
    const all = lines(doc.text);
    const checklist = all.indexOf('Drafting Checklist: Completeness of the Reply');
    expect(all.slice(checklist - 7, checklist)).toEqual([
      'Respectfully submitted,',
      '/[S-signature of the practitioner]/',
      'Jordan P. Lee',
      'Registration No. 71,234',
      'Lee & Park LLP',
      'Telephone: (555) 010-4477',
      'Date: May 20, 2026',
    ]);
    expect(doc.text).toContain('Deposit Account No. [deposit account number].');
  });

  it('sets Times New Roman 12 pt, 1½-spaced claims, and numbers the pages in the footer', async () => {
    expect(doc.stylesXml).toContain('w:ascii="Times New Roman"');
    expect(doc.stylesXml).toMatch(/w:styleId="ProsaClaim"[\s\S]*?<w:spacing[^>]*w:line="360"/);
    expect(doc.stylesXml).toMatch(/<w:sz w:val="24"\/>/);
    const hf = await doc.headersAndFooters();
    expect(hf).toMatch(/PAGE/);
    expect(hf).toMatch(/NUMPAGES/);
    expect(hf).toContain('Reply to Office Action of March 2, 2026');
  });

  it('is deterministic: the same input gives the same document (bookmark ids aside: docx counts them per process)', async () => {
    const again = await build(nonFinal);
    const normal = (xml: string) => xml.replace(/(<w:bookmark(?:Start|End)\b[^>]*\bw:id=")\d+/g, '$1#');
    expect(normal(again.documentXml)).toBe(normal(doc.documentXml));
    expect(await again.part('docProps/core.xml')).toContain('2026-05-20T00:00:00Z');
  });
});

describe('buildResponseToOfficeAction: no claim texts', () => {
  let doc: OpenedDocx;
  beforeAll(async () => {
    doc = await build(nonFinalWithoutText);
  });

  it('names each claim’s identifier and leaves a clearly marked placeholder for its text', () => {
    const claims = listing(doc);
    expect(claims[0]).toBe(
      '1. (Currently Amended) [Insert the text of claim 1 as currently amended to incorporate the limitations of claim 5, with additions underlined and deletions struck through (or in double brackets for five or fewer characters)]',
    );
    expect(claims[1]).toBe('2. (Original) [Insert the text of claim 2 as it currently stands, without markings]');
    expect(claims[4]).toBe('5. (Canceled)');
    expect(claims[5]).toBe(
      '6. (Currently Amended) [Insert the text of claim 6 as currently amended to depend from claim 1 instead of canceled claim 5, with additions underlined and deletions struck through (or in double brackets for five or fewer characters)]',
    );
    expect(doc.documentXml).toMatch(/<w:highlight w:val="yellow"\/>(?:(?!<\/w:r>)[\s\S])*\[Insert the text of claim 1/);
  });

  it('does not suggest an interview when interviews do not do meaningfully better', () => {
    expect(sections(doc)).not.toContain('VI. Request for Interview');
    expect(doc.text).not.toMatch(/interview success rate/);
  });
});

describe('buildResponseToOfficeAction: after a final rejection', () => {
  let doc: OpenedDocx;
  beforeAll(async () => {
    doc = await build(finalRejection);
  });

  it('is titled under 37 CFR 1.116 and requests entry', () => {
    expect(paragraphsWithStyle(doc.documentXml, 'Title')).toEqual(['AMENDMENT AND RESPONSE UNDER 37 C.F.R. § 1.116']);
    const entry = section(doc, /Entry Under 37 C\.F\.R\. § 1\.116/);
    expect(entry).toContain('Entry of this amendment under 37 C.F.R. § 1.116 is respectfully requested.');
    expect(entry).toContain('cancels claim 9 (37 C.F.R. § 1.116(b)(1))');
    expect(entry).toContain(
      'The amendment of claim 4 touches the merits; it is necessary and was not earlier presented because [state good and sufficient reasons, 37 C.F.R. § 1.116(b)(3)].',
    );
    expect(entry).not.toMatch(/cancels[^.]*places the application in better form for appeal/);
    expect(entry).toContain('This reply is dated within two months of the final Office Action (by May 4, 2026)');
    expect(entry).toContain('The After Final Consideration Pilot 2.0 ended on December 14, 2024 (89 FR 79899).');
  });

  it('lists previously presented claims and strikes through a longer deletion', () => {
    const claims = listing(doc);
    expect(claims[0]).toMatch(/^1\. \(Previously Presented\) A sensor system/);
    expect(claims[6]).toMatch(/^7\. \(Previously Presented\) A method/);
    expect(claims[5]).toMatch(/^6\. \(Currently Amended\) \[\[The\]\] A sensor system of claim 5 comprising:/);
    expect(doc.html).toContain('<s>of claim 5</s>');
    expect(doc.documentXml).toContain('<w:strike/>');
  });

  it('refuses unexpected results offered against anticipation, naming the claim', async () => {
    await expect(build({ ...finalRejection, strategy: { ...finalRejection.strategy, 7: 'argue_unexpected_results' } })).rejects.toThrow(
      /claim 7: argue_unexpected_results answers only an obviousness/,
    );
  });

  it('mentions AFCP 2.0 as an option for a reply dated before it ended', async () => {
    const early = await build({
      ...finalRejection,
      office_action: { ...finalRejection.office_action, mailing_date: '2024-10-01' },
      response_date: '2024-11-15',
    });
    expect(early.text).toContain('After Final Consideration Pilot 2.0 (form PTO/SB/434)');
    // Two months from October 1, 2024 is Sunday, December 1; the next business day counts (MPEP 706.07(f)).
    expect(early.text).toContain('This reply is dated within two months of the final Office Action (by December 2, 2024)');
  });
});

describe('buildResponseToOfficeAction: other papers and strategies', () => {
  it('replies to a restriction requirement with an election', async () => {
    const doc = await build(restriction);
    expect(paragraphsWithStyle(doc.documentXml, 'Title')).toEqual(['RESPONSE TO RESTRICTION REQUIREMENT']);
    expect(doc.text).toContain(
      'In reply to the restriction requirement in the Office Action mailed January 12, 2026, Applicant elects Group I, claims 1-6, with traverse.',
    );
    expect(doc.text).toContain('the election above is made provisionally (37 C.F.R. § 1.143)');
    expect(doc.text).toContain('Claims 7-9 are withdrawn from consideration as drawn to a non-elected invention (37 C.F.R. § 1.142(b)).');
    expect(doc.text).not.toContain('Listing of Claims:');
  });

  it('titles an argument-only reply "RESPONSE" and omits the claim listing', async () => {
    const strategy = Object.fromEntries(dispositions.map((c) => [c.claim_number, 'argue_distinction' as const]));
    const doc = await build({ ...nonFinal, strategy, examiner_stats: null });
    expect(paragraphsWithStyle(doc.documentXml, 'Title')).toEqual(['RESPONSE UNDER 37 C.F.R. § 1.111']);
    expect(doc.text).not.toContain('Listing of Claims:');
    expect(doc.text).toContain('No claim is amended, canceled, or added by this paper.');
    expect(doc.text).not.toContain('Remarks begin on page');
    // Only the drafting checklist (removed before filing) starts a new sheet.
    expect(doc.documentXml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(1);
  });

  it('scaffolds an unexpected-results rebuttal of an obviousness rejection', async () => {
    const doc = await build({ ...nonFinal, strategy: { ...nonFinal.strategy, 3: 'argue_unexpected_results' } });
    const s = section(doc, /Rejection of Claims 1-3/);
    expect(s).toContain('it is rebutted by evidence of unexpected results (MPEP 716.02)');
    expect(s).toContain('a declaration under 37 C.F.R. § 1.132 by [name and qualifications of the declarant]');
    expect(s).toContain('compares the claimed invention with the closest prior art, Rebmann (MPEP 716.02(e))');
  });

  it('files a terminal disclaimer against a double patenting rejection rebuilt from the basis', async () => {
    const claims: ClaimDisposition[] = [
      { claim_number: 1, status: 'rejected', basis: 'DP', prior_art: ['Garcia (US 11,111,111 B2)'], recommendation: 'terminal_disclaimer', depends_on: null },
      { claim_number: 2, status: 'rejected', basis: '101', prior_art: [], recommendation: 'argue_distinction', depends_on: 1 },
      { claim_number: 3, status: 'rejected', basis: '103', prior_art: ['Smith (US 1,234,567 B2)'], recommendation: 'no_action', depends_on: 1 },
    ];
    const doc = await build({
      ...nonFinal,
      claims,
      strategy: {},
      claims_text: undefined,
      examiner_stats: { allowance_rate: 0.4, interview_success_rate: 0.55 },
    });
    expect(sections(doc)).toEqual([
      'I. Status of the Claims',
      'II. Rejection of Claim 2 under 35 U.S.C. 101',
      'III. Rejection of Claim 3 under 35 U.S.C. 103',
      'IV. Rejection of Claim 1 on the Ground of Nonstatutory Double Patenting',
      'V. Request for Interview',
      'VI. Conclusion',
    ]);
    expect(doc.text).toContain('Applicant files herewith a terminal disclaimer under 37 C.F.R. § 1.321(c) over U.S. Patent No. 11,111,111');
    expect(doc.text).toContain('Step 2A, Prong One');
    expect(doc.text).toContain('No response strategy was selected for claim 3. The reply must answer every ground of rejection (37 C.F.R. § 1.111(b))');
    expect(doc.text).toContain('against an overall allowance rate of 40% (15 percentage points higher)');
  });

  it('rejects inputs that would make a wrong paper', async () => {
    await expect(buildResponseToOfficeAction({ ...nonFinal, caption: { ...nonFinal.caption, application_number: '1720001' } })).rejects.toThrow(
      DocumentInputError,
    );
    await expect(buildResponseToOfficeAction({ ...nonFinal, response_date: '2026-13-01' })).rejects.toThrow(/response_date/);
    await expect(buildResponseToOfficeAction({ ...nonFinal, strategy: { 1: 'bogus' as never } })).rejects.toThrow(/unknown strategy/);
    await expect(buildResponseToOfficeAction({ ...nonFinal, examiner_stats: { allowance_rate: 61, interview_success_rate: 78 } })).rejects.toThrow(RangeError);
  });
});
