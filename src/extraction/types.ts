/**
 * What an uploaded file yields once read (issue 18 "the application file", issue 20 items 1-2
 * "hostile files"): the text, in a canonical form the pure readers in `src/domain/file/` parse
 * into paragraphs, claims and figures. Reading happens in a separate process with budgets
 * (bytes, uncompressed size, pages, paragraphs, time, memory): see `extract.ts`.
 */

export type ExtractFormat = 'txt' | 'docx' | 'pdf' | 'xml';

/** One printed line of a US patent grant's two-column layout ("col. 3, lines 4-10"). */
export interface ColumnLine {
  /** The column number printed at the top of the column. */
  column: number;
  /** The line number within the column, counted from the column's first text line (the gutter's 5, 10, 15 ... where printed). */
  line: number;
  text: string;
  /** 1-based page of the PDF. */
  page: number;
}

/** Bibliographic data a USPTO full-text XML document states about itself. */
export interface XmlBibliography {
  /** Which DTD or schema the file follows. */
  dtd: 'us-patent-grant' | 'us-patent-application' | 'st96' | 'other';
  /** `US`, and the number as the document gives it: `07654321`, `20050025220`. */
  country: string | null;
  doc_number: string | null;
  kind: string | null;
  /** YYYY-MM-DD */
  date: string | null;
  title: string | null;
}

export interface ExtractedText {
  format: ExtractFormat;
  /**
   * The text. Paragraphs are separated by a blank line. For USPTO XML the text is rendered in
   * the canonical layout: title; "ABSTRACT" and its paragraphs; the description with each
   * numbered paragraph starting "[0001] "; headings as paragraphs of their own; then "CLAIMS" and
   * each claim as "1. text". At most MAX_TEXT_CHARS (see budgets).
   */
  text: string;
  /**
   * DOCX only: the same text with struck-through and double-struck runs removed (a response's
   * claim listing marks deletions that way, 37 CFR 1.121(c)(2)); underlining dropped.
   * Absent when the document has no struck-through text.
   */
  clean_text?: string;
  /** Pages of a PDF; null otherwise. */
  pages: number | null;
  /** A grant PDF whose layout shows column numbers: every text line with its column and line. */
  column_lines: ColumnLine[] | null;
  /** USPTO XML: what the document says about itself. */
  bibliography: XmlBibliography | null;
  /**
   * Where the text came from: the file's own text ('text'), or OCR of a scan with no text layer
   * ('ocr', issue 22 item 6), which may misread characters.
   */
  text_source: 'text' | 'ocr';
  /** OCR only: the mean confidence of the words read (0-100); null otherwise. */
  ocr_confidence: number | null;
  /** Things the reader should know (e.g. "PDF text layer: strikethrough is not visible"). */
  warnings: string[];
}
