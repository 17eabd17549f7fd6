import { decodeCharacterReferences } from '../text.ts';

/**
 * A .txt file: UTF-8 (a BOM dropped), or UTF-16 when it starts with a UTF-16 BOM (Notepad's
 * "Unicode"). Undecodable bytes become U+FFFD rather than refusing the file.
 */
export function readTxt(bytes: Buffer): string {
  return decodeCharacterReferences(decode(bytes));
}

function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
}
