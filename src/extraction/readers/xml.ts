/**
 * A USPTO full-text XML file, bare or zipped (the "xmlarchive" downloads: a zip holding the .xml
 * and its images). A bulk file concatenates many documents, each with its own `<?xml`
 * declaration: the first is read and a warning says so.
 */
import { AppError } from '../../errors.ts';
import type { DocumentBudgets } from '../budgets.ts';
import { megabytes, textTooLong, tooComplex, unreadable } from '../errors.ts';
import type { XmlBibliography } from '../types.ts';
import { NotPatentXml, PatentTextTooLong, readPatentXml } from '../xml/patent-xml.ts';
import { openZip, ZipEntryTooLarge } from './zip.ts';

const WHAT = 'a USPTO full-text XML document';

async function xmlInZip(bytes: Buffer, budgets: DocumentBudgets, warnings: string[]): Promise<Buffer> {
  let zip: Awaited<ReturnType<typeof openZip>>;
  try {
    zip = await openZip(bytes);
  } catch {
    throw unreadable(WHAT, 'it is not a valid zip file');
  }
  try {
    const xmls = zip.entries.filter((e) => /\.xml$/i.test(e.name));
    if (!xmls.length) throw unreadable(WHAT, 'the zip holds no .xml file');
    if (xmls.length > 1) warnings.push(`The zip holds ${xmls.length} .xml files; only ${xmls[0]!.name} was read.`);
    return await zip.read(xmls[0]!.name, budgets.maxXmlBytes);
  } catch (err) {
    if (err instanceof ZipEntryTooLarge)
      throw tooComplex(`the .xml in the zip is ${megabytes(err.bytes)} uncompressed, more than ${megabytes(budgets.maxXmlBytes)}`);
    if (err instanceof AppError) throw err;
    throw unreadable(WHAT, 'the zip is damaged');
  } finally {
    zip.close();
  }
}

/** The first document of a file that may concatenate several. */
function firstDocument(xml: string, warnings: string[]): string {
  const first = xml.indexOf('<?xml');
  const next = first < 0 ? -1 : xml.indexOf('<?xml', first + 5);
  if (next < 0) return xml;
  let count = 1;
  for (let i = next; i >= 0; i = xml.indexOf('<?xml', i + 5)) count++;
  warnings.push(`The file holds ${count} XML documents (a USPTO bulk file); only the first was read.`);
  return xml.slice(0, next);
}

export async function readXml(
  bytes: Buffer,
  zipped: boolean,
  budgets: DocumentBudgets,
  purpose: string,
): Promise<{ text: string; bibliography: XmlBibliography; warnings: string[] }> {
  const warnings: string[] = [];
  const raw = zipped ? await xmlInZip(bytes, budgets, warnings) : bytes;
  const xml = firstDocument(new TextDecoder('utf-8').decode(raw), warnings);
  try {
    const read = readPatentXml(xml, budgets.maxTextChars);
    return { text: read.text, bibliography: read.bibliography, warnings: [...warnings, ...read.warnings] };
  } catch (err) {
    if (err instanceof PatentTextTooLong) throw textTooLong(budgets.maxTextChars, purpose);
    if (err instanceof NotPatentXml) throw unreadable(WHAT, err.message);
    throw err;
  }
}
