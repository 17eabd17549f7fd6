import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/connect.ts';
import { calculateDeadlines } from '../../src/domain/deadlines/index.ts';
import { addDays, weekday, THURSDAY } from '../../src/domain/deadlines/calendar.ts';
import { recordDocketEvent } from '../../src/commands/events/docket-event-recorder.ts';

export interface SeededAction {
  applicationId: string;
  correspondenceId: string;
  entryId: string;
  /** The reply date without an extension fee, as the deadline engine computes it. */
  responseDeadline: string;
  criticalDate: string;
}

/**
 * A public application with a non-final rejection (3-month period) mailed on `mailingDate`, on
 * the account's docket: what the docket deadlines list holds for reminders.
 */
export async function seedDocketedAction(
  db: Db,
  accountId: string,
  opts: { applicationNumber: string; mailingDate: string; clientMatter?: string },
): Promise<SeededAction> {
  let applicationId = (await db.selectFrom('applications').select('id').where('application_number', '=', opts.applicationNumber).executeTakeFirst())?.id;
  let correspondenceId: string;
  if (!applicationId) {
    applicationId = randomUUID();
    await db
      .insertInto('applications')
      .values({
        id: applicationId,
        application_number: opts.applicationNumber,
        owner_account_id: null,
        invention_title: `Widget ${opts.applicationNumber}`,
        status: 'pending',
        source: 'odp',
      })
      .execute();
    correspondenceId = randomUUID();
    await db
      .insertInto('correspondence')
      .values({
        id: correspondenceId,
        application_id: applicationId,
        document_code: 'CTNF',
        description: 'Non-Final Rejection',
        mailing_date: opts.mailingDate,
        period_months: 3,
        source: 'odp',
      })
      .execute();
  } else {
    correspondenceId = (await db.selectFrom('correspondence').select('id').where('application_id', '=', applicationId).executeTakeFirstOrThrow()).id;
  }
  const entryId = randomUUID();
  await db
    .insertInto('docket_entries')
    .values({ id: entryId, account_id: accountId, application_id: applicationId, client_matter: opts.clientMatter ?? null, notes: null })
    .execute();
  const r = calculateDeadlines({ action: 'non_final', mailingDate: opts.mailingDate, periodMonths: 3 });
  return { applicationId, correspondenceId, entryId, responseDeadline: r.response_deadline, criticalDate: r.critical_deadline_date };
}

/** A mailing date whose reply date falls `daysBefore` days after a Thursday pass date (no weekly digest is due on a Thursday). */
export function mailingDateForThursdayPass(daysBefore: number, from = '2026-06-01'): { mailingDate: string; passDate: string } {
  for (let m = from; ; m = addDays(m, 1)) {
    const due = calculateDeadlines({ action: 'non_final', mailingDate: m, periodMonths: 3 }).response_deadline;
    const pass = addDays(due, -daysBefore);
    if (weekday(pass) === THURSDAY) return { mailingDate: m, passDate: pass };
  }
}

/** What the USPTO watch does when it records a paper: the outbox row, in a transaction. */
export async function recordPaperEvent(
  db: Db,
  accountId: string,
  a: { applicationId: string; correspondenceId: string },
  applicationNumber: string,
): Promise<string> {
  const id = await db.transaction().execute((trx) =>
    recordDocketEvent(trx, {
      accountId,
      kind: 'correspondence.recorded',
      applicationId: a.applicationId,
      subjectType: 'correspondence',
      subjectId: a.correspondenceId,
      payload: { application_number: applicationNumber, correspondence_id: a.correspondenceId },
    }),
  );
  if (!id) throw new Error('event already recorded');
  return id;
}
