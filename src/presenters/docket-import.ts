/**
 * Docket import and export on the wire (issue 21 part 4): the preview of a CSV file or of a
 * customer number's applications (POST /api/docket/import/preview, /customer-number), the
 * commit's answer (POST /api/docket/import/commit), and the CSV export's rows (GET /api/docket/export.csv).
 */
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import type { DocketImportPreview } from '../commands/docket-import-previewer.ts';
import type { DocketImportCommitResult } from '../commands/docket-import-committer.ts';
import type { DocketDeadline, DocketLifeItem } from '../queries/docket-deadlines.ts';
import type { DocketExportItem } from '../queries/docket-export.ts';
import { formatApplicationNumber } from '../domain/application-number.ts';

const importRowStatusSchema = z.enum(['add', 'duplicate', 'malformed', 'duplicate_in_file']);

export const importPreviewSchema = z.object({
  preview_id: z.string().describe('Commit it with POST /api/docket/import/commit {preview_id} within 24 hours'),
  source: z.enum(['csv', 'customer_number']),
  file_name: z.string().nullable().describe("The uploaded file's name (csv), else null"),
  customer_number: z.string().nullable().describe('The customer number searched (customer_number), else null'),
  columns: z
    .object({
      application_number: z.string().optional(),
      client_matter: z.string().optional(),
      entity_size: z.string().optional(),
      notes: z.string().optional(),
    })
    .describe('The header each field was read from ("column 1"... for a file without a header)'),
  counts: z.object({ total: z.number(), add: z.number(), duplicate: z.number(), malformed: z.number(), duplicate_in_file: z.number() }),
  found: z.number().nullable().describe('customer_number: applications the USPTO reported for it'),
  truncated: z.boolean().describe('customer_number: more applications than one import takes (2,000); the rest were not listed'),
  rows: z.array(
    z.object({
      line: z.number().describe("The file's line (csv) or the position in the USPTO list"),
      application_number: z.string().describe('As written in the file'),
      normalized_number: z.string().nullable().describe('8 digits; null when malformed'),
      client_matter: z.string().nullable(),
      entity_size: z.enum(['large', 'small', 'micro']).nullable(),
      notes: z.string().nullable(),
      status: importRowStatusSchema.describe(
        'add: will be added; duplicate: already on the docket; duplicate_in_file: an earlier line has it; malformed: see reason',
      ),
      reason: z.string().nullable(),
    }),
  ),
});
export type ImportPreviewWire = z.infer<typeof importPreviewSchema>;

export function presentImportPreview(p: DocketImportPreview): ImportPreviewWire {
  return {
    preview_id: p.id,
    source: p.source,
    file_name: p.source === 'csv' ? p.label : null,
    customer_number: p.source === 'customer_number' ? p.label : null,
    columns: p.columns,
    counts: p.counts,
    found: p.found ?? null,
    truncated: p.truncated ?? false,
    rows: p.rows.map((r) => ({
      line: r.line,
      application_number: r.application_number,
      normalized_number: r.number,
      client_matter: r.client_matter,
      entity_size: r.entity_size,
      notes: r.notes,
      status: r.status,
      reason: r.reason,
    })),
  };
}

export const importCommitSchema = z.object({
  preview_id: z.string(),
  added: z.number().describe('Docket entries added by this call; 0 when the preview was committed before'),
  placeholders: z.number().describe('Of those, applications with no record in Prosa yet: tracked privately with a placeholder title until looked up or edited'),
  skipped: z.number().describe('Rows to add that were already on the docket at commit time'),
  already_committed: z.boolean(),
  committed_at: z.string(),
});
export type ImportCommitWire = z.infer<typeof importCommitSchema>;

export const presentImportCommit = (r: DocketImportCommitResult): ImportCommitWire => ({ ...r });

// --- export -----------------------------------------------------------------------------------

const EXPORT_COLUMNS = [
  'application_number',
  'title',
  'client_matter',
  'entity_status',
  'examiner',
  'art_unit',
  'status',
  'private',
  'deadline_kind',
  'action',
  'action_mailing_date',
  'due_date',
  'effective_due_date',
  'days_remaining',
  'citation',
] as const;

/** One upcoming deadline of an entry, whatever its kind. */
export interface ExportDeadline {
  kind: string;
  action: string;
  action_mailing_date: string;
  due_date: string;
  effective_due_date: string;
  citation: string;
}

/**
 * The upcoming deadlines of a docket deadline (src/queries/docket-deadlines.ts), generically: the
 * reply without an extension fee (`response`: the period set and its 35 U.S.C. 21(b) date) and
 * the last day to reply at all (`final`: the statutory or 37 CFR 1.136(a) maximum). Dates already
 * passed are left out.
 */
function exportDeadlinesOf(d: DocketDeadline, today: string): ExportDeadline[] {
  const r = d.pending.result;
  const rule = (field: string) => r.citations.find((c) => c.field === field)?.rule ?? '';
  const base = { action: r.action, action_mailing_date: r.mailing_date };
  const out: ExportDeadline[] = [{ ...base, kind: 'response', due_date: r.ssp_due, effective_due_date: r.response_deadline, citation: rule('ssp_due') }];
  if (r.critical_deadline_date !== r.response_deadline) {
    const [field, due] = r.statutory_bar
      ? ['statutory_bar', r.statutory_bar]
      : r.max_period_1136a
        ? ['max_period_1136a', r.max_period_1136a]
        : ['critical_deadline_date', r.critical_deadline_date];
    out.push({ ...base, kind: 'final', due_date: due, effective_due_date: r.critical_deadline_date, citation: rule(field) || rule(`${field}_effective`) });
  }
  return out.filter((x) => x.effective_due_date >= today);
}

/**
 * A life deadline as export rows (kind as the deadline engine names it: issue_fee,
 * maintenance_fee_3_5, appeal_brief, ...; `action` the event it runs from): its next date not yet
 * passed — the due date, else the end of the surcharge period or the last day with extensions.
 */
function exportLifeDeadlinesOf(l: DocketLifeItem): ExportDeadline[] {
  if (!l.next) return [];
  const d = l.life.deadline;
  const kind = l.next.stage === 'due' ? d.kind : `${d.kind}_${l.next.stage === 'surcharge' ? 'with_surcharge' : 'last_day'}`;
  const due = l.next.stage === 'due' ? d.due : l.next.date;
  return [{ kind, action: l.life.event, action_mailing_date: l.life.eventDate, due_date: due, effective_due_date: l.next.date, citation: d.citation }];
}

/** OWASP CSV injection: a cell starting with = + - @ (or tab / carriage return) is prefixed with an apostrophe. */
function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The docket as CSV (UTF-8, header row, CRLF): one row per entry and upcoming deadline, and one
 * row with empty deadline cells for an entry with none.
 */
export function docketExportCsv(entries: readonly DocketExportItem[], today: string): string {
  const rows: string[][] = [[...EXPORT_COLUMNS]];
  for (const { item, entity, deadline, life } of entries) {
    const deadlines = [...(deadline ? exportDeadlinesOf(deadline, today) : []), ...life.flatMap(exportLifeDeadlinesOf)].sort((x, y) =>
      x.effective_due_date < y.effective_due_date ? -1 : x.effective_due_date > y.effective_due_date ? 1 : 0,
    );
    const a = item.application;
    const common = [
      formatApplicationNumber(a.application_number),
      a.invention_title,
      item.entry.client_matter ?? '',
      entity.entity_size,
      a.examiner_name ?? '',
      a.art_unit ?? '',
      a.status,
      a.owner_account_id !== null ? 'yes' : 'no',
    ];
    if (deadlines.length === 0) rows.push([...common, '', '', '', '', '', '', '']);
    for (const d of deadlines) {
      rows.push([
        ...common,
        d.kind,
        d.action,
        d.action_mailing_date,
        d.due_date,
        d.effective_due_date,
        String(daysBetween(today, d.effective_due_date)),
        d.citation,
      ]);
    }
  }
  return stringify(
    rows.map((r) => r.map(csvSafe)),
    { record_delimiter: '\r\n' },
  );
}
