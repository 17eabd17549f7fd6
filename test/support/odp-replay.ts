// A local stand-in for the USPTO Open Data Portal: answers at the real paths with the real sample
// responses (test/fixtures/odp, byte for byte; sources in its README), checks X-API-KEY, and logs
// every request so tests can assert what was asked, with which key, and that requests never
// overlapped (the ODP allows burst 1 per key, shared/reference/uspto-data.md §1.2).
// Bodies with no real sample (document files, the signed-storage redirect, error bodies) are
// constructed and say so where they are built.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { minimalPdf } from './minimal-pdf.ts';
import { storedZip } from './stored-zip.ts';

export const REPLAY_KEY = 'test-key';

export const odpFixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/odp/${name}`, import.meta.url));

/** The ODP's error body layout (§1.2: `{code, error, errorDetails, requestIdentifier}`). */
export const odpError = (code: number, error: string, details: string) =>
  JSON.stringify({ code, error, errorDetails: details, requestIdentifier: '7f6c1e9a-2b1d-4c53-9a57-1d2e3f4a5b6c' });

export interface ReplayResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body in 64 KiB pieces without Content-Length (a stream whose size is known only at its end). */
  chunked?: boolean;
}

export interface ReplayRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  key: string | undefined;
  body: string;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

export class OdpReplay {
  readonly server: Server;
  url = '';
  requests: ReplayRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Responses sent before the routes, one per request that passes the key check. */
  script: ReplayResponse[] = [];
  /** The status a wrong or missing key gets (the ODP documents 403; 401 is seen too). */
  rejectStatus = 401;
  /** Called with each request before it is answered (tests: kill the client mid-pass). */
  onRequest: ((req: ReplayRequest) => Promise<void> | void) | null = null;
  /** Milliseconds each answer waits, so overlapping requests would be seen (benchmarks: 0). */
  delayMs = 15;
  private readonly routes = new Map<string, ReplayResponse>();
  private readonly searches = new Map<string, Buffer>();

  private readonly requireKey: boolean;

  /** `requireKey: false` for a storage host, which sees no key (and must not). */
  constructor(options: { requireKey?: boolean } = {}) {
    this.requireKey = options.requireKey ?? true;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Forget requests, script and reject status between tests; routes stay. */
  reset(): void {
    this.requests = [];
    this.script = [];
    this.maxInFlight = 0;
    this.rejectStatus = 401;
    this.onRequest = null;
  }

  /** Answer `METHOD path` (the path without its query) with `response`. */
  route(method: string, path: string, response: ReplayResponse): this {
    this.routes.set(`${method} ${path}`, response);
    return this;
  }

  /** Answer `POST /api/v1/patent/applications/search` whose body has this `q`. Other queries get the ODP's 404. */
  search(q: string, body: Buffer): this {
    this.searches.set(q, body);
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const key = req.headers['x-api-key'];
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '',
        key: typeof key === 'string' ? key : undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(request);
      await this.onRequest?.(request);
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs)); // so overlapping requests would be seen
      await this.send(res, this.answer(request));
    } finally {
      this.inFlight -= 1;
    }
  }

  private answer(req: ReplayRequest): ReplayResponse {
    if (this.requireKey && req.key !== REPLAY_KEY) {
      const s = this.rejectStatus;
      return { status: s, headers: JSON_TYPE, body: odpError(s, s === 401 ? 'Unauthorized' : 'Forbidden', 'Invalid or missing API key') };
    }
    const scripted = this.script.shift();
    if (scripted) {
      const status = scripted.status ?? 500;
      return { ...scripted, status, headers: { ...JSON_TYPE, ...scripted.headers }, body: scripted.body ?? odpError(status, 'Error', 'scripted') };
    }
    const path = req.path.split('?')[0];
    if (req.method === 'POST' && path === '/api/v1/patent/applications/search') {
      const q = parseQ(req.body);
      const hit = q === null ? undefined : this.searches.get(q);
      if (hit) return { headers: JSON_TYPE, body: hit };
    } else {
      const routed = this.routes.get(`${req.method} ${path}`);
      if (routed) return routed;
    }
    return { status: 404, headers: JSON_TYPE, body: odpError(404, 'Not Found', 'No matching records found') };
  }

  private async send(res: ServerResponse, r: ReplayResponse): Promise<void> {
    const body = typeof r.body === 'string' ? Buffer.from(r.body) : (r.body ?? Buffer.alloc(0));
    res.writeHead(r.status ?? 200, r.headers);
    if (!r.chunked) {
      res.end(body);
      return;
    }
    for (let i = 0; i < body.length && !res.destroyed; i += 65_536) {
      if (!res.write(body.subarray(i, i + 65_536)))
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
    }
    res.end();
  }
}

function parseQ(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { q?: unknown };
    return typeof parsed.q === 'string' ? parsed.q : null;
  } catch {
    return null;
  }
}

/** The JSON fixtures at their real paths (application, transactions, documents, associated documents). */
export function serveRecordedApplications(odp: OdpReplay): OdpReplay {
  const json = (name: string): ReplayResponse => ({ headers: JSON_TYPE, body: odpFixture(name) });
  return (
    odp
      .route('GET', '/api/v1/patent/applications/17248024', json('application-17248024.json'))
      .route('GET', '/api/v1/patent/applications/17248024/transactions', json('transactions-17248024.json'))
      .route('GET', '/api/v1/patent/applications/17248024/documents', json('documents-17248024.json'))
      .route('GET', '/api/v1/patent/applications/17248024/associated-documents', json('associated-documents-17248024.json'))
      // A real search response (q=applicationNumberText:17248024): its one record is US 11,646,472 B2,
      // first published as US 2021/0210819 A1, so it is the answer to a search on either number too.
      .search('applicationMetaData.patentNumber:11646472', odpFixture('search-17248024.json'))
      .search('applicationMetaData.earliestPublicationNumber:US20210210819A1', odpFixture('search-17248024.json'))
      // A real POST search response for 14412875 (US 10,765,880); no associated-documents sample exists for it.
      .search('applicationMetaData.patentNumber:10765880', odpFixture('search-post-14412875.json'))
  );
}

/**
 * Every download option of documents-17248024.json at its real path, with CONSTRUCTED bodies (no
 * real document file was found): a one-page PDF for PDF, a ZIP holding one XML for the XML archive
 * (served as application/octet-stream, so the client must recognise it), a DOCX-shaped ZIP for
 * MS_WORD. PNG options are not served (404).
 */
export function serveDocumentDownloads(odp: OdpReplay): OdpReplay {
  const list = JSON.parse(odpFixture('documents-17248024.json').toString('utf8')) as {
    documentBag: { documentIdentifier: string; documentCode: string; downloadOptionBag?: { mimeTypeIdentifier: string; downloadUrl: string }[] }[];
  };
  for (const doc of list.documentBag) {
    for (const option of doc.downloadOptionBag ?? []) {
      const path = new URL(option.downloadUrl).pathname;
      const body = documentBody(option.mimeTypeIdentifier, doc.documentCode, doc.documentIdentifier);
      if (body) odp.route('GET', path, body);
    }
  }
  return odp;
}

/** The constructed stand-in for one document file, or null for formats not served. */
export function documentBody(format: string, code: string, identifier: string): ReplayResponse | null {
  const label = `Constructed stand-in for ${code} ${identifier}`;
  if (format === 'PDF') return { headers: { 'Content-Type': 'application/pdf' }, body: minimalPdf([label]) };
  if (format === 'XML') {
    const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<constructed code="${code}" identifier="${identifier}">${label}</constructed>\n`);
    return { headers: { 'Content-Type': 'application/octet-stream' }, body: storedZip([{ name: `${identifier}.xml`, data: xml }]) };
  }
  if (format === 'MS_WORD') {
    return {
      headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      body: storedZip([{ name: 'word/document.xml', data: Buffer.from(`<w:document><!-- ${label} --></w:document>`) }]),
    };
  }
  return null;
}

/**
 * The full-text XML files of associated-documents-17248024.json. The ODP answers their
 * `fileLocationURI` with a 302 to a signed download address on another host (patent-dev/uspto-odp
 * swagger.yaml; the signed form below copies that repository's test stand-in, CONSTRUCTED): here
 * `storage`, a second local server, serves the files. The grant XML is real (grant-11646472.xml);
 * the publication XML is constructed (constructed-pgpub-20210210819.xml).
 */
export function serveFullText(odp: OdpReplay, storage: OdpReplay): void {
  const files = [
    ['PTGRXML-SPLT/2023/ipg230509/17248024_11646472.xml', 'grant-11646472.xml'],
    ['APPXML-SPLT/2021/ipa210708/17248024_20210210819.xml', 'constructed-pgpub-20210210819.xml'],
  ];
  for (const [file, fixture] of files) {
    odp.route('GET', `/api/v1/datasets/products/files/${file}`, {
      status: 302,
      headers: { Location: `${storage.url}/files/${file}?Expires=1758628085&Signature=test-signature&Key-Pair-Id=TEST123` },
    });
    storage.route('GET', `/files/${file}`, { headers: { 'Content-Type': 'application/xml' }, body: odpFixture(fixture) });
  }
}
