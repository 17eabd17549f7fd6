import { sql } from 'kysely';
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
const records = new Map<string, { record: StoredAnalysis; chars: number }>();
let heldChars = 0;
let parses = 0;

function hold(analysisId: string, entry: { record: StoredAnalysis; chars: number }): void {
  if (entry.chars > HELD_CHARS / 4) return;
  // Two first reads of one analysis at once: the later replaces the earlier.
  const earlier = records.get(analysisId);
  if (earlier) {
    records.delete(analysisId);
    heldChars -= earlier.chars;
  }
  records.set(analysisId, entry);
  heldChars += entry.chars;
  for (const [id, oldest] of records) {
    if (heldChars <= HELD_CHARS) break;
    records.delete(id);
    heldChars -= oldest.chars;
  }
}

const analysisRow = preparedQuery(['id', 'accountId', 'withRecord'], (db: Db, a: { id: string; accountId: string; withRecord: boolean }) =>
  db
    .selectFrom('analyses')
    .select(['id', 'application_number'])
    .select(sql<Uint8Array | null>`case when ${a.withRecord}::boolean then record end`.as('record'))
    .where('id', '=', a.id)
    .where('account_id', '=', a.accountId),
);

export async function findAccountAnalysis(db: Db, accountId: string, analysisId: string): Promise<AccountAnalysis | undefined> {
  const known = records.get(analysisId);
  // The record only when this process has not parsed it yet.
  const [row] = (await analysisRow(db, { id: analysisId, accountId, withRecord: known === undefined })).rows;
  if (!row) return undefined;
  if (known) {
    // Most recently used: to the end of the map's order.
    records.delete(analysisId);
    records.set(analysisId, known);
    return { id: row.id, application_number: row.application_number, record: known.record };
  }
  const text = unpackJsonText(row.record!);
  const record = deepFreeze(JSON.parse(text) as StoredAnalysis);
  parses += 1;
  hold(analysisId, { record, chars: text.length });
  return { id: row.id, application_number: row.application_number, record };
}

/** How many records this process has parsed (tests count the work). */
export function analysisRecordParses(): number {
  return parses;
}
