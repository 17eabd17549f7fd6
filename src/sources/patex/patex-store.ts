// Batch writes for the PatEx importer. Each function writes a whole batch in ONE statement whose
// rows travel as arrays (`unnest($1::text[], …)`): a handful of bind parameters whatever the
// batch size, one plan, one round trip — the difference between thousands and tens of thousands
// of rows per second on 10M transactions (docs/benchmarks.md).
import { sql } from 'kysely';
import { newId } from '../../auth/secrets.ts';
import type { Db } from '../../db/connect.ts';
import type { PatexApplication } from './map-application-row.ts';
import type { PatexEventCode, PatexTransaction } from './map-transaction-row.ts';

/** Columns PatEx fills, in the order of the unnest arrays below (with their SQL array types). */
const APPLICATION_COLUMNS = [
  ['invention_title', 'text'],
  ['status', 'text'],
  ['status_code', 'int4'],
  ['status_description', 'text'],
  ['status_date', 'date'],
  ['filing_date', 'date'],
  ['examiner_name', 'text'],
  ['art_unit', 'text'],
  ['confirmation_number', 'text'],
  ['attorney_docket_number', 'text'],
  ['first_inventor_name', 'text'],
  ['first_applicant_name', 'text'],
  ['entity_status', 'text'],
  ['application_type', 'text'],
  ['patent_number', 'text'],
  ['grant_date', 'date'],
  ['earliest_publication_number', 'text'],
] as const satisfies readonly (readonly [keyof PatexApplication, string])[];

/**
 * Insert or update the PUBLIC records (owner_account_id IS NULL — the partial unique index
 * `applications_public_number`) of a batch; ids of existing rows are kept, so events, documents
 * and docket entries stay attached. Returns the number of distinct applications written or
 * already identical.
 *
 * Decision (docs/examiner-profile.md): PatEx is a research snapshot, ODP the USPTO's live record.
 * PatEx overwrites rows it or the demo seed wrote, but on a row ODP wrote it only supplies the
 * examiner_id ODP lacks, so re-importing an old snapshot never rolls a case back. Unchanged rows
 * are not updated at all (no new updated_at, no statistics refresh).
 */
export async function upsertApplications(db: Db, batch: readonly PatexApplication[]): Promise<number> {
  // One statement cannot update a row twice: the last row of a repeated number wins.
  const byNumber = new Map<string, PatexApplication>();
  for (const app of batch) byNumber.set(app.application_number, app);
  const apps = [...byNumber.values()];
  if (apps.length === 0) return 0;

  const arrays = [
    sql`${apps.map(() => newId())}::text[]`,
    sql`${apps.map((a) => a.application_number)}::text[]`,
    sql`${apps.map((a) => a.examiner_id)}::text[]`,
    ...APPLICATION_COLUMNS.map(([col, type]) => sql`${apps.map((a) => a[col])}::${sql.raw(type)}[]`),
  ];
  const names = ['id', 'application_number', 'examiner_id', ...APPLICATION_COLUMNS.map(([c]) => c)];
  const cols = APPLICATION_COLUMNS.map(([c]) => c);
  const keepOdp = (c: string) => sql.raw(`${c} = case when applications.source = 'odp' then applications.${c} else excluded.${c} end`);
  const mine = [...cols, 'examiner_id', 'source'];
  await sql`
    insert into applications (owner_account_id, source, ${sql.join(names.map((n) => sql.ref(n)))})
    select null, 'patex', ${sql.join(names.map((n) => sql.ref(`t.${n}`)))}
    from unnest(${sql.join(arrays)}) as t(${sql.join(names.map((n) => sql.ref(n)))})
    on conflict (application_number) where owner_account_id is null do update set
      ${sql.join(cols.map(keepOdp))},
      examiner_id = case when applications.source = 'odp' then coalesce(applications.examiner_id, excluded.examiner_id) else excluded.examiner_id end,
      source = case when applications.source = 'odp' then 'odp' else 'patex' end,
      updated_at = now()
    where case when applications.source = 'odp'
      then applications.examiner_id is null and excluded.examiner_id is not null
      else (${sql.join(mine.map((c) => sql.ref(`applications.${c}`)))}) is distinct from (${sql.join(mine.map((c) => sql.ref(`excluded.${c}`)))})
    end`.execute(db);
  return apps.length;
}

/** Public application ids for the numbers that have a public record. */
async function publicApplicationIds(db: Db, numbers: readonly string[]): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('applications')
    .select(['id', 'application_number'])
    .where('application_number', '=', sql<string>`any(${[...numbers]}::text[])`)
    .where('owner_account_id', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.application_number, r.id]));
}

export interface StoredEvent {
  application_id: string;
  event_code: string;
  event_date: string;
}

/**
 * Events are facts with no identity beyond (application, code, date) — the unique constraint
 * `prosecution_events_unique`: an existing one is left as is. The description comes from
 * uspto_event_codes when the PatEx event_codes file was imported first.
 */
export async function insertEvents(db: Db, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`
    insert into prosecution_events (application_id, event_code, description, event_date)
    select t.application_id, t.event_code, c.description, t.event_date
    from unnest(${events.map((e) => e.application_id)}::text[], ${events.map((e) => e.event_code)}::text[], ${events.map((e) => e.event_date)}::date[])
      as t(application_id, event_code, event_date)
    left join uspto_event_codes c on c.code = t.event_code
    on conflict (application_id, event_code, event_date) do nothing`.execute(db);
}

/** Resolve a batch of transactions to stored events (distinct); unknown applications come back apart. */
export async function resolveTransactions(db: Db, rows: readonly PatexTransaction[]): Promise<{ events: StoredEvent[]; unknown: number }> {
  const ids = await publicApplicationIds(db, [...new Set(rows.map((r) => r.application_number))]);
  const seen = new Set<string>();
  const events: StoredEvent[] = [];
  let unknown = 0;
  for (const r of rows) {
    const id = ids.get(r.application_number);
    if (id === undefined) {
      unknown += 1;
      continue;
    }
    const key = `${id}\u0000${r.event_code}\u0000${r.event_date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({ application_id: id, event_code: r.event_code, event_date: r.event_date });
  }
  return { events, unknown };
}

/** event_codes.csv: the USPTO's description of each code; a newer file replaces an older text. */
export async function upsertEventCodes(db: Db, codes: readonly PatexEventCode[]): Promise<number> {
  const byCode = new Map(codes.map((c) => [c.code, c.description]));
  if (byCode.size === 0) return 0;
  await sql`
    insert into uspto_event_codes (code, description)
    select * from unnest(${[...byCode.keys()]}::text[], ${[...byCode.values()]}::text[])
    on conflict (code) do update set description = excluded.description
    where uspto_event_codes.description is distinct from excluded.description`.execute(db);
  return byCode.size;
}
