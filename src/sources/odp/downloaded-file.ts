// The media type and file name of a downloaded ODP file, for the extraction service, which reads
// PDF, DOCX, USPTO XML, or a ZIP holding one XML (src/extraction/types.ts).
// The server's Content-Type is believed unless it is missing or generic (storage services often
// answer application/octet-stream); then the first bytes decide.

export interface OdpFile {
  bytes: Buffer;
  /** e.g. application/pdf, application/xml, application/zip, the DOCX type. */
  mimetype: string;
  /** A plain file name (no directory part), e.g. `KMRD8QKILDFLYX5.pdf`, `17248024_11646472.xml`. */
  filename: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-download', 'application/download']);
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/zip': 'zip',
  [DOCX]: 'docx',
};

/** `url` is the address asked for (its last segment names the file when the server does not). */
export function describeDownload(url: URL, headers: Headers, bytes: Buffer): Omit<OdpFile, 'bytes'> {
  const declared = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const named = nameFromDisposition(headers.get('content-disposition'));
  const segments = url.pathname.split('/').filter(Boolean).map(safeDecode);
  const last = segments.at(-1) ?? 'download';
  const mimetype = GENERIC.has(declared) ? sniff(bytes, named ?? last) : declared;
  let filename = named ?? last;
  // `…/{documentIdentifier}/xmlarchive` names no file: call it after the document.
  if (!filename.includes('.')) filename = `${segments.at(-2) ?? filename}.${EXTENSIONS[mimetype] ?? 'bin'}`;
  return { mimetype, filename: plainName(filename) };
}

function sniff(bytes: Buffer, name: string): string {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04') return /\.docx$/i.test(name) ? DOCX : 'application/zip';
  const head = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'application/xml';
  return 'application/octet-stream';
}

/** RFC 6266: `filename*=UTF-8''…` preferred over `filename="…"`. */
function nameFromDisposition(value: string | null): string | null {
  if (!value) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(value);
  if (extended) return safeDecode(extended[1].trim());
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(value);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** No directory part, no control characters, bounded length: the name may end up on a disk or in a header. */
function plainName(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-200);
  return clean && clean !== '.' && clean !== '..' ? clean : 'download.bin';
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
