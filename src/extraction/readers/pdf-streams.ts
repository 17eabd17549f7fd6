/**
 * How much a PDF's Flate-compressed streams inflate to, counted before pdf.js reads the file: a
 * deflate bomb of content-stream operators (a 535 kB file inflating to 150 MB kept pdf.js busy for
 * 30 s) is refused in the time it takes zlib to inflate up to the budget, with nothing kept.
 * Images are skipped (a scan's pages are large and never parsed as text); streams that do not
 * inflate (encrypted, damaged) count as nothing: pdf.js judges them.
 */
import { createInflate } from 'node:zlib';

/** The dictionary before `stream` is at most this far back (a content stream's is tens of bytes). */
const DICT_WINDOW = 2048;
const STREAM = /stream\r?\n/g;

/** Inflates `data`, counting the bytes; stops once `limit` is passed. Returns the count (> limit when stopped). */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let n = 0;
    const z = createInflate();
    z.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > limit) {
        z.destroy();
        resolve(n);
      }
    });
    z.on('end', () => resolve(n));
    z.on('error', () => resolve(n));
    z.end(data);
  });
}

/** Total inflated bytes of the non-image Flate streams, or a figure over `limit` as soon as it is passed. */
export async function inflatedStreamBytes(pdf: Buffer, limit: number): Promise<number> {
  const latin = pdf.toString('latin1');
  let total = 0;
  STREAM.lastIndex = 0;
  for (let m = STREAM.exec(latin); m; m = STREAM.exec(latin)) {
    if (m.index > 0 && /[a-z]/i.test(latin[m.index - 1]!)) continue; // "endstream"
    const start = m.index + m[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    const dict = latin.slice(Math.max(0, m.index - DICT_WINDOW), m.index);
    const own = dict.slice(dict.lastIndexOf('obj') + 1);
    STREAM.lastIndex = end + 9;
    if (!/\/FlateDecode|\/Fl\b/.test(own) || /\/Subtype\s*\/Image/.test(own)) continue;
    total += await inflatedSize(pdf.subarray(start, end), limit - total);
    if (total > limit) return total;
  }
  return total;
}
