// The selection of an application's file papers, on the real documents list of 17248024
// (test/fixtures/odp/documents-17248024.json: 45 papers, filed 2021-01-05, preliminary amendment
// 2021-03-26, granted as US 11,646,472 B2).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { selectFileDocuments } from './select-file-documents.ts';

const sample = JSON.parse(readFileSync(new URL('../../../test/fixtures/odp/documents-17248024.json', import.meta.url), 'utf8')) as {
  documentBag: Record<string, unknown>[];
};
const bag = sample.documentBag;
const DL = 'https://api.uspto.gov/api/v1/download/applications/17248024';

describe('selectFileDocuments on the real documents list of 17248024', () => {
  const chosen = selectFileDocuments(bag);

  test('the latest claims, the specification and abstract as filed, every reply newest first', () => {
    expect(chosen.map((c) => [c.kind, c.documentCode, c.officialDate, c.documentIdentifier])).toEqual([
      ['claims', 'CLM', '2021-03-26', 'KMRD8QKILDFLYX5'],
      ['specification', 'SPEC', '2021-01-05', 'KJKMKMRVLDFLYX9'],
      ['specification', 'ABST', '2021-01-05', 'KJKMKMRXLDFLYX9'],
      ['response', 'A.PE', '2021-03-26', 'KMRD8QKGLDFLYX5'],
      ['response', 'REM', '2021-03-26', 'KMRD8QKJLDFLYX5'],
    ]);
  });

  test('each paper offers its downloads best first: the XML archive, then the PDF (with its page count)', () => {
    expect(chosen[0]).toMatchObject({
      description: 'Claims',
      downloads: [
        { format: 'XML', url: `${DL}/KMRD8QKILDFLYX5/xmlarchive`, pages: null },
        { format: 'PDF', url: `${DL}/KMRD8QKILDFLYX5.pdf`, pages: 2 },
      ],
    });
    expect(chosen[3].downloads).toEqual([{ format: 'PDF', url: `${DL}/KMRD8QKGLDFLYX5.pdf`, pages: 1 }]); // A.PE: PDF only
  });

  test('the specification as filed is the 42-page one with XML, not the PDF-only upload of the same day nor the later 1-page amendment', () => {
    const spec = chosen.find((c) => c.documentCode === 'SPEC')!;
    expect(spec.downloads.map((d) => d.pages ?? null)).toContain(42);
    expect(chosen.map((c) => c.documentIdentifier)).not.toContain('196a9ca4-7574-4fed-888e-86d28f10fd95');
    expect(chosen.map((c) => c.documentIdentifier)).not.toContain('KMRD8QKHLDFLYX5');
  });

  test('kinds limits the selection', () => {
    expect(selectFileDocuments(bag, ['claims']).map((c) => c.documentCode)).toEqual(['CLM']);
    expect(selectFileDocuments(bag, ['specification', 'response']).map((c) => c.documentCode)).toEqual(['SPEC', 'ABST', 'A.PE', 'REM']);
    expect(selectFileDocuments(bag, [])).toEqual([]);
  });

  test('office papers are never picked, whatever their code; nor papers without a usable format', () => {
    const edited = bag.map((d) => (d.documentIdentifier === 'KMRD8QKILDFLYX5' ? { ...d, directionCategory: 'OUTGOING' } : d));
    expect(selectFileDocuments(edited, ['claims'])[0].documentIdentifier).toBe('KJKMKMRWLDFLYX9'); // the claims as filed
    const pngOnly = bag.map((d) => (d.documentCode === 'CLM' ? { ...d, downloadOptionBag: [{ mimeTypeIdentifier: 'PNG', downloadUrl: `${DL}/x.png` }] } : d));
    expect(selectFileDocuments(pngOnly, ['claims'])).toEqual([]);
  });

  test('a malformed list yields nothing rather than throwing', () => {
    expect(selectFileDocuments(null)).toEqual([]);
    expect(selectFileDocuments({ documentBag: bag })).toEqual([]); // the bag itself is expected
    expect(selectFileDocuments([null, 3, 'x', { documentCode: 'CLM' }, { ...bag[0], officialDate: 'yesterday' }])).toEqual([]);
  });
});
