// One PatEx application_data row → the public columns of `applications`. Pure.
// Column meanings: uspto-data.md §2 (and its ODP → PatEx mapping, read in reverse).
import { composeExaminerName } from '../../domain/examiner-name.ts';
import { prosaStateForStatus, statusDescription } from '../uspto-codes.ts';
import type { MappedApplication } from '../odp/map-odp-record.ts';
import type { PatexLayout } from './layout.ts';
import { PATEX_SKIP, type RowResult } from './skip-reasons.ts';
import { applicationNumberCell, cell, codeCell, dateCell, integerCell } from './values.ts';

export interface PatexApplication extends MappedApplication {
  /** PatEx's examiner key; ODP has none (uspto-data.md §2). */
  examiner_id: string | null;
}

/** invention_subject_matter codes → the label ODP stores (applicationTypeLabelName). */
const TYPE_LABELS: Record<string, string> = { UTL: 'Utility', DES: 'Design', PLT: 'Plant', REI: 'Reissue' };

export function mapApplicationRow(row: readonly string[], layout: PatexLayout): RowResult<PatexApplication> {
  const get = (name: string) => {
    const i = layout.at(name);
    return i < 0 ? undefined : row[i];
  };
  const number = applicationNumberCell(get('application_number'));
  if (!number.ok) return number;
  const title = cell(get('invention_title'));
  if (title === null) return { ok: false, reason: PATEX_SKIP.missingTitle };

  const statusCode = integerCell(get('appl_status_code'));
  const patentNumber = cell(get('patent_number'));
  const statusText = cell(get('appl_status_desc')) ?? (statusCode === null ? null : statusDescription(statusCode)) ?? disposalHint(cell(get('disposal_type')));
  return {
    ok: true,
    value: {
      application_number: number.value,
      invention_title: title,
      status: prosaStateForStatus(statusCode, statusText, patentNumber),
      status_code: statusCode,
      status_description: statusText,
      status_date: dateCell(get('appl_status_date')),
      filing_date: dateCell(get('filing_date')),
      examiner_name: examinerName(get),
      examiner_id: codeCell(get('examiner_id')),
      art_unit: codeCell(get('examiner_art_unit')),
      confirmation_number: codeCell(get('confirm_number')),
      attorney_docket_number: cell(get('atty_docket_number')),
      first_inventor_name: null,
      first_applicant_name: null,
      entity_status: entityStatus(cell(get('small_entity_indicator'))),
      application_type: applicationType(get),
      patent_number: patentNumber,
      grant_date: dateCell(get('patent_issue_date')),
      earliest_publication_number: cell(get('earliest_pgpub_number')),
    },
  };
}

/**
 * 2014–2017: three columns, each possibly `None`. 2019+: examiner_full_name, "LAST, FIRST
 * MIDDLE", written "NoneNoneNone" when missing (uspto-data.md §2); stray `None` parts are dropped.
 */
function examinerName(get: (name: string) => string | undefined): string | null {
  const full = cell(get('examiner_full_name'));
  if (full !== null) {
    const cleaned = full
      .replace(/(None)+(?=,|\s|$)/g, ' ')
      .replace(/\s+,/g, ',')
      .replace(/\s+/g, ' ')
      .replace(/^[\s,]+|[\s,]+$/g, '');
    return cleaned === '' || /^(None)+$/.test(full) ? null : cleaned;
  }
  return composeExaminerName(cell(get('examiner_name_last')), cell(get('examiner_name_first')), cell(get('examiner_name_middle')));
}

/** Only when a row has neither a status code nor a description: PatEx's own disposal (ISS/ABN/PEND). */
function disposalHint(disposal: string | null): string | null {
  if (disposal === 'ISS') return 'Patented Case';
  if (disposal === 'ABN') return 'Abandoned';
  return null;
}

/** small_entity_indicator is 0/1 (README of patex-samples); 0 is read as large, as ODP's mapping does. */
function entityStatus(indicator: string | null): PatexApplication['entity_status'] {
  if (indicator === '1' || indicator === '1.0') return 'small';
  if (indicator === '0' || indicator === '0.0') return 'large';
  return null;
}

/** application_type PROVSNL marks provisionals; otherwise the subject matter (UTL → Utility). */
function applicationType(get: (name: string) => string | undefined): string | null {
  if ((cell(get('application_type')) ?? '').toUpperCase() === 'PROVSNL') return 'Provisional';
  const kind = cell(get('application_invention_type')) ?? cell(get('invention_subject_matter'));
  if (kind === null) return null;
  return TYPE_LABELS[kind.toUpperCase()] ?? kind;
}
