// The examiner profile (REST #7; also for the analysis pipeline's include_examiner_intel and the
// MCP tools): resolves a name to one examiner and reads the precomputed statistics.
// Definitions and design: docs/examiner-profile.md.
//
// Cost: one indexed read of the name's statistics rows (a few dozen: variants × art units ×
// disposal years), one aggregate over the art unit's rows, one indexed read of the caller's own
// analysis bases — independent of how many applications and events are stored.
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { ExaminerStatsTable } from '../db/schema.ts';
import { addTotals, emptyTotals, figuresOf, MIN_RELIABLE_SAMPLE, type Figures, type StatsTotals } from '../domain/examiner-figures.ts';
import { groupPersons, matchPersons, type ExaminerPerson, type NameVariant } from '../domain/examiner-identity.ts';
import { middlesCompatible, nameReadings, type NameParts } from '../domain/examiner-name.ts';
import { rankBases } from '../domain/rejection-bases.ts';
import { refreshIfSmall } from '../sources/examiner-stats/refresh.ts';

export interface ExaminerProfileOptions {
  /** Count this account's own analysis bases too (never another account's). */
  accountId?: string | null;
  /** Disambiguate: keep examiners who examined in this art unit (and report it). */
  artUnit?: string | null;
  /** Disambiguate: keep the examiner with this PatEx examiner_id. */
  examinerId?: string | null;
  /** Window on the disposal year of the disposed applications (inclusive). */
  fromYear?: number | null;
  toYear?: number | null;
  /** Fold in recent small changes first (default true); see refreshIfSmall. */
  refresh?: boolean;
}

export interface ArtUnitFigures extends Figures {
  artUnit: string;
  examiners: number;
  topRejectionBases: string[];
  rejectionBasisCounts: { basis: string; count: number }[];
  /** Office actions with imported rejection-basis data. */
  rejectionActions: number;
}

export interface ExaminerProfile extends Figures {
  examinerName: string;
  examinerId: string | null;
  artUnit: string | null;
  artUnits: string[];
  topRejectionBases: string[];
  rejectionBasisCounts: { basis: string; count: number }[];
  /** Office actions with imported rejection-basis data. */
  rejectionActions: number;
  /** Bases from the caller's own analyses that entered the counts. */
  analysisBases: number;
  artUnitStats: ArtUnitFigures | null;
  sampleSizeWarning: string | null;
  /** When the statistics were last recomputed, and whether recent writes are still waiting. */
  asOf: string | null;
  statsCurrent: boolean;
}

export interface ExaminerCandidate {
  examinerName: string;
  examinerId: string | null;
  artUnit: string | null;
  totalCasesAnalyzed: number;
  pendingCases: number;
}

export type ExaminerProfileResult =
  | { status: 'found'; profile: ExaminerProfile }
  | { status: 'ambiguous'; candidates: ExaminerCandidate[] }
  | { status: 'not_found' };

export type StatsRow = Omit<ExaminerStatsTable, 'refreshed_at'> & { refreshed_at: Date };

export async function examinerProfile(db: Db, name: string, opts: ExaminerProfileOptions = {}): Promise<ExaminerProfileResult> {
  const statsCurrent = opts.refresh === false ? true : await refreshIfSmall(db);
  const readings = nameReadings(name).filter((r) => r.last !== '');
  if (readings.length === 0) return { status: 'not_found' };

  const rows = (await db
    .selectFrom('examiner_stats')
    .selectAll()
    .where((eb) => eb.or(readings.map((r) => eb.and([eb('name_last', '=', r.last), eb('name_first', '=', r.first)]))))
    .execute()) as StatsRow[];
  const byKey = groupRows(rows);

  let persons = matchAll(readings, byKey);
  if (opts.examinerId) persons = persons.filter((p) => p.examinerIds.includes(opts.examinerId as string));
  if (opts.artUnit) persons = persons.filter((p) => rowsOf(p, byKey).some((r) => r.art_unit === opts.artUnit));
  if (persons.length === 0) return { status: 'not_found' };
  if (persons.length > 1) {
    return {
      status: 'ambiguous',
      candidates: persons
        .map((p) => {
          const f = figuresOf(totalsOf(rowsOf(p, byKey)));
          return {
            examinerName: p.displayName,
            examinerId: p.examinerIds.length === 1 ? p.examinerIds[0] : null,
            artUnit: mainArtUnit(rowsOf(p, byKey)),
            totalCasesAnalyzed: f.totalCasesAnalyzed,
            pendingCases: f.pendingCases,
          };
        })
        .sort((a, b) => b.totalCasesAnalyzed + b.pendingCases - (a.totalCasesAnalyzed + a.pendingCases) || a.examinerName.localeCompare(b.examinerName)),
    };
  }

  const person = persons[0];
  const all = rowsOf(person, byKey);
  const inWindow = all.filter((r) => inYears(r.disposal_year, opts));
  const totals = totalsOf(inWindow);
  const analysis = opts.accountId ? await analysisBases(db, opts.accountId, person) : new Map<string, number>();
  const bases = addTotals(totals, { ...emptyTotals(), bases: analysis }).bases;
  const ranked = rankBases(bases);
  const artUnit = opts.artUnit ?? mainArtUnit(all);
  const figures = figuresOf(totals);
  const asOf = all.reduce<Date | null>((m, r) => (m === null || r.refreshed_at > m ? r.refreshed_at : m), null);
  return {
    status: 'found',
    profile: {
      ...figures,
      examinerName: person.displayName,
      examinerId: person.examinerIds.length === 1 ? person.examinerIds[0] : null,
      artUnit,
      artUnits: [...new Set(all.map((r) => r.art_unit).filter((a) => a !== ''))].sort(),
      topRejectionBases: ranked.map((b) => b.basis),
      rejectionBasisCounts: ranked,
      rejectionActions: totals.rejectionActions,
      analysisBases: [...analysis.values()].reduce((a, b) => a + b, 0),
      artUnitStats: artUnit ? await artUnitFigures(db, artUnit, opts) : null,
      sampleSizeWarning:
        figures.totalCasesAnalyzed < MIN_RELIABLE_SAMPLE
          ? `Only ${figures.totalCasesAnalyzed} disposed application(s) behind these figures (fewer than ${MIN_RELIABLE_SAMPLE}): treat the rates as indicative.`
          : null,
      asOf: asOf?.toISOString() ?? null,
      statsCurrent,
    },
  };
}

function groupRows(rows: readonly StatsRow[]): Map<string, StatsRow[]> {
  const out = new Map<string, StatsRow[]>();
  for (const r of rows) {
    const list = out.get(r.examiner_key);
    if (list) list.push(r);
    else out.set(r.examiner_key, [r]);
  }
  return out;
}

/** Persons matched under any reading of the query (a comma fixes the reading). */
function matchAll(readings: readonly NameParts[], byKey: Map<string, StatsRow[]>): ExaminerPerson[] {
  const out: ExaminerPerson[] = [];
  for (const reading of readings) {
    const family: NameVariant[] = [];
    for (const [key, list] of byKey) {
      const r = list[0];
      if (r.name_last !== reading.last || r.name_first !== reading.first) continue;
      family.push({
        key,
        last: r.name_last,
        first: r.name_first,
        middle: r.name_middle === '' ? [] : r.name_middle.split(' '),
        examinerId: r.examiner_id,
        displayName: r.examiner_name,
        cases: list.reduce((n, x) => n + x.allowed + x.abandoned + x.pending + x.excluded, 0),
      });
    }
    out.push(...matchPersons(groupPersons(family), reading));
  }
  return out;
}

function rowsOf(person: ExaminerPerson, byKey: Map<string, StatsRow[]>): StatsRow[] {
  return person.variants.flatMap((v) => byKey.get(v.key) ?? []);
}

/** Rows of applications not disposed (year 0) always count: pending and excluded are not windowed. */
function inYears(year: number, opts: ExaminerProfileOptions): boolean {
  if (year === 0) return true;
  return (opts.fromYear == null || year >= opts.fromYear) && (opts.toYear == null || year <= opts.toYear);
}

function totalsOf(rows: readonly StatsRow[]): StatsTotals {
  return rows.reduce((t, r) => addTotals(t, rowTotals(r)), emptyTotals());
}

/** The summed columns an examiner_stats row, or a sum of rows, carries. */
export type Sums = Pick<
  StatsRow,
  | 'allowed'
  | 'abandoned'
  | 'allowed_interview'
  | 'abandoned_interview'
  | 'actions_sum'
  | 'rces_sum'
  | 'pending'
  | 'excluded'
  | 'rej_actions'
  | 'rej_101'
  | 'rej_102'
  | 'rej_103'
  | 'rej_112'
  | 'rej_dp'
  | 'first_disposal'
  | 'last_disposal'
>;

export function rowTotals(r: Sums): StatsTotals {
  return {
    allowed: r.allowed,
    abandoned: r.abandoned,
    allowedInterview: r.allowed_interview,
    abandonedInterview: r.abandoned_interview,
    actionsSum: r.actions_sum,
    rcesSum: r.rces_sum,
    pending: r.pending,
    excluded: r.excluded,
    rejectionActions: r.rej_actions,
    bases: new Map([
      ['101', r.rej_101],
      ['102', r.rej_102],
      ['103', r.rej_103],
      ['112', r.rej_112],
      ['DP', r.rej_dp],
    ]),
    firstDisposal: r.first_disposal,
    lastDisposal: r.last_disposal,
  };
}

/** The art unit of the examiner's most recently filed application (examiners move between units). */
export function mainArtUnit(rows: readonly StatsRow[]): string | null {
  let best: StatsRow | null = null;
  for (const r of rows) {
    if (r.art_unit === '') continue;
    if (best === null || (r.last_filing ?? '') > (best.last_filing ?? '')) best = r;
  }
  return best?.art_unit ?? null;
}

/** The figures over every examiner of an art unit (public data only), in the profile's window. */
export async function artUnitFigures(db: Db, artUnit: string, opts: Pick<ExaminerProfileOptions, 'fromYear' | 'toYear'>): Promise<ArtUnitFigures> {
  const from = opts.fromYear ?? 0;
  const to = opts.toYear ?? 9999;
  const { rows } = await sql<Sums & { examiners: number }>`
    select count(distinct (name_last, name_first))::int as examiners,
      coalesce(sum(allowed), 0)::int as allowed, coalesce(sum(abandoned), 0)::int as abandoned,
      coalesce(sum(allowed_interview), 0)::int as allowed_interview, coalesce(sum(abandoned_interview), 0)::int as abandoned_interview,
      coalesce(sum(actions_sum), 0)::int as actions_sum, coalesce(sum(rces_sum), 0)::int as rces_sum, coalesce(sum(pending), 0)::int as pending, coalesce(sum(excluded), 0)::int as excluded,
      coalesce(sum(rej_actions), 0)::int as rej_actions, coalesce(sum(rej_101), 0)::int as rej_101, coalesce(sum(rej_102), 0)::int as rej_102,
      coalesce(sum(rej_103), 0)::int as rej_103, coalesce(sum(rej_112), 0)::int as rej_112, coalesce(sum(rej_dp), 0)::int as rej_dp,
      min(first_disposal)::text as first_disposal, max(last_disposal)::text as last_disposal
    from examiner_stats
    where art_unit = ${artUnit} and (disposal_year = 0 or disposal_year between ${from} and ${to})`.execute(db);
  const r = rows[0];
  const totals = rowTotals(r);
  const ranked = rankBases(totals.bases);
  return {
    ...figuresOf(totals),
    artUnit,
    examiners: r.examiners,
    topRejectionBases: ranked.map((b) => b.basis),
    rejectionBasisCounts: ranked,
    rejectionActions: totals.rejectionActions,
  };
}

/**
 * The caller's own analysis bases for this examiner. An action whose imported OA Rejections data
 * is on file (same application and mailing date) is already counted from that data: skipped.
 */
async function analysisBases(db: Db, accountId: string, person: ExaminerPerson): Promise<Map<string, number>> {
  const first = person.variants[0];
  const { rows } = await sql<{ basis: string; name_middle: string; n: number }>`
    select b.basis, b.name_middle, count(*)::int as n
    from analysis_rejection_bases b
    where b.account_id = ${accountId} and b.name_last = ${first.last} and b.name_first = ${first.first}
      and not exists (select 1 from office_action_rejections r
                      where r.application_number = b.application_number and r.mailing_date = b.mailing_date)
    group by b.basis, b.name_middle`.execute(db);
  const counts = new Map<string, number>();
  for (const r of rows) {
    if (!middlesCompatible(person.middle, r.name_middle === '' ? [] : r.name_middle.split(' '))) continue;
    counts.set(r.basis, (counts.get(r.basis) ?? 0) + r.n);
  }
  return counts;
}
