/**
 * Opens a generated .docx the way the tests check it: mammoth's HTML (underline kept as <u>,
 * strike as <s>) and raw text, and the OOXML parts themselves through JSZip (a dependency of
 * the devDependency mammoth), independently of the builders' own zip reader.
 */
import JSZip from 'jszip';
import mammoth from 'mammoth';

export interface OpenedDocx {
  html: string;
  text: string;
  documentXml: string;
  stylesXml: string;
  parts: string[];
  part(name: string): Promise<string>;
  /** Every header and footer part, concatenated. */
  headersAndFooters(): Promise<string>;
}

export async function openDocx(buffer: Buffer): Promise<OpenedDocx> {
  const zip = await JSZip.loadAsync(buffer);
  const part = async (name: string) => {
    const f = zip.file(name);
    if (!f) throw new Error(`no part ${name}; parts: ${Object.keys(zip.files).join(', ')}`);
    return f.async('string');
  };
  const html = (await mammoth.convertToHtml({ buffer }, { styleMap: ['u => u', 'strike => s'] })).value;
  const text = (await mammoth.extractRawText({ buffer })).value;
  const parts = Object.keys(zip.files);
  return {
    html,
    text,
    documentXml: await part('word/document.xml'),
    stylesXml: await part('word/styles.xml'),
    parts,
    part,
    headersAndFooters: async () => (await Promise.all(parts.filter((p) => /^word\/(header|footer)\d*\.xml$/.test(p)).map(part))).join('\n'),
  };
}

/** Raw text with runs of blank lines collapsed, one paragraph per line. */
export function lines(text: string): string[] {
  return text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** XML character entities back to text. */
export function unescapeXml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Concatenated text of each paragraph of a WordprocessingML part whose style is `styleId`. */
export function paragraphsWithStyle(xml: string, styleId: string): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)) {
    if (!m[1].includes(`<w:pStyle w:val="${styleId}"/>`)) continue;
    out.push(unescapeXml([...m[1].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')));
  }
  return out;
}
