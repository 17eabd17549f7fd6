import { z } from 'zod';
import type { DocketDeadline, DocketDeadlines, DocketLifeItem } from '../queries/docket-deadlines.ts';
import { lifeDeadlineSchema } from './deadline-calculation.ts';
import { entitySizeSchema, entitySourceSchema } from './docket-entry.ts';
import { interfaceTypeForDocumentCode } from '../sources/uspto-codes.ts';
import { ACTION_KINDS } from '../domain/deadlines/action-kinds.ts';

/**
 * GET /api/deadlines: the account's upcoming deadlines, most urgent first. Each deadline's fees are
 * for its application's entity status (`entity`, from `entity_source`: the docket entry, the USPTO
 * record, else the account's `entity`), so `extensions[].fee` is a single amount, not a table.
 */
export function presentDocketDeadlines(list: DocketDeadlines, withinDays: number): z.infer<typeof docketDeadlinesSchema> {
  return {
    today: list.today,
    within_days: withinDays,
    entity: list.entity,
    deadlines: list.deadlines.map(presentDocketDeadline),
    life_deadlines: list.life.map(presentDocketLifeDeadline),
  };
}

/** One deadline of an application's life on the docket (`life_deadlines[]` of GET /api/deadlines). */
const docketLifeDeadlineSchema = z.object({
  docket_entry_id: z.string(),
  application_number: z.string(),
  invention_title: z.string(),
  client_matter: z.string().nullable(),
  event: z.object({
    kind: z.enum(['notice_of_allowance', 'grant', 'examiners_answer', 'notice_of_appeal']),
    date: z.string().describe("Mailing or filing date of the paper, or the patent's issue date"),
    correspondence_id: z.string().nullable().describe("The paper; null for a grant (the record's issue date)"),
  }),
  deadline: lifeDeadlineSchema,
  next_date: z.string().nullable().describe('The next date not yet passed: due_effective, else surcharge_until, else max_extended_due'),
  next_stage: z.enum(['due', 'surcharge', 'extended']).nullable(),
  days_remaining: z.number().int(),
  overdue: z.boolean(),
  demo: z.boolean(),
});

/** One pending Office action's reply deadline on the docket (`deadlines[]` of GET /api/deadlines). */
const docketDeadlineSchema = z.object({
  docket_entry_id: z.string(),
  application_number: z.string(),
  invention_title: z.string(),
  client_matter: z.string().nullable(),
  action: z.object({
    correspondence_id: z.string(),
    document_code: z.string().describe('The USPTO document code of the paper (CTNF, CTFR, ...)'),
    office_action_type: z.string().nullable().describe("The interface's vocabulary (USPTO CTRS restriction: CTED); null for Quayle and allowance papers"),
    description: z.string().nullable(),
    kind: z.enum(ACTION_KINDS),
    mailing_date: z.string(),
  }),
  response_deadline: z.string().describe('Last day to reply without an extension fee'),
  critical_deadline_date: z.string().describe('Last day to reply at all (end of the maximum extendable period)'),
  next_deadline: z
    .object({
      kind: z.enum(['response', 'extension']).describe('response: no extension fee; extension: the last day within extension_months of 37 CFR 1.136(a)'),
      date: z.string(),
      extension_months: z.number().int().nullable(),
      fee: z.string().nullable().describe("The 37 CFR 1.17(a) fee for the application's entity status; null for the response deadline or without a fee table"),
    })
    .nullable()
    .describe('The next date a reply can still be filed on; null when every date has passed (overdue)'),
  days_remaining: z.number().int().describe('Days from today to next_deadline.date; when overdue, to the critical date (negative)'),
  days_to_critical_deadline: z.number().int(),
  overdue: z.boolean(),
  extendable: z.boolean(),
  extensions: z.array(z.object({ months: z.number().int(), due: z.string(), fee: z.string().nullable() })),
  entity: entitySizeSchema.nullable().describe('The entity status the fees are for'),
  entity_source: entitySourceSchema,
  demo: z.boolean(),
});

/** GET /api/deadlines. */
export const docketDeadlinesSchema = z.object({
  today: z.string(),
  within_days: z.number().int(),
  entity: entitySizeSchema.describe("The account's entity size: the fees of applications whose docket entry and record say nothing"),
  deadlines: z.array(docketDeadlineSchema),
  life_deadlines: z.array(docketLifeDeadlineSchema),
});
export type DocketDeadlinesWire = z.infer<typeof docketDeadlinesSchema>;

function presentDocketLifeDeadline(d: DocketLifeItem): z.infer<typeof docketLifeDeadlineSchema> {
  const { entry, application } = d.item;
  return {
    docket_entry_id: entry.id,
    application_number: application.application_number,
    invention_title: application.invention_title,
    client_matter: entry.client_matter,
    event: { kind: d.life.event, date: d.life.eventDate, correspondence_id: d.life.correspondenceId },
    deadline: d.life.deadline,
    next_date: d.next?.date ?? null,
    next_stage: d.next?.stage ?? null,
    days_remaining: d.daysRemaining,
    overdue: d.overdue,
    demo: application.source === 'demo',
  };
}

function presentDocketDeadline(d: DocketDeadline): z.infer<typeof docketDeadlineSchema> {
  const { entry, application } = d.item;
  const c = d.pending.correspondence;
  const r = d.pending.result;
  return {
    docket_entry_id: entry.id,
    application_number: application.application_number,
    invention_title: application.invention_title,
    client_matter: entry.client_matter,
    action: {
      correspondence_id: c.id,
      document_code: c.document_code,
      // The interface's vocabulary (USPTO CTRS restriction → CTED); null for Quayle and allowance papers.
      office_action_type: interfaceTypeForDocumentCode(c.document_code),
      description: c.description,
      kind: r.action,
      mailing_date: r.mailing_date,
    },
    response_deadline: r.response_deadline,
    critical_deadline_date: r.critical_deadline_date,
    next_deadline: d.next && {
      kind: d.next.kind,
      date: d.next.date,
      extension_months: d.next.extensionMonths,
      fee: d.next.fee,
    },
    days_remaining: d.daysRemaining,
    days_to_critical_deadline: d.daysToCritical,
    overdue: d.overdue,
    extendable: r.extendable,
    extensions: r.extensions.map((e) => ({ months: e.months, due: e.due_effective, fee: e.fee_for_entity })),
    entity: r.entity,
    entity_source: d.entity.source,
    demo: application.source === 'demo',
  };
}
