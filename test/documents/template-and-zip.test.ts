import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildExtensionPetition } from '../../src/documents/build-extension-petition.ts';
import { readTemplateStyles, TemplateError } from '../../src/documents/docx/template.ts';
import { readZipEntry, ZipFormatError, zipEntryNames } from '../../src/documents/docx/zip.ts';
import { openDocx } from './support/open-docx.ts';
import { extension } from '../fixtures/documents/form-samples.ts';

/** A firm template: Normal in Georgia 11 pt, a house style, nothing else of ours. */
async function firmTemplate(): Promise<Buffer> {
  return Packer.toBuffer(
    new Document({
      styles: {
        paragraphStyles: [
          { id: 'Normal', name: 'Normal', run: { font: 'Georgia', size: 22 } },
          { id: 'FirmLetterhead', name: 'Firm Letterhead', run: { font: 'Georgia', bold: true } },
        ],
      },
      sections: [{ children: [new Paragraph('template')] }],
    }),
  );
}

describe('readZipEntry', () => {
  it('reads every part as JSZip does, deflated or stored', async () => {
    const docx = await firmTemplate();
    const zip = await JSZip.loadAsync(docx);
    expect(zipEntryNames(docx).sort()).toEqual(
      Object.keys(zip.files)
        .filter((n) => !zip.files[n].dir)
        .sort(),
    );
    for (const name of zipEntryNames(docx)) {
      expect(readZipEntry(docx, name)!.equals(Buffer.from(await zip.file(name)!.async('uint8array')))).toBe(true);
    }
    const stored = new JSZip();
    stored.file('a.txt', 'plain text', { compression: 'STORE' });
    const buf = await stored.generateAsync({ type: 'nodebuffer' });
    expect(readZipEntry(buf, 'a.txt')!.toString()).toBe('plain text');
    expect(readZipEntry(buf, 'missing')).toBeNull();
    expect(() => readZipEntry(Buffer.from('not a zip at all, just text'), 'x')).toThrow(ZipFormatError);
  });
});

describe('firm templates', () => {
  it('reads the template’s styles and theme', async () => {
    const t = readTemplateStyles(await firmTemplate());
    expect(t.styleIds.has('FirmLetterhead')).toBe(true);
    expect(t.externalStyles).toContain('Georgia');
    expect(t.theme).toBeDefined();
    expect(() => readTemplateStyles(Buffer.from('nope'))).toThrow(TemplateError);
  });

  it('reuses the template’s styles, adding only the styles it lacks', async () => {
    const doc = await openDocx(await buildExtensionPetition({ ...extension, template: await firmTemplate() }));
    expect(doc.stylesXml).toMatch(/w:styleId="Normal"[\s\S]*?w:ascii="Georgia"/);
    expect(doc.stylesXml).toContain('w:styleId="FirmLetterhead"');
    expect(doc.stylesXml).toContain('w:styleId="ProsaCaption"');
    expect(doc.stylesXml).toContain('w:styleId="ProsaPrompt"');
    expect(doc.stylesXml.match(/w:styleId="Normal"/g)).toHaveLength(1);
    expect(doc.text).toContain('PETITION FOR EXTENSION OF TIME');
  });
});
