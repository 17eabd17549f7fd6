/**
 * The claim chart as a document (issue 18 item 4): for each rejected claim a table of its
 * limitations, the examiner's words for each, the passages cited (verbatim from the reference's
 * held text) and what Prosa noticed (terms the passage lacks, no passage cited, the examiner's
 * concessions, pinpoints it could not resolve). A working paper for the practitioner, not a paper
 * to file: every cell is a quotation of a held source or a literal observation about one.
 */
import { PageOrientation, type Paragraph, TextRun, type Table } from 'docx';
import { formatApplicationNumber } from '../domain/application-number.ts';
import { formatLongDate } from './format/dates.ts';
import { captionHeaderLines, examinerFirstLast } from './caption.ts';
import { heading, para } from './docx/paragraphs.ts';
import { renderPaper } from './docx/render.ts';
import { gridTable } from './docx/tables.ts';
import { actionDescription } from './response-title.ts';
import { checkCaption, checkDate } from './validate.ts';
import type { ApplicationCaption, IsoDate, PaperKind } from './types.ts';

const CLAIM_CHART_TITLE = 'Claim Chart';

/** The chart as the builder takes it: the wire chart's fields it prints (src/presenters/claim-chart.ts). */
export interface ClaimChartDocumentInput {
  caption: ApplicationCaption;
  office_action: { kind: PaperKind; mailing_date: IsoDate | null };
  date: IsoDate;
  claims: Array<{
    claim_number: number;
    depends_on: number | null;
    grounds: Array<{ citation: string; references: string[] }>;
    limitations: Array<{
      index: number;
      text: string;
      assertion?: string;
      citations: Array<{
        reference: string;
        pinpoint: string;
        kind: string;
        passages: Array<{ label: string; text: string }>;
        unresolved_reason: string | null;
      }>;
      flags: Array<{ code: string; detail: string }>;
    }>;
  }>;
  notes: string[];
  summary: { pinpoints_found: number; pinpoints_resolved: number; limitations: number; limitations_flagged: number };
}

/** Landscape letter (docx takes the portrait size and turns it): four columns side by side. */
const LANDSCAPE = {
  size: { orientation: PageOrientation.LANDSCAPE, width: 12240, height: 15840 },
  margin: { top: 1080, bottom: 1080, left: 1080, right: 1080 },
};
const WIDTHS = [3000, 3000, 5280, 2400];
/** A paragraph cited by number is quoted up to this length; one reached through a figure or a reference numeral, shorter. */
const PASSAGE_CHARS = 1500;
const INDIRECT_PASSAGE_CHARS = 450;

const small = (text: string, options: { italics?: boolean; bold?: boolean } = {}) => new TextRun({ text, size: 18, ...options });

function clip(text: string, max = PASSAGE_CHARS): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, t.lastIndexOf(' ', max))} …` : t;
}

/** "[0065]" → "¶ [0065]". */
const cite = (label: string) => (/^\[\d+\]$/.test(label) ? `¶ ${label}` : label);

const NOTE_WORDS: Readonly<Record<string, string>> = {
  no_pinpoint: 'No passage cited',
  terms_not_in_cited_passage: 'Not in the passage',
  examiner_admission: 'Examiner concedes',
  unresolved_pinpoint: 'Not resolved',
};

/**
 * The passages cited for a limitation, each once: a paragraph cited by number in full (up to
 * PASSAGE_CHARS), the first paragraph a figure or numeral leads to shortened; unresolved
 * pinpoints with the reason.
 */
function passageCell(l: ClaimChartDocumentInput['claims'][number]['limitations'][number]): TextRun[] {
  const out: TextRun[] = [];
  const shown = new Set<string>();
  const gap = () => out.length && out.push(new TextRun({ text: '', break: 1 }));
  for (const c of l.citations) {
    if (!c.passages.length) {
      gap();
      out.push(small(`${c.reference}, ${c.pinpoint}: `, { bold: true }), small(`not resolved (${c.unresolved_reason ?? 'no text held'})`, { italics: true }));
      continue;
    }
    const direct = c.kind === 'paragraph' || c.kind === 'column_line';
    for (const p of c.passages.slice(0, direct ? 3 : 1)) {
      const key = `${c.reference}|${p.label}`;
      if (shown.has(key)) continue;
      shown.add(key);
      gap();
      out.push(
        small(`${c.reference}, ${cite(p.label)}${direct ? '' : ` (via ${c.pinpoint})`}: `, { bold: true }),
        small(`“${clip(p.text, direct ? PASSAGE_CHARS : INDIRECT_PASSAGE_CHARS)}”`),
      );
    }
  }
  return out.length ? out : [small('—')];
}

function claimTable(c: ClaimChartDocumentInput['claims'][number]): Table {
  return gridTable(
    ['Limitation (claim text)', 'Office Action', 'Passage cited (reference text)', 'Noticed'],
    c.limitations.map((l) => [
      [small(l.text)],
      [small(l.assertion ? `“${clip(l.assertion, 1200)}”` : '—')],
      passageCell(l),
      l.flags.length
        ? l.flags.flatMap((f, i) => [
            ...(i ? [new TextRun({ text: '', break: 1 })] : []),
            small(`${NOTE_WORDS[f.code] ?? f.code}: `, { bold: true }),
            small(f.detail),
          ])
        : [small('—')],
    ]),
    WIDTHS,
  );
}

export async function buildClaimChart(input: ClaimChartDocumentInput): Promise<Buffer> {
  const caption = checkCaption(input.caption);
  checkDate('date', input.date);
  const s = input.summary;
  const mailed = input.office_action.mailing_date ? ` mailed ${formatLongDate(input.office_action.mailing_date)}` : '';
  const children: (Paragraph | Table)[] = [
    heading(1, `${CLAIM_CHART_TITLE}: U.S. Application No. ${formatApplicationNumber(caption.application_number)}`),
    // Identified as the other papers are: the firm's attorney docket number (the docket entry's matter number), the art unit and examiner.
    para(
      `${caption.attorney_docket_number ? `Attorney Docket No. ${caption.attorney_docket_number}; ` : ''}Art Unit ${caption.art_unit}; Examiner ${examinerFirstLast(caption.examiner_name)}.`,
    ),
    para(
      `${caption.title}. The ${actionDescription(input.office_action.kind)}${mailed}, claim by claim: each limitation as the claims state it, the Examiner’s words for it, and the passages cited as the reference’s held text reads. Prepared ${formatLongDate(input.date)}; a working paper, not for filing.`,
    ),
    para(
      `${s.pinpoints_resolved} of ${s.pinpoints_found} pinpoints resolved to the reference text; ${s.limitations_flagged} of ${s.limitations} limitations with something noticed.`,
    ),
    ...input.notes.map((n) => para([small(n, { italics: true })])),
  ];
  for (const c of input.claims) {
    children.push(heading(2, `Claim ${c.claim_number}${c.depends_on ? ` (depends from claim ${c.depends_on})` : ''}`));
    children.push(para(c.grounds.map((g) => `${g.citation}${g.references.length ? ` over ${g.references.join(', ')}` : ''}`).join('; ') || 'Rejected.'));
    children.push(
      c.limitations.length ? claimTable(c) : para('The claims are not held in the application file: add them to chart this claim limitation by limitation.'),
    );
  }
  return renderPaper({
    title: `${CLAIM_CHART_TITLE} - ${formatApplicationNumber(caption.application_number)}`,
    date: input.date,
    children,
    headerLines: captionHeaderLines(caption, CLAIM_CHART_TITLE),
    section: { properties: { page: LANDSCAPE, titlePage: true } },
  });
}
