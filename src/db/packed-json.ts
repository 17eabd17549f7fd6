import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * A JSON document stored compressed (`bytea`, STORAGE EXTERNAL): an analysis' record
 * (migration 042). Compressed in Node, on the analysis thread that built it, the record reaches
 * the database about 8x smaller, so the embedded database's WASM neither copies the whole text
 * through its protocol nor compresses it again (pglz, slower than brotli in native code).
 * Brotli at quality 1: about 0.1 ms each way for a 60 kB record, 8.6x smaller (deflate level 1
 * was slower to compress and 10% larger; zstd is still experimental in Node).
 *
 * The text is kept as written, so a record reads back byte for byte, key order included.
 */
export function packJson(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
}

/** The JSON text `packJson` stored. */
export function unpackJsonText(packed: Uint8Array): string {
  return brotliDecompressSync(packed).toString('utf8');
}

/** The document `packJson` stored, parsed. */
export function unpackJson<T = Record<string, unknown>>(packed: Uint8Array): T {
  return JSON.parse(unpackJsonText(packed)) as T;
}
