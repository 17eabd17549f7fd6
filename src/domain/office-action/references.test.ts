import { describe, expect, test } from 'vitest';
import { parseOfficeAction } from './parse.ts';
import { normalizePublicationNumber } from './publication-numbers.ts';
import { cleanName } from './references.ts';

describe('publication numbers as examiners write them', () => {
  test.each([
    ['US 1,234,567 B2', 'US1234567B2', 'US 1,234,567 B2', 'us_patent'],
    ['U.S. Patent No. 10,072,876', 'US10072876', 'US 10,072,876', 'us_patent'],
    ['U.S. Pat. No. 8,123,456', 'US8123456', 'US 8,123,456', 'us_patent'],
    ['USPN 6758876 B2', 'US6758876B2', 'US 6,758,876 B2', 'us_patent'],
    ['US 5,123,456 A', 'US5123456A', 'US 5,123,456 A', 'us_patent'],
    ['US RE45,678 E', 'USRE45678E', 'US RE45,678 E', 'us_patent'],
    ['US 2015/0123456 A1', 'US20150123456A1', 'US 2015/0123456 A1', 'us_pgpub'],
    ['US 20150123456 A1', 'US20150123456A1', 'US 2015/0123456 A1', 'us_pgpub'],
    ['PGPub 2014/0278125', 'US20140278125A1', 'US 2014/0278125 A1', 'us_pgpub'],
    ['US Pub No 2018/0179985', 'US20180179985A1', 'US 2018/0179985 A1', 'us_pgpub'],
    ['U.S. PGPub 2016/0007125 A1', 'US20160007125A1', 'US 2016/0007125 A1', 'us_pgpub'],
    ['US PGPub 20120297981 A1', 'US20120297981A1', 'US 2012/0297981 A1', 'us_pgpub'],
    ['copending Application No. 16/123,456', '16123456', 'US Appl. No. 16/123,456', 'us_application'],
    ['EP 1 234 567 A1', 'EP1234567A1', 'EP 1 234 567 A1', 'foreign'],
    ['EP1234567B1', 'EP1234567B1', 'EP 1 234 567 B1', 'foreign'],
    ['WO 2015/012345 A1', 'WO2015012345A1', 'WO 2015/012345 A1', 'wo'],
    ['WO 02/12345', 'WO2002012345', 'WO 2002/012345', 'wo'],
    ['JP 2008-008593 A', 'JP2008008593A', 'JP 2008-008593 A', 'foreign'],
    ['JP H10-123456 A', 'JPH10123456A', 'JP H10-123456 A', 'foreign'],
    ['JP 5123456 B2', 'JP5123456B2', 'JP 5123456 B2', 'foreign'],
    ['KR 10-2015-0012345 A', 'KR1020150012345A', 'KR 10-2015-0012345 A', 'foreign'],
    ['CN 105123456 A', 'CN105123456A', 'CN 105123456 A', 'foreign'],
    ['DE 10 2010 012 345 A1', 'DE102010012345A1', 'DE 10 2010 012 345 A1', 'foreign'],
    ['GB 2 345 678 A', 'GB2345678A', 'GB 2 345 678 A', 'foreign'],
  ])('%s', (written, number, display, kind) => {
    const p = normalizePublicationNumber(written);
    expect(p).not.toBeNull();
    expect(p!.number).toBe(number);
    expect(p!.display).toBe(display);
    expect(p!.kind).toBe(kind);
  });

  test('an unwritten kind code of a US pre-grant publication is inferred as A1 and flagged', () => {
    const p = normalizePublicationNumber('Kuehl (US 2008/0155993)')!;
    expect(p.kind_code).toBe('A1');
    expect(p.kind_code_inferred).toBe(true);
    expect(p.base).toBe('US20080155993');
  });

  test('a lone letter is a kind code only when no word follows it', () => {
    expect(normalizePublicationNumber('US 8,123,456 A method of')!.kind_code).toBeNull();
    expect(normalizePublicationNumber('US 8,123,456 A, refer to')!.kind_code).toBe('A');
  });

  test('things that are not publication numbers', () => {
    expect(normalizePublicationNumber('claim 5')).toBeNull();
    expect(normalizePublicationNumber('MPEP 2106')).toBeNull();
    expect(normalizePublicationNumber('Smith et al.')).toBeNull();
  });
});

describe('reference names', () => {
  test.each([
    ['Balakrishnan et al. (', 'Balakrishnan'],
    ['Lee et al.', 'Lee'],
    ['Van Der Berg, ', 'Van Der Berg'],
    ["Smith's", 'Smith'],
    ['the ', null],
  ])('%j → %j', (raw, name) => {
    expect(cleanName(raw)).toBe(name);
  });
});

function refsOf(sentence: string) {
  const parsed = parseOfficeAction(sentence);
  expect(parsed.rejections).toHaveLength(1);
  return parsed.rejections[0].references;
}

describe('references of a rejection statement (MPEP 7.15, 7.20, 7.21, 8.33)', () => {
  test('primary, secondary and further references with numbers in parentheses', () => {
    const refs = refsOf(
      'Claim(s) 1-2, 4-8, and 10-12 is/are rejected under 35 U.S.C. 103 as being unpatentable over Balakrishnan et al. (PGPub 2014/0278125) in view of Esposito et al. (PGPub 2013/0192071) and in further view of Burich et al. (PGPub 2013/0041590).',
    );
    expect(refs.map((r) => r.label)).toEqual(['Balakrishnan (US 2014/0278125 A1)', 'Esposito (US 2013/0192071 A1)', 'Burich (US 2013/0041590 A1)']);
  });

  test('"hereinafter" aliases and a comma inside the parentheses', () => {
    const refs = refsOf(
      'Claims 1-6 are rejected under 35 U.S.C. 103 as being unpatentable over Agarwal et al. (US 2011/0228696, hereinafter Agarwal) in view of Hui et al. (US 2013/0010615, hereinafter Hui), and further in view of Vasseur et al. (US 2011/0231573, hereinafter Vasseur).',
    );
    expect(refs.map((r) => r.short_name)).toEqual(['Agarwal', 'Hui', 'Vasseur']);
    expect(refs.map((r) => r.publication?.number)).toEqual(['US20110228696A1', 'US20130010615A1', 'US20110231573A1']);
  });

  test('"as applied to claim 1 above, and further in view of" (7.21)', () => {
    const refs = refsOf(
      'Claim 4 is rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 8,123,456 B2) as applied to claim 1 above, and further in view of Jones (EP 1 234 567 A1).',
    );
    expect(refs.map((r) => r.label)).toEqual(['Smith (US 8,123,456 B2)', 'Jones (EP 1 234 567 A1)']);
  });

  test('a name given without a number takes the number written for it elsewhere in the action', () => {
    const parsed = parseOfficeAction(
      'Claims 1-3 are rejected under 35 U.S.C. 102(a)(1) as being anticipated by Smith (US 8,123,456 B2).\n\nClaims 4 and 5 are rejected under 35 U.S.C. 103 as being unpatentable over Smith in view of Jones (US 2015/0123456 A1).',
    );
    const second = parsed.rejections[1].references;
    expect(second[0].publication?.number).toBe('US8123456B2');
    expect(second[0].id).toBe(parsed.rejections[0].references[0].id);
    expect(parsed.references).toHaveLength(2);
    expect(parsed.references.map((r) => [r.short_name, r.cited_in])).toEqual([
      ['Smith', ['rej-1', 'rej-2']],
      ['Jones', ['rej-2']],
    ]);
  });

  test('number first, name after ("US 2015/0123456 A1 to Smith")', () => {
    const refs = refsOf('Claim 1 is rejected under 35 U.S.C. 102(a)(2) as being anticipated by US 2015/0123456 A1 to Smith.');
    expect(refs[0].short_name).toBe('Smith');
    expect(refs[0].publication?.number).toBe('US20150123456A1');
  });

  test('foreign and WO documents', () => {
    const refs = refsOf(
      'Claims 6-8 are rejected under 35 U.S.C. 103 as being unpatentable over Sakae (JP 2008-008593 A, refer to the attached translation) in view of Tanaka (WO 2015/012345 A1) and Kim (KR 10-2015-0012345 A).',
    );
    expect(refs.map((r) => r.publication?.number)).toEqual(['JP2008008593A', 'WO2015012345A1', 'KR1020150012345A']);
  });

  test("applicant's admitted prior art, official notice and non-patent literature", () => {
    const refs = refsOf(
      'Claims 1-3 are rejected under 35 U.S.C. 103 as being unpatentable over Applicant\'s Admitted Prior Art (AAPA) in view of Wang, "Adaptive Routing in Mesh Networks," IEEE Trans. Netw., vol. 12, pp. 1-9, 2015, and further in view of Official Notice.',
    );
    expect(refs.map((r) => r.kind)).toEqual(['aapa', 'npl', 'official_notice']);
    expect(refs[1].short_name).toBe('Wang');
  });

  test('double patenting: the reference claims and the patent or copending application', () => {
    const parsed = parseOfficeAction(
      'Claims 1-3 are provisionally rejected on the ground of nonstatutory double patenting as being unpatentable over claims 1-4 of copending Application No. 17/111,222 (reference application).',
    );
    const r = parsed.rejections[0];
    expect(r.bases).toEqual(['DP']);
    expect(r.double_patenting).toEqual({ type: 'nonstatutory', provisional: true });
    expect(r.references[0].conflicting_claims).toEqual([1, 2, 3, 4]);
    expect(r.references[0].publication?.display).toBe('US Appl. No. 17/111,222');
  });

  test('every reference quotes its text from the statement', () => {
    const text =
      'Claim 13 is rejected under 35 U.S.C. 103 as being unpatentable over unpatentable over Laroia (US 2005/0025220 A1) in view of Zhu (US 2015/0036514 A1).';
    const refs = refsOf(text);
    expect(refs.map((r) => r.evidence.text)).toEqual(['Laroia (US 2005/0025220 A1)', 'Zhu (US 2015/0036514 A1)']);
    for (const r of refs) expect(text.slice(r.evidence.span.start, r.evidence.span.end)).toBe(r.evidence.text);
  });
});
