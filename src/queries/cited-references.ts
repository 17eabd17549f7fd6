/**
 * The references the account's analyses of an application cite (the action's own list, with
 * publication numbers as the parser normalised them): what the file may hold as "reference"
 * documents, and what a claim chart looks up.
 */
import type { Db } from '../db/connect.ts';
import type { PublicationNumber } from '../domain/office-action/types.ts';
import { referencesOfRecord } from '../domain/office-action/references-of-record.ts';
import { unpackJson } from '../db/packed-json.ts';

export interface CitedReferenceEntry {
  label: string;
  short_name: string | null;
  kind: string;
  publication: PublicationNumber | null;
  /** The analyses that cite it. */
  analysis_ids: string[];
}

/** Every reference cited by the account's analyses of the application, once each (by number, else by name). */
export async function citedReferences(db: Db, accountId: string, application: { id: string; application_number: string }): Promise<CitedReferenceEntry[]> {
  const rows = await db
    .selectFrom('analyses')
    .select(['id', 'record'])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('application_id', '=', application.id), eb('application_number', '=', application.application_number)]))
    .orderBy('created_at', 'desc')
    .execute();
  const out = new Map<string, CitedReferenceEntry>();
  for (const row of rows) {
    for (const r of referencesOfRecord(unpackJson(row.record))) {
      if (r.kind === 'aapa' || r.kind === 'official_notice') continue;
      const key = r.publication ? `pub:${r.publication.base}` : `name:${(r.short_name ?? r.label).toLowerCase()}`;
      const entry = out.get(key);
      if (entry) {
        if (!entry.analysis_ids.includes(row.id)) entry.analysis_ids.push(row.id);
      } else out.set(key, { label: r.label, short_name: r.short_name, kind: r.kind, publication: r.publication, analysis_ids: [row.id] });
    }
  }
  return [...out.values()];
}
