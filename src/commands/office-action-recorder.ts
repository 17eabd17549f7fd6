import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import type { CorrespondenceRow } from '../db/schema.ts';
import { AppError, conflict, notFound, validationError } from '../errors.ts';
import { newId } from '../auth/secrets.ts';
import { addDays } from '../domain/deadlines/calendar.ts';
import { calculateDeadlines, DeadlineInputError } from '../domain/deadlines/index.ts';
import { actionDocumentDescription, actionKindForDocumentCode } from '../sources/uspto-codes.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { isUniqueViolation } from './account-creator.ts';
import { MAX_OFFICE_ACTION_BYTES } from './analysis-creator.ts';
import { clearPublicRecordCaches } from '../queries/public-record-cache.ts';

export interface OfficeActionRecorderProps {
  accountId: string;
  /** The account's docket entry of the application the action was mailed in. */
  entryId: string;
  /** USPTO document code (CTNF, CTFR, CTRS = restriction/election, CTEQ, NOA). */
  documentCode: string;
  mailingDate: string;
  /** The action's text, when the practitioner has it (at most 1 MB). */
  text?: string | null;
  /** The text was read by OCR from a scan (POST /api/office-action-text said so), with its mean confidence 0-100. */
  ocrConfidence?: number | null;
  /** The shortened statutory period the action states, when it is not the kind's default. */
  periodMonths?: number | null;
  description?: string | null;
  /** Today (UTC): a mailing date may be at most one day ahead (time zones). */
  today: string;
}

/**
 * Records an office action the account just received on one of its docket applications. The
 * paper belongs to the account alone (correspondence.owner_account_id), even on a public
 * application: its deadlines go live at once in this account's docket, deadlines, calendar feed
 * and application views, and never in another account's or in REST #1/#2. The paper and the audit
 * row commit together.
 */
export async function officeActionRecorder(db: Db, actor: Actor, props: OfficeActionRecorderProps): Promise<{ paper: CorrespondenceRow; created: boolean }> {
  const kind = actionKindForDocumentCode(props.documentCode);
  if (!kind) throw validationError('kind', 'must be a USPTO document code: CTNF, CTFR, CTRS (restriction/election), CTEQ or NOA');
  const latest = addDays(props.today, 1);
  if (props.mailingDate > latest) throw validationError('mailing_date', `must not be in the future (after ${latest})`);
  if (props.text != null && Buffer.byteLength(props.text, 'utf8') > MAX_OFFICE_ACTION_BYTES) {
    throw new AppError(
      413,
      'payload_too_large',
      'text is larger than 1 MB.',
      'Send the office action text alone (without attachments such as cited references), at most 1 MB, or record the action without its text.',
    );
  }
  // The deadline engine decides whether the period fits the kind (a notice of allowance: 3 months only).
  try {
    calculateDeadlines({ action: kind, mailingDate: props.mailingDate, periodMonths: props.periodMonths ?? undefined });
  } catch (err) {
    if (err instanceof DeadlineInputError) {
      const field = err.field === 'periodMonths' ? 'period_months' : 'mailing_date';
      throw validationError(field, err.message.replaceAll(err.field, field));
    }
    throw err;
  }

  try {
    return await db
      .transaction()
      .execute(async (trx) => {
        const entry = await trx
          .selectFrom('docket_entries as d')
          .innerJoin('applications as a', 'a.id', 'd.application_id')
          .select(['d.id', 'a.id as application_id', 'a.application_number', 'a.status', 'a.filing_date', 'a.owner_account_id'])
          .where('d.id', '=', props.entryId)
          .where('d.account_id', '=', props.accountId)
          .executeTakeFirst();
        if (!entry) throw notFound('Docket entry', 'docket_entry_not_found');
        if (entry.filing_date && props.mailingDate < entry.filing_date) {
          throw validationError('mailing_date', `must not be before the application's filing date (${entry.filing_date})`);
        }
        if (entry.status === 'patented' || entry.status === 'abandoned') {
          throw conflict(
            'application_not_pending',
            `Application ${entry.application_number} is ${entry.status}: no reply period runs.`,
            'Check the application number. If the record is out of date (a revived application), the office action cannot be recorded until the USPTO data says so.',
          );
        }
        // Recording the very same paper again (same kind, mailing date and text: a double click, a
        // retried request, a script run twice) answers the paper already recorded, not a second row
        // and not an error. The same kind and date with another text is still a 409.
        const before = await trx
          .selectFrom('correspondence')
          .selectAll()
          .where('application_id', '=', entry.application_id)
          .where('owner_account_id', '=', props.accountId)
          .where('document_code', '=', props.documentCode)
          .where('mailing_date', '=', props.mailingDate)
          .executeTakeFirst();
        if (before && sameText(before.full_text, props.text ?? null)) return { paper: before, created: false };
        const paper = await trx
          .insertInto('correspondence')
          .values({
            id: newId(),
            application_id: entry.application_id,
            owner_account_id: props.accountId,
            document_code: props.documentCode,
            description: props.description?.trim() || actionDocumentDescription(props.documentCode),
            mailing_date: props.mailingDate,
            direction: 'OUTGOING',
            document_identifier: null,
            period_months: props.periodMonths ?? null,
            full_text: props.text ?? null,
            text_source: props.text != null && props.ocrConfidence != null ? 'ocr' : 'text',
            ocr_confidence: props.text != null ? (props.ocrConfidence ?? null) : null,
            source: 'account',
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, actor, {
          accountId: props.accountId,
          action: 'docket.office_action_recorded',
          targetType: 'correspondence',
          targetId: paper.id,
          details: {
            docket_entry_id: entry.id,
            application_number: entry.application_number,
            document_code: paper.document_code,
            mailing_date: paper.mailing_date,
            period_months: paper.period_months,
            text_bytes: props.text ? Buffer.byteLength(props.text, 'utf8') : 0,
            ...(props.text != null && props.ocrConfidence != null ? { text_source: 'ocr', ocr_confidence: props.ocrConfidence } : {}),
            private_application: entry.owner_account_id !== null,
          },
        });
        return { paper, created: true };
      })
      .finally(clearPublicRecordCaches);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict(
        'office_action_already_recorded',
        `You already recorded a ${props.documentCode} mailed ${props.mailingDate} for this application.`,
        'List the papers (GET /api/applications/{number}/correspondence) to find it; its deadlines are already live.',
      );
    }
    throw err;
  }
}

/** The same text, by content hash (whitespace at the ends aside); no text on both sides is the same too. */
function sameText(a: string | null, b: string | null): boolean {
  const h = (t: string | null) => (t === null || t.trim() === '' ? '' : createHash('sha256').update(t.trim()).digest('hex'));
  return h(a) === h(b);
}
