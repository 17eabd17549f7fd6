import type { Db } from '../db/connect.ts';
import type { SourceAnalysis } from '../domain/response-plan/types.ts';
import { unpackJson } from '../db/packed-json.ts';

export interface AnalysisForAccount {
  id: string;
  application_number: string;
  record: SourceAnalysis;
  /** The action's text (for the examiner's reasoning), when asked for. */
  text: string | null;
}

/** The account's analysis, or undefined (another account's analysis is not found: 404, never 403). */
export async function findAnalysisForAccount(
  db: Db,
  accountId: string,
  analysisId: string,
  opts: { withText?: boolean } = {},
): Promise<AnalysisForAccount | undefined> {
  const row = opts.withText
    ? await db
        .selectFrom('analyses')
        .select(['id', 'application_number', 'record', 'text'])
        .where('id', '=', analysisId)
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    : await db
        .selectFrom('analyses')
        .select(['id', 'application_number', 'record'])
        .where('id', '=', analysisId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    application_number: row.application_number,
    record: unpackJson<SourceAnalysis>(row.record),
    text: 'text' in row ? (row.text as string) : null,
  };
}
