import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/connect.ts';
import { unpackJsonText } from '../../../db/packed-json.ts';
import { preparedQuery } from '../../../db/prepared-statements.ts';
import { deepFreeze } from '../../../domain/deep-freeze.ts';
import type { StoredAnalysis } from './analysis.ts';

/**
 * An account's analysis with its record, the record parsed once per process (issue 24).
 *
 * A stored analysis never changes: its row is written once (commands/analysis-writer.ts) and no
 * statement updates or deletes it. So the row is still read every time (it must exist, for this
 * account: a miss is the caller's 404), but its record (a packed JSON document of tens of
 * kilobytes) travels and is decompressed and parsed only the first time; every draft of one
 * analysis, and the worker building it, share that parse. The record is frozen: callers share it,
 * so none may change it (a change throws).
 */
export interface AccountAnalysis {
  id: string;
  application_number: string;
  record: StoredAnalysis;
}

/**
 * The records kept, the most recently used, by the length of their JSON text: an ordinary record
 * is tens of kilobytes, a bounded one at most 2 MB (analysis/bound-record.ts), and its parsed form
 * takes a few times its text in memory. A record longer than a quarter of the budget is not kept.
 */
const HELD_CHARS = 4_000_000;
const records = new LRUCache<string, { record: StoredAnalysis; chars: number }>({
  maxSize: HELD_CHARS,
  maxEntrySize: HELD_CHARS / 4,
  sizeCalculation: (entry) => entry.chars,
});
let parses = 0;

const analysisRow = preparedQuery(['id', 'accountId', 'withRecord'], (db: Db, a: { id: string; accountId: string; withRecord: boolean }) =>
  db
    .selectFrom('analyses')
    .select(['id', 'application_number'])
    .select(sql<Uint8Array | null>`case when ${a.withRecord}::boolean then record end`.as('record'))
    .where('id', '=', a.id)
    .where('account_id', '=', a.accountId),
);

export async function findAccountAnalysis(db: Db, accountId: string, analysisId: string): Promise<AccountAnalysis | undefined> {
  const known = records.get(analysisId)?.record;
  // The record only when this process has not parsed it yet.
  const [row] = (await analysisRow(db, { id: analysisId, accountId, withRecord: known === undefined })).rows;
  if (!row) return undefined;
  let record = known;
  if (!record) {
    const text = unpackJsonText(row.record!);
    record = deepFreeze(JSON.parse(text) as StoredAnalysis);
    parses += 1;
    records.set(analysisId, { record, chars: text.length });
  }
  return { id: row.id, application_number: row.application_number, record };
}

/** How many records this process has parsed (tests count the work). */
export function analysisRecordParses(): number {
  return parses;
}
