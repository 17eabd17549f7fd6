// fetchPublicationText end to end against the replay server: search by number (real search
// responses), associated-documents (real), the full-text XML behind the ODP's redirect (the real
// grant XML of US 11,646,472 B2; a constructed publication XML for US 2021/0210819 A1).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { OdpReplay, REPLAY_KEY as KEY, odpFixture, serveFullText, serveRecordedApplications } from './support/odp-replay.ts';
import { createOdpClient } from '../src/sources/odp/odp-client.ts';
import {
  fetchPublicationText,
  fullTextLocation,
  matchingApplication,
  NotUsPublicationError,
  parseUsDocumentNumber,
  searchBodyFor,
} from '../src/sources/odp/publication-text.ts';

const odp = serveRecordedApplications(new OdpReplay());
const storage = new OdpReplay({ requireKey: false });
const client = () => createOdpClient({ apiKey: KEY, baseUrl: odp.url, sleep: async () => undefined, redirectOrigins: [storage.url] });

beforeAll(async () => {
  await Promise.all([odp.start(), storage.start()]);
  serveFullText(odp, storage);
});
afterAll(async () => {
  await Promise.all([odp.close(), storage.close()]);
});
beforeEach(() => {
  odp.reset();
  storage.reset();
});

const searchQs = () => odp.requests.filter((r) => r.method === 'POST').map((r) => (JSON.parse(r.body) as { q: string }).q);

describe('a cited US patent', () => {
  test.each(['US 11,646,472 B2', 'US11646472B2', 'U.S. Pat. No. 11,646,472', '11,646,472 B2', 'US 11646472'])(
    "%s → the grant's full-text XML",
    async (written) => {
      const found = await fetchPublicationText(client(), written);
      expect(found).toMatchObject({
        number: expect.stringMatching(/^US11646472(B2)?$/),
        kind: 'us_patent',
        applicationNumber: '17248024',
        productIdentifier: 'PTGRXML',
        xmlFileName: '17248024_11646472.xml',
        file: { mimetype: 'application/xml', filename: '17248024_11646472.xml' },
      });
      expect(found!.file.bytes.equals(odpFixture('grant-11646472.xml'))).toBe(true);
      expect(odp.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/v1/patent/applications/search',
        'GET /api/v1/patent/applications/17248024/associated-documents',
        'GET /api/v1/datasets/products/files/PTGRXML-SPLT/2023/ipg230509/17248024_11646472.xml',
      ]);
      expect(searchQs()).toEqual(['applicationMetaData.patentNumber:11646472']);
      expect(odp.maxInFlight).toBe(1);
      expect(storage.requests.map((r) => r.key)).toEqual([undefined]); // the key stays with the ODP
    },
  );
});

describe('a cited pre-grant publication', () => {
  test.each(['US 2021/0210819 A1', 'US20210210819A1', '2021/0210819', 'US 2021/0210819'])(
    "%s → the publication's XML, although the application was granted since",
    async (written) => {
      const found = await fetchPublicationText(client(), written);
      expect(found).toMatchObject({
        number: 'US20210210819A1',
        display: 'US 2021/0210819 A1',
        kind: 'us_pgpub',
        applicationNumber: '17248024',
        productIdentifier: 'APPXML',
        xmlFileName: '17248024_20210210819.xml',
      });
      expect(found!.file.bytes.equals(odpFixture('constructed-pgpub-20210210819.xml'))).toBe(true);
      expect(searchQs()).toEqual(['applicationMetaData.earliestPublicationNumber:US20210210819A1']);
      expect(odp.requests.at(-1)!.path).toBe('/api/v1/datasets/products/files/APPXML-SPLT/2021/ipa210708/17248024_20210210819.xml');
    },
  );
});

describe('not found → null', () => {
  test('a number the ODP has no application for: the search answers 404, one request', async () => {
    expect(await fetchPublicationText(client(), 'US 9,999,999 B2')).toBeNull();
    expect(searchQs()).toEqual(['applicationMetaData.patentNumber:9999999']);
    expect(odp.requests).toHaveLength(1);
  });

  test('an application found whose associated documents the ODP does not have', async () => {
    expect(await fetchPublicationText(client(), 'US 10,765,880 B2')).toBeNull(); // the real search hit 14412875; no associated-documents
    expect(odp.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/patent/applications/search',
      'GET /api/v1/patent/applications/14412875/associated-documents',
    ]);
  });

  test('a foreign or unreadable number is refused before any request', async () => {
    for (const written of ['EP 1 234 567 A1', 'WO 2019/123456 A1', 'Application No. 17/248,024', 'Smith']) {
      await expect(fetchPublicationText(client(), written)).rejects.toBeInstanceOf(NotUsPublicationError);
    }
    expect(odp.requests).toHaveLength(0);
  });
});

describe('the pure steps, on the real responses', () => {
  const search = JSON.parse(odpFixture('search-17248024.json').toString('utf8')) as unknown;
  const associated = JSON.parse(odpFixture('associated-documents-17248024.json').toString('utf8')) as {
    patentFileWrapperDataBag: Record<string, Record<string, string>>[];
  };
  const n = (s: string) => parseUsDocumentNumber(s)!;

  test("the search body: the number in the ODP's own form, a few fields, a few hits", () => {
    expect(searchBodyFor(n('US 7,123,456 B2'))).toEqual({
      q: 'applicationMetaData.patentNumber:7123456',
      fields: ['applicationNumberText', 'applicationMetaData.patentNumber', 'applicationMetaData.earliestPublicationNumber'],
      pagination: { offset: 0, limit: 5 },
    });
    expect(searchBodyFor(n('US 07,123,456 B2')).q).toBe('applicationMetaData.patentNumber:7123456');
    expect(searchBodyFor(n('US 2005/0025220 A1')).q).toBe('applicationMetaData.earliestPublicationNumber:US20050025220A1');
  });

  test('a hit stating another number than the one asked for is passed over', () => {
    expect(matchingApplication(search, n('US 11,646,472 B2'))).toBe('17248024');
    expect(matchingApplication(search, n('US 11,646,473 B2'))).toBeNull();
    expect(matchingApplication(search, n('US 2021/0210820 A1'))).toBeNull();
    expect(matchingApplication(null, n('US 11,646,472 B2'))).toBeNull();
  });

  test('the grant for a patent, the publication for a publication; an empty location is none', () => {
    expect(fullTextLocation(associated, n('US 11,646,472 B2'))?.uri).toBe(
      'https://api.uspto.gov/api/v1/datasets/products/files/PTGRXML-SPLT/2023/ipg230509/17248024_11646472.xml',
    );
    expect(fullTextLocation(associated, n('US 2021/0210819 A1'))?.uri).toBe(
      'https://api.uspto.gov/api/v1/datasets/products/files/APPXML-SPLT/2021/ipa210708/17248024_20210210819.xml',
    );
    const blank = structuredClone(associated);
    blank.patentFileWrapperDataBag[0].grantDocumentMetaData.fileLocationURI = ''; // as the ODP sends where it has no file
    expect(fullTextLocation(blank, n('US 11,646,472 B2'))).toBeNull();
    // A file named for another document is not the one cited.
    expect(fullTextLocation(associated, n('US 11,646,999 B2'))).toBeNull();
  });
});
