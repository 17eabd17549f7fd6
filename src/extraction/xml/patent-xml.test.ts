import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { NotPatentXml, PatentTextTooLong, readPatentXml } from './patent-xml.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/extraction/${name}`, import.meta.url), 'utf8');
const LIMIT = 4 * 1024 * 1024;

describe('USPTO grant XML (us-patent-grant v4.5)', () => {
  const { text, bibliography, warnings } = readPatentXml(fixture('us-patent-grant.xml'), LIMIT);
  const paragraphs = text.split('\n\n');

  test('bibliography from publication-reference, the title with its DTD entities as characters', () => {
    expect(bibliography).toEqual({
      dtd: 'us-patent-grant',
      country: 'US',
      doc_number: '09876543',
      kind: 'B2',
      date: '2018-01-23',
      title: 'Widget fastening assembly with \u2018quick\u2019 release',
    });
    expect(warnings).toEqual([]);
  });

  test('canonical layout: title, ABSTRACT, numbered paragraphs and headings, CLAIMS', () => {
    expect(paragraphs.slice(0, 4)).toEqual([
      'Widget fastening assembly with \u2018quick\u2019 release',
      'ABSTRACT',
      'A widget fastening assembly includes a base (10) and a resilient clip (20) that snaps over the base.',
      'BACKGROUND',
    ]);
    expect(paragraphs).toContain('[0001] Widgets are fastened with clips of 5\u00b10.1 mm, as in H2O tanks at 20\u00b0 C.');
    // description-of-drawings is kept, its figref text too
    expect(paragraphs).toContain('BRIEF DESCRIPTION OF THE DRAWINGS');
    expect(paragraphs).toContain('[0002] FIG. 1 is a perspective view of the assembly.');
    expect(paragraphs).toContain('[0003] The clip force is F=k\u2062x where k is the stiffness of the clip.');
    // a table starts on its own line, a row per line
    expect(paragraphs).toContain('[0004] Sizes are listed in Table 1.\nPart Size\nbase 10 mm');
    expect(paragraphs.indexOf('CLAIMS')).toBe(paragraphs.length - 3);
  });

  test('claims: "1. text" with nested claim-text on lines of their own, claim-ref text kept, no claim statement', () => {
    expect(paragraphs.at(-2)).toBe(
      '1. A widget fastening assembly comprising:\na base (10); and\na clip (20) attached to the base, the clip having\na first arm, and\na second arm.',
    );
    expect(paragraphs.at(-1)).toBe('2. The assembly of claim 1, wherein the clip is resilient.');
    expect(text).not.toContain('What is claimed is');
    // drawings and cited references give no text
    expect(text).not.toContain('Smith');
    expect(text).not.toContain('embedded image');
  });
});

describe('USPTO pre-grant publication XML (us-patent-application v4.4)', () => {
  const { text, bibliography } = readPatentXml(fixture('us-patent-application.xml'), LIMIT);
  const paragraphs = text.split('\n\n');

  test('bibliography and title', () => {
    expect(bibliography).toEqual({
      dtd: 'us-patent-application',
      country: 'US',
      doc_number: '20190012345',
      kind: 'A1',
      date: '2019-01-10',
      title: 'Method for sorting parcels',
    });
  });

  test('abstract, headings, list items on their own lines, and claims numbered once', () => {
    expect(paragraphs[2]).toBe('Parcels are sorted by weight\u2014quickly and with \u201cno\u201d manual step.');
    expect(paragraphs).toContain('CROSS-REFERENCE TO RELATED APPLICATIONS');
    expect(paragraphs).toContain('[0001] This application claims the benefit of U.S. Provisional Application No. 62/000,001.');
    expect(paragraphs).toContain('[0002] In one embodiment, a method includes:\nweighing a parcel;\nrouting the parcel.');
    expect(paragraphs.slice(-4)).toEqual([
      'CLAIMS',
      '1. A method comprising: weighing a parcel; and routing the parcel by its weight.',
      '2. (canceled)',
      '3. The method of claim 1, wherein the weight is measured in kg.',
    ]);
  });
});

describe('ST.96 patent XML, by local names', () => {
  test('P with pNumber, Claim with claimNumber, ClaimText, the identification as bibliography', () => {
    const { text, bibliography } = readPatentXml(fixture('st96-publication.xml'), LIMIT);
    expect(bibliography).toEqual({ dtd: 'st96', country: 'US', doc_number: '20240001234', kind: 'A1', date: '2024-01-04', title: 'Sensor housing' });
    expect(text.split('\n\n')).toEqual([
      'Sensor housing',
      'ABSTRACT',
      'A housing for a sensor has a clear lid.',
      'BACKGROUND',
      '[0001] Sensors need housings that let light through.',
      'CLAIMS',
      '1. A sensor housing comprising a lid.',
      '2. The housing of claim 1, wherein the lid is clear.',
    ]);
  });
});

describe('refusals', () => {
  test('XML that is not well formed, or holds no patent text, is NotPatentXml', () => {
    expect(() => readPatentXml('<us-patent-grant><abstract><p>open', LIMIT)).toThrow(NotPatentXml);
    expect(() => readPatentXml('<?xml version="1.0"?><invoice><total>3</total></invoice>', LIMIT)).toThrow(/no patent text under <invoice>/);
  });

  test('reading stops once the text passes the budget', () => {
    const many = Array.from({ length: 200 }, (_, i) => `<p num="${String(i).padStart(4, '0')}">${'word '.repeat(50)}</p>`).join('');
    expect(() => readPatentXml(`<us-patent-grant><description>${many}</description></us-patent-grant>`, 10_000)).toThrow(PatentTextTooLong);
  });
});
