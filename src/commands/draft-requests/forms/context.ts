/**
 * What the issue-11 forms read from the docket before they are charged: the application (with its
 * caption), the entity status its fees are for, the docket's dates (the same reading as the IDS timing),
 * the action awaiting a reply with its deadlines, and the extension a paper filed on its date needs.
 */
import type { Db } from '../../../db/connect.ts';
import type { ApplicationRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import { idsTiming, type IdsActionKind, type IdsDocket } from '../../../domain/ids-timing.ts';
import { usptoFee, type UsptoFeeCode } from '../../../domain/uspto-fees.ts';
import { pendingAction, type PendingAction } from '../../../queries/application-deadlines.ts';
import { loadIdsDocket } from '../../../queries/ids-docket.ts';
import type { ExtensionLine, FeeLine } from '../../../documents/forms/types.ts';
import type { OfficeActionRef } from '../../../documents/types.ts';
import { requireCaption, resolveApplication, todayUtc } from '../common.ts';
import { paperIdentityAndEntity, type PaperIdentity, type PaperIdentityGiven } from '../paper-identity.ts';

export interface FormContext {
  app: ApplicationRow;
  entity: EntitySize;
  date: string;
  docket: IdsDocket;
  pending: PendingAction | null;
  /** The final, allowance or Quayle action that closed prosecution and still stands; null when open. */
  closing: { kind: IdsActionKind; mailing_date: string } | null;
  issueFeePaid: string | null;
  /** Who files the paper: its signer, deposit account and attorney docket number (paper-identity.ts). */
  identity: PaperIdentity;
}

export async function formContext(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  input: { date?: string; entity_size?: EntitySize } & PaperIdentityGiven,
): Promise<FormContext> {
  const app = await resolveApplication(db, accountId, applicationNumber);
  requireCaption(app);
  // The request's own entity_size, else the application's (docket entry, USPTO record), else the
  // account's; read with who files the paper.
  const { identity, entity } = await paperIdentityAndEntity(db, accountId, memberId, app.id, input, input.entity_size);
  const date = input.date ?? todayUtc();
  const docket = (await loadIdsDocket(db, app, accountId))!; // requireCaption guarantees the filing date
  const window = idsTiming(docket, date, entity);
  const pending = await pendingAction(db, app.id, { entity, today: date, accountId });
  return { app, entity, date, docket, pending, closing: window.basis.closing_action, issueFeePaid: window.basis.issue_fee_paid, identity };
}

export function feeLine(code: UsptoFeeCode, entity: EntitySize, date: string): FeeLine {
  const f = usptoFee(code, entity, date);
  return { citation: f.citation, title: f.title, amount: f.amount, verified: f.verified };
}

export function actionRef(a: { kind: IdsActionKind; mailing_date: string }): OfficeActionRef {
  return { kind: a.kind, mailing_date: a.mailing_date };
}

export function refused(status: number, code: string, message: string, suggestion: string): AppError {
  return new AppError(status, code, message, `${suggestion} Nothing was charged.`);
}

/**
 * The extension of time a paper filed on `ctx.date` in reply to the pending action needs: none
 * within the period set; the fewest months whose last day covers the date (37 CFR 1.136(a)); 409
 * when even the last extension has passed or the period cannot be extended.
 */
export function extensionNeeded(ctx: FormContext): ExtensionLine | undefined {
  const p = ctx.pending;
  if (!p || ctx.date <= p.result.response_deadline) return undefined;
  if (!p.result.extendable) {
    throw refused(
      409,
      'reply_period_expired',
      `The period for reply to the ${p.correspondence.document_code} of ${p.correspondence.mailing_date} ended ${p.result.response_deadline} and cannot be extended.`,
      'Consider a petition to revive under 37 CFR 1.137.',
    );
  }
  const ext = p.result.extensions.find((e) => e.due_effective >= ctx.date);
  if (!ext) {
    throw refused(
      409,
      'reply_period_expired',
      `The last day to reply with an extension was ${p.result.critical_deadline_date}; ${ctx.date} is too late.`,
      'Consider a petition to revive under 37 CFR 1.137.',
    );
  }
  return {
    months: ext.months,
    extended_due: ext.due,
    fee: {
      citation: `37 CFR 1.17(a)(${ext.months})`,
      title: `Extension of time, ${ext.months} month${ext.months === 1 ? '' : 's'}`,
      amount: ext.fee ? ext.fee[ctx.entity] : null,
    },
  };
}

/** Rejection actions (non-final and final) mailed by the date: 41.31(a)(1) "twice rejected". */
export function rejectionsMailed(ctx: FormContext): { kind: IdsActionKind; mailing_date: string }[] {
  return ctx.docket.actions
    .filter((a) => (a.kind === 'non_final' || a.kind === 'final') && a.mailing_date <= ctx.date)
    .sort((a, b) => (a.mailing_date < b.mailing_date ? -1 : 1))
    .filter((a, i, all) => i === 0 || a.mailing_date !== all[i - 1].mailing_date || a.kind !== all[i - 1].kind);
}
