// PatEx transactions and event_codes rows. Pure. Columns: uspto-data.md §2
// (transactions: application_number, event_code, recorded_date, sequence_number, status_code;
// event_codes: event_code, event_description). sequence_number and status_code are not stored:
// Prosa's events are (code, date) facts, the same as the ODP eventDataBag gives.
import type { PatexLayout } from './layout.ts';
import { PATEX_SKIP, type RowResult } from './skip-reasons.ts';
import { applicationNumberCell, cell, dateCell } from './values.ts';

export interface PatexTransaction {
  application_number: string;
  event_code: string;
  event_date: string;
}

export interface PatexEventCode {
  code: string;
  description: string;
}

export function mapTransactionRow(row: readonly string[], layout: PatexLayout): RowResult<PatexTransaction> {
  const number = applicationNumberCell(row[layout.at('application_number')]);
  if (!number.ok) return number;
  const code = cell(row[layout.at('event_code')]);
  const date = dateCell(row[layout.at('recorded_date')]);
  if (code === null || date === null) return { ok: false, reason: PATEX_SKIP.eventIncomplete };
  return { ok: true, value: { application_number: number.value, event_code: code, event_date: date } };
}

export function mapEventCodeRow(row: readonly string[], layout: PatexLayout): RowResult<PatexEventCode> {
  const code = cell(row[layout.at('event_code')]);
  const description = cell(row[layout.at('event_description')]);
  if (code === null || description === null) return { ok: false, reason: PATEX_SKIP.eventCodeIncomplete };
  return { ok: true, value: { code, description } };
}
