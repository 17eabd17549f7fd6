/**
 * Image-only PDFs (scans) built at test time: a text PDF (minimal-pdf.ts) rendered to grey pixels
 * by pdftoppm (poppler-utils), then each page's image wrapped as the only content of a PDF page,
 * with no text layer, as a scanner writes it.
 */
import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { minimalPdf } from './minimal-pdf.ts';
import { writePdf, type PdfObject } from './pdf-writer.ts';

/** A binary PGM (P5) as width, height and pixels. */
function readPgm(pgm: Buffer): { width: number; height: number; pixels: Buffer } {
  // Header: "P5" whitespace width whitespace height whitespace maxval, one whitespace byte, pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: pgm.subarray(header[0].length, header[0].length + width * height) };
}

/** One page of text lines rendered at `dpi` to grey pixels. */
export function renderPage(lines: string[], dpi = 150): { width: number; height: number; pixels: Buffer } {
  const pgm = execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-f', '1', '-l', '1', '-'], { input: minimalPdf(lines), maxBuffer: 64 * 1024 * 1024 });
  return readPgm(pgm);
}

/** A scan of `pages` pages, each the image of these lines (letter size), and no text anywhere. */
export function scannedPdf(lines: string[], pages = 1): Buffer {
  const image = renderPage(lines);
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    {
      dict: `/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      stream: deflateSync(image.pixels),
    },
    { dict: '', stream: Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q') },
  ];
  const kids: number[] = [];
  for (let i = 0; i < pages; i++) {
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 3 0 R >> >> >>');
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Count ${pages} /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] >>`;
  return writePdf(objects);
}
