/**
 * Terminal disclaimer (37 CFR 1.321(c)): over the reference the caller names, or the one the
 * analysis's double patenting ground names (its `conflicting`); 400 naming input.reference when
 * neither gives one. Fee 1.20(d); the owner defaults to the application's first applicant.
 */
import type { Db } from '../../../db/connect.ts';
import { validationError } from '../../../errors.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import type { Practitioner } from '../../../documents/types.ts';
import { referenceName } from '../../../documents/build-terminal-disclaimer.ts';
import { DocumentInputError } from '../../../documents/validate.ts';
import { groundsOf } from '../../../domain/response-plan/grounds.ts';
import type { PreparedDraft, TerminalDisclaimerRequest } from '../../../jobs/requests.ts';
import { resolveAnalysis } from '../common.ts';
import { feeLine, formContext } from './context.ts';

export interface TerminalDisclaimerSubmission {
  reference?: { kind: 'patent' | 'application'; number: string };
  owner?: { name?: string; percent_interest?: number };
  date?: string;
  entity_size?: EntitySize;
  deposit_account?: string;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

/** "US 10,123,456 B2" → a patent; "16/123,456" → an application. */
function referenceFromDisplay(display: string): TerminalDisclaimerRequest['reference'] | null {
  const app = display.match(/\b(\d{2}\/\d{3},\d{3})\b/);
  if (app) return { kind: 'application', number: app[1] };
  const pat = display.match(/\b(?:US\s*)?((?:RE)?\d{1,2},?\d{3},?\d{3})\b/i);
  return pat ? { kind: 'patent', number: pat[1] } : null;
}

export async function prepareTerminalDisclaimer(db: Db, accountId: string, applicationNumber: string, analysisId: string | undefined, input: TerminalDisclaimerSubmission): Promise<PreparedDraft> {
  const ctx = await formContext(db, accountId, applicationNumber, input);
  let reference = input.reference ?? null;
  if (!reference && analysisId) {
    const analysis = await resolveAnalysis(db, accountId, analysisId, applicationNumber);
    const dp = groundsOf(analysis.record as never).find((g) => g.basis === 'DP' && g.conflicting.length > 0);
    reference = dp ? referenceFromDisplay(dp.conflicting[0]) : null;
  }
  if (!reference) throw validationError('input.reference', 'name the patent or application the double patenting rejection is over ({kind: patent|application, number}); the analysis names none');
  try {
    referenceName(reference);
  } catch (e) {
    if (e instanceof DocumentInputError) throw validationError('input.reference.number', e.message.replace(/^reference\.number /, ''));
    throw e;
  }
  const pct = input.owner?.percent_interest;
  if (pct !== undefined && (!(pct > 0) || pct > 100)) throw validationError('input.owner.percent_interest', 'must be more than 0 and at most 100');
  const ownerName = input.owner?.name ?? ctx.app.first_applicant_name ?? undefined;
  const request: TerminalDisclaimerRequest = {
    application_number: ctx.app.application_number,
    reference,
    owner: { ...(ownerName ? { name: ownerName } : {}), ...(pct !== undefined ? { percent_interest: pct } : {}) },
    fee: feeLine('terminal_disclaimer', ctx.entity, ctx.date),
    entity_size: ctx.entity,
    date: ctx.date,
    ...ctx.identity,
  };
  return { exportType: 'form', formKind: 'terminal_disclaimer', analysisId: analysisId ?? null, applicationId: ctx.app.id, applicationNumber: ctx.app.application_number, request };
}
