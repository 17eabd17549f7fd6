import type { Db } from '../db/connect.ts';
import type { CorrespondenceRow } from '../db/schema.ts';
import { calculateDeadlines, type DeadlineResult, type EntitySize } from '../domain/deadlines/index.ts';
import { actionKindForDocumentCode, classifyEvent } from '../sources/uspto-codes.ts';
import { NO_DEADLINES, type DeadlineFields } from '../presenters/application.ts';

/** USPTO document codes of papers that set a reply period (see sources/uspto-codes.ts). */
const ACTION_DOCUMENT_CODES = ['CTNF', 'CTFR', 'CTRS', 'CTEQ', 'NOA'];
/** Papers the applicant files that answer an action (document codes of the file wrapper). */
const REPLY_DOCUMENT_CODES = ['REM', 'CLM', 'A...', 'A.NE', 'AMSB', 'RCEX', 'ELC.', 'IFEE'];

export interface PendingAction {
  correspondence: CorrespondenceRow;
  result: DeadlineResult;
}

/**
 * The application's latest office action that still awaits a reply, with its computed
 * deadlines; null when nothing is pending (no action, a reply or RCE filed since, or the
 * application is patented or abandoned). This is the single code path behind the lookup
 * record, REST #2 and the docket.
 */
export async function pendingAction(db: Db, applicationId: string, opts: { today?: string; entity?: EntitySize } = {}): Promise<PendingAction | null> {
  const app = await db.selectFrom('applications').select(['status', 'entity_status']).where('id', '=', applicationId).executeTakeFirst();
  if (!app || app.status === 'patented' || app.status === 'abandoned') return null;
  const action = await db
    .selectFrom('correspondence')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('document_code', 'in', ACTION_DOCUMENT_CODES)
    .orderBy('mailing_date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!action) return null;
  const kind = actionKindForDocumentCode(action.document_code);
  if (!kind) return null;
  if (await repliedSince(db, applicationId, action)) return null;
  const result = calculateDeadlines({
    action: kind,
    mailingDate: action.mailing_date,
    periodMonths: action.period_months ?? undefined,
    entity: opts.entity ?? entityOf(app.entity_status),
    today: opts.today,
  });
  return { correspondence: action, result };
}

async function repliedSince(db: Db, applicationId: string, action: CorrespondenceRow): Promise<boolean> {
  const incoming = await db
    .selectFrom('correspondence')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('mailing_date', '>', action.mailing_date)
    .where('document_code', 'in', REPLY_DOCUMENT_CODES)
    .limit(1)
    .executeTakeFirst();
  if (incoming) return true;
  const events = await db
    .selectFrom('prosecution_events')
    .select(['event_code', 'description'])
    .where('application_id', '=', applicationId)
    .where('event_date', '>', action.mailing_date)
    .execute();
  const answering = action.document_code === 'NOA' ? ['grant'] : ['applicant_reply', 'rce'];
  return events.some((e) => answering.includes(classifyEvent(e.event_code, e.description).kind));
}

function entityOf(value: string | null): EntitySize {
  return value === 'small' || value === 'micro' ? value : 'large';
}

/** The lookup record's and deadlines record's three fields (meanings in docs/decisions.md). */
export function deadlineFieldsOf(pending: PendingAction | null): DeadlineFields {
  if (!pending) return NO_DEADLINES;
  return {
    response_deadline: pending.result.response_deadline,
    critical_deadline_date: pending.result.critical_deadline_date,
    critical_deadline_correspondence_id: pending.correspondence.id,
  };
}

export async function applicationDeadlineFields(db: Db, applicationId: string): Promise<DeadlineFields> {
  return deadlineFieldsOf(await pendingAction(db, applicationId));
}
