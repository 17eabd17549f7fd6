import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../auth/secrets.ts';
import { formatApplicationNumber } from '../../domain/application-number.ts';
import type { NewPaperDeadlines } from '../../domain/watch/new-paper.ts';
import { clearPublicRecordCaches } from '../../queries/public-record-cache.ts';
import { SYSTEM_ACTOR } from '../actor.ts';
import { writeAudit } from '../audit.ts';
import { recordDocketEvent } from '../events/docket-event-recorder.ts';

export interface WatchPaperRecorderProps {
  applicationId: string;
  /** 8 digits. */
  applicationNumber: string;
  documentIdentifier: string;
  documentCode: string;
  description: string | null;
  mailingDate: string;
  /** Announce it: a `correspondence.recorded` event and an audit row per account docketing the application. */
  announce: boolean;
  deadlines: NewPaperDeadlines | null;
  /** The paper's text when it was fetched and read (at most 1 MB, the office-action budget). */
  text: string | null;
  textStatus: 'held' | 'none' | 'skipped';
  textNote: string | null;
}

export interface RecordedPaper {
  correspondenceId: string;
  /** The accounts told (one docket event each). */
  accounts: string[];
}

/**
 * Records one outgoing paper the USPTO watch found, once: the public correspondence row (the USPTO
 * record: owner_account_id null; a row the connector already imported without text keeps its id
 * and gains the text), the watch's own row (primary key application + document identifier) and,
 * when announced, one docket event and one audit row per account that dockets the application,
 * all in ONE transaction. Returns null when the paper was already recorded (an earlier pass, or a
 * concurrent one): nothing is written twice, however often the watch runs or crashes.
 */
export async function watchPaperRecorder(db: Db, props: WatchPaperRecorderProps): Promise<RecordedPaper | null> {
  return db
    .transaction()
    .execute(async (trx) => {
      const seen = await trx
        .selectFrom('watch_papers')
        .select('correspondence_id')
        .where('application_id', '=', props.applicationId)
        .where('document_identifier', '=', props.documentIdentifier)
        .executeTakeFirst();
      if (seen) return null;
      const paper = await trx
        .insertInto('correspondence')
        .values({
          id: newId(),
          application_id: props.applicationId,
          owner_account_id: null,
          document_code: props.documentCode,
          description: props.description,
          mailing_date: props.mailingDate,
          direction: 'OUTGOING',
          document_identifier: props.documentIdentifier,
          period_months: null,
          full_text: props.text,
          source: 'odp',
        })
        .onConflict((oc) =>
          oc
            .columns(['application_id', 'document_identifier'])
            .where('document_identifier', 'is not', null)
            .doUpdateSet({ full_text: sql<string | null>`coalesce(correspondence.full_text, excluded.full_text)` }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const mine = await trx
        .insertInto('watch_papers')
        .values({
          application_id: props.applicationId,
          document_identifier: props.documentIdentifier,
          correspondence_id: paper.id,
          document_code: props.documentCode,
          mailing_date: props.mailingDate,
          announced: props.announce,
          text_status: props.textStatus,
          text_note: props.textNote,
        })
        .onConflict((oc) => oc.columns(['application_id', 'document_identifier']).doNothing())
        .returning('correspondence_id')
        .executeTakeFirst();
      // A concurrent pass recorded it first (its row committed while this one waited on the key).
      if (!mine) return null;
      const accounts: string[] = [];
      if (props.announce) {
        const docketing = await trx
          .selectFrom('docket_entries')
          .select('account_id')
          .distinct()
          .where('application_id', '=', props.applicationId)
          .orderBy('account_id')
          .execute();
        const payload = {
          application_number: formatApplicationNumber(props.applicationNumber),
          document_code: props.documentCode,
          description: props.description,
          mailing_date: props.mailingDate,
          correspondence_id: paper.id,
          ...(props.deadlines ? { deadlines: props.deadlines } : {}),
        };
        for (const { account_id: accountId } of docketing) {
          await recordDocketEvent(trx, {
            accountId,
            kind: 'correspondence.recorded',
            applicationId: props.applicationId,
            subjectType: 'correspondence',
            subjectId: paper.id,
            payload,
          });
          await writeAudit(
            trx,
            { ...SYSTEM_ACTOR, accountId },
            {
              accountId,
              action: 'watch.paper_recorded',
              targetType: 'correspondence',
              targetId: paper.id,
              details: { ...payload, document_identifier: props.documentIdentifier, text: props.textStatus },
            },
          );
          accounts.push(accountId);
        }
      }
      return { correspondenceId: paper.id, accounts };
    })
    .finally(clearPublicRecordCaches);
}
