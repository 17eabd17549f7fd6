// Records the statutory bases that one of Prosa's own office-action analyses found, so the
// examiner profile's top_rejection_bases can include them (docs/examiner-profile.md).
//
// Tenant isolation: the rows belong to the account that ran the analysis and are counted only
// in that account's profile requests. Another account's analyses never move the figures a
// tenant sees (public USPTO data moves them for everyone alike).
//
// Idempotent per office action: re-recording the same action (same application and mailing
// date, or the same analysis id) replaces its bases rather than adding to them.
import { sql } from 'kysely';
import { newId } from '../auth/secrets.ts';
import type { Db } from '../db/connect.ts';
import { normalizeApplicationNumber } from '../domain/application-number.ts';
import { middleKey, parseExaminerName } from '../domain/examiner-name.ts';
import { normalizeRejectionBasis } from '../domain/rejection-bases.ts';
import { validationError } from '../errors.ts';

export interface AnalysisBasesInput {
  /** The account that ran the analysis. */
  accountId: string;
  applicationId?: string | null;
  applicationNumber?: string | null;
  /** `LAST, FIRST M`; when absent, the examiner of the application (public, or the account's own). */
  examinerName?: string | null;
  /** Bases as the analysis names them ("103", "112(b)", "35 U.S.C. 102", "DP", …). */
  bases: readonly string[];
  /** Mailing date of the office action (YYYY-MM-DD), when known. */
  mailingDate?: string | null;
  /** Identifies the action when neither application nor mailing date is known. */
  analysisId?: string | null;
  /**
   * The application as the caller already read it for this account (null: none), so it is not
   * read again; absent: read here from applicationId or applicationNumber.
   */
  knownApplication?: KnownApplication | null;
}

export interface KnownApplication {
  id: string;
  application_number: string;
  examiner_name: string | null;
}

export interface AnalysisBasesResult {
  /** Canonical bases stored (empty when nothing could be attributed). */
  recorded: string[];
  /** Why nothing was stored, when so. */
  skipped: 'no_examiner' | 'no_bases' | null;
}

/** What recording an analysis' bases writes: the same fields on every row, one row per basis. */
export interface BasesToRecord {
  /** The fields every row of the action shares. */
  row: {
    account_id: string;
    action_key: string;
    application_id: string | null;
    application_number: string | null;
    examiner_name: string;
    name_last: string;
    name_first: string;
    name_middle: string;
    mailing_date: string | null;
  };
  /** Canonical bases, sorted, each once. */
  bases: string[];
}

/** Canonical bases of the input, sorted, each once (empty: nothing to record). */
function canonicalBases(input: AnalysisBasesInput): string[] {
  if (input.mailingDate && !/^\d{4}-\d{2}-\d{2}$/.test(input.mailingDate)) throw validationError('mailingDate', 'must be YYYY-MM-DD');
  return [...new Set(input.bases.map(normalizeRejectionBasis).filter((b): b is string => b !== null))].sort();
}

/**
 * The rows recording `input`'s bases for `app` (the application as this account sees it; undefined:
 * none), or why there are none. The action's key makes re-recording one action replace its bases.
 */
export function basesToRecord(input: AnalysisBasesInput, app: KnownApplication | undefined): BasesToRecord | Exclude<AnalysisBasesResult['skipped'], null> {
  const bases = canonicalBases(input);
  if (bases.length === 0) return 'no_bases';
  const examinerName = input.examinerName?.trim() || app?.examiner_name || null;
  const name = parseExaminerName(examinerName);
  if (examinerName === null || name === null) return 'no_examiner';
  const number = app?.application_number ?? (input.applicationNumber ? normalizeApplicationNumber(input.applicationNumber) : null);
  const subject = number ?? input.applicationId ?? null;
  const actionKey =
    subject !== null && input.mailingDate
      ? `${subject}|${input.mailingDate}`
      : input.analysisId
        ? `analysis|${input.analysisId}`
        : subject !== null
          ? `${subject}|`
          : `analysis|${newId()}`;
  return {
    row: {
      account_id: input.accountId,
      action_key: actionKey,
      application_id: app?.id ?? null,
      application_number: number,
      examiner_name: examinerName,
      name_last: name.last,
      name_first: name.first,
      name_middle: middleKey(name.middle),
      mailing_date: input.mailingDate ?? null,
    },
    bases,
  };
}

export async function recordAnalysisBases(db: Db, input: AnalysisBasesInput): Promise<AnalysisBasesResult> {
  if (canonicalBases(input).length === 0) return { recorded: [], skipped: 'no_bases' };

  // Joins the caller's transaction when given one, so the bases commit with the analysis.
  const record = async (trx: Db): Promise<AnalysisBasesResult> => {
    const app = input.knownApplication !== undefined ? (input.knownApplication ?? undefined) : await findApplication(trx, input);
    const found = basesToRecord(input, app);
    if (typeof found === 'string') return { recorded: [], skipped: found };
    const { row, bases } = found;

    // One statement: the action's bases no longer found go, the others are written or refreshed
    // (the two touch different rows, so the delete and the upsert cannot meet).
    await trx
      .with('gone', (db) =>
        db
          .deleteFrom('analysis_rejection_bases')
          .where('account_id', '=', row.account_id)
          .where('action_key', '=', row.action_key)
          .where('basis', 'not in', bases),
      )
      .insertInto('analysis_rejection_bases')
      .values(bases.map((basis) => ({ ...row, basis })))
      .onConflict((oc) =>
        oc.constraint('analysis_rejection_bases_unique').doUpdateSet((eb) => ({
          application_id: eb.ref('excluded.application_id'),
          application_number: eb.ref('excluded.application_number'),
          examiner_name: eb.ref('excluded.examiner_name'),
          name_last: eb.ref('excluded.name_last'),
          name_first: eb.ref('excluded.name_first'),
          name_middle: eb.ref('excluded.name_middle'),
          mailing_date: eb.ref('excluded.mailing_date'),
          created_at: sql<Date>`now()`,
        })),
      )
      .execute();
    return { recorded: bases, skipped: null };
  };
  return db.isTransaction ? record(db) : db.transaction().execute(record);
}

/** The application the analysis is about, as this account sees it (its own record first). */
async function findApplication(db: Db, input: AnalysisBasesInput) {
  const number = input.applicationNumber ? normalizeApplicationNumber(input.applicationNumber) : null;
  if (!input.applicationId && !number) return undefined;
  let q = db
    .selectFrom('applications')
    .select(['id', 'application_number', 'examiner_name'])
    .where((eb) => eb.or([eb('owner_account_id', 'is', null), eb('owner_account_id', '=', input.accountId)]));
  q = input.applicationId ? q.where('id', '=', input.applicationId) : q.where('application_number', '=', number as string);
  return q.orderBy('owner_account_id', 'asc').executeTakeFirst();
}
