import { z } from 'zod';
import type { ApplicationRow } from '../db/schema.ts';
import type { DeadlineFields } from '../domain/deadlines/deadline-fields.ts';

/** The record presentApplication builds (the docket's entries carry it). */
export const applicationRecordSchema = z.object({
  application_number: z.string(),
  invention_title: z.string(),
  status: z.string().describe('pending | allowed | patented | abandoned'),
  filing_date: z.string().nullable(),
  examiner_name: z.string(),
  current_art_unit: z.string(),
  response_deadline: z.string().nullable().describe('Last day to reply without an extension fee'),
  critical_deadline_date: z.string().nullable().describe('Last day a reply can be filed at all (with every extension)'),
  critical_deadline_correspondence_id: z.string().nullable().describe('The office action (paper id) that set the deadlines'),
  status_code: z.number().nullable(),
  status_description: z.string().nullable(),
  status_date: z.string().nullable(),
  patent_number: z.string().nullable(),
  data_source: z.string(),
  demo: z.boolean(),
});

/**
 * Application record (spec "Application record (returned by lookup)"), field for field,
 * followed by additive fields. `status` is Prosa's state (pending, allowed, patented,
 * abandoned); the USPTO's own status code and text follow it (docs/decisions/interface-gaps.md).
 */
export function presentApplication(app: ApplicationRow, deadlines: DeadlineFields): z.infer<typeof applicationRecordSchema> {
  return {
    application_number: app.application_number,
    invention_title: app.invention_title,
    status: app.status,
    filing_date: app.filing_date,
    examiner_name: app.examiner_name ?? '',
    current_art_unit: app.art_unit ?? '',
    response_deadline: deadlines.response_deadline,
    critical_deadline_date: deadlines.critical_deadline_date,
    critical_deadline_correspondence_id: deadlines.critical_deadline_correspondence_id,
    status_code: app.status_code,
    status_description: app.status_description,
    status_date: app.status_date,
    patent_number: app.patent_number,
    data_source: app.source,
    demo: app.source === 'demo',
  };
}
