// fetchFileDocuments against the replay server: the real documents list of 17248024, then each
// chosen paper's file (constructed stand-in bodies at the real download paths).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { OdpReplay, REPLAY_KEY as KEY, serveDocumentDownloads, serveRecordedApplications } from './support/odp-replay.ts';
import { createOdpClient } from '../src/sources/odp/odp-client.ts';
import { fetchFileDocuments } from '../src/sources/odp/file-documents.ts';
import type { FileDocumentChoice } from '../src/sources/odp/select-file-documents.ts';
import { readZipEntry } from '../src/documents/docx/zip.ts';

const odp = serveDocumentDownloads(serveRecordedApplications(new OdpReplay()));
const client = () => createOdpClient({ apiKey: KEY, baseUrl: odp.url, sleep: async () => undefined });

beforeAll(async () => {
  await odp.start();
});
afterAll(async () => {
  await odp.close();
});
beforeEach(() => {
  odp.reset();
});

describe('fetchFileDocuments', () => {
  test('17248024: the latest claims, the specification and abstract as filed, the replies; XML where offered', async () => {
    const docs = await fetchFileDocuments(client(), '17248024');
    expect(docs!.map((d) => [d.kind, d.documentCode, d.officialDate, d.documentIdentifier, d.format, d.file.mimetype, d.file.filename])).toEqual([
      ['claims', 'CLM', '2021-03-26', 'KMRD8QKILDFLYX5', 'XML', 'application/zip', 'KMRD8QKILDFLYX5.zip'],
      ['specification', 'SPEC', '2021-01-05', 'KJKMKMRVLDFLYX9', 'XML', 'application/zip', 'KJKMKMRVLDFLYX9.zip'],
      ['specification', 'ABST', '2021-01-05', 'KJKMKMRXLDFLYX9', 'XML', 'application/zip', 'KJKMKMRXLDFLYX9.zip'],
      ['response', 'A.PE', '2021-03-26', 'KMRD8QKGLDFLYX5', 'PDF', 'application/pdf', 'KMRD8QKGLDFLYX5.pdf'],
      ['response', 'REM', '2021-03-26', 'KMRD8QKJLDFLYX5', 'XML', 'application/zip', 'KMRD8QKJLDFLYX5.zip'],
    ]);
    expect(readZipEntry(docs![0].file.bytes, 'KMRD8QKILDFLYX5.xml')?.toString('utf8')).toContain('code="CLM"');
    // The list, then one download per paper, one at a time, all with the key.
    expect(odp.requests.map((r) => r.path)).toEqual([
      '/api/v1/patent/applications/17248024/documents',
      '/api/v1/download/applications/17248024/KMRD8QKILDFLYX5/xmlarchive',
      '/api/v1/download/applications/17248024/KJKMKMRVLDFLYX9/xmlarchive',
      '/api/v1/download/applications/17248024/KJKMKMRXLDFLYX9/xmlarchive',
      '/api/v1/download/applications/17248024/KMRD8QKGLDFLYX5.pdf',
      '/api/v1/download/applications/17248024/KMRD8QKJLDFLYX5/xmlarchive',
    ]);
    expect(odp.maxInFlight).toBe(1);
    expect(odp.requests.every((r) => r.key === KEY)).toBe(true);
  });

  test('kinds: only the claims, two requests', async () => {
    const docs = await fetchFileDocuments(client(), '17248024', { kinds: ['claims'] });
    expect(docs!.map((d) => d.documentCode)).toEqual(['CLM']);
    expect(odp.requests).toHaveLength(2);
  });

  test('a format the ODP no longer has (404) falls back to the next; a paper with none is reported and left out', async () => {
    // The real CLM entry of the sample (its options in the order PDF, XML), and a constructed REM
    // paper whose only file is gone; only the CLM's PDF is served.
    const missing = new OdpReplay()
      .route('GET', '/api/v1/patent/applications/17248024/documents', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          count: 2,
          documentBag: [
            {
              applicationNumberText: '17248024',
              officialDate: '2021-03-26T02:42:02.000-0400',
              documentIdentifier: 'KMRD8QKILDFLYX5',
              documentCode: 'CLM',
              documentCodeDescriptionText: 'Claims',
              directionCategory: 'INCOMING',
              downloadOptionBag: [
                {
                  mimeTypeIdentifier: 'PDF',
                  downloadUrl: 'https://api.uspto.gov/api/v1/download/applications/17248024/KMRD8QKILDFLYX5.pdf',
                  pageTotalQuantity: 2,
                },
                { mimeTypeIdentifier: 'XML', downloadUrl: 'https://api.uspto.gov/api/v1/download/applications/17248024/KMRD8QKILDFLYX5/xmlarchive' },
              ],
            },
            {
              applicationNumberText: '17248024',
              officialDate: '2021-03-26T02:42:02.000-0400',
              documentIdentifier: 'GONE',
              documentCode: 'REM',
              documentCodeDescriptionText: 'Applicant Arguments/Remarks Made in an Amendment',
              directionCategory: 'INCOMING',
              downloadOptionBag: [{ mimeTypeIdentifier: 'PDF', downloadUrl: 'https://api.uspto.gov/api/v1/download/applications/17248024/GONE.pdf' }],
            },
          ],
        }),
      })
      .route('GET', '/api/v1/download/applications/17248024/KMRD8QKILDFLYX5.pdf', {
        headers: { 'Content-Type': 'application/pdf' },
        body: '%PDF-1.4 stand-in',
      });
    await missing.start();
    try {
      const skipped: [FileDocumentChoice, string][] = [];
      const docs = await fetchFileDocuments(createOdpClient({ apiKey: KEY, baseUrl: missing.url }), '17248024', {
        onSkip: (paper, reason) => skipped.push([paper, reason]),
      });
      expect(docs!.map((d) => [d.documentCode, d.format])).toEqual([['CLM', 'PDF']]);
      expect(skipped.map(([paper, reason]) => [paper.documentIdentifier, reason])).toEqual([['GONE', 'not_found']]);
      expect(missing.requests.map((r) => r.path)).toEqual([
        '/api/v1/patent/applications/17248024/documents',
        '/api/v1/download/applications/17248024/KMRD8QKILDFLYX5/xmlarchive', // 404: XML first, then
        '/api/v1/download/applications/17248024/KMRD8QKILDFLYX5.pdf',
        '/api/v1/download/applications/17248024/GONE.pdf',
      ]);
    } finally {
      await missing.close();
    }
  });

  test('an application the ODP does not have is null after one request', async () => {
    expect(await fetchFileDocuments(client(), '17999999')).toBeNull();
    expect(odp.requests.map((r) => r.path)).toEqual(['/api/v1/patent/applications/17999999/documents']);
  });
});
