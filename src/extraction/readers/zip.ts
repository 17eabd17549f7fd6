/**
 * A zip (a .docx, a zipped USPTO XML download) read with yauzl: the entries and their sizes come
 * from the central directory before anything is inflated, and an entry is inflated only up to its
 * declared size (yauzl fails an entry whose data inflates to more than the directory says, so a
 * zip that lies about its sizes cannot slip past the checks made on them).
 */
import yauzl from 'yauzl';

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export interface ZipReader {
  entries: ZipEntryInfo[];
  /** The entry's bytes; refuses one whose declared size is over `maxBytes` before inflating it. */
  read(name: string, maxBytes: number): Promise<Buffer>;
  close(): void;
}

/** Thrown when an entry is larger than the caller allows; the caller words the budget. */
export class ZipEntryTooLarge extends Error {
  readonly entry: string;
  readonly bytes: number;
  constructor(entry: string, bytes: number) {
    super(`${entry} is ${bytes} bytes uncompressed`);
    this.entry = entry;
    this.bytes = bytes;
  }
}

export async function openZip(bytes: Buffer): Promise<ZipReader> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  const byName = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) {
    if (!entry.fileName.endsWith('/')) byName.set(entry.fileName, entry);
  }
  return {
    entries: [...byName.values()].map((e) => ({ name: e.fileName, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize })),
    async read(name, maxBytes) {
      const entry = byName.get(name);
      if (!entry) throw new Error(`no ${name} in the zip`);
      if (entry.uncompressedSize > maxBytes) throw new ZipEntryTooLarge(name, entry.uncompressedSize);
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
