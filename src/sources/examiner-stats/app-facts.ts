// Derives examiner_app_facts rows for a batch of applications: reads the application, its
// events and its office-action rejection flags, classifies events with the one USPTO-code
// mapping (uspto-codes.ts classifyEvent) and applies the outcome definitions
// (domain/examiner-outcome.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ExaminerAppFactsTable } from '../../db/schema.ts';
import { middleKey, parseExaminerName } from '../../domain/examiner-name.ts';
import { applicationOutcome, type ApplicationState, type ClassifiedEvent } from '../../domain/examiner-outcome.ts';
import { classifyEvent, eventPrefilter } from '../uspto-codes.ts';
import { examinerKey } from './examiner-key.ts';

export type FactRow = ExaminerAppFactsTable;

/** The event kinds the outcome needs (domain/examiner-outcome.ts): rejections, RCEs, allowance, interview, and the disposal-date fallbacks. */
const PREFILTER = eventPrefilter(['non_final', 'final', 'rce', 'allowance', 'interview', 'abandonment', 'grant']);

interface RejectionCounts {
  application_number: string;
  n: number;
  r101: number;
  r102: number;
  r103: number;
  r112: number;
  rdp: number;
}

/** Facts for the public applications among `ids` that name an examiner (others get none). */
export async function deriveFacts(db: Db, ids: readonly string[]): Promise<FactRow[]> {
  if (ids.length === 0) return [];
  const apps = await db
    .selectFrom('applications')
    .select(['id', 'application_number', 'status', 'status_code', 'status_date', 'grant_date', 'filing_date', 'examiner_name', 'examiner_id', 'art_unit'])
    .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
    .where('owner_account_id', 'is', null)
    .where('examiner_name', 'is not', null)
    .execute();
  if (apps.length === 0) return [];
  const appIds = apps.map((a) => a.id);

  // Only the events that can matter (a PatEx application has ~30, a handful of these kinds).
  const events = await sql<{ application_id: string; event_code: string; description: string | null; event_date: string }>`
    select application_id, event_code, description, event_date::text as event_date
    from prosecution_events
    where application_id = any(${appIds}::text[])
      and (event_code = any(${PREFILTER.codes}::text[])
        or event_code ~ ${PREFILTER.codePattern ?? '$^'}
        or description ~* ${PREFILTER.descriptionPattern ?? '$^'})`.execute(db);
  const byApp = new Map<string, ClassifiedEvent[]>();
  const classes = new Map<string, ReturnType<typeof classifyEvent>>();
  for (const e of events.rows) {
    const cacheKey = `${e.event_code}\u0000${e.description ?? ''}`;
    let c = classes.get(cacheKey);
    if (c === undefined) {
      c = classifyEvent(e.event_code, e.description);
      classes.set(cacheKey, c);
    }
    if (c.kind === 'other') continue;
    const list = byApp.get(e.application_id);
    const item: ClassifiedEvent = { kind: c.kind, isMailEvent: c.isMailEvent, date: e.event_date, initiator: c.initiator, code: e.event_code };
    if (list) list.push(item);
    else byApp.set(e.application_id, [item]);
  }

  // One row per office action, so each count is "office actions with this basis".
  const rejections = await sql<RejectionCounts>`
    select application_number, count(*)::int as n, count(*) filter (where rej_101)::int as r101,
      count(*) filter (where rej_102)::int as r102, count(*) filter (where rej_103)::int as r103,
      count(*) filter (where rej_112)::int as r112, count(*) filter (where rej_dp)::int as rdp
    from office_action_rejections where application_number = any(${apps.map((a) => a.application_number)}::text[])
    group by application_number`.execute(db);
  const rejByNumber = new Map(rejections.rows.map((r) => [r.application_number, r]));

  const facts: FactRow[] = [];
  for (const app of apps) {
    const name = parseExaminerName(app.examiner_name);
    if (name === null) continue;
    const outcome = applicationOutcome({
      state: app.status as ApplicationState,
      statusCode: app.status_code,
      statusDate: app.status_date,
      grantDate: app.grant_date,
      events: byApp.get(app.id) ?? [],
    });
    const rej = rejByNumber.get(app.application_number);
    facts.push({
      application_id: app.id,
      examiner_key: examinerKey(name, app.examiner_id),
      name_last: name.last,
      name_first: name.first,
      name_middle: middleKey(name.middle),
      examiner_id: app.examiner_id,
      examiner_name: app.examiner_name as string,
      art_unit: app.art_unit ?? '',
      outcome: outcome.outcome,
      disposal_date: outcome.disposalDate,
      disposal_year: outcome.disposalDate ? Number(outcome.disposalDate.slice(0, 4)) : 0,
      actions_to_allowance: outcome.actionsToAllowance,
      rces_to_allowance: outcome.rcesToAllowance,
      has_interview: outcome.hasInterview,
      filing_date: app.filing_date,
      rej_actions: rej?.n ?? 0,
      rej_101: rej?.r101 ?? 0,
      rej_102: rej?.r102 ?? 0,
      rej_103: rej?.r103 ?? 0,
      rej_112: rej?.r112 ?? 0,
      rej_dp: rej?.rdp ?? 0,
    });
  }
  return facts;
}
