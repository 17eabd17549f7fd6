// The ODP client's file downloads against the local replay server (test/support/odp-replay.ts):
// the origin rewrite, the SSRF guard, the size cap, retries, and the redirect to signed storage.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { OdpReplay, REPLAY_KEY as KEY, odpFixture, serveDocumentDownloads, serveFullText } from './support/odp-replay.ts';
import { minimalPdf } from './support/minimal-pdf.ts';
import { createOdpClient, OdpRefusedUrlError, OdpRejectedError, OdpTooLargeError, type OdpClientOptions } from '../src/sources/odp/odp-client.ts';
import { odpClientFor } from '../src/sources/odp/shared-client.ts';
import { loadConfig } from '../src/config.ts';
import { readZipEntry } from '../src/documents/docx/zip.ts';

const odp = serveDocumentDownloads(new OdpReplay());
const storage = new OdpReplay({ requireKey: false });
const sleeps: number[] = [];
const recordingSleep = async (ms: number) => {
  sleeps.push(ms);
};
const client = (extra: Partial<OdpClientOptions> = {}) =>
  createOdpClient({ apiKey: KEY, baseUrl: odp.url, sleep: recordingSleep, redirectOrigins: [storage.url], ...extra });

const DL = 'https://api.uspto.gov/api/v1/download/applications/17248024';
const GRANT_XML = 'https://api.uspto.gov/api/v1/datasets/products/files/PTGRXML-SPLT/2023/ipg230509/17248024_11646472.xml';

beforeAll(async () => {
  await Promise.all([odp.start(), storage.start()]);
  serveFullText(odp, storage);
  const big = Buffer.alloc(300_000, 0x41);
  odp.route('GET', '/api/v1/download/applications/17248024/BIG.pdf', { headers: { 'Content-Type': 'application/pdf' }, body: big });
  odp.route('GET', '/api/v1/download/applications/17248024/STREAMED.pdf', { headers: { 'Content-Type': 'application/pdf' }, body: big, chunked: true });
});
afterAll(async () => {
  await Promise.all([odp.close(), storage.close()]);
});
beforeEach(() => {
  odp.reset();
  storage.reset();
  sleeps.length = 0;
});

describe('download: a documentBag downloadUrl, fetched from the configured base URL', () => {
  test('a PDF: the api.uspto.gov address is fetched from the replay server, with the key', async () => {
    const file = await client().download(`${DL}/KMRD8QKGLDFLYX5.pdf`);
    expect(file).toMatchObject({ mimetype: 'application/pdf', filename: 'KMRD8QKGLDFLYX5.pdf' });
    expect(file!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(odp.requests).toEqual([{ method: 'GET', path: '/api/v1/download/applications/17248024/KMRD8QKGLDFLYX5.pdf', key: KEY, body: '' }]);
  });

  test('an XML archive served as application/octet-stream is recognised as a ZIP and named after its document', async () => {
    const file = await client().download(`${DL}/KMRD8QKILDFLYX5/xmlarchive`);
    expect(file).toMatchObject({ mimetype: 'application/zip', filename: 'KMRD8QKILDFLYX5.zip' });
    expect(readZipEntry(file!.bytes, 'KMRD8QKILDFLYX5.xml')?.toString('utf8')).toContain('code="CLM"');
  });

  test('a Word file keeps its type and its decoded name', async () => {
    const file = await client().download(`${DL}/LN4VBTHCXBLUEX2/files/O.P.%20Petition%20Decision.docx`);
    expect(file).toMatchObject({
      mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      filename: 'O.P. Petition Decision.docx',
    });
  });

  test("a bare download path is taken as the ODP's", async () => {
    expect(await client().download('/api/v1/download/applications/17248024/KMRD8QKGLDFLYX5.pdf')).not.toBeNull();
    expect(odp.requests).toHaveLength(1);
  });

  test('a file the ODP does not have (404) is null', async () => {
    expect(await client().download(`${DL}/NOSUCHDOCUMENT.pdf`)).toBeNull();
    expect(odp.requests).toHaveLength(1);
  });
});

describe("download refuses, without a request, any address but the ODP's download paths", () => {
  const refused = [
    'https://evil.example/api/v1/download/applications/17248024/KMRD8QKGLDFLYX5.pdf', // another host
    '//evil.example/api/v1/download/applications/17248024/KMRD8QKGLDFLYX5.pdf', // another host, scheme-relative
    'http://api.uspto.gov/api/v1/download/applications/17248024/KMRD8QKGLDFLYX5.pdf', // not the ODP's origin (http)
    'https://api.uspto.gov.evil.example/api/v1/download/x.pdf',
    'https://api.uspto.gov/api/v1/patent/applications/17248024', // the API, not a download
    'https://api.uspto.gov/api/v1/download/../patent/applications/17248024', // resolves outside /api/v1/download/
    'https://api.uspto.gov/api/v1/download/%2e%2e/patent/applications/17248024',
    'https://api.uspto.gov/api/v1/download/applications%2F..%2F..%2Fpatent',
    'https://api.uspto.gov/api/v1/datasets/products/files/PTGRXML/2025/ipg250916.zip', // a whole weekly bulk file
    'file:///etc/passwd',
    'not a url at all\u0000',
  ];
  test.each(refused)('%s', async (url) => {
    await expect(client().download(url)).rejects.toBeInstanceOf(OdpRefusedUrlError);
    expect(odp.requests).toHaveLength(0);
  });

  test('an address on the replay server itself is fine (tests point PROSA_USPTO_BASE_URL there)', async () => {
    expect(await client().download(`${odp.url}/api/v1/download/applications/17248024/KMRD8QKGLDFLYX5.pdf`)).not.toBeNull();
  });
});

describe('download: size cap', () => {
  test('a declared Content-Length over the cap is refused and not retried', async () => {
    await expect(client({ maxDownloadBytes: 100_000 }).download(`${DL}/BIG.pdf`)).rejects.toBeInstanceOf(OdpTooLargeError);
    expect(odp.requests).toHaveLength(1);
  });

  test('a streamed body is cut off once it passes the cap', async () => {
    const err = await client({ maxDownloadBytes: 100_000 })
      .download(`${DL}/STREAMED.pdf`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OdpTooLargeError);
    expect(err).toMatchObject({ maxBytes: 100_000 });
    expect(odp.requests).toHaveLength(1);
  });

  test('under the cap the whole body arrives', async () => {
    const file = await client({ maxDownloadBytes: 400_000 }).download(`${DL}/STREAMED.pdf`);
    expect(file!.bytes.length).toBe(300_000);
  });
});

describe('download: retries and errors, as for the JSON calls', () => {
  test('429 with Retry-After is honoured, then the file arrives', async () => {
    odp.script = [{ status: 429, headers: { 'Retry-After': '3' } }];
    const file = await client().download(`${DL}/KMRD8QKGLDFLYX5.pdf`);
    expect(file!.bytes.equals(minimalPdf(['Constructed stand-in for A.PE KMRD8QKGLDFLYX5']))).toBe(true);
    expect(sleeps).toEqual([3000]);
    expect(odp.requests).toHaveLength(2);
  });

  test('a persistent 500 is OdpUnavailableError after every attempt', async () => {
    odp.script = Array.from({ length: 4 }, () => ({ status: 500 }));
    await expect(client().download(`${DL}/KMRD8QKGLDFLYX5.pdf`)).rejects.toMatchObject({ name: 'OdpUnavailableError', status: 500, attempts: 4 });
    expect(odp.requests).toHaveLength(4);
  });

  test('403 from the ODP is OdpRejectedError after one request, and the key is in no message', async () => {
    odp.rejectStatus = 403;
    const err = await createOdpClient({ apiKey: 'wrong-key-123', baseUrl: odp.url, sleep: recordingSleep })
      .download(`${DL}/KMRD8QKGLDFLYX5.pdf`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OdpRejectedError);
    expect(String((err as Error).message)).not.toContain('wrong-key-123');
    expect(odp.requests).toHaveLength(1);
  });

  test('downloads and JSON calls share one queue: never two requests at once', async () => {
    const c = client();
    await Promise.all([
      c.download(`${DL}/KMRD8QKGLDFLYX5.pdf`),
      c.getDocuments('17248024'),
      c.download(`${DL}/KMRD8QKILDFLYX5/xmlarchive`),
      c.download(`${DL}/KJKMKMRVLDFLYX9.pdf`),
    ]);
    expect(odp.requests).toHaveLength(4);
    expect(odp.maxInFlight).toBe(1);
  });
});

describe('download: the full-text XML, redirected to signed storage', () => {
  test('the ODP answers 302; the signed address is fetched without the key', async () => {
    const file = await client().download(GRANT_XML);
    expect(file!.bytes.equals(odpFixture('grant-11646472.xml'))).toBe(true);
    expect(file).toMatchObject({ mimetype: 'application/xml', filename: '17248024_11646472.xml' });
    expect(odp.requests.map((r) => [r.path, r.key])).toEqual([['/api/v1/datasets/products/files/PTGRXML-SPLT/2023/ipg230509/17248024_11646472.xml', KEY]]);
    expect(storage.requests.map((r) => [r.path.split('?')[0], r.key])).toEqual([['/files/PTGRXML-SPLT/2023/ipg230509/17248024_11646472.xml', undefined]]);
  });

  test('an expired signature (403 at storage) is retried from the ODP, not taken for a bad key', async () => {
    storage.script = [{ status: 403 }];
    expect(await client().download(GRANT_XML)).not.toBeNull();
    expect(odp.requests).toHaveLength(2);
    expect(storage.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  test('a redirect to a host outside the USPTO is refused: that host gets no request', async () => {
    const err = await client({ redirectOrigins: [] })
      .download(GRANT_XML)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OdpRefusedUrlError);
    expect((err as Error).message).not.toContain('Signature');
    expect(storage.requests).toHaveLength(0);
  });
});

describe('no key, no client', () => {
  test('without PROSA_USPTO_API_KEY there is no ODP client, so no request can be made', () => {
    expect(odpClientFor(loadConfig({ PROSA_USPTO_BASE_URL: odp.url }))).toBeNull();
    expect(odpClientFor(loadConfig({ PROSA_USPTO_API_KEY: KEY, PROSA_USPTO_BASE_URL: odp.url }))).not.toBeNull();
    expect(() => createOdpClient({ apiKey: '', baseUrl: odp.url })).toThrow(/API key/);
  });
});
