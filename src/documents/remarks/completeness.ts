/**
 * The completeness report printed with every response: each ground of rejection and objection of
 * the Office Action, and where this paper answers it (section, claims, how) or why it does not.
 * It is a drafting aid on its own last sheet, to be removed before filing. The report is
 * src/domain/response-plan/completeness.ts's (the response plan shows the same one).
 */
import { Paragraph, TextRun, type Table } from 'docx';
import type { CompletenessReport, GroundAnswer, GroundStatus } from '../../domain/response-plan/completeness.ts';
import { claimsPhrase } from '../format/claim-numbers.ts';
import { draftingNote } from '../docx/paragraphs.ts';
import { gridTable } from '../docx/tables.ts';
import { run } from '../docx/runs.ts';
import { STYLE } from '../docx/styles.ts';

const HOW: Readonly<Record<string, string>> = {
  cancelled: 'canceled',
  previously_cancelled: 'previously canceled',
  amended: 'amended',
  through_amended_base: 'patentable through amended claim',
  argued: 'argued',
  terminal_disclaimer: 'terminal disclaimer',
  abeyance: 'abeyance requested (37 C.F.R. § 1.111(b))',
  election: 'election',
  information: 'information supplied',
  replied: 'replied',
};

/** "claims 1-2: amended (to complete)"; an objection resting on an amended base claim "follows amended claim 4". */
function answerWords(a: GroundAnswer, kind?: GroundStatus['kind']): string {
  const through = kind === 'claim_objection' ? 'follows amended claim' : HOW.through_amended_base;
  const how = a.how === 'through_amended_base' && a.base !== undefined ? `${through} ${a.base}` : (HOW[a.how] ?? a.how);
  return `${a.claims.length ? `${claimsPhrase(a.claims)}: ` : ''}${how}${a.prompted ? ' (to complete)' : ''}`;
}

/** Why a ground is not answered, in one sentence for the practitioner (the report's plain words; `reason` names strategy codes). */
function unansweredWords(g: GroundStatus): string {
  if (g.unanswered_plain) return g.unanswered_plain;
  return g.unanswered.map((u) => (u.claims.length ? `${claimsPhrase(u.claims)}: ${u.reason}` : u.reason)).join('; ');
}

export function completenessChecklist(report: CompletenessReport, placeholders: number): (Paragraph | Table)[] {
  const rows = report.grounds.map((g) => {
    const where = g.answered_by.length ? `${g.section ?? 'Remarks'} (${g.answered_by.map((a) => answerWords(a, g.kind)).join('; ')})` : '';
    // A status for the practitioner, not a place to fill: marked as the paper's notes are (italic
    // highlight), so the highlighted places the paper holds are the bracketed ones it counts (issue 19 C2).
    const status = g.answered ? [new TextRun({ text: 'Answered' })] : [new TextRun({ text: 'NOT ANSWERED', bold: true, italics: true, highlight: 'yellow' })];
    return [g.title, where || '—', g.answered ? status : [...status, new TextRun({ text: `: ${unansweredWords(g)}` })]];
  });
  return [
    new Paragraph({ style: STYLE.heading1, pageBreakBefore: true, children: [run('Drafting Checklist: Completeness of the Reply')] }),
    draftingNote(
      `Remove this sheet before filing. ${report.grounds_answered} of ${report.grounds_total} grounds of the Office Action are answered; ${placeholders} ${placeholders === 1 ? 'place is' : 'places are'} left for the practitioner (highlighted in brackets). 37 C.F.R. § 1.111(b) requires a reply to every ground of objection and rejection.`,
    ),
    ...(report.grounds.length ? [gridTable(['Ground in the Office Action', 'Where this paper answers it', 'Status'], rows, [3400, 4000, 1960])] : []),
  ];
}
