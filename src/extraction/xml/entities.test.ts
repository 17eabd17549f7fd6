import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { entityTable } from './entities.ts';
import { readPatentXml } from './patent-xml.ts';

const LIMIT = 1024 * 1024;

describe('entities', () => {
  test('the table maps the USPTO DTDs\u2019 named characters and reports any other name', () => {
    const unknown: string[] = [];
    const table = entityTable((name) => unknown.push(name));
    expect([table.lsquo, table.mgr, table.plusmn, table.amp, table.deg]).toEqual(['\u2018', '\u03bc', '\u00b1', '&', '\u00b0']);
    expect(table.xxe).toBe('');
    expect(table.constructor).toBe('');
    expect(unknown).toEqual(['xxe', 'constructor']);
  });

  test('an external entity (SYSTEM file or URL) is never loaded: it expands to nothing, with a warning', () => {
    const secret = join(mkdtempSync(join(tmpdir(), 'xxe-')), 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-CONTENTS');
    const xml = `<?xml version="1.0"?>
<!DOCTYPE us-patent-grant [
  <!ENTITY xxe SYSTEM "file://${secret}">
  <!ENTITY remote SYSTEM "http://127.0.0.1:9/evil.dtd">
  <!ENTITY % param SYSTEM "file://${secret}">
  %param;
]>
<us-patent-grant><us-bibliographic-data-grant><invention-title>Title &xxe;&remote;</invention-title></us-bibliographic-data-grant>
<abstract><p>Text &xxe; here.</p></abstract></us-patent-grant>`;
    const { text, warnings } = readPatentXml(xml, LIMIT);
    expect(text).not.toContain('TOP-SECRET');
    expect(text).toBe('Title\n\nABSTRACT\n\nText here.');
    expect(warnings).toEqual([expect.stringContaining('&xxe; &remote;')]);
  });

  test('internal entities are not expanded either: a billion laughs is a few characters', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE us-patent-grant [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<us-patent-grant><abstract><p>Laugh: &lol9;.</p></abstract></us-patent-grant>`;
    const { text, warnings } = readPatentXml(xml, LIMIT);
    expect(text).toBe('ABSTRACT\n\nLaugh: .');
    expect(warnings[0]).toContain('&lol9;');
  });
});
