import { sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/connect.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { preparedStatement } from '../db/prepared-statements.ts';
import { BatchedReader } from '../db/batched-reader.ts';
import { deadlineFieldsOf, type DeadlineFields } from '../domain/deadlines/deadline-fields.ts';
import { ACTION_DOCUMENT_CODES } from '../sources/uspto-codes.ts';
import { answeredColumns, deadlinesIfPending, type LatestAction } from './application-deadlines.ts';
import { paperVisibleTo } from './correspondence-visibility.ts';

export interface PublicApplicationWithDeadlines {
  application: ApplicationRow;
  deadlines: DeadlineFields;
}

/**
 * The public records of normalized numbers with their deadline fields, in ONE statement: each
 * application row and, beside it as one JSON value, its latest action with the answered tests
 * `pendingActions` makes (the same columns, the same decision in `deadlinesIfPending`). The free
 * lookup runs this for every number the public-record cache does not hold, so its cost is a round
 * trip, not two: on PostgreSQL each statement's send and wake-up cost the server process about as
 * much as the rest of the request. Lookups that arrive together share the statement
 * (db/batched-reader.ts). Public record only, like REST #1 and #2.
 */
const lookupStatement = preparedStatement((db: Db, applicationNumbers: readonly string[]) =>
  db
    .selectFrom('applications as a')
    .selectAll('a')
    .select((eb) =>
      jsonObjectFrom(
        eb
          .selectFrom('correspondence as c')
          .select(['c.id', 'c.document_code', 'c.mailing_date', 'c.period_months'])
          .select((inner) => answeredColumns(inner, null))
          .whereRef('c.application_id', '=', 'a.id')
          .where('c.document_code', 'in', [...ACTION_DOCUMENT_CODES])
          .where(paperVisibleTo('c.owner_account_id', null))
          .orderBy('c.mailing_date', 'desc')
          .orderBy('c.created_at', 'desc')
          .limit(1),
      ).as('latest_action'),
    )
    .where(sql<boolean>`a.application_number = any(${applicationNumbers}::text[])`)
    .where('a.owner_account_id', 'is', null),
);

function withDeadlines(row: Awaited<ReturnType<typeof lookupStatement>>['rows'][number]): PublicApplicationWithDeadlines {
  const { latest_action, ...application } = row;
  const action = latest_action as (LatestAction & { id: string }) | null;
  const result = action ? deadlinesIfPending({ app_status: application.status, entity_status: application.entity_status }, action, undefined, undefined) : null;
  return { application, deadlines: deadlineFieldsOf(action && result ? { correspondence: { id: action.id }, result } : null) };
}

const readers = new WeakMap<Db, BatchedReader<string, PublicApplicationWithDeadlines>>();

function readerFor(db: Db): BatchedReader<string, PublicApplicationWithDeadlines> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new BatchedReader(async (numbers) => {
      const found = new Map<string, PublicApplicationWithDeadlines>();
      for (const row of (await lookupStatement(db, numbers)).rows) {
        if (!found.has(row.application_number)) found.set(row.application_number, withDeadlines(row));
      }
      return found;
    });
    readers.set(db, reader);
  }
  return reader;
}

export function findPublicApplicationWithDeadlines(db: Db, applicationNumber: string): Promise<PublicApplicationWithDeadlines | undefined> {
  return readerFor(db).read(applicationNumber);
}
