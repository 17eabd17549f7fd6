/**
 * RFC 4180 CSV for the server's downloads. A cell a spreadsheet would run as a formula (leading
 * = + - @, tab or carriage return) is prefixed with an apostrophe, so a client matter or a
 * title written "=HYPERLINK(...)" stays text; numbers (-1.50) are left as numbers.
 */
export type CsvCell = string | number | null | undefined;

function csvCell(c: CsvCell): string {
  const s = c === null || c === undefined ? '' : String(c);
  const safe = typeof c !== 'number' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
