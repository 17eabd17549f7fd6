/**
 * Terminal disclaimer (37 CFR 1.321(c)): over the reference the caller names, or the one the
 * analysis's nonstatutory double patenting ground names (its `conflicting`); 400 naming
 * input.reference when neither gives one. Refused (422 statutory_double_patenting, nothing charged)
 * when the analysis rejects on statutory double patenting (35 U.S.C. 101, "same invention") and no
 * nonstatutory ground is over the reference: a terminal disclaimer cannot overcome that rejection
 * (MPEP 804.02, 804 II.A). Fee 1.20(d); the owner defaults to the application's first applicant.
 */
import type { Db } from '../../../db/connect.ts';
import { validationError } from '../../../errors.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import type { Practitioner } from '../../../documents/types.ts';
import { referenceName } from '../../../documents/build-terminal-disclaimer.ts';
import { DocumentInputError } from '../../../documents/validate.ts';
import { groundsOf } from '../../../domain/response-plan/grounds.ts';
import { claimsPhrase } from '../../../documents/format/claim-numbers.ts';
import { isNonstatutoryDoublePatenting } from '../../../domain/response-plan/ground-answers.ts';
import type { Ground } from '../../../domain/response-plan/types.ts';
import type { PreparedDraft, TerminalDisclaimerRequest } from '../request-types.ts';
import { resolveAnalysis } from '../common.ts';
import { feeLine, formContext, refused } from './context.ts';

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

const digits = (s: string) => s.replace(/\D/g, '');

/** Whether a ground's conflicting patent or application is `reference` (by its digits). */
function over(g: Ground, reference: NonNullable<TerminalDisclaimerSubmission['reference']>): boolean {
  const want = digits(reference.number);
  return g.conflicting.some((c) => {
    const r = referenceFromDisplay(c);
    return r !== null && digits(r.number) === want;
  });
}

/**
 * A terminal disclaimer cannot overcome statutory double patenting (35 U.S.C. 101, the same
 * invention claimed twice; MPEP 804.02): refused when the action's only double patenting is
 * statutory, or when the reference asked for is one a statutory ground is over and no
 * nonstatutory ground is.
 */
function refuseStatutory(statutory: readonly Ground[], nonstatutory: readonly Ground[], reference: TerminalDisclaimerSubmission['reference'] | null): void {
  if (!statutory.length) return;
  const blocking = reference
    ? statutory.some((g) => over(g, reference) || g.conflicting.length === 0) && !nonstatutory.some((g) => over(g, reference))
      ? statutory
      : []
    : nonstatutory.length
      ? []
      : statutory;
  if (!blocking.length) return;
  const g = blocking[0];
  const claims = claimsPhrase(g.claims);
  const against = g.conflicting.length ? ` over ${g.conflicting.join(' and ')}` : '';
  throw refused(
    422,
    'statutory_double_patenting',
    `The analysis rejects ${claims}${against} for statutory double patenting under 35 U.S.C. 101 (the same invention claimed twice). A terminal disclaimer cannot overcome that rejection (MPEP 804.02), so none was drafted.`,
    'Answer the rejection by amending or cancelling the claims so that they no longer claim the same invention, or by arguing that they do not (MPEP 804, II.A); a terminal disclaimer may then answer any nonstatutory double patenting rejection that follows.',
  );
}

export async function prepareTerminalDisclaimer(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  analysisId: string | undefined,
  input: TerminalDisclaimerSubmission,
): Promise<PreparedDraft> {
  const ctx = await formContext(db, accountId, memberId, applicationNumber, input);
  let reference = input.reference ?? null;
  if (analysisId) {
    const analysis = await resolveAnalysis(db, accountId, analysisId, applicationNumber);
    const dp = groundsOf(analysis.record as never).filter((g) => g.kind === 'rejection' && g.basis === 'DP');
    const nonstatutory = dp.filter((g) => isNonstatutoryDoublePatenting(g));
    const statutory = dp.filter((g) => !isNonstatutoryDoublePatenting(g));
    refuseStatutory(statutory, nonstatutory, reference);
    if (!reference) {
      const over = nonstatutory.find((g) => g.conflicting.length > 0);
      reference = over ? referenceFromDisplay(over.conflicting[0]) : null;
    }
  }
  if (!reference)
    throw validationError(
      'input.reference',
      'name the patent or application the double patenting rejection is over ({kind: patent|application, number}); the analysis names none',
    );
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
  return {
    exportType: 'form',
    formKind: 'terminal_disclaimer',
    analysisId: analysisId ?? null,
    applicationId: ctx.app.id,
    applicationNumber: ctx.app.application_number,
    request,
  };
}
