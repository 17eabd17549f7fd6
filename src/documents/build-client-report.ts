/**
 * Client reporting letter on an office action: what the examiner did (each ground with its claims
 * and the examiner's words, and what is allowed), the deadlines (the period set, each extension
 * month with its last day and USPTO fee, the last possible day), the options with their USPTO
 * fees, every decision the client must make with its fees and consequences, and the
 * recommendation. It describes choices and never promises an outcome (forms/promises.ts).
 * A letter to the client, not a paper filed with the Office: no caption, a letterhead and a "Re:"
 * block; professional fees are the firm's to add.
 */
import { AlignmentType, Paragraph, TextRun, type Table } from 'docx';
import { formatApplicationNumber } from '../domain/application-number.ts';
import { dollarsDisplay } from '../domain/uspto-fees.ts';
import { formatDayAndDate, formatLongDate, rollReasons } from './format/dates.ts';
import { claimsPhrase, formatClaimNumbers } from './format/claim-numbers.ts';
import { draftingNote, heading, para } from './docx/paragraphs.ts';
import { countPlaceholders, prompt, run } from './docx/runs.ts';
import { renderPaper } from './docx/render.ts';
import { STYLE } from './docx/styles.ts';
import { gridTable } from './docx/tables.ts';
import { actionDescription } from './response-title.ts';
import { checkCaption, checkDate, DocumentInputError } from './validate.ts';
import { cfr, unverifiedFeeNote } from './forms/fee-paragraphs.ts';
import type { ClientReportDecision, ClientReportInput } from './forms/types.ts';
import { promisingSentences } from './forms/promises.ts';

const CLIENT_REPORT_TITLE = 'Report on Office Action';
const STATEMENT_CHARS = 400;

const money = (a: string | null) => dollarsDisplay(a) ?? 'amount not on record';

export async function buildClientReport(input: ClientReportInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  checkDate('office_action.mailing_date', input.office_action.mailing_date);
  if (input.options.length === 0) throw new DocumentInputError('a client report needs at least one option');
  const action = actionDescription(input.office_action.kind);
  const built = countPlaceholders(() => {
    const out: (Paragraph | Table)[] = [
      new Paragraph({ style: STYLE.normal, alignment: AlignmentType.RIGHT, children: [new TextRun(formatLongDate(input.date))] }),
      para([input.client.name ? run(input.client.name) : prompt('client name and address')]),
      ...(input.client.attention ? [para(`Attention: ${input.client.attention}`)] : []),
      para(
        [
          run(`Re: U.S. Patent Application No. ${formatApplicationNumber(caption.application_number)}, “${caption.title}”`),
          ...(input.client.reference ? [run(`; your reference ${input.client.reference}`)] : []),
          ...(caption.attorney_docket_number ? [run(`; our reference ${caption.attorney_docket_number}`)] : []),
        ],
        {},
      ),
      para([input.client.name ? run(`Dear ${input.client.attention ?? input.client.name}:`) : run('Dear Client:')]),
      para(
        `The United States Patent and Trademark Office mailed ${/^[AEIOU]/i.test(action) ? 'an' : 'a'} ${action} in the above application on ${formatLongDate(input.office_action.mailing_date)}. This letter summarizes it, ${input.office_action.kind === 'notice_of_allowance' ? 'the deadline for paying the issue fee' : 'the deadlines for a reply'}, your options with the official fees, and our recommendation.`,
      ),
      heading(2, 'What the Examiner did'),
      ...(input.grounds.length
        ? [
            gridTable(
              ['Ground', 'Claims', 'The Examiner’s words'],
              input.grounds.map((g) => [g.label, formatClaimNumbers(g.claims) || '—', clip(g.statement ?? '')]),
              [2600, 1400, 5360],
            ),
          ]
        : [
            para(
              input.office_action.kind === 'notice_of_allowance'
                ? 'The notice states no rejection or objection.'
                : 'The action states no rejection or objection.',
            ),
          ]),
      ...allowableParagraphs(input.allowable, input.office_action.kind),
      heading(2, 'Deadlines'),
      ...deadlineParagraphs(input),
      heading(2, 'Your options'),
      ...input.options.flatMap((o, i) => [
        heading(3, `${i + 1}. ${o.title}`),
        para(o.description),
        para(o.fees.length ? `USPTO fees: ${o.fees.map((f) => `${f.title} (${cfr(f.citation)}) ${money(f.amount)}`).join('; ')}.` : 'USPTO fees: none.'),
      ]),
      ...decisionParagraphs(input.decisions ?? []),
      heading(2, 'Our recommendation'),
      para(input.recommendation),
      ...input.recommendations.map((r) => para(`${claimsPhrase(r.claims, true)}: ${r.strategy}.${r.reasons.length ? ` ${r.reasons.join(' ')}` : ''}`)),
      // The entity the fees were computed for, named: a wrong status is then visible to the client.
      closingParagraph(input),
      new Paragraph({ style: STYLE.signature, spacing: { before: 360, after: 480 }, children: [run('Sincerely,')] }),
      para([input.practitioner?.name ? run(input.practitioner.name) : prompt('name')]),
      ...(input.practitioner?.firm ? [para(input.practitioner.firm)] : []),
    ];
    return out;
  });
  const notes =
    built.placeholders > 0
      ? [draftingNote(`${built.placeholders} highlighted, bracketed ${built.placeholders === 1 ? 'place needs' : 'places need'} your text before sending.`)]
      : [];
  // The practitioner's own recommendation is theirs to word, but a promise in it is pointed out.
  notes.push(...unverifiedFeeNote([...input.options.flatMap((o) => o.fees), ...(input.decisions ?? []).flatMap((d) => d.fees)]));
  for (const s of promisingSentences(input.recommendation))
    notes.push(draftingNote(`Check before sending: “${s}” reads as a promise of an outcome the Examiner decides; describe the likely course instead.`));
  return renderPaper({
    title: `${CLIENT_REPORT_TITLE} - ${formatApplicationNumber(caption.application_number)}`,
    date: input.date,
    children: [...notes, ...built.value],
    template: input.template,
  });
}

/**
 * "Claims 7-8 are allowed": the action's own indications, so the client sees what already stands;
 * a notice of allowance names the claims it allows and those it shows cancelled (an examiner's
 * amendment often cancels claims), since only the claims allowed issue in the patent.
 */
function allowableParagraphs(a: ClientReportInput['allowable'], kind: ClientReportInput['office_action']['kind']): Paragraph[] {
  const out: Paragraph[] = [];
  const be = (n: number[]) => (n.length === 1 ? 'is' : 'are');
  if (kind === 'notice_of_allowance') {
    out.push(
      a?.allowed.length
        ? para(
            `The Notice of Allowance allows ${claimsPhrase(a.allowed)}: ${a.allowed.length === 1 ? 'this is the claim' : 'these are the claims'} the patent would contain.`,
          )
        : para([run('The Notice of Allowance allows '), prompt('the claims allowed, as the notice lists them'), run('.')]),
    );
    if (a?.cancelled?.length)
      out.push(
        para(
          `The action shows ${claimsPhrase(a.cancelled)} as cancelled; ${a.cancelled.length === 1 ? 'it' : 'they'} would not be part of the patent (see “Decisions for you” on pursuing ${a.cancelled.length === 1 ? 'it' : 'them'} in a continuing application).`,
        ),
      );
    return out;
  }
  if (a?.allowed.length)
    out.push(
      para(
        `The Examiner indicates that ${claimsPhrase(a.allowed)} ${be(a.allowed)} allowed or contain${a.allowed.length === 1 ? 's' : ''} allowable subject matter.`,
      ),
    );
  if (a?.if_rewritten.length)
    out.push(
      para(
        `The Examiner indicates that ${claimsPhrase(a.if_rewritten)} would be allowable if rewritten in independent form, including all the features of the claims ${a.if_rewritten.length === 1 ? 'it depends' : 'they depend'} from.`,
      ),
    );
  return out;
}

/**
 * The close: the entity the fees were computed for, named (a wrong status is then visible to the
 * client), and when instructions are needed, as the letter's date stands in the deadlines.
 */
function closingParagraph(input: ClientReportInput): Paragraph {
  const state = periodState(input.deadlines, input.date);
  if (state === 'ended')
    return para('Our professional fees are quoted separately. Please contact us at your earliest convenience, so that we can review the file with you.');
  const when =
    state === 'extension'
      ? 'as soon as possible: each further month of extension has a higher USPTO fee, and the last day above cannot be extended'
      : 'well before the first deadline above, so the next paper can be prepared and reviewed with you';
  return para(
    `The fees above are the USPTO’s official fees for a ${input.entity_size} entity, the status this letter uses for the application; other fees apply if that status is not right (37 C.F.R. §§ 1.27, 1.29). Our professional fees are quoted separately. Please let us have your instructions ${when}.`,
  );
}

/** "Decisions for you": each choice, its consequences, its USPTO fees from the tables. */
function decisionParagraphs(decisions: readonly ClientReportDecision[]): Paragraph[] {
  if (!decisions.length) return [];
  return [
    heading(2, 'Decisions for you'),
    ...decisions.flatMap((d, i) => [
      heading(3, `${i + 1}. ${d.title}`),
      para(d.description),
      ...(d.points ?? []).map((p) => para(`• ${p}`, { indent: { left: 360, hanging: 220 } })),
      ...(d.after ? [para(d.after)] : []),
      // A note on fees stands in for "none" (it says what is and is not charged); amounts only from the tables.
      para(
        d.fees.length
          ? `USPTO fees: ${d.fees.map((f) => `${f.title} (${cfr(f.citation)}) ${money(f.amount)}`).join('; ')}.${d.fee_note ? ` ${d.fee_note}` : ''}`
          : (d.fee_note ?? 'USPTO fees: none.'),
      ),
    ]),
  ];
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > STATEMENT_CHARS ? `${t.slice(0, STATEMENT_CHARS - 1)}…` : t;
}

/**
 * Where the letter's date stands in the action's deadlines (the deadline engine's dates):
 * `open` within the period set, `extension` after it but by the last day with extensions, `ended`
 * after the last day a reply could be filed at all.
 */
export function periodState(deadlines: ClientReportInput['deadlines'], date: string): 'open' | 'extension' | 'ended' | null {
  if (!deadlines) return null;
  if (date > deadlines.final_date) return 'ended';
  return date > deadlines.reply_due_effective ? 'extension' : 'open';
}

/** "Tuesday, February 16, 2027 (February 13, 2027 is a Saturday …)": a last day with why it moved, from the engine's calendar. */
function lastDay(effective: string, nominal?: string): string {
  const why = nominal ? rollReasons(nominal, effective) : null;
  return `${formatDayAndDate(effective)}${why ? ` (${why})` : ''}`;
}

function deadlineParagraphs(input: ClientReportInput): (Paragraph | Table)[] {
  const d = input.deadlines;
  if (!d) return [para([run('No reply period is running on our docket for this action. '), prompt('state the deadline, if any')])];
  const state = periodState(d, input.date);
  const rolled = rollReasons(d.reply_due, d.reply_due_effective);
  // Past tense once the letter's date is after the day (a period that "ended").
  const setEnds = rolled
    ? `${formatDayAndDate(d.reply_due)}; because ${rolled}, a reply filed on ${formatDayAndDate(d.reply_due_effective)} ${state === 'open' ? 'is' : 'was'} timely (35 U.S.C. 21(b))`
    : formatDayAndDate(d.reply_due_effective);
  if (input.office_action.kind === 'notice_of_allowance') {
    if (state === 'ended') {
      return [
        para(
          `The issue fee was due by ${formatDayAndDate(d.final_date)}, three months from the notice; that period cannot be extended (35 U.S.C. 151; 37 C.F.R. § 1.311(a)). That day has passed, and our docket records no payment of the issue fee.`,
        ),
        para([
          run('What can now be done is a question we must review with you before advising. '),
          prompt('our advice on the application after the unpaid issue fee, e.g. whether a petition under 37 C.F.R. § 1.137 is to be considered'),
        ]),
      ];
    }
    return [
      para(
        `The issue fee must be paid by ${formatDayAndDate(d.final_date)}, three months from the notice. This period cannot be extended (35 U.S.C. 151; 37 C.F.R. § 1.311(a)); if the fee is not paid by then, the application is abandoned.`,
      ),
    ];
  }
  if (state === 'ended') {
    const how =
      d.extendable && d.extensions.length
        ? `The period for reply set in the action ended on ${setEnds}, and the last day on which a reply could be filed with extensions of time, ${formatDayAndDate(d.final_date)}, has also passed.`
        : `The period for reply set in the action, which could not be extended, ended on ${formatDayAndDate(d.final_date)}.`;
    return [
      para(
        `${how} These are the dates our docket computes for this action, and it records no reply filed to it. The period for reply can no longer be extended (35 U.S.C. 133; 37 C.F.R. § 1.136), and an application in which no reply is filed within the period is abandoned (35 U.S.C. 133).`,
      ),
      para([
        run('Whether anything can still be done, and at what cost, is a question we must review with you before advising. '),
        prompt('our advice: e.g. whether a petition to revive under 37 C.F.R. § 1.137 is to be considered, or the application left abandoned'),
      ]),
    ];
  }
  const out: (Paragraph | Table)[] = [];
  const left = d.extensions.filter((e) => e.due >= input.date);
  if (state === 'extension') {
    out.push(
      para(
        `The period for reply set in the action ended on ${setEnds}. A reply can still be filed, with a petition for an extension of time and its USPTO fee (37 C.F.R. § 1.136(a)), until ${formatDayAndDate(d.final_date)}.`,
      ),
    );
  } else {
    out.push(para(`The period for reply ends on ${setEnds}. A reply by then needs no extension fee.`));
  }
  if (d.extendable && left.length) {
    if (state === 'open') out.push(para('The period can be extended, month by month, on payment of the USPTO extension fee (37 C.F.R. § 1.136(a)):'));
    else out.push(para('The extensions still available, each with the last day it reaches:'));
    out.push(
      gridTable(
        ['Extension', 'Last day to reply', 'USPTO fee'],
        left.map((e) => [`${e.months} month${e.months === 1 ? '' : 's'}`, lastDay(e.due, e.nominal), money(e.fee)]),
        [1800, 5160, 2400],
      ),
    );
    out.push(para(`The application is abandoned if no reply is filed by ${formatDayAndDate(d.final_date)}, the last day allowed by statute (35 U.S.C. 133).`));
  } else if (state === 'open') {
    out.push(para(`This period cannot be extended: the last day is ${formatDayAndDate(d.final_date)}.`));
  }
  return out;
}
