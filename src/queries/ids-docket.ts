/**
 * The docket dates an IDS's timing rests on (src/domain/ids-timing.ts): the filing date, the office
 * actions mailed (the papers the account can see, and the prosecution history's action events),
 * the requests for continued examination and the issue-fee payment.
 */
import type { Db } from '../db/connect.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { idsTiming, type IdsActionKind, type IdsDocket, type IdsTimingResult } from '../domain/ids-timing.ts';
import { applicationEntity } from './entity-size.ts';
import { addDays } from '../domain/deadlines/calendar.ts';
import { actionKindForDocumentCode, classifyEvent, eventCodesOfKind } from '../sources/uspto-codes.ts';
import { paperVisibleTo } from './correspondence-visibility.ts';

const EVENT_ACTION_KIND: Partial<Record<string, IdsActionKind>> = {
  non_final: 'non_final',
  final: 'final',
  restriction: 'restriction',
  quayle: 'quayle',
  allowance: 'notice_of_allowance',
};

/** Papers of the file wrapper that are an RCE or the issue-fee payment (document codes). */
const RCE_PAPERS = ['RCEX'];
const ISSUE_FEE_PAPERS = ['IFEE'];

export async function loadIdsDocket(db: Db, app: ApplicationRow, accountId: string): Promise<IdsDocket | null> {
  if (!app.filing_date) return null;
  const papers = await db
    .selectFrom('correspondence as c')
    .select(['c.document_code', 'c.mailing_date'])
    .where('c.application_id', '=', app.id)
    .where(paperVisibleTo('c.owner_account_id', accountId))
    .execute();
  const events = await db
    .selectFrom('prosecution_events')
    .select(['event_code', 'description', 'event_date'])
    .where('application_id', '=', app.id)
    .where('event_code', 'in', [...eventCodesOfKind(['non_final', 'final', 'restriction', 'quayle', 'allowance', 'rce', 'grant'])])
    .execute();

  const actions: IdsDocket['actions'] = [];
  for (const p of papers) {
    const kind = actionKindForDocumentCode(p.document_code);
    if (kind) actions.push({ kind, mailing_date: p.mailing_date });
  }
  // History events: the mail event ("MCTNF") dates the mailing; an action's own event (the day it
  // was written) counts only when no mail event of that kind follows within two weeks.
  const classified = events.map((e) => ({ ...classifyEvent(e.event_code, e.description), date: e.event_date, code: e.event_code }));
  for (const e of classified) {
    const kind = EVENT_ACTION_KIND[e.kind];
    if (!kind) continue;
    const mailedLater = !e.isMailEvent && classified.some((m) => m.isMailEvent && m.kind === e.kind && m.date >= e.date && m.date <= addDays(e.date, 14));
    if (!mailedLater && !actions.some((a) => a.kind === kind && a.mailing_date === e.date)) actions.push({ kind, mailing_date: e.date });
  }
  const rce_dates = [
    ...papers.filter((p) => RCE_PAPERS.includes(p.document_code)).map((p) => p.mailing_date),
    ...classified.filter((e) => e.kind === 'rce').map((e) => e.date),
  ];
  const issueFee =
    [
      ...papers.filter((p) => ISSUE_FEE_PAPERS.includes(p.document_code)).map((p) => p.mailing_date),
      ...classified.filter((e) => e.kind === 'grant' && (e.code === 'IFEE' || e.code === 'N084')).map((e) => e.date),
    ]
      .sort()
      .at(-1) ?? null;
  // A patent issued: the issue fee was paid, on a date the record may not hold (the grant date bounds it).
  const paid = issueFee ?? (app.status === 'patented' ? (app.grant_date ?? app.status_date) : null);
  return { filing_date: app.filing_date, actions, rce_dates, issue_fee_paid: paid };
}

/**
 * The IDS window for an application on `date`, with the 1.17(p) fee for the application's entity
 * status (docket entry, USPTO record, else the account's), or null when the record has no filing
 * date to count from.
 */
export async function idsTimingFor(db: Db, app: ApplicationRow, accountId: string, date: string): Promise<IdsTimingResult | null> {
  const docket = await loadIdsDocket(db, app, accountId);
  if (!docket) return null;
  return idsTiming(docket, date, (await applicationEntity(db, accountId, app.id)).entity_size);
}
