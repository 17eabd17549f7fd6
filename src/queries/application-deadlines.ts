import type { Db } from '../db/connect.ts';
import { preparedQuery } from '../db/prepared-statements.ts';
import type { ExpressionBuilder, SqlBool } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { calculateDeadlines, type DeadlineResult, type EntitySize } from '../domain/deadlines/index.ts';
import { ACTION_DOCUMENT_CODES, actionKindForDocumentCode, eventCodesOfKind } from '../sources/uspto-codes.ts';
import { deadlineFieldsOf, type DeadlineFields } from '../domain/deadlines/deadline-fields.ts';
import { paperVisibleTo } from './correspondence-visibility.ts';
import { SUMMARY_COLUMNS, type PaperSummary } from './correspondence.ts';
import { entityOfRecord } from '../domain/entity-status.ts';

/** Papers the applicant files that answer an action (document codes of the file wrapper). */
const REPLY_DOCUMENT_CODES = ['REM', 'CLM', 'A...', 'A.NE', 'AMSB', 'RCEX', 'ELC.', 'IFEE'];
/** Events that answer a rejection (a reply or an RCE) and, for a notice of allowance, the issue fee. */
const REPLY_EVENT_CODES = eventCodesOfKind(['applicant_reply', 'rce']);
const ISSUE_FEE_EVENT_CODES = eventCodesOfKind(['grant']);

export interface PendingAction {
  /** The action, without its text: no caller of the pending action reads it, and it is the row's bulk. */
  correspondence: Omit<PaperSummary, 'has_text'>;
  result: DeadlineResult;
}

export interface PendingActionOptions {
  /** Date of computation (selects the fee table); defaults to the action's mailing date. */
  today?: string;
  entity?: EntitySize;
  /** Per application (the docket's deadlines: each application's own entity status); `entity` for the others. */
  entities?: ReadonlyMap<string, EntitySize>;
  /**
   * The reading account: the papers it recorded itself (POST /api/docket/{id}/office-actions)
   * count beside the public record. Omitted: the public record only (REST #1 and #2), so one
   * account's recorded action never moves another account's or the public deadlines.
   */
  accountId?: string | null;
}

/**
 * The application's latest office action that still awaits a reply, with its computed
 * deadlines; null when nothing is pending (no action, a reply or RCE filed since, or the
 * application is patented or abandoned). This is the single code path behind the lookup
 * record, REST #2, the docket, the account's deadlines and the calendar feed.
 */
export async function pendingAction(db: Db, applicationId: string, opts: PendingActionOptions = {}): Promise<PendingAction | null> {
  return (await pendingActions(db, [applicationId], opts)).get(applicationId) ?? null;
}

/**
 * pendingAction for many applications in ONE query (the docket lists up to thousands): the
 * latest action per application by DISTINCT ON, with the same reply/issue-fee tests, then the
 * deadline arithmetic in memory. Applications with nothing pending are absent from the map.
 */
export async function pendingActions(db: Db, applicationIds: readonly string[], opts: PendingActionOptions = {}): Promise<Map<string, PendingAction>> {
  const out = new Map<string, PendingAction>();
  if (applicationIds.length === 0) return out;
  applicationsComputed += applicationIds.length;
  const rows =
    applicationIds.length === 1
      ? await latestActionOfOne(db, applicationIds[0], opts.accountId)
      : await latestActions(db, opts.accountId)
          .where('c.application_id', 'in', [...applicationIds])
          .execute();
  for (const row of rows) {
    // The row carries the application's state and the action's answered tests itself.
    const result = deadlinesIfPending(row, row, opts.entities?.get(row.application_id) ?? opts.entity, opts.today);
    if (!result) continue;
    const { app_status: _s, entity_status: _e, reply_paper: _p, reply_event: _r, issue_fee_event: _i, ...correspondence } = row;
    out.set(row.application_id, { correspondence, result });
  }
  return out;
}

/**
 * One round trip: the latest action of each application, its state, and whether anything
 * answering the action was filed after it (reply papers, reply or RCE events; the issue fee for a
 * NOA). The caller adds which applications.
 */
function latestActions(db: Db, accountId: string | null | undefined) {
  return db
    .selectFrom('correspondence as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .distinctOn('c.application_id')
    .select(SUMMARY_COLUMNS)
    .select(['a.status as app_status', 'a.entity_status'])
    .select((eb) => answeredColumns(eb, accountId))
    .where('c.document_code', 'in', [...ACTION_DOCUMENT_CODES])
    .where(paperVisibleTo('c.owner_account_id', accountId))
    .orderBy('c.application_id')
    .orderBy('c.mailing_date', 'desc')
    .orderBy('c.created_at', 'desc');
}

// Which papers show differs between an account and the public record: one statement for each.
const oneForAccount = preparedQuery(['applicationId', 'accountId'], (db: Db, a: { applicationId: string; accountId: string }) =>
  latestActions(db, a.accountId).where('c.application_id', '=', a.applicationId),
);
const oneForPublic = preparedQuery(['applicationId'], (db: Db, a: { applicationId: string }) =>
  latestActions(db, null).where('c.application_id', '=', a.applicationId),
);

/**
 * One application (a lookup, an application's page, a draft submission): a statement compiled and
 * prepared once (prepared-statements.ts); a docket's list of ids is sent as it is.
 */
async function latestActionOfOne(db: Db, applicationId: string, accountId: string | null | undefined) {
  const { rows } = accountId ? await oneForAccount(db, { applicationId, accountId }) : await oneForPublic(db, { applicationId });
  return rows;
}

type CalculationInput = {
  action: NonNullable<ReturnType<typeof actionKindForDocumentCode>>;
  mailingDate: string;
  periodMonths?: number;
  entity: EntitySize;
  today?: string;
};

/**
 * The deadline engine's answers by their input. A docket's actions share mailing dates (the
 * USPTO mails on business days, so ten thousand entries have a few hundred distinct dates), and
 * the engine is a pure function of its input: each distinct input is calculated once. Callers
 * only read the results. Bounded: the oldest inputs are dropped first.
 */
const CALCULATIONS_KEPT = 20_000;
const calculations = new Map<string, DeadlineResult>();
let engineCalls = 0;
let applicationsComputed = 0;

function calculatedDeadlines(input: CalculationInput): DeadlineResult {
  const key = `${input.action}|${input.mailingDate}|${input.periodMonths ?? ''}|${input.entity}|${input.today ?? ''}`;
  const known = calculations.get(key);
  if (known) return known;
  engineCalls += 1;
  const result = calculateDeadlines(input);
  if (calculations.size >= CALCULATIONS_KEPT) calculations.delete(calculations.keys().next().value!);
  calculations.set(key, result);
  return result;
}

/** How many times pendingActions has run the deadline engine in this process (tests count the work). */
export function deadlineEngineCalls(): number {
  return engineCalls;
}

/** How many applications pendingActions has computed deadlines for in this process (tests count a page's work). */
export function deadlineApplicationsComputed(): number {
  return applicationsComputed;
}

type ActionRowBuilder = ExpressionBuilder<Schema & { c: Schema['correspondence'] }, 'c'>;

/** Whether the application has an event with one of `codes` dated after the action's mailing. */
function eventAfterAction(eb: ActionRowBuilder, codes: string[]) {
  return eb.exists(
    eb
      .selectFrom('prosecution_events as e')
      .select('e.id')
      .whereRef('e.application_id', '=', 'c.application_id')
      .whereRef('e.event_date', '>', 'c.mailing_date')
      .where('e.event_code', 'in', codes),
  );
}

/**
 * Whether anything answering the action `c` was filed after it: a reply paper (as `accountId`
 * sees the papers), a reply or RCE event, the issue fee (which answers a notice of allowance).
 */
export function answeredColumns(eb: ActionRowBuilder, accountId: string | null | undefined) {
  return [
    eb
      .exists(
        eb
          .selectFrom('correspondence as r')
          .select('r.id')
          .whereRef('r.application_id', '=', 'c.application_id')
          .whereRef('r.mailing_date', '>', 'c.mailing_date')
          .where('r.document_code', 'in', REPLY_DOCUMENT_CODES)
          .where(paperVisibleTo('r.owner_account_id', accountId)),
      )
      .as('reply_paper'),
    eventAfterAction(eb, REPLY_EVENT_CODES).as('reply_event'),
    eventAfterAction(eb, ISSUE_FEE_EVENT_CODES).as('issue_fee_event'),
  ] as const;
}

/** An application's latest action as the pending test reads it (answeredColumns beside it). */
export interface LatestAction {
  document_code: string;
  mailing_date: string;
  period_months: number | null;
  reply_paper: SqlBool;
  reply_event: SqlBool;
  issue_fee_event: SqlBool;
}

/**
 * The deadlines of an application's latest action, or null when it awaits no reply: the
 * application is patented or abandoned, the paper is not an action, or it has been answered.
 * `entity` overrides the entity status of record.
 */
export function deadlinesIfPending(
  application: { app_status: string; entity_status: string | null },
  action: LatestAction,
  entity: EntitySize | undefined,
  today: string | undefined,
): DeadlineResult | null {
  if (application.app_status === 'patented' || application.app_status === 'abandoned') return null;
  const kind = actionKindForDocumentCode(action.document_code);
  if (!kind) return null;
  const answered = action.reply_paper || (action.document_code === 'NOA' ? action.issue_fee_event : action.reply_event);
  if (answered) return null;
  return calculatedDeadlines({
    action: kind,
    mailingDate: action.mailing_date,
    periodMonths: action.period_months ?? undefined,
    entity: entity ?? entityOfRecord(application.entity_status) ?? 'large',
    today,
  });
}

/** The three fields as `accountId` sees them (its own recorded papers count); public record when omitted. */
export async function applicationDeadlineFields(db: Db, applicationId: string, accountId?: string | null): Promise<DeadlineFields> {
  return deadlineFieldsOf(await pendingAction(db, applicationId, { accountId }));
}

/** applicationDeadlineFields for many applications in one query (GET /api/docket). */
export async function applicationsDeadlineFields(db: Db, applicationIds: readonly string[], accountId?: string | null): Promise<Map<string, DeadlineFields>> {
  const pending = await pendingActions(db, applicationIds, { accountId });
  return new Map(applicationIds.map((id) => [id, deadlineFieldsOf(pending.get(id) ?? null)]));
}
