/**
 * PDFs written by hand with a correct cross-reference table (as minimal-pdf.ts does), from a list
 * of objects: object i + 1 is `objects[i]`; a stream object is `{ dict, stream }` (its /Length is
 * added). For the extraction tests' layouts and hostile files.
 */
export type PdfObject = string | { dict: string; stream: Buffer };

export function writePdf(objects: PdfObject[], root = 1): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    if (typeof o === 'string') push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
    else {
      push(Buffer.from(`${i + 1} 0 obj\n<< ${o.dict} /Length ${o.stream.length} >>\nstream\n`, 'latin1'));
      push(o.stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  const xref = length;
  push(
    Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`, 'latin1'),
  );
  push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A string for a PDF text operator: `(text)` with its parentheses and backslashes escaped. */
export const pdfString = (s: string): string => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** One page of text items placed at absolute positions (Helvetica), as one PDF. */
export function positionedTextPdf(pages: { items: { text: string; x: number; y: number; size?: number }[] }[]): Buffer {
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (const page of pages) {
    const content = page.items.map((i) => `BT /F1 ${i.size ?? 10} Tf 1 0 0 1 ${i.x} ${i.y} Tm ${pdfString(i.text)} Tj ET`).join('\n');
    objects.push({ dict: '', stream: Buffer.from(content, 'latin1') });
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return writePdf(objects);
}
