/**
 * Client reporting letter from an analysis: the grounds (the record's one ground list, with the
 * examiner's words), the recommended course per claim, the deadlines of the pending action from
 * the deadline engine (extension fees for the request's entity size), the options the kind of
 * action leaves open with their USPTO fees, every decision the action puts to the client with its
 * fees (client-decisions.ts), and the recommendation (the caller's, else one written from the
 * analysis).
 */
import type { Db } from '../../../db/connect.ts';
import { validationError } from '../../../errors.ts';
import type { EntitySize } from '../../../domain/deadlines/fees.ts';
import type { Practitioner, PaperKind } from '../../../documents/types.ts';
import type { ClientReportDecision, ClientReportGround, ClientReportInput, ClientReportOption } from '../../../documents/forms/types.ts';
import { periodState } from '../../../documents/build-client-report.ts';
import { groundsOf } from '../../../domain/response-plan/grounds.ts';
import { isNonstatutoryDoublePatenting } from '../../../domain/response-plan/ground-answers.ts';
import type { Ground } from '../../../domain/response-plan/types.ts';
import { officeActionOf, paperKindOf, statedMailingDate, type StoredAnalysis } from '../inputs/analysis.ts';
import type { ClientReportRequest, PreparedDraft } from '../request-types.ts';
import { resolveAnalysis } from '../common.ts';
import { feeLine, formContext, type FormContext } from './context.ts';
import { signedBy } from '../paper-identity.ts';
import { clientDecisions } from './client-decisions.ts';

export interface ClientReportSubmission {
  client?: { name?: string; reference?: string; attention?: string };
  recommendation?: string;
  office_action_date?: string;
  date?: string;
  entity_size?: EntitySize;
  practitioner?: Practitioner;
  attorney_docket_number?: string;
}

/**
 * The analysis' codes in words a client reads: what each course does, never what it achieves
 * (issue 19 item 4: "a clarifying amendment that does not narrow the claim" promised what no one
 * can). Checked against documents/forms/promises.ts by the tests.
 */
const IN_WORDS: Record<string, string> = {
  amend_narrow: 'amend to add a feature that we believe the cited art does not show, which narrows what is claimed',
  argue_distinction: 'keep unchanged and explain why the cited art does not show what is claimed',
  argue_unexpected_results: 'argue, with evidence such as test results, that the invention performs better than the cited art would lead one to expect',
  amend_clarify: 'amend the wording the Examiner questions; any amendment can change what is covered, so we review the new wording with you before filing',
  rewrite_independent: 'rewrite in independent form, adding the features of the claims depended from',
  terminal_disclaimer: 'file a terminal disclaimer over the patent or application named in the double-patenting rejection (see “Decisions for you”)',
  cancel: 'cancel',
  provide_information: 'supply the information the Examiner requires, or state that it is not known or not readily available',
};

function optionsFor(kind: PaperKind, ctx: FormContext): ClientReportOption[] {
  const fee = (code: Parameters<typeof feeLine>[0]) => feeLine(code, ctx.entity, ctx.date);
  const rce = fee(ctx.docket.rce_dates.length ? 'rce_subsequent' : 'rce_first');
  const lapse: ClientReportOption = {
    title: 'Let the application lapse',
    description:
      'If the invention is no longer of interest, no reply is filed and the application becomes abandoned after the last day above. This cannot easily be undone.',
    fees: [],
  };
  switch (kind) {
    case 'final':
      return [
        {
          title: 'Reply after final rejection',
          description:
            'Amend or argue under 37 C.F.R. § 1.116. The Examiner may refuse to enter amendments that raise new issues; an advisory action usually follows within two months.',
          fees: [],
        },
        {
          title: 'Request continued examination (RCE)',
          description: 'Reopens prosecution so amendments and arguments are considered as of right (37 C.F.R. § 1.114).',
          fees: [rce],
        },
        {
          title: 'Appeal to the Patent Trial and Appeal Board',
          description:
            'A notice of appeal (37 C.F.R. § 41.31), optionally with a pre-appeal brief request for review, then an appeal brief; a forwarding fee is due later if the appeal goes to the Board.',
          fees: [fee('notice_of_appeal')],
        },
        { title: 'Interview with the Examiner', description: 'A call to discuss an amendment the Examiner might accept.', fees: [] },
        lapse,
      ];
    case 'notice_of_allowance':
      return [
        {
          title: 'Pay the issue fee',
          description: 'The patent is normally granted some weeks after payment. The three-month period cannot be extended.',
          fees: [fee('issue_fee_utility'), fee('publication_fee')],
        },
        {
          title: 'Request continued examination (RCE)',
          description: 'Only if further prior art must be considered or the claims changed before issue.',
          fees: [rce],
        },
        {
          title: 'File a continuing application before issue',
          description: 'Keeps a family member pending to pursue other claims; official filing fees apply separately.',
          fees: [],
        },
      ];
    case 'restriction':
      return [
        {
          title: 'Elect an invention',
          description:
            'Choose the invention to pursue now, with or without traverse (see “Decisions for you”); the other claims can be pursued in divisional applications (35 U.S.C. 121).',
          fees: [],
        },
        lapse,
      ];
    case 'requirement_for_information':
      return [
        {
          title: 'Supply the information',
          description: 'Reply with the information the Examiner requires, or state that it is not known or not readily available (37 C.F.R. § 1.105).',
          fees: [],
        },
        lapse,
      ];
    case 'quayle':
      return [
        {
          title: 'Correct the formal matters',
          description: 'Prosecution on the merits is closed; the reply corrects the matters of form the Examiner lists (MPEP 714.14).',
          fees: [],
        },
        lapse,
      ];
    default:
      return [
        { title: 'File a reply', description: 'Amend the claims and/or argue (37 C.F.R. § 1.111), answering every rejection and objection.', fees: [] },
        { title: 'Interview with the Examiner', description: 'A call before the reply to discuss proposed amendments; it can shorten prosecution.', fees: [] },
        lapse,
      ];
  }
}

/** The claims the action allows, those it says would be allowable if rewritten in independent form, and those it shows cancelled. */
function allowableOf(record: StoredAnalysis): NonNullable<ClientReportInput['allowable']> {
  const allowed = record.claim_analyses.filter((c) => c.status === 'allowed').map((c) => c.claim_number);
  const ifRewritten = record.claim_analyses.filter((c) => c.status === 'objected' && c.allowable_if_rewritten === true).map((c) => c.claim_number);
  const cancelled = record.claim_analyses.filter((c) => c.status === 'cancelled').map((c) => c.claim_number);
  return { allowed, if_rewritten: ifRewritten, ...(cancelled.length ? { cancelled } : {}) };
}

/**
 * After the last day a reply could be filed (the deadline engine's date): nothing in the letter
 * offers a reply or an extension; what can be done is the practitioner's advice, left as a place.
 */
const ENDED_OPTION: ClientReportOption = {
  title: 'Discuss the next step with us',
  description:
    'The period set in the action has ended (see “Deadlines”). Whether anything can still be done for this application, and at what cost, depends on facts we must review with you; we will advise you separately.',
  fees: [],
};
const ENDED_RECOMMENDATION =
  'The last day to reply to this action has passed, so we do not recommend a course for the claims in this letter. Please contact us so that we can review the file with you and advise on what, if anything, can still be done.';
function endedDecision(kind: PaperKind): ClientReportDecision {
  return {
    title: kind === 'notice_of_allowance' ? 'What to do now that the issue fee period has ended' : 'What to do now that the period for reply has ended',
    description: `Whether to ask the USPTO to revive the application by petition (37 C.F.R. § 1.137), or to leave it abandoned, is a decision we will take with you once we have reviewed the file${kind === 'notice_of_allowance' ? '' : '; the grounds above would still have to be answered if it is revived'}.`,
    fees: [],
    fee_note: 'A petition to revive has its own USPTO fee (37 C.F.R. § 1.17(m)), which is not quoted in this letter.',
  };
}
/**
 * A narrowing amendment in a client's words, by what the claim is rejected over: the cited art,
 * the same invention as another patent (statutory double patenting, no art), or another ground.
 */
function narrowingWords(n: number, grounds: readonly Ground[]): { key: string; words: string } {
  const own = grounds.filter((g) => g.kind === 'rejection' && g.claims.includes(n));
  // Art: a rejection over references (a double patenting ground's "reference" is the conflicting patent, not art).
  if (own.some((g) => g.references.length > 0 && g.basis !== 'DP')) return { key: 'amend_narrow', words: IN_WORDS.amend_narrow };
  if (own.length && own.every((g) => g.basis === 'DP' && !isNonstatutoryDoublePatenting(g))) {
    return {
      key: 'amend_narrow:same',
      words:
        'amend so that the claims no longer claim the same invention as the patent the Examiner names (see “Decisions for you”), which changes what is claimed',
    };
  }
  return { key: 'amend_narrow:other', words: 'amend to add a feature that answers the Examiner’s rejection, which narrows what is claimed' };
}

/**
 * Keeping a claim and arguing, in a client's words, by what it is rejected on: the cited art, its
 * eligibility (101), its wording (112), another patent's claims (double patenting).
 */
function arguingWords(n: number, grounds: readonly Ground[]): { key: string; words: string } {
  const own = grounds.filter((g) => g.kind === 'rejection' && g.claims.includes(n));
  const parts: string[] = [];
  if (own.some((g) => g.references.length > 0 && g.basis !== 'DP')) parts.push('why the cited art does not show what is claimed');
  if (own.some((g) => g.basis === '101')) parts.push('why the claims are directed to subject matter that can be patented');
  if (own.some((g) => g.basis?.startsWith('112'))) parts.push('why the wording the Examiner questions is clear');
  if (own.some((g) => g.basis === 'DP')) parts.push('why the claims differ from the claims of the other patent or application the Examiner names');
  if (!parts.length || (parts.length === 1 && parts[0].startsWith('why the cited art'))) return { key: 'argue_distinction', words: IN_WORDS.argue_distinction };
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return { key: `argue_distinction:${parts.length}:${list}`, words: `keep unchanged and explain ${list}` };
}

function recommendationOf(
  record: StoredAnalysis,
  kind: PaperKind,
  grounds: readonly Ground[],
  state: ReturnType<typeof periodState>,
): { text: string; groups: ClientReportInput['recommendations'] } {
  const byCode = new Map<string, number[]>();
  const words = new Map<string, string>();
  for (const c of record.claim_analyses ?? []) {
    // `elect` marks a claim as subject to the restriction: the election is a decision, set out on its own.
    if (!c.recommendation || c.recommendation === 'no_action' || c.recommendation === 'elect') continue;
    const narrow =
      c.recommendation === 'amend_narrow'
        ? narrowingWords(c.claim_number, grounds)
        : c.recommendation === 'argue_distinction'
          ? arguingWords(c.claim_number, grounds)
          : null;
    const key = narrow?.key ?? c.recommendation;
    if (narrow) words.set(key, narrow.words);
    byCode.set(key, [...(byCode.get(key) ?? []), c.claim_number]);
  }
  const rewritable = new Set(allowableOf(record).if_rewritten);
  const groups = [...byCode].map(([code, claims]) => ({
    claims: claims.sort((a, b) => a - b),
    strategy: words.get(code) ?? IN_WORDS[code] ?? code,
    // Said only where the action says it of every claim of the group.
    reasons:
      code === 'rewrite_independent' && claims.every((n) => rewritable.has(n))
        ? ['The Examiner indicated that these claims would be allowable if rewritten in independent form.']
        : [],
  }));
  const text =
    kind === 'notice_of_allowance'
      ? 'We recommend paying the issue fee before the deadline, after checking whether any claims cancelled by the Examiner should be pursued in a continuing application.'
      : kind === 'final'
        ? 'We recommend a reply after final rejection along the lines below, and, if the Examiner maintains the rejections, a request for continued examination or an appeal.'
        : kind === 'restriction'
          ? 'We recommend electing the invention that covers your product or the embodiment that matters most to you, with traverse unless you wish to accept the requirement. The choice is yours; please tell us which invention to elect.'
          : state === 'extension'
            ? 'The period set in the action has ended; we recommend filing a reply with the extension of time it then needs (see “Deadlines”), treating the claims as follows.'
            : 'We recommend filing a reply within the period set, treating the claims as follows.';
  return { text, groups };
}

export async function prepareClientReport(
  db: Db,
  accountId: string,
  memberId: string,
  applicationNumber: string,
  analysisId: string | undefined,
  input: ClientReportSubmission,
): Promise<PreparedDraft> {
  if (!analysisId) throw validationError('analysis_id', 'is required for a client report: it summarizes the analysis of the office action');
  const analysis = await resolveAnalysis(db, accountId, analysisId, applicationNumber);
  const ctx = await formContext(db, accountId, memberId, applicationNumber, input);
  const record = analysis.record;
  const mailing = input.office_action_date ?? statedMailingDate(record) ?? ctx.pending?.correspondence.mailing_date;
  if (!mailing)
    throw validationError('input.office_action_date', "is required: the action's text states no mailing date and no action is pending on the docket");
  const kind = paperKindOf(record);
  // Every ground of the action, as the record lists them (rejections, objections, requirements).
  const all = groundsOf(record as never);
  const grounds: ClientReportGround[] = all.map((g) => ({ id: g.id, label: g.title, claims: g.claims, statement: g.statement.text }));
  const p = ctx.pending?.correspondence.mailing_date === mailing ? ctx.pending.result : null;
  const deadlines: ClientReportInput['deadlines'] = p
    ? {
        reply_due: p.ssp_due,
        reply_due_effective: p.response_deadline,
        extensions: p.extensions.map((e) => ({ months: e.months, due: e.due_effective, nominal: e.due, fee: e.fee ? e.fee[ctx.entity] : null })),
        final_date: p.critical_deadline_date,
        extendable: p.extendable,
      }
    : null;
  const state = periodState(deadlines, ctx.date);
  const ended = state === 'ended';
  const { text, groups } = recommendationOf(record, kind, all, state);
  const request: ClientReportRequest = {
    application_number: ctx.app.application_number,
    analysis_id: analysis.id,
    client: input.client ?? {},
    office_action: officeActionOf(record, mailing),
    grounds,
    // After the last day, no course for the claims is recommended: whether prosecution goes on at all is the open question.
    recommendations: ended ? [] : groups,
    deadlines,
    options: ended ? [ENDED_OPTION] : optionsFor(kind, ctx),
    decisions: ended ? [endedDecision(kind)] : clientDecisions(record, all, kind, ctx),
    allowable: allowableOf(record),
    recommendation: input.recommendation?.trim() || (ended ? ENDED_RECOMMENDATION : text),
    entity_size: ctx.entity,
    date: ctx.date,
    ...signedBy(ctx.identity),
  };
  return {
    exportType: 'form',
    formKind: 'client_report',
    analysisId: analysis.id,
    applicationId: ctx.app.id,
    applicationNumber: ctx.app.application_number,
    request,
  };
}
