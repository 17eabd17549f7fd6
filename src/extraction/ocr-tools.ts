/**
 * Where the OCR programs are (issue 22 item 6): `pdftoppm` (poppler-utils) rasterizes a page of a
 * scan and `tesseract` (tesseract-ocr, with tesseract-ocr-eng) reads it. They are found on the
 * server's PATH when the extraction service starts, and their absolute paths travel to the
 * extraction child with each file (the child runs with an empty environment). Either missing:
 * a scan is refused with 422 ocr_unavailable, which says what to install.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface OcrTools {
  pdftoppm: string;
  tesseract: string;
}

function onPath(name: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The OCR programs on this PATH, or null when either is missing. */
export function findOcrTools(path = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'): OcrTools | null {
  const pdftoppm = onPath('pdftoppm', path);
  const tesseract = onPath('tesseract', path);
  return pdftoppm && tesseract ? { pdftoppm, tesseract } : null;
}
