import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Document, Packer, Paragraph } from 'docx';
import { createTestApp, signUp, type TestApp } from '../support/app.ts';
import { minimalPdf } from '../support/minimal-pdf.ts';

let t: TestApp;
let base: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  cookie = (await signUp(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

async function upload(name: string, type: string, bytes: Buffer | string, headers: Record<string, string> = { cookie }) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${base}/api/office-action-text`, { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.json() };
}

const LINE = 'Claims 1-3 are rejected under 35 U.S.C. 103 as being unpatentable over Smith (US 9,876,543).';

describe('POST /api/office-action-text', () => {
  test('.txt, .docx (mammoth) and .pdf (unpdf) come back as plain text', async () => {
    const txt = await upload('action.txt', 'text/plain', `\uFEFFDETAILED ACTION\r\n${LINE}\r\n`);
    expect(txt.status).toBe(200);
    expect(txt.body).toMatchObject({ format: 'txt', text: `DETAILED ACTION\n${LINE}` });

    const doc = new Document({ sections: [{ children: [new Paragraph('DETAILED ACTION'), new Paragraph(LINE)] }] });
    const docx = await upload('action.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', await Packer.toBuffer(doc));
    expect(docx.status, JSON.stringify(docx.body)).toBe(200);
    expect(docx.body.format).toBe('docx');
    expect(docx.body.text).toContain(LINE);

    const pdf = await upload('action.pdf', 'application/pdf', minimalPdf(['DETAILED ACTION', LINE]));
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(pdf.body).toMatchObject({ format: 'pdf', pages: 1 });
    expect(pdf.body.text.replace(/\s+/g, ' ')).toContain('Claims 1-3 are rejected under 35 U.S.C. 103');
  });

  test('other types, broken files and anonymous callers are refused with the error object', async () => {
    const exe = await upload('action.exe', 'application/octet-stream', Buffer.from('MZ\x90\x00'));
    expect(exe.status).toBe(415);
    expect(exe.body).toMatchObject({ error: true, error_code: 'unsupported_file_type' });
    const broken = await upload('action.pdf', 'application/pdf', Buffer.from('%PDF-1.4 garbage'));
    expect(broken.status).toBe(422);
    expect(broken.body.error_code).toBe('unreadable_document');
    const empty = await upload('blank.txt', 'text/plain', '   \n  ');
    expect(empty.status).toBe(422);
    expect(empty.body.error_code).toBe('no_text_found');
    // Files larger than the default 1 MB body limit are accepted (multipart has its own 10 MB limit).
    const big = minimalPdf(['DETAILED ACTION', LINE, ...Array.from({ length: 40 }, (_, i) => `Padding line ${i}`)]);
    const padded = Buffer.concat([big, Buffer.from(`%${'x'.repeat(3 * 1024 * 1024)}\n`)]);
    const large = await upload('large.pdf', 'application/pdf', padded);
    expect(large.status, JSON.stringify(large.body)).toBe(200);
    const tooBig = await upload('huge.txt', 'text/plain', 'y'.repeat(11 * 1024 * 1024));
    expect(tooBig.status).toBe(413);
    const json = await fetch(`${base}/api/office-action-text`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    const anon = await upload('action.txt', 'text/plain', LINE, {});
    expect(anon.status).toBe(401);
  });
});
