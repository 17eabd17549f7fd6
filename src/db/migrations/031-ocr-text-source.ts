import { sql, type Kysely } from 'kysely';

/**
 * Where a document's text came from (issue 22 item 6): 'text' (the file's own text, a paste, USPTO
 * data) or 'ocr' (a scan with no text layer, read by tesseract), and for OCR the mean word
 * confidence (0-100). On the application file's documents and on recorded correspondence, so a
 * quotation taken from them can say it came from OCR.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['file_documents', 'correspondence']) {
    await db.schema
      .alterTable(table)
      .addColumn('text_source', 'text', (c) => c.notNull().defaultTo('text').check(sql`text_source in ('text', 'ocr')`))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('ocr_confidence', 'smallint', (c) => c.check(sql`ocr_confidence between 0 and 100`))
      .execute();
  }
}
