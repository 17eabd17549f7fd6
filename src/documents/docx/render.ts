/**
 * Assembles a paper and packs it. The builders pass every date in: the package's core
 * properties (created / modified) carry the paper's own date instead of the clock's.
 */
import { Document, Packer, type Paragraph, type Table, type ISectionOptions } from 'docx';
import { estimateThroughLastReference } from './page-references.ts';
import { continuationHeader, emptyHeader, pageNumberFooter, PAPER_PAGE } from './page.ts';
import { styleSetup } from './styles.ts';
import { readTemplateStyles } from './template.ts';
import type { IsoDate } from '../types.ts';

export interface PaperOptions {
  /** Document title (core properties). */
  title: string;
  /** Date of the paper: the core properties' created and modified dates (left out when absent). */
  date?: IsoDate;
  children: readonly (Paragraph | Table)[];
  /** Running header of pages after the first. */
  headerLines?: readonly string[];
  template?: Buffer;
  /** Replaces the paper page setup (the drawing sheet has its own). */
  section?: Partial<ISectionOptions>;
  /**
   * Work out the page numbers of page references when building (docx/layout, as far as the last
   * reference: page-references.ts), so they show without a field update.
   */
  pageReferences?: boolean;
  /** Further sections after the paper's own (e.g. the PTO/SB/08 list, numbered by its own sheets). */
  moreSections?: readonly ISectionOptions[];
}

export async function renderPaper(options: PaperOptions): Promise<Buffer> {
  const setup = styleSetup(options.template ? readTemplateStyles(options.template) : undefined);
  const section: ISectionOptions = {
    properties: { page: PAPER_PAGE, titlePage: true },
    headers: options.headerLines ? { default: continuationHeader(options.headerLines), first: emptyHeader() } : undefined,
    footers: { default: pageNumberFooter(), first: pageNumberFooter() },
    ...options.section,
    children: options.children,
  };
  const doc = new Document({
    creator: 'Prosa',
    title: options.title,
    styles: setup.styles,
    externalStyles: setup.externalStyles,
    theme: setup.theme,
    sections: [section, ...(options.moreSections ?? [])],
    pageNumbers: options.pageReferences ? estimateThroughLastReference : undefined,
  });
  return Packer.toBuffer(doc, false, [{ path: 'docProps/core.xml', data: coreProperties(options.title, options.date) }]);
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function coreProperties(title: string, date: IsoDate | undefined): string {
  const stamp = date ? `${date}T00:00:00Z` : null;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlEscape(title)}</dc:title><dc:creator>Prosa</dc:creator>` +
    (stamp
      ? `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>`
      : '') +
    '</cp:coreProperties>'
  );
}
