/**
 * A minimal reader for the ZIP packages of Office documents (ECMA-376 Part 2, Open Packaging
 * Conventions): the central directory, then stored or deflated entries. No dependency: `docx`
 * itself depends on `fflate`, not JSZip, and a production install has no JSZip (it comes with the
 * devDependency mammoth), so this reads a firm's template with `node:zlib` alone.
 */
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function entries(zip: Buffer): Entry[] {
  const min = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= min; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('not a ZIP package (no end of central directory record)');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out: Entry[] = [];
  for (let k = 0; k < count; k++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError('corrupt central directory');
    const method = zip.readUInt16LE(p + 10);
    const compressedSize = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) throw new ZipFormatError('ZIP64 packages are not supported');
    out.push({ name: zip.toString('utf8', p + 46, p + 46 + nameLength), method, compressedSize, localOffset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** Names of the parts in the package. */
export function zipEntryNames(zip: Buffer): string[] {
  return entries(zip).map((e) => e.name);
}

/** The bytes of one part, or null when the package has no part of that name. */
export function readZipEntry(zip: Buffer, name: string): Buffer | null {
  const e = entries(zip).find((x) => x.name === name);
  if (!e) return null;
  const h = e.localOffset;
  if (zip.readUInt32LE(h) !== LOCAL) throw new ZipFormatError(`corrupt local header for ${name}`);
  const start = h + 30 + zip.readUInt16LE(h + 26) + zip.readUInt16LE(h + 28);
  const data = zip.subarray(start, start + e.compressedSize);
  if (e.method === 0) return Buffer.from(data);
  if (e.method === 8) return inflateRawSync(data);
  throw new ZipFormatError(`unsupported compression method ${e.method} for ${name}`);
}
