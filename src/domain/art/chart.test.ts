import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseClaimListing } from '../claims/claim-set.ts';
import { readDocument } from '../file/read-document.ts';
import { parseOfficeActionDetailed } from '../office-action/parse.ts';
import { buildClaimChart, type ChartClaim, type ChartReferenceText } from './chart.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/file-01/${name}`, import.meta.url), 'utf8');
const action = fixture('office-action.txt');
const { claims } = parseClaimListing(fixture('claims-as-examined.txt'));
const laroiaText = fixture('reference-US20050025220.txt');
const laroiaDoc = readDocument(laroiaText, 'reference');
const laroia: ChartReferenceText = {
  document_id: 'doc_laroia',
  publication_base: 'US20050025220',
  name: null,
  text: laroiaText,
  paragraphs: laroiaDoc.paragraphs,
  figures: laroiaDoc.figures,
  column_lines: null,
};

const chartWith = (refs: ChartReferenceText[], held = claims) => buildClaimChart({ detail: parseOfficeActionDetailed(action), claims: held, references: refs });
const claim = (chart: ReturnType<typeof buildClaimChart>, n: number): ChartClaim => chart.claims.find((c) => c.claim_number === n)!;

describe('claim chart of application 15/091,542 against Laroia', () => {
  const chart = chartWith([laroia]);

  it('resolves {¶0065} to Laroia ¶ [0065] for the WLAN limitation of claim 1 and lists the terms it lacks', () => {
    const wlan = claim(chart, 1).limitations.find((l) => l.text.includes('WLAN'))!;
    expect(wlan.assertion).toContain('{¶0065}');
    const [cite] = wlan.citations;
    expect(cite).toMatchObject({ reference: 'Laroia (US 2005/0025220 A1)', publication_number: 'US 2005/0025220 A1', pinpoint: '¶0065', kind: 'paragraph' });
    expect(cite.resolved?.paragraph).toBe(65);
    expect(cite.resolved?.text).toBe(laroiaText.slice(cite.resolved!.start, cite.resolved!.end).replace(/\s+/g, ' ').trim());
    expect(cite.resolved?.text).toMatch(/^The methods and apparatus of the present invention may be/);
    const flag = wlan.flags.find((f) => f.code === 'terms_not_in_cited_passage')!;
    expect(flag.terms).toEqual(expect.arrayContaining(['WLAN', '5GHz']));
    expect(flag.absent_from_reference).toEqual(['WLAN', '5GHz']);
  });

  it('resolves the limitation of claim 2 to ¶ [0009] and knows claim 2 depends from claim 1', () => {
    const c2 = claim(chart, 2);
    expect(c2.depends_on).toBe(1);
    expect(c2.limitations).toHaveLength(1);
    expect(c2.limitations[0].citations.map((c) => c.resolved?.paragraph)).toEqual([9]);
  });

  it('quotes the examiner\'s admission for claim 6 without the "same reasons" preamble', () => {
    const flag = claim(chart, 6).limitations[0].flags.find((f) => f.code === 'examiner_admission')!;
    expect(flag.quote?.text).toMatch(/^Laroia does not explicitly disclose wherein the first subchannel includes a region between 5170 and 5330MHz/);
    expect(action.slice(flag.quote!.span.start, flag.quote!.span.end).replace(/\s+/g, ' ')).toBe(flag.quote!.text);
  });

  it('reports a pinpoint into a reference whose text is not held as unresolved, and why', () => {
    const lim = claim(chart, 13).limitations[0];
    const zhu = lim.citations.find((c) => c.reference.startsWith('Zhu'))!;
    expect(zhu.resolved).toBeNull();
    expect(zhu.unresolved_reason).toMatch(/no text of Zhu \(US 2015\/0036514 A1\) is held/);
    expect(lim.flags.map((f) => f.code)).toEqual(expect.arrayContaining(['examiner_admission', 'unresolved_pinpoint']));
  });

  it('flags limitations the examiner cited nothing for (claim 5: a garbled explanation)', () => {
    expect(claim(chart, 5).limitations.every((l) => l.flags.some((f) => f.code === 'no_pinpoint'))).toBe(true);
  });

  it('keeps every assertion a verbatim slice of the action', () => {
    for (const c of chart.claims)
      for (const l of c.limitations) for (const s of l.assertion_spans) expect(action.slice(s.start, s.end).length).toBeGreaterThan(0);
    const first = claim(chart, 1).limitations[1];
    expect(first.assertion).toBe('associating a first communication subchannel {f1-Figs.2-5} … with a first bandwidth region { B1-Figs.2-5}');
  });

  it('counts pinpoints found and resolved once each', () => {
    expect(chart.summary.pinpoints_found).toBeGreaterThan(chart.summary.pinpoints_resolved);
    expect(chart.summary.pinpoints_resolved).toBeGreaterThan(15);
  });
});

describe('claim chart without the file', () => {
  it('leaves every pinpoint unresolved when no reference text is held', () => {
    const chart = chartWith([]);
    const cites = chart.claims.flatMap((c) => c.limitations.flatMap((l) => l.citations));
    expect(cites.length).toBeGreaterThan(0);
    expect(cites.every((c) => c.resolved === null)).toBe(true);
    expect(chart.references.every((r) => !r.held)).toBe(true);
  });

  it("has no limitations when no claims are held (nothing is taken from the examiner's paraphrase)", () => {
    const chart = chartWith([laroia], []);
    expect(chart.claims.length).toBeGreaterThan(0);
    expect(chart.claims.every((c) => c.limitations.length === 0 && c.text === null)).toBe(true);
  });
});
