import { describe, expect, test } from 'vitest';
import { buildClaimAnalyses } from './breakdown.ts';
import { parseOfficeAction } from './parse.ts';

/**
 * Issue 11 (Proof, last bullet): the forms real office actions use that the development corpus did
 * not, where an unseen action is misread most — claims withdrawn by implication after an election,
 * claim-status summaries in actions after an amendment, and rejection bases given only by a section
 * heading. Texts written here in the style of public-record actions (USPTO form paragraphs, PTOL-326
 * summary form); none is copied from the corpus. Each test names the variation it covers.
 */

function statuses(text: string): Record<number, string> {
  return Object.fromEntries(buildClaimAnalyses(parseOfficeAction(text)).map((c) => [c.claim_number, c.status]));
}

function basesOf(text: string): Record<number, string> {
  return Object.fromEntries(buildClaimAnalyses(parseOfficeAction(text)).map((c) => [c.claim_number, c.basis]));
}

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const all = (a: number, b: number, status: string): Record<number, string> => Object.fromEntries(range(a, b).map((n) => [n, status]));

describe('(a) claims withdrawn by implication after an election', () => {
  const ELECTED_EXAMINED = `DETAILED ACTION
Notice of Pre-AIA or AIA Status
The present application, filed on or after March 16, 2013, is being examined under the first inventor to file provisions of the AIA.

Election/Restrictions
Applicant's election without traverse of Group I (claims 1-10) in the reply filed on 02/14/2024 is acknowledged.

Status of Claims
Claims 1-20 are pending in the application. Claims 1-10 are examined herein.

Claim Rejections - 35 USC § 103
Claims 1-3 and 5-10 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 9,876,543 B2) in view of Jones (US 2019/0123456 A1).
Regarding claim 1, Smith discloses a fastener comprising a head.

Allowable Subject Matter
Claim 4 is objected to as being dependent upon a rejected base claim, but would be allowable if rewritten in independent form including all of the limitations of the base claim and any intervening claims.
`;

  test('"Claims 1-10 are examined herein" while 1-20 are pending: 11-20 withdrawn, with an inference note', () => {
    const p = parseOfficeAction(ELECTED_EXAMINED);
    const s = statuses(ELECTED_EXAMINED);
    expect(s).toEqual({ ...all(1, 3, 'rejected'), 4: 'objected', ...all(5, 10, 'rejected'), ...all(11, 20, 'withdrawn') });
    const note = p.warnings.find((w) => w.code === 'withdrawn_by_implication');
    expect(note?.message).toMatch(/claims 11-20 .*not examined.*election.*inferred/i);
    const c11 = buildClaimAnalyses(p).find((c) => c.claim_number === 11)!;
    expect(c11.evidence.map((e) => e.finding)).toContain('inferred:withdrawn_by_election');
  });

  test('no "examined" sentence: the action only treats the elected claims; the rest are withdrawn', () => {
    const text = `Election/Restrictions
Applicant's election with traverse of Species B, claims 1-6 and 9, in the reply filed on 5/1/2023 is acknowledged. The traversal is not found persuasive and the requirement is made FINAL.
Claims 1-12 are pending.
Claim Rejections - 35 USC § 102
Claims 1-6 and 9 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Brown (US 8,111,222 B1).`;
    expect(statuses(text)).toEqual({
      ...all(1, 6, 'rejected'),
      7: 'withdrawn',
      8: 'withdrawn',
      9: 'rejected',
      10: 'withdrawn',
      11: 'withdrawn',
      12: 'withdrawn',
    });
  });

  test('"under consideration" and a PTOL-326 summary with a blank withdrawn line', () => {
    const text = `5) Claim(s) 1-15 is/are pending in the application.
5a) Of the above claim(s) ____ is/are withdrawn from consideration.
7) Claim(s) 1-8 is/are rejected.
DETAILED ACTION
Applicant elected Group I, claims 1-8, without traverse in the reply filed on 01/03/2025.
Claims 1-8 are currently under consideration.
Claims 1-8 are rejected under 35 U.S.C. 101 because the claimed invention is directed to an abstract idea without significantly more.`;
    expect(statuses(text)).toEqual({ ...all(1, 8, 'rejected'), ...all(9, 15, 'withdrawn') });
  });

  test('without an election nothing is inferred: an unexamined claim stays pending', () => {
    const text = `Claims 1-12 are pending. Claims 1-10 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 9,876,543 B2).`;
    const p = parseOfficeAction(text);
    expect(statuses(text)).toEqual({ ...all(1, 10, 'rejected'), 11: 'pending', 12: 'pending' });
    expect(p.warnings.some((w) => w.code === 'withdrawn_by_implication')).toBe(false);
  });

  test('a claim the action treats is never inferred withdrawn (cancelled, allowed, objected keep their status)', () => {
    const text = `Applicant's election of Group I, claims 1-5, is acknowledged.
Claims 1-9 are pending. Claim 9 has been cancelled. Claims 1-5 are examined on the merits.
Claim 6 is allowed.
Claims 1-5 are rejected under 35 U.S.C. 112(b) as being indefinite.`;
    expect(statuses(text)).toEqual({ ...all(1, 5, 'rejected'), 6: 'allowed', 7: 'withdrawn', 8: 'withdrawn', 9: 'cancelled' });
  });
});

describe('(b) claim-status summaries in actions after an amendment', () => {
  test('body status paragraph: pending, cancelled, withdrawn, rejected, allowed, objected to', () => {
    const text = `Response to Amendment
The amendment filed 03/15/2024 has been entered. Claims 1-5, 8 and 10 through 12 are pending in the application. Claims 6, 7 and 9 have been canceled. Claims 10 - 12 are withdrawn from consideration. Claims 1-3 are rejected. Claim(s) 5 is/are allowed. Claim 8 is objected to.
Claim Rejections - 35 USC § 103
Claims 1-3 are rejected under 35 U.S.C. 103 as being unpatentable over Lee (US 10,222,333 B2).`;
    expect(statuses(text)).toEqual({
      1: 'rejected',
      2: 'rejected',
      3: 'rejected',
      4: 'pending',
      5: 'allowed',
      6: 'cancelled',
      7: 'cancelled',
      8: 'objected',
      9: 'cancelled',
      10: 'withdrawn',
      11: 'withdrawn',
      12: 'withdrawn',
    });
  });

  test('PTOL-326 summary form lines on one line each, lists broken across lines, "and", "through", spaced dashes', () => {
    const text = `Disposition of Claims*
5)\u2612 Claim(s) 1 - 14 and 16 through 20 is/are pending in the application.
5a) Of the above claim(s) 16-20 is/are withdrawn from consideration.
6)\u2610 Claim(s) 14 is/are allowed.
7)\u2612 Claim(s) 1-3, 5,
7 - 9 and 11 is/are rejected.
8)\u2612 Claim(s) 4, 6, 10, 12 and 13 is/are objected to.
9)\u2610 Claim(s) ______ are subject to restriction and/or election requirement.`;
    const p = parseOfficeAction(text);
    expect(p.summary.pending).toEqual([...range(1, 14), ...range(16, 20)]);
    expect(p.summary.withdrawn).toEqual(range(16, 20));
    expect(p.summary.rejected).toEqual([1, 2, 3, 5, 7, 8, 9, 11]);
    expect(p.summary.objected).toEqual([4, 6, 10, 12, 13]);
    expect(p.summary.allowed).toEqual([14]);
    expect(statuses(text)).toEqual({
      1: 'rejected',
      2: 'rejected',
      3: 'rejected',
      4: 'objected',
      5: 'rejected',
      6: 'objected',
      7: 'rejected',
      8: 'rejected',
      9: 'rejected',
      10: 'objected',
      11: 'rejected',
      12: 'objected',
      13: 'objected',
      14: 'allowed',
      ...all(16, 20, 'withdrawn'),
    });
  });

  test('the PTOL-326 items run together on one line (text extracted from the PDF)', () => {
    const text = `5) Claim(s) 1-20 is/are pending in the application. 5a) Of the above claim(s) 11-20 is/are withdrawn from consideration. 6) Claim(s) ___ is/are allowed. 7) Claim(s) 1-10 is/are rejected. 8) Claim(s) ___ is/are objected to.`;
    const p = parseOfficeAction(text);
    expect(p.summary.pending).toEqual(range(1, 20));
    expect(p.summary.withdrawn).toEqual(range(11, 20));
    expect(p.summary.rejected).toEqual(range(1, 10));
    expect(statuses(text)).toEqual({ ...all(1, 10, 'rejected'), ...all(11, 20, 'withdrawn') });
  });

  test('"under consideration" and "examined herein" name the claims before the action treats them', () => {
    expect(statuses('Claims 1-6 are currently under consideration.')).toEqual(all(1, 6, 'pending'));
    expect(statuses('Claims 2-4 are examined herein. Claim 2 is rejected under 35 U.S.C. 101 as being directed to a signal per se.')).toEqual({
      2: 'rejected',
      3: 'pending',
      4: 'pending',
    });
  });

  test('"remain pending", "are under examination", "withdrawn from further consideration" and "Claims 1-5, 8 are pending"', () => {
    expect(
      statuses('Claims 1-5, 8 are pending. Claims 1-5 and 8 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Kim (US 9,000,001 B2).'),
    ).toEqual({ ...all(1, 5, 'rejected'), 8: 'rejected' });
    expect(
      statuses(
        'Claims 1, 3 and 5-7 remain pending. Claims 2 and 4 were previously cancelled. Claims 6 and 7 are withdrawn from further consideration pursuant to 37 CFR 1.142(b) as being drawn to a nonelected invention.',
      ),
    ).toEqual({
      1: 'pending',
      2: 'cancelled',
      3: 'pending',
      4: 'cancelled',
      5: 'pending',
      6: 'withdrawn',
      7: 'withdrawn',
    });
  });
});

describe('(c) rejection bases given only by the section heading', () => {
  test('"Claim Rejections - 35 USC § 103" with a body naming no statute', () => {
    const text = `Claim Rejections - 35 USC § 103
The following is a quotation of 35 U.S.C. 103 which forms the basis for all obviousness rejections set forth in this Office action.
Claims 1-3 are rejected over Smith (US 9,876,543 B2) in view of Jones (US 2019/0123456 A1).
Regarding claim 1, Smith teaches a valve.`;
    const p = parseOfficeAction(text);
    const r = p.rejections.find((x) => x.claims.includes(1))!;
    expect(r.bases).toEqual(['103']);
    expect(r.section).toMatch(/Claim Rejections - 35 USC § 103/);
    expect(r.references.map((x) => x.short_name)).toEqual(['Smith', 'Jones']);
    expect(basesOf(text)).toEqual({ 1: '103', 2: '103', 3: '103' });
  });

  test('"Claim Rejections - 35 USC § 112": the subsection from the body wording', () => {
    const text = `Claim Rejections - 35 USC § 112
Claims 4-6 are rejected as being indefinite for failing to particularly point out and distinctly claim the subject matter which the inventor regards as the invention. The term "substantially" in claim 4 is a relative term.
Claims 7 and 8 are rejected as failing to comply with the written description requirement. The specification does not describe a processor configured to rank the bids.
Claim 9 is rejected because it fails to further limit the subject matter of the claim upon which it depends.`;
    expect(basesOf(text)).toEqual({ 4: '112(b)', 5: '112(b)', 6: '112(b)', 7: '112(a)', 8: '112(a)', 9: '112(d)' });
  });

  test('heading variants: "35 U.S.C. 102", en dash, no section sign; and a heading for pre-AIA second paragraph', () => {
    expect(basesOf('Claim Rejections \u2013 35 U.S.C. 102\nClaims 1 and 2 are rejected as being anticipated by Park (US 8,765,432 B2).')).toEqual({
      1: '102',
      2: '102',
    });
    expect(basesOf('Claim Rejections - 35 USC § 112, second paragraph\nClaim 3 is rejected since the phrase "such as" renders it unclear.')).toEqual({
      3: '112(b)',
    });
  });

  test('the body wording decides when there is no heading and no statute at all', () => {
    expect(basesOf('Claims 1-2 are rejected as being anticipated by Park (US 8,765,432 B2).')).toEqual({ 1: '102', 2: '102' });
    expect(basesOf('Claims 3-4 are rejected as being unpatentable over Park (US 8,765,432 B2) in view of Ito (JP 2015-123456 A).')).toEqual({
      3: '103',
      4: '103',
    });
  });

  test('a statute in the sentence still wins over the heading', () => {
    const text = 'Claim Rejections - 35 USC § 103\nClaims 1-2 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Park (US 8,765,432 B2).';
    expect(basesOf(text)).toEqual({ 1: '102', 2: '102' });
  });
});
