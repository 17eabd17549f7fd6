import { z } from 'zod';
import type { HistoryEvent } from '../queries/prosecution-history.ts';
import { classifyEvent, type EventKind } from '../sources/uspto-codes.ts';

/** Prosa's words for the event kinds of sources/uspto-codes.ts. */
const KIND_SUMMARIES: Readonly<Record<EventKind, string>> = {
  non_final: 'Non-final rejection',
  final: 'Final rejection',
  restriction: 'Restriction/election requirement',
  quayle: 'Ex parte Quayle action',
  advisory: 'Advisory action',
  allowance: 'Notice of allowance',
  interview: 'Examiner interview',
  applicant_reply: 'Reply filed by the applicant',
  rce: 'Request for continued examination',
  abandonment: 'Abandonment',
  revival: 'Revival / abandonment rescinded',
  grant: 'Issue fee or grant',
  other: 'Other event',
};

/**
 * One prosecution event: the USPTO's code and text, and what Prosa reads it as (classifyEvent,
 * the one USPTO code map). `mail_event` marks the mailing twin of another event (MCTNF for CTNF):
 * count one of the pair, and date a reply period from the mailing.
 */
export const historyEventSchema = z.object({
  id: z.string(),
  date: z.string(),
  code: z.string().describe('The USPTO event code'),
  description: z.string().nullable(),
  meaning: z.object({
    kind: z
      .string()
      .describe(
        "Prosa's reading of the code: non_final, final, restriction, quayle, advisory, allowance, interview, applicant_reply, rce, abandonment, revival, grant or other",
      ),
    summary: z.string(),
    mail_event: z.boolean().describe('The mailing twin of another event (MCTNF for CTNF): count one of the pair, date a reply period from the mailing'),
  }),
});

/** GET /api/applications/{number}/history. */
export const historyPageSchema = z.object({
  application_number: z.string(),
  events: z.array(historyEventSchema),
  next_cursor: z.string().nullable().describe('Pass as `before` for the next (older) page; null on the last page'),
});
export type HistoryPageWire = z.infer<typeof historyPageSchema>;

export function presentHistoryEvent(e: HistoryEvent): z.infer<typeof historyEventSchema> {
  const c = classifyEvent(e.event_code, e.description);
  return {
    id: e.id.toString(),
    date: e.event_date,
    code: e.event_code,
    description: e.description,
    meaning: { kind: c.kind, summary: KIND_SUMMARIES[c.kind], mail_event: c.isMailEvent },
  };
}
