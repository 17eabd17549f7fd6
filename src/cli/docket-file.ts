import { readFileSync, statSync } from 'node:fs';
import { AppError } from '../errors.ts';
import { IMPORT_LIMITS } from '../domain/docket-import.ts';

/** The docket CSV's text (UTF-8, else Windows-1252), refused before reading when over the import's byte cap. */
export function readDocketFile(file: string): string {
  let bytes: Buffer;
  try {
    if (file !== '-' && statSync(file).size > IMPORT_LIMITS.maxBytes) throw tooLarge();
    bytes = readFileSync(file === '-' ? 0 : file);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new AppError(400, 'file_not_found', `No such file: ${file}`, 'Check the path, or pass - to read the CSV from standard input.');
    if (code === 'EISDIR' || code === 'EACCES' || code === 'EPERM')
      throw new AppError(400, 'file_unreadable', `${file} cannot be read (${code}).`, 'Pass the path of a CSV file you can read.');
    throw err;
  }
  if (bytes.length > IMPORT_LIMITS.maxBytes) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function tooLarge(): AppError {
  return new AppError(
    413,
    'payload_too_large',
    `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
    'Split the docket into files of at most 2 MB and 10,000 rows.',
  );
}
