// Writes office-action rejection flags, one row per (application number, action). Flags only
// ever accumulate (OR), so records of one action arriving in any order, or twice, give the same
// row: the import is idempotent. A changed row marks its application for the statistics refresh
// through the table's trigger (migration 004).
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { mergeRejections, type MappedRejection } from './map-odp-rejection.ts';

const FLAGS = ['rej_101', 'rej_102', 'rej_103', 'rej_112', 'rej_dp'] as const;

/** Returns the number of distinct office actions in the batch. */
export async function upsertRejections(db: Db, batch: readonly MappedRejection[], source = 'odp'): Promise<number> {
  const byAction = new Map<string, MappedRejection>();
  for (const r of batch) {
    const key = `${r.application_number}\u0000${r.action_key}`;
    const seen = byAction.get(key);
    byAction.set(key, seen ? mergeRejections(seen, r) : r);
  }
  const rows = [...byAction.values()];
  if (rows.length === 0) return 0;
  const old = (c: string) => sql.ref(`office_action_rejections.${c}`);
  const neu = (c: string) => sql.ref(`excluded.${c}`);
  const compared = ['document_code', 'mailing_date', 'art_unit', ...FLAGS];
  await sql`
    insert into office_action_rejections (application_number, action_key, document_code, mailing_date, art_unit, ${sql.join(FLAGS.map((f) => sql.ref(f)))}, source)
    select t.*, ${source} from unnest(
      ${rows.map((r) => r.application_number)}::text[], ${rows.map((r) => r.action_key)}::text[],
      ${rows.map((r) => r.document_code)}::text[], ${rows.map((r) => r.mailing_date)}::date[], ${rows.map((r) => r.art_unit)}::text[],
      ${sql.join(FLAGS.map((f) => sql`${rows.map((r) => r[f])}::bool[]`))})
      as t(application_number, action_key, document_code, mailing_date, art_unit, ${sql.join(FLAGS.map((f) => sql.ref(f)))})
    on conflict (application_number, action_key) do update set
      document_code = coalesce(${old('document_code')}, ${neu('document_code')}),
      mailing_date = coalesce(${old('mailing_date')}, ${neu('mailing_date')}),
      art_unit = coalesce(${old('art_unit')}, ${neu('art_unit')}),
      ${sql.join(FLAGS.map((f) => sql`${sql.ref(f)} = ${old(f)} or ${neu(f)}`))},
      updated_at = now()
    where (${sql.join(compared.map(old))}) is distinct from (${sql.join(
      compared.map((c) => ((FLAGS as readonly string[]).includes(c) ? sql`${old(c)} or ${neu(c)}` : sql`coalesce(${old(c)}, ${neu(c)})`)),
    )})`.execute(db);
  return rows.length;
}
