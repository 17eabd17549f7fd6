import type { Db } from '../db/connect.ts';
import type { CorrespondenceRow } from '../db/schema.ts';
import { paperVisibleTo } from './correspondence-visibility.ts';

/** A paper without its text (lists): `has_text` says whether the text is stored. */
export type PaperSummary = Omit<CorrespondenceRow, 'full_text'> & { has_text: boolean };

/** A paper's columns but its text (which can be tens of kilobytes): what lists and the pending action carry. */
export const SUMMARY_COLUMNS = [
  'c.id',
  'c.application_id',
  'c.document_code',
  'c.description',
  'c.mailing_date',
  'c.direction',
  'c.document_identifier',
  'c.period_months',
  'c.source',
  'c.owner_account_id',
  'c.text_source',
  'c.ocr_confidence',
  'c.created_at',
] as const;

export interface PaperPage {
  papers: PaperSummary[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/**
 * An application's papers as the account sees them (the public record and the papers it recorded
 * itself), newest mailing first, keyset paginated on (mailing_date, id). `before` is the id of the
 * last paper of the previous page; a cursor the account cannot see starts from the newest.
 */
export async function listPapers(db: Db, accountId: string, applicationId: string, opts: { limit: number; before?: string }): Promise<PaperPage> {
  let q = db
    .selectFrom('correspondence as c')
    .select(SUMMARY_COLUMNS)
    .select((eb) => eb('c.full_text', 'is not', null).as('has_text'))
    .where('c.application_id', '=', applicationId)
    .where(paperVisibleTo('c.owner_account_id', accountId));
  if (opts.before !== undefined) {
    const cursor = await db
      .selectFrom('correspondence as c')
      .select(['c.id', 'c.mailing_date'])
      .where('c.id', '=', opts.before)
      .where('c.application_id', '=', applicationId)
      .where(paperVisibleTo('c.owner_account_id', accountId))
      .executeTakeFirst();
    if (cursor) {
      q = q.where((eb) =>
        eb.or([eb('c.mailing_date', '<', cursor.mailing_date), eb.and([eb('c.mailing_date', '=', cursor.mailing_date), eb('c.id', '<', cursor.id)])]),
      );
    }
  }
  const rows = await q
    .orderBy('c.mailing_date', 'desc')
    .orderBy('c.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const papers = rows.slice(0, opts.limit).map((r) => ({ ...r, has_text: r.has_text === true }));
  return { papers, nextCursor: rows.length > opts.limit ? papers[papers.length - 1].id : null };
}

export interface PaperWithApplication {
  paper: CorrespondenceRow;
  applicationNumber: string;
}

/**
 * One paper with its text, when the account may see it: the paper is public or its own, and its
 * application is public or the account's own private record. Anything else is undefined (404).
 */
export async function findPaper(db: Db, accountId: string, paperId: string): Promise<PaperWithApplication | undefined> {
  const row = await db
    .selectFrom('correspondence as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .selectAll('c')
    .select('a.application_number')
    .where('c.id', '=', paperId)
    .where(paperVisibleTo('c.owner_account_id', accountId))
    .where((eb) => eb.or([eb('a.owner_account_id', 'is', null), eb('a.owner_account_id', '=', accountId)]))
    .executeTakeFirst();
  if (!row) return undefined;
  const { application_number, ...paper } = row;
  return { paper, applicationNumber: application_number };
}
