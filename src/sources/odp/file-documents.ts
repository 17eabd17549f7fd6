// Fetches an application's file papers from the ODP (issue 18: claims, specification, replies):
// the documents list, the selection (select-file-documents.ts), then each paper's file in its best
// format, one request at a time through the client's queue. The bytes go to the extraction service
// (src/extraction), which reads PDF, DOCX, USPTO XML and a ZIP holding one XML.
import { OdpRefusedUrlError, OdpTooLargeError, type OdpClient, type OdpFile } from './odp-client.ts';
import { FILE_DOCUMENT_KINDS, selectFileDocuments, type DownloadFormat, type FileDocumentChoice, type FileDocumentKind } from './select-file-documents.ts';

export interface FileDocument {
  kind: FileDocumentKind;
  documentCode: string;
  description: string;
  /** YYYY-MM-DD */
  officialDate: string;
  documentIdentifier: string;
  /** The download option the file came from. */
  format: DownloadFormat;
  file: OdpFile;
}

/** 404 in every format; over the size cap; an address outside the ODP's download paths (download-url.ts). */
export type SkipReason = 'not_found' | 'too_large' | 'refused';

export interface FetchFileDocumentsOptions {
  kinds?: readonly FileDocumentKind[];
  /** Told of a paper left out because none of its formats could be had. */
  onSkip?: (paper: FileDocumentChoice, reason: SkipReason) => void;
}

/**
 * The application's file papers with their bytes, or null when the ODP has no such application.
 * A paper whose best format cannot be had falls back to its next format; one with none is left out
 * (and reported to `onSkip`).
 * Throws OdpUnavailableError / OdpRejectedError as the client does.
 */
export async function fetchFileDocuments(
  client: OdpClient,
  applicationNumber: string,
  options: FetchFileDocumentsOptions = {},
): Promise<FileDocument[] | null> {
  const list = await client.getDocuments(applicationNumber);
  if (list === null) return null;
  const bag = typeof list === 'object' && !Array.isArray(list) ? (list as { documentBag?: unknown }).documentBag : undefined;
  const out: FileDocument[] = [];
  for (const paper of selectFileDocuments(bag, options.kinds ?? FILE_DOCUMENT_KINDS)) {
    const fetched = await fetchPaper(client, paper);
    if ('skipped' in fetched) {
      options.onSkip?.(paper, fetched.skipped);
      continue;
    }
    const { kind, documentCode, description, officialDate, documentIdentifier } = paper;
    out.push({ kind, documentCode, description, officialDate, documentIdentifier, format: fetched.format, file: fetched.file });
  }
  return out;
}

export async function fetchPaper(
  client: OdpClient,
  paper: Pick<FileDocumentChoice, 'downloads'>,
): Promise<{ format: DownloadFormat; file: OdpFile } | { skipped: SkipReason }> {
  let reason: SkipReason = 'not_found';
  for (const option of paper.downloads) {
    try {
      const file = await client.download(option.url);
      if (file) return { format: option.format, file };
    } catch (err) {
      if (err instanceof OdpTooLargeError) reason = 'too_large';
      else if (err instanceof OdpRefusedUrlError) reason = 'refused';
      else throw err;
    }
  }
  return { skipped: reason };
}
