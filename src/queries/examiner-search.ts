// Examiner search (GET /api/examiners): a name fragment and/or an art unit to examiners with their
// case counts, over the precomputed statistics (public data only, like the profile). Name variants
// are grouped into persons exactly as the profile does (domain/examiner-identity.ts), so
// "DOVE, TRACY MAE" and "DOVE, TRACY M" (examiner 66459) are one hit.
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { addTotals, emptyTotals, figuresOf, type Figures } from '../domain/examiner-figures.ts';
import { groupPersons, type ExaminerPerson, type NameVariant } from '../domain/examiner-identity.ts';
import { refreshIfSmall } from '../sources/examiner-stats/refresh.ts';
import { mainArtUnit, rowTotals, type StatsRow } from './examiner-profile.ts';

export interface ExaminerSearch {
  /** A fragment of the name as written (case ignored), e.g. "dove" or "DOVE, TR". */
  q?: string | null;
  artUnit?: string | null;
  limit: number;
}

export interface ExaminerHit extends Figures {
  examinerName: string;
  examinerId: string | null;
  /** Every way the records write the name. */
  nameVariants: string[];
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

/**
 * Most cases first. The fragment is matched anywhere in a written name variant (a scan of
 * examiner_stats, a small table: rows per name variant, art unit and disposal year).
 */
export async function searchExaminers(db: Db, search: ExaminerSearch): Promise<ExaminerSearchResult> {
  const statsCurrent = await refreshIfSmall(db);
  const fragment = search.q ? `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const artUnit = search.artUnit ?? null;
  const matches = (r: StatsRow) => (fragment === null || likeMatches(r.examiner_name, search.q!)) && (artUnit === null || r.art_unit === artUnit);
  // Families (last + first name) with a matching row, largest first; one more than asked, to tell truncation.
  const { rows: families } = await sql<{ name_last: string; name_first: string }>`
    select s.name_last, s.name_first from examiner_stats s
    where exists (select 1 from examiner_stats m
                  where m.name_last = s.name_last and m.name_first = s.name_first
                    and (${fragment}::text is null or m.examiner_name ilike ${fragment})
                    and (${artUnit}::text is null or m.art_unit = ${artUnit}))
    group by s.name_last, s.name_first
    order by sum(s.allowed + s.abandoned + s.pending + s.excluded) desc, s.name_last, s.name_first
    limit ${search.limit + 1}`.execute(db);
  if (families.length === 0) return { examiners: [], truncated: false, statsCurrent };
  const rows = (await db
    .selectFrom('examiner_stats')
    .selectAll()
    .where((eb) => eb.or(families.slice(0, search.limit).map((f) => eb.and([eb('name_last', '=', f.name_last), eb('name_first', '=', f.name_first)]))))
    .execute()) as StatsRow[];

  const byKey = new Map<string, StatsRow[]>();
  for (const r of rows) byKey.set(r.examiner_key, [...(byKey.get(r.examiner_key) ?? []), r]);
  const byFamily = new Map<string, NameVariant[]>();
  for (const [key, list] of byKey) {
    const r = list[0];
    const family = `${r.name_last}|${r.name_first}`;
    byFamily.set(family, [
      ...(byFamily.get(family) ?? []),
      {
        key,
        last: r.name_last,
        first: r.name_first,
        middle: r.name_middle === '' ? [] : r.name_middle.split(' '),
        examinerId: r.examiner_id,
        displayName: r.examiner_name,
        cases: list.reduce((n, x) => n + x.allowed + x.abandoned + x.pending + x.excluded, 0),
      },
    ]);
  }
  const rowsOf = (p: ExaminerPerson) => p.variants.flatMap((v) => byKey.get(v.key) ?? []);
  const hits = [...byFamily.values()]
    .flatMap((variants) => groupPersons(variants))
    .filter((p) => rowsOf(p).some(matches))
    .map((p) => hitOf(p, rowsOf(p)))
    .sort((a, b) => b.totalCasesAnalyzed + b.pendingCases - (a.totalCasesAnalyzed + a.pendingCases) || a.examinerName.localeCompare(b.examinerName));
  return { examiners: hits.slice(0, search.limit), truncated: families.length > search.limit || hits.length > search.limit, statsCurrent };
}

function hitOf(person: ExaminerPerson, rows: StatsRow[]): ExaminerHit {
  const totals = rows.reduce((t, r) => addTotals(t, rowTotals(r)), emptyTotals());
  return {
    ...figuresOf(totals),
    examinerName: person.displayName,
    examinerId: person.examinerIds.length === 1 ? person.examinerIds[0] : null,
    nameVariants: [...new Set(person.variants.map((v) => v.displayName))].sort(),
    artUnit: mainArtUnit(rows),
    artUnits: [...new Set(rows.map((r) => r.art_unit).filter((a) => a !== ''))].sort(),
  };
}

/** ILIKE '%fragment%' as PostgreSQL reads it here (case-insensitive containment). */
function likeMatches(name: string, fragment: string): boolean {
  return name.toLowerCase().includes(fragment.toLowerCase());
}
