/**
 * Applicant-initiated interview request, with the content of form PTOL-413A: the application,
 * its status, tentative participants, proposed dates and times, the type of interview, any
 * exhibit, and the issues to be discussed built from the analysis (claims, rejections, art and
 * the proposed amendment or argument per claim). MPEP 713.01: the request states the issues
 * in advance, so the examiner can prepare.
 */
import type { Paragraph, Table } from 'docx';
import { planAmendments } from './amendment-plan.ts';
import { captionBlock, captionHeaderLines } from './caption.ts';
import { formatDayAndDate, formatLongDate } from './format/dates.ts';
import { draftingNote, heading, para, title } from './docx/paragraphs.ts';
import { prompt, run } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { gridTable } from './docx/tables.ts';
import { collectRejectionGrounds } from './rejection-grounds.ts';
import { actionDescription } from './response-title.ts';
import { interviewAgenda } from './interview/agenda.ts';
import { signatureBlock } from './signature.ts';
import { checkCaption, checkClaims, checkDate, DocumentInputError } from './validate.ts';
import type { InterviewRequestInput, InterviewType } from './types.ts';

export const INTERVIEW_TITLE = 'APPLICANT INITIATED INTERVIEW REQUEST';

const TYPES: [InterviewType, string][] = [
  ['telephonic', 'Telephonic'],
  ['video', 'Video Conference'],
  ['in_person', 'Personal (in person)'],
];
const ROLES = { attorney: 'Attorney', agent: 'Patent Agent', applicant: 'Applicant', inventor: 'Inventor', other: 'Other' } as const;

export async function buildInterviewRequest(input: InterviewRequestInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkClaims(input.claims, input.strategy);
  checkDate('office_action.mailing_date', input.office_action.mailing_date);
  checkDate('request_date', input.request_date);
  if (!TYPES.some(([t]) => t === input.interview_type))
    throw new DocumentInputError(`interview_type must be telephonic, video or in_person, got ${JSON.stringify(input.interview_type)}`);
  for (const s of input.proposed_slots ?? []) checkDate('proposed_slots.date', s.date);

  const plan = planAmendments({ kind: input.office_action.kind, claims: input.claims, strategy: input.strategy });
  const agenda = interviewAgenda(plan, collectRejectionGrounds(input.claims));
  const children: (Paragraph | Table)[] = [
    ...captionBlock(caption),
    title(INTERVIEW_TITLE),
    ...periodNote(input),
    para('(Content of form PTOL-413A)', { alignment: 'center' }),
    para(
      `Applicant requests an interview with the Examiner to discuss the ${actionDescription(input.office_action.kind)} mailed ${formatLongDate(input.office_action.mailing_date)}, on the issues listed below.`,
    ),
    heading(2, 'Status of Application'),
    para(
      `${actionDescription(input.office_action.kind)[0].toUpperCase()}${actionDescription(input.office_action.kind).slice(1)} mailed ${formatLongDate(input.office_action.mailing_date)}; reply not yet filed.`,
    ),
    heading(2, 'Tentative Participants'),
    ...participants(input),
    heading(2, 'Proposed Date and Time of Interview'),
    ...slots(input),
    heading(2, 'Type of Interview Requested'),
    para(TYPES.map(([t, label]) => `${t === input.interview_type ? '☒' : '☐'} ${label}`).join('     ')),
    heading(2, 'Exhibit To Be Shown or Demonstrated'),
    para(input.exhibit ? `☒ Yes: ${input.exhibit}` : '☐ Yes     ☒ No'),
    heading(2, 'Issues To Be Discussed'),
    gridTable(
      ['Issues (Rej., Obj., etc.)', 'Claims/Fig. #s', 'Prior Art', 'Proposed Amendment or Argument', 'Discussed', 'Agreed', 'Not Agreed'],
      agenda.map((r) => [r.issue, r.claims, r.prior_art, r.proposal, '☐', '☐', '☐']),
      // The three check columns wide enough for their headers on one line ("Discussed" broke as "Discuss/ed").
      AGENDA_WIDTHS,
    ),
    heading(2, 'Brief Description of Arguments To Be Presented'),
    para([
      run('Applicant will explain the proposed amendments and the distinctions over the applied art listed above, and '),
      prompt('summarize the key argument, e.g., the limitation the references lack'),
      run('. A proposed amendment will be sent to the Examiner in advance of the interview.'),
    ]),
    para('This request is submitted in advance of the interview so that the Examiner may consider the issues (MPEP 713.01).'),
    ...signatureBlock(input.request_date, input.practitioner, 'Applicant’s representative:'),
  ];
  return renderPaper({
    title: INTERVIEW_TITLE,
    date: input.request_date,
    children,
    headerLines: captionHeaderLines(caption, 'Applicant Initiated Interview Request'),
    template: input.template,
  });
}

/** Column widths of the agenda (twips, 9,360 in all): the check columns fit "Discussed" and "Not Agreed" at table size. */
const AGENDA_WIDTHS = [1500, 1000, 1450, 2510, 1100, 850, 950];

/**
 * The participants given; without any, the practitioner who signs (the submitting member's profile or the
 * request's signer) with the registration number, as the applicant's representative, and a place
 * for another participant.
 */
function participants(input: InterviewRequestInput): Paragraph[] {
  const given = input.participants ?? [];
  const lines = given.map((p, i) => para(`(${i + 1}) ${p.name}, ${ROLES[p.role]}${p.registration_number ? `, Reg. No. ${p.registration_number}` : ''}`));
  if (!given.length && input.practitioner?.name) {
    const reg = input.practitioner.registration_number;
    lines.push(para(`(1) ${input.practitioner.name}${reg ? `, Reg. No. ${reg}` : ''}, Applicant’s representative`));
    lines.push(para([run('(2) '), prompt('name and role of any other participant, or delete this line')]));
    return lines;
  }
  for (let i = given.length; i < 2; i++) lines.push(para([run(`(${i + 1}) `), prompt('name and role of participant')]));
  return lines;
}

/**
 * For the practitioner, not the Examiner: an interview does not take the place of a reply
 * (37 CFR 1.133(b)) and does not extend the period for it; the dates are the deadline engine's.
 */
function periodNote(input: InterviewRequestInput): Paragraph[] {
  const p = input.reply_period;
  const base = 'An interview does not remove the need for a written reply (37 C.F.R. § 1.133(b)) and does not extend or suspend the period for reply';
  if (!p) return [draftingNote(`${base}: check the period on the docket before proposing dates.`)];
  const late = (input.proposed_slots ?? []).filter((s) => s.date > p.reply_due).map((s) => formatLongDate(s.date));
  const ext = p.last_day > p.reply_due ? ` With extension fees (37 C.F.R. § 1.136(a)) a reply can be filed until ${formatDayAndDate(p.last_day)}.` : '';
  const lateNote = late.length
    ? ` ${late.length === 1 ? 'The proposed date' : 'The proposed dates'} ${late.join(' and ')} ${late.length === 1 ? 'falls' : 'fall'} after the last day without an extension fee.`
    : '';
  return [draftingNote(`${base}, which ends on ${formatDayAndDate(p.reply_due)} without an extension fee (dates from the docket).${ext}${lateNote}`)];
}

function slots(input: InterviewRequestInput): Paragraph[] {
  const list = input.proposed_slots ?? [];
  if (!list.length) {
    return [para([run('Date: '), prompt('proposed date'), run('     Time: '), prompt('proposed time, with time zone')])];
  }
  return list.map((s, i) => para([run(`(${i + 1}) ${formatLongDate(s.date)}, `), s.time ? run(s.time) : prompt('proposed time, with time zone')]));
}
