/**
 * The completeness report printed with every response: each ground of rejection and objection of
 * the Office Action, and where this paper answers it (section, claims, how) or why it does not.
 * It is a drafting aid on its own last sheet, to be removed before filing.
 */
import { Paragraph, TextRun, type Table } from 'docx';
import type { CompletenessReport } from '../../domain/office-action/completeness.ts';
import { compactList } from '../../domain/office-action/completeness.ts';
import { draftingNote } from '../docx/paragraphs.ts';
import { gridTable } from '../docx/tables.ts';
import { run } from '../docx/runs.ts';
import { STYLE } from '../docx/styles.ts';

export function completenessChecklist(report: CompletenessReport, placeholders: number): (Paragraph | Table)[] {
  const rows = report.grounds.map((g) => {
    const bySection = new Map<string, string[]>();
    for (const a of g.answered_in) bySection.set(a.section, [...(bySection.get(a.section) ?? []), `${a.claims.length ? `${a.claims.length === 1 ? 'claim' : 'claims'} ${compactList(a.claims)}: ` : ''}${a.how}`]);
    const where = [...bySection].map(([section, hows]) => `${section} (${hows.join('; ')})`).join('; ');
    const status = g.answered ? [new TextRun({ text: 'Answered' })] : [new TextRun({ text: 'NOT ANSWERED', bold: true, highlight: 'yellow' })];
    return [g.label, where || '—', g.answered ? status : [...status, new TextRun({ text: `: ${g.reason ?? ''}` })]];
  });
  return [
    new Paragraph({ style: STYLE.heading1, pageBreakBefore: true, children: [run('Drafting Checklist: Completeness of the Reply')] }),
    draftingNote(`Remove this sheet before filing. ${report.grounds_answered} of ${report.grounds_total} grounds of the Office Action are answered; ${placeholders} ${placeholders === 1 ? 'place is' : 'places are'} left for the practitioner (highlighted in brackets). 37 C.F.R. § 1.111(b) requires a reply to every ground of objection and rejection.`),
    ...(report.grounds.length ? [gridTable(['Ground in the Office Action', 'Where this paper answers it', 'Status'], rows, [3400, 4000, 1960])] : []),
  ];
}
