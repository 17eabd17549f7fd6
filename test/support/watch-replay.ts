// What the USPTO watch tests and benchmark serve from the Open Data Portal replay
// (odp-replay.ts): the real record and documents list of 17248024, changed where a watch needs a
// pending application and a new paper. Every change is CONSTRUCTED and made here, in code:
// - the record's status becomes 41 "Non Final Action Mailed" and its grant is removed (the real
//   application is patented, and a patented application gets no office action);
// - a new outgoing paper is a copy of the list's real NOA entry (LC92E2KNXBLUEX1: PDF, MS_WORD and
//   XML options) under another code, description, date and identifier.
import { minimalPdf } from './minimal-pdf.ts';
import { odpFixture, type OdpReplay, type ReplayResponse } from './odp-replay.ts';

const JSON_TYPE = { 'Content-Type': 'application/json' };

type Entry = Record<string, unknown> & { documentIdentifier: string; downloadOptionBag?: { mimeTypeIdentifier: string; downloadUrl: string }[] };

export function pendingRecord(): Buffer {
  const body = JSON.parse(odpFixture('application-17248024.json').toString('utf8'));
  const record = body.patentFileWrapperDataBag[0];
  Object.assign(record.applicationMetaData, {
    applicationStatusCode: 41,
    applicationStatusDescriptionText: 'Non Final Action Mailed',
    applicationStatusDate: '2026-11-20',
  });
  delete record.applicationMetaData.patentNumber;
  delete record.applicationMetaData.grantDate;
  delete record.grantDocumentMetaData;
  return Buffer.from(JSON.stringify(body));
}

/** The real documents list, newest first as the ODP sends it, with `extra` papers in front. */
export function documentsList(extra: Entry[] = []): Buffer {
  const body = JSON.parse(odpFixture('documents-17248024.json').toString('utf8')) as { count: number; documentBag: Entry[] };
  body.documentBag = [...extra, ...body.documentBag];
  body.count = body.documentBag.length;
  return Buffer.from(JSON.stringify(body));
}

/** A new outgoing paper shaped as the list's real NOA entry; its only file is a PDF (as most office actions are). */
export function outgoingPaper(p: { code: string; description: string; identifier: string; officialDate: string }): Entry {
  const list = JSON.parse(odpFixture('documents-17248024.json').toString('utf8')) as { documentBag: Entry[] };
  const noa = list.documentBag.find((d) => d.documentIdentifier === 'LC92E2KNXBLUEX1')!;
  return {
    ...noa,
    officialDate: p.officialDate,
    documentIdentifier: p.identifier,
    documentCode: p.code,
    documentCodeDescriptionText: p.description,
    downloadOptionBag: [
      {
        mimeTypeIdentifier: 'PDF',
        downloadUrl: `https://api.uspto.gov/api/v1/download/applications/17248024/${p.identifier}.pdf`,
        pageTotalQuantity: 1,
      } as never,
    ],
  };
}

/** The PDF a new paper's download answers: its lines as text. */
export function paperPdf(lines: string[]): ReplayResponse {
  return { headers: { 'Content-Type': 'application/pdf' }, body: minimalPdf(lines) };
}

/** 17248024 as a pending application with the real documents list (and `extra` new papers). */
export function serveWatchedApplication(odp: OdpReplay, extra: Entry[] = []): OdpReplay {
  return odp
    .route('GET', '/api/v1/patent/applications/17248024', { headers: JSON_TYPE, body: pendingRecord() })
    .route('GET', '/api/v1/patent/applications/17248024/transactions', { headers: JSON_TYPE, body: odpFixture('transactions-17248024.json') })
    .route('GET', '/api/v1/patent/applications/17248024/documents', { headers: JSON_TYPE, body: documentsList(extra) });
}
