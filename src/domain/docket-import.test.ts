import { describe, expect, test } from 'vitest';
import {
  classifyImportRows,
  countImportRows,
  DocketCsvError,
  detectColumns,
  detectDelimiter,
  IMPORT_LIMITS,
  parseDocketCsv,
  parseWrittenApplicationNumber,
} from './docket-import.ts';

const num = (s: string) => {
  const r = parseWrittenApplicationNumber(s);
  return 'number' in r ? r.number : null;
};

describe('application numbers as firms write them', () => {
  test.each([
    ['17/248,024', '17248024'],
    ['17248024', '17248024'],
    ['17-248024', '17248024'],
    ['17 248 024', '17248024'],
    ['US 17/248,024', '17248024'],
    ['US17248024', '17248024'],
    ['U.S. Ser. No. 17/248,024', '17248024'],
    ['Ser. No. 17/248,024', '17248024'],
    ['Appl. No. 29/123,456', '29123456'],
    ['Application No.: 16/123,456', '16123456'],
    ["'17/248,024", '17248024'],
    ['１７/２４８,０２４', '17248024'],
  ])('%s → %s', (written, expected) => {
    expect(num(written)).toBe(expected);
  });

  test.each([
    ['PCT/US2020/012345', /PCT international application/],
    ['17/248,02', /7 digits; a US application number has 8/],
    ['hello', /not a US application number/],
    ['', /no application number/],
  ])('%s is refused with a reason', (written, reason) => {
    const r = parseWrittenApplicationNumber(written);
    expect('reason' in r && r.reason).toMatch(reason);
  });
});

describe('header detection', () => {
  test('common names, any case and punctuation', () => {
    expect(detectColumns(['App No.', 'Attorney Docket', 'ENTITY STATUS', 'Comments'])).toEqual({
      application_number: 0,
      client_matter: 1,
      entity_size: 2,
      notes: 3,
    });
    expect(detectColumns(['Notes', 'Serial No', 'Client-Matter'])).toEqual({ notes: 0, application_number: 1, client_matter: 2 });
    expect(detectColumns(['Application Number', 'Docket No', 'Entity'])).toEqual({ application_number: 0, client_matter: 1, entity_size: 2 });
    expect(detectColumns(['Title', 'Matter'])).toBeNull();
  });

  test('delimiters: comma, semicolon, tab; quoted delimiters do not count', () => {
    expect(detectDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('a;b;c\r\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('"x;y;z;w",b,c')).toBe(',');
  });

  test('BOM, CRLF, semicolons, a blank line; every row judged, lines as in the file', () => {
    const csv =
      '\uFEFFSerial No;Matter;Entity;Notes\r\n17/248,024;ACME-1;Small;first\r\n\r\n14412875;ACME-2;;\r\nPCT/US2020/012345;ACME-3;;\r\n17/200,011;ACME-4;giant;\r\n';
    const parsed = parseDocketCsv(csv);
    expect(parsed).toMatchObject({
      delimiter: ';',
      has_header: true,
      columns: { application_number: 'Serial No', client_matter: 'Matter', entity_size: 'Entity', notes: 'Notes' },
    });
    expect(parsed.rows.map((r) => [r.line, r.number, r.status, r.entity_size])).toEqual([
      [2, '17248024', 'add', 'small'],
      [4, '14412875', 'add', null],
      [5, null, 'malformed', null],
      [6, null, 'malformed', null],
    ]);
    expect(parsed.rows[3].reason).toMatch(/entity status "giant"/);
  });

  test('no header: a first column of numbers is read positionally', () => {
    const parsed = parseDocketCsv('17/248,024,ACME-1,micro,"a note, with a comma"\n14/412,875,ACME-2\n');
    expect(parsed.has_header).toBe(false);
    expect(parsed.rows.map((r) => [r.line, r.number, r.client_matter, r.entity_size, r.notes])).toEqual([
      [1, '17248024', 'ACME-1', 'micro', 'a note, with a comma'],
      [2, '14412875', 'ACME-2', null, null],
    ]);
  });

  test('17/248,024 unquoted in a comma-separated file is one number, the columns after it in place', () => {
    const parsed = parseDocketCsv('App No,Matter,Notes\n17/248,024,ACME-1,n\nUS 14/412,875,ACME-2\n');
    expect(parsed.rows.map((r) => [r.number, r.client_matter, r.notes])).toEqual([
      ['17248024', 'ACME-1', 'n'],
      ['14412875', 'ACME-2', null],
    ]);
  });

  test("a multi-line quoted note keeps the next record's line right", () => {
    const parsed = parseDocketCsv('Application Number,Notes\n17248024,"one\ntwo"\n14412875,x\n');
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  test('no number column → a clear error; over the row cap → 413', () => {
    expect(() => parseDocketCsv('Title,Matter\nA gasket,ACME\n')).toThrow(/No application number column/);
    const many = `Application Number\n${'17248024\n'.repeat(IMPORT_LIMITS.maxRows + 1)}`;
    try {
      parseDocketCsv(many);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DocketCsvError);
      expect((err as DocketCsvError).status).toBe(413);
    }
    // Exactly the cap is fine.
    expect(parseDocketCsv(`Application Number\n${'17248024\n'.repeat(IMPORT_LIMITS.maxRows)}`).rows).toHaveLength(IMPORT_LIMITS.maxRows);
  });

  test('a field over its cap makes its line malformed', () => {
    const parsed = parseDocketCsv(`Application Number,Matter\n17248024,${'M'.repeat(201)}\n`);
    expect(parsed.rows[0]).toMatchObject({ status: 'malformed', reason: expect.stringMatching(/client_matter is longer than 200/) });
  });
});

describe('classification', () => {
  test('already on the docket, repeated in the file (first line wins), malformed untouched', () => {
    const { rows } = parseDocketCsv('App No\n17/248,024\n17248024\n14412875\nbad\n');
    const classified = classifyImportRows(rows, new Set(['14412875']));
    expect(classified.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, 'add', null],
      [3, 'duplicate_in_file', 'the same application as line 2'],
      [4, 'duplicate', 'already on your docket'],
      [5, 'malformed', expect.any(String)],
    ]);
    expect(countImportRows(classified)).toEqual({ total: 4, add: 1, duplicate: 1, duplicate_in_file: 1, malformed: 1 });
  });
});
