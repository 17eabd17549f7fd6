import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';

function only(text: string) {
  const parsed = parseOfficeAction(text);
  expect(parsed.rejections).toHaveLength(1);
  return parsed.rejections[0];
}

describe('rejection form paragraphs: statute, short code and full citation', () => {
  test.each([
    // 7.05 / 7.05.01
    [
      'Claims 1-20 are rejected under 35 U.S.C. 101 because the claimed invention is directed to an abstract idea without significantly more.',
      ['101'],
      ['35 U.S.C. 101'],
    ],
    // 7.15.aia
    ['Claim(s) 1-3 is/are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 8,123,456 B2).', ['102'], ['35 U.S.C. 102(a)(1)']],
    ['Claim 1 is rejected under 35 U.S.C. 102(a)(2) as being anticipated by Jones (US 2019/0012345 A1).', ['102'], ['35 U.S.C. 102(a)(2)']],
    // pre-AIA 7.15
    [
      'Claim(s) 4-7 and 9-12 is/are rejected under pre-AIA  35 U.S.C. 102(b) as being anticipated by Sakae (JP 2008-008593 A).',
      ['102'],
      ['pre-AIA 35 U.S.C. 102(b)'],
    ],
    ['Claims 1-3 are rejected under 35 U.S.C. 102(e) as being anticipated by Lee (US 7,654,321 B2).', ['102'], ['35 U.S.C. 102(e)']],
    // 7.20.aia / 7.21
    ['Claims 1-5 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2).', ['103'], ['35 U.S.C. 103']],
    [
      'Claims 8 and 13 is/are rejected under pre-AIA 35 U.S.C. 103(a) as being unpatentable over Sakae (JP 2008-008593) in view of Kuehl (US 2008/0155993).',
      ['103'],
      ['pre-AIA 35 U.S.C. 103(a)'],
    ],
    // 7.27: 102 or, in the alternative, 103
    [
      'Claims 1-3 are rejected under 35 U.S.C. 102(a)(1) as anticipated by or, in the alternative, under 35 U.S.C. 103 as obvious over Smith (US 8,123,456 B2).',
      ['102', '103'],
      ['35 U.S.C. 102(a)(1)', '35 U.S.C. 103'],
    ],
    // 7.31.01 / 7.31.02 (112(a) and pre-AIA first paragraph)
    [
      'Claims 10-12 are rejected under 35 U.S.C. 112(a) or 35 U.S.C. 112 (pre-AIA), first paragraph, as failing to comply with the written description requirement.',
      ['112(a)'],
      ['35 U.S.C. 112(a) or 35 U.S.C. 112 (pre-AIA), first paragraph'],
    ],
    [
      'Claims 1-4 are rejected under 35 U.S.C. 112, first paragraph, because the specification, while being enabling for X, does not reasonably provide enablement for Y.',
      ['112(a)'],
      ['35 U.S.C. 112, first paragraph'],
    ],
    // 7.34.01 (112(b) and pre-AIA second paragraph)
    [
      'Claim 5 is rejected under 35 U.S.C. 112(b) or 35 U.S.C. 112 (pre-AIA ), second paragraph, as being indefinite for failing to particularly point out and distinctly claim the subject matter which the inventor or a joint inventor, or for pre-AIA  the applicant regards as the invention.',
      ['112(b)'],
      ['35 U.S.C. 112(b) or 35 U.S.C. 112 (pre-AIA), second paragraph'],
    ],
    ['Claims 14 and 15 are rejected under 35 U.S.C. 112, second paragraph, as being indefinite.', ['112(b)'], ['35 U.S.C. 112, second paragraph']],
    ['Claims 2-3 are rejected under 35 U.S.C. § 112, ¶ 2, as being indefinite.', ['112(b)'], ['35 U.S.C. 112, second paragraph']],
    // 7.36 (112(d) and pre-AIA fourth paragraph)
    [
      'Claim 13 is rejected under 35 U.S.C. 112(d) or pre-AIA 35 U.S.C. 112, 4th paragraph, as being of improper dependent form for failing to further limit the subject matter of the claim upon which it depends.',
      ['112(d)'],
      ['35 U.S.C. 112(d) or pre-AIA 35 U.S.C. 112, fourth paragraph'],
    ],
    // 112(f) / sixth paragraph
    ['Claim 6 is rejected under 35 U.S.C. 112, sixth paragraph.', ['112(f)'], ['35 U.S.C. 112, sixth paragraph']],
    // bare 112 classified by its ground
    ['Claims 7-9 are rejected under 35 USC 112 as being indefinite.', ['112(b)'], ['35 U.S.C. 112']],
    // 7.05.02 utility: two statutes
    [
      'Claims 1-3 are rejected under 35 U.S.C. 101 and 112(a) because the claimed invention is not supported by a well established utility.',
      ['101', '112(a)'],
      ['35 U.S.C. 101', '35 U.S.C. 112(a)'],
    ],
  ])('%s', (text, bases, citations) => {
    const r = only(text);
    expect(r.bases).toEqual(bases);
    expect(r.statutes.map((s) => s.citation)).toEqual(citations);
    expect(r.evidence.text).toBe(text);
  });

  test('double patenting: nonstatutory (8.33/8.34) and statutory under 101 (8.31)', () => {
    const ns = only('Claim 2 is rejected on the ground of nonstatutory double patenting as being unpatentable over claim 1 of U.S. Patent No. 10,072,876.');
    expect(ns.bases).toEqual(['DP']);
    expect(ns.double_patenting).toEqual({ type: 'nonstatutory', provisional: false });
    expect(ns.references[0].publication?.number).toBe('US10072876');
    expect(ns.references[0].conflicting_claims).toEqual([1]);

    const st = only('Claim 5 is rejected under 35 U.S.C. 101 as claiming the same invention as that of claim 7 of prior U.S. Patent No. 10,987,654.');
    expect(st.bases).toEqual(['DP']);
    expect(st.double_patenting?.type).toBe('statutory');
    expect(st.references[0].conflicting_claims).toEqual([7]);
  });
});

describe('claims of a statement', () => {
  test('subject list only: claims named after "from"/"of" are not rejected by the sentence', () => {
    const parsed = parseOfficeAction(
      'Claim Rejections - 35 USC § 112\nClaims 1-31 are rejected under 35 U.S.C. 112(b) as being indefinite.\nClaims 5-8, 15-19, 21-26 and 28-31 are rejected based upon their dependency from claims 4, 14, 20 and 27.',
    );
    expect(parsed.rejections).toHaveLength(2);
    const derived = parsed.rejections[1];
    expect(derived.claims).toEqual([5, 6, 7, 8, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31]);
    expect(derived.bases).toEqual(['112(b)']);
    expect(derived.derived_from?.kind).toBe('dependency');
    expect(derived.derived_from?.parent_claims).toEqual([4, 14, 20, 27]);
    expect(derived.derived_from?.source_ids).toEqual([parsed.rejections[0].id]);
  });

  test('"depend from claim 1 and are rejected for the same reasons" takes the bases and art of claim 1', () => {
    const parsed = parseOfficeAction(
      'Claim 1 is rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 8,123,456 B2). Claims 2-5 depend from claim 1 and are rejected for the same reasons.',
    );
    const r = parsed.rejections[1];
    expect(r.claims).toEqual([2, 3, 4, 5]);
    expect(r.bases).toEqual(['102']);
    expect(r.references.map((x) => x.label)).toEqual(['Smith (US 8,123,456 B2)']);
    expect(r.derived_from?.kind).toBe('same_reasons');
  });

  test('a carried-over rejection with no parent named takes the section heading', () => {
    const parsed = parseOfficeAction('Claim Rejections - 35 USC § 101\nDependent claims 2-9 are likewise rejected.');
    expect(parsed.rejections[0].bases).toEqual(['101']);
    expect(parsed.rejections[0].derived_from?.kind).toBe('section_context');
  });

  test('subject lists joined by "as well as"', () => {
    const r = only(
      'Claims 1 and 11, as well as dependent claims 2-10 and 12-20, are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2).',
    );
    expect(r.claims).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  test('two statements in one sentence', () => {
    const parsed = parseOfficeAction(
      'Claims 1-3 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 8,123,456 B2), and claims 4-5 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2) in view of Jones (US 9,000,001 B1).',
    );
    expect(parsed.rejections.map((r) => [r.claims, r.bases])).toEqual([
      [[1, 2, 3], ['102']],
      [[4, 5], ['103']],
    ]);
    expect(parsed.rejections[0].references).toHaveLength(1);
  });

  test('a statement broken by a page header reads through', () => {
    const parsed = parseOfficeAction(
      'Claims 6-8 are rejected under 35 U.S.C. 103 as being unpatentable over\nApplication/Control Number: 17/654,321 Page 4\nArt Unit: 2455\nSmith (US 8,123,456 B2) in view of Tanaka (WO 2015/012345 A1).',
    );
    expect(parsed.rejections[0].references.map((r) => r.publication?.number)).toEqual(['US8123456B2', 'WO2015012345A1']);
  });

  test('hard-wrapped text (one sentence over several lines)', () => {
    const parsed = parseOfficeAction(
      'Claims 1, 3-5 and\n7 are rejected under 35 U.S.C. 103 as being unpatentable\nover Smith (US 8,123,456 B2) in view of Jones\n(US 2015/0123456 A1).',
    );
    expect(parsed.rejections[0].claims).toEqual([1, 3, 4, 5, 7]);
    expect(parsed.rejections[0].references).toHaveLength(2);
  });

  test('a statement without its final period ends where the next statement or explanation opens', () => {
    const parsed = parseOfficeAction(
      'Claims 1-5 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 8,123,456 B2)\nRegarding claim 1, Smith discloses a method comprising receiving a packet (col. 4, lines 5-20).\nClaims 6-7 are rejected under 35 U.S.C. 103 as being unpatentable over Smith in view of Jones (US 2015/0123456 A1)\nRegarding claim 6, Jones teaches a cache.',
    );
    expect(parsed.rejections.map((r) => [r.claims, r.references.map((x) => x.label)])).toEqual([
      [[1, 2, 3, 4, 5], ['Smith (US 8,123,456 B2)']],
      [
        [6, 7],
        ['Smith (US 8,123,456 B2)', 'Jones (US 2015/0123456 A1)'],
      ],
    ]);
  });

  test('final actions: "The rejection of claims ... is maintained"', () => {
    const parsed = parseOfficeAction('The rejection of claims 1-5 under 35 U.S.C. 112(b) is maintained.');
    expect(parsed.rejections[0].claims).toEqual([1, 2, 3, 4, 5]);
    expect(parsed.rejections[0].bases).toEqual(['112(b)']);
  });

  test.each([
    'The rejection of claims 4 and 5 under 35 U.S.C. 112(b) has been withdrawn in view of the amendment.',
    'Claims 1-3 were previously rejected under 35 U.S.C. 102(a)(1).',
    'It is noted that the features upon which applicant relies are not recited in the rejected claim(s).',
    'Claims 3-6 are objected to as being dependent upon a rejected base claim.',
    'Claims 1-5 would be rejected under 35 U.S.C. 103 if amended as proposed.',
    'Claim Rejections - 35 USC § 103',
    'The following is a quotation of 35 U.S.C. 103 which forms the basis for all obviousness rejections set forth in this Office action.',
  ])('not a rejection: %s', (text) => {
    expect(parseOfficeAction(text).rejections).toEqual([]);
  });
});
