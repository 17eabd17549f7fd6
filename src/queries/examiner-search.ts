// Examiner search (GET /api/examiners): a name fragment and/or an art unit to examiners with their
// case counts, over the precomputed statistics (public data only, like the profile). Each result is
// one name variant (examiner_stats.examiner_key); GET /api/examiners/{name} resolves the person.
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { addTotals, emptyTotals, figuresOf, type Figures } from '../domain/examiner-figures.ts';
import { refreshIfSmall } from '../sources/examiner-stats/refresh.ts';
import { mainArtUnit, rowTotals, type StatsRow } from './examiner-profile.ts';

export interface ExaminerSearch {
  /** A fragment of the name as written (case and punctuation ignored), e.g. "dove" or "DOVE, TR". */
  q?: string | null;
  artUnit?: string | null;
  limit: number;
}

export interface ExaminerHit extends Figures {
  examinerName: string;
  examinerId: string | null;
  /** The art unit of the most recently filed application. */
  artUnit: string | null;
  artUnits: string[];
}

export interface ExaminerSearchResult {
  examiners: ExaminerHit[];
  /** More matched than `limit`. */
  truncated: boolean;
  statsCurrent: boolean;
}

/** Most cases first. The name is matched anywhere in the written name (a scan of examiner_stats, not of applications). */
export async function searchExaminers(db: Db, search: ExaminerSearch): Promise<ExaminerSearchResult> {
  const statsCurrent = await refreshIfSmall(db);
  const fragment = search.q ? `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows: ranked } = await sql<{ examiner_key: string }>`
    select examiner_key from examiner_stats
    where examiner_key in (
      select examiner_key from examiner_stats
      where (${fragment}::text is null or examiner_name ilike ${fragment})
        and (${search.artUnit ?? null}::text is null or art_unit = ${search.artUnit ?? null})
    )
    group by examiner_key
    order by sum(allowed + abandoned + pending + excluded) desc, examiner_key
    limit ${search.limit + 1}`.execute(db);
  const keys = ranked.slice(0, search.limit).map((r) => r.examiner_key);
  if (keys.length === 0) return { examiners: [], truncated: false, statsCurrent };
  const rows = (await db.selectFrom('examiner_stats').selectAll().where('examiner_key', 'in', keys).execute()) as StatsRow[];
  const byKey = new Map<string, StatsRow[]>();
  for (const r of rows) byKey.set(r.examiner_key, [...(byKey.get(r.examiner_key) ?? []), r]);
  const examiners = keys.map((key) => {
    const list = byKey.get(key) ?? [];
    const totals = list.reduce((t, r) => addTotals(t, rowTotals(r)), emptyTotals());
    return {
      ...figuresOf(totals),
      examinerName: list[0]?.examiner_name ?? key,
      examinerId: list[0]?.examiner_id ?? null,
      artUnit: mainArtUnit(list),
      artUnits: [...new Set(list.map((r) => r.art_unit).filter((a) => a !== ''))].sort(),
    };
  });
  return { examiners, truncated: ranked.length > search.limit, statsCurrent };
}
