import { z } from 'zod';
import { defineTool, READ_ONLY } from '../tool.ts';
import { seg } from '../backend-client.ts';
import { calculatorBody } from '../../queries/deadline-calculator.ts';
import { deadlineCalculationSchema, extensionDeadlineSchema, type DeadlineCalculationWire } from '../../presenters/deadline-calculation.ts';
import { docketDeadlinesSchema, type DocketDeadlinesWire } from '../../presenters/docket-deadlines.ts';
import { accountDeadlinesSchema, type AccountDeadlinesWire } from '../../presenters/account-application.ts';
import { feeScheduleSchema, type FeeScheduleWire } from '../../presenters/fees.ts';
import {
  calendarFeedStateSchema,
  createdCalendarFeedSchema,
  type CalendarFeedStateWire,
  type CreatedCalendarFeedWire,
} from '../../presenters/calendar-feed-state.ts';
import { applicationNumber } from './shared.ts';

/**
 * Deadline tools: computed by Prosa's deadline engine (35 U.S.C. 133, 21(b); 37 CFR 1.134-1.136;
 * MPEP 710-711), every date with the rule behind it, fees for the application's entity status. All free.
 * A model should never compute a deadline itself: it reads them here.
 */

const isoDate = z.iso.date();

const deadlinesRecord = accountDeadlinesSchema;
type DeadlinesRecord = AccountDeadlinesWire;

const getDeadlines = defineTool({
  name: 'get_deadlines',
  title: 'Deadlines of an application',
  description:
    "The office action awaiting a reply and every date that follows from it: response deadline (no extension fee), each extension month with its 37 CFR 1.17(a) fee for the application's entity status, the last day to reply at all, the abandonment date, and the rule behind each date (citations). Counts actions the account recorded itself. Free. Null dates mean nothing is pending. Next: get_extension_options to pick a month, prepare_extension_petition to file one.",
  group: 'deadlines',
  price: 'free',
  input: z.object({ application_number: applicationNumber }),
  output: deadlinesRecord,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const r = await ctx.api.get<DeadlinesRecord>(`/api/applications/${seg(args.application_number)}/deadlines`);
    const d = r.deadlines;
    const summary = r.calculation
      ? `${r.application_number}: ${r.calculation.action.replace(/_/g, ' ')} mailed ${r.calculation.mailing_date}; reply without extension fees by ${d.response_deadline}, at the latest ${d.critical_deadline_date} (with extensions); abandoned after ${r.calculation.abandonment_date_if_no_reply} without a reply.`
      : `${r.application_number}: no office action awaits a reply.`;
    return { data: r, summary };
  },
});

const listUpcomingDeadlines = defineTool({
  name: 'list_upcoming_deadlines',
  title: 'Upcoming deadlines across the docket',
  description:
    'Every docket application whose next deadline falls within `within_days` (default 30), most urgent first (life_deadlines: the issue fee, maintenance fees and appeal briefs in the same window); applications whose last day to reply has passed come first as overdue. Each has its next date, days remaining and extension fees for its entity status. Free. Use it for "what is due"; get_deadlines gives one application\'s full calculation.',
  group: 'deadlines',
  price: 'free',
  input: z.object({ within_days: z.number().int().min(1).max(3650).default(30) }),
  output: docketDeadlinesSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const r = await ctx.api.get<DocketDeadlinesWire>('/api/deadlines', { within: `${args.within_days}d` });
    const overdue = r.deadlines.filter((d) => d.overdue).length;
    const first = r.deadlines.find((d) => !d.overdue);
    const next = first?.next_deadline ? `; next: ${first.application_number} on ${first.next_deadline.date} (${first.days_remaining} days)` : '';
    const life = r.life_deadlines.length
      ? ` Also ${r.life_deadlines.length} issue-fee, maintenance-fee or appeal deadline(s): ${r.life_deadlines
          .slice(0, 5)
          .map((d) => `${d.application_number} ${d.deadline.kind.replace(/_/g, ' ')} ${d.next_date ?? d.deadline.due_effective}`)
          .join('; ')}.`
      : '';
    return { data: r, summary: `${r.deadlines.length} deadline(s) within ${r.within_days} days${overdue ? `, ${overdue} overdue` : ''}${next}.${life}` };
  },
});

const calculateDeadline = defineTool({
  name: 'calculate_deadline',
  title: 'Calculate a deadline',
  description:
    "The deadline engine on any action or event, without an application. Office actions (non_final, final, restriction, requirement_for_information, quayle, missing_parts, non_compliant_amendment, notice_of_allowance, or the interface codes CTNF/CTFR/CTED/CTRS) with their mailing date; for a final rejection also the reply and advisory-action dates (MPEP 706.07(f)). Events of the application's life with the event's date as mailing_date: grant (issue date: maintenance fees at 3.5/7.5/11.5 years and continuation copendency), notice_of_appeal (its filing date: appeal brief), examiners_answer (reply brief, oral hearing request), provisional_filing (nonprovisional within 12 months), foreign_filing (U.S. filing claiming priority within 12 months; 6 for a design), pct_priority (earliest priority date: U.S. national stage at 30 months). Optional application_type (utility, design, plant, reissue). Returns `deadlines` (each with due, due_effective, extendable, max_extended_due and its rule) and every date with its citation. Free. For a docket application use get_deadlines.",
  group: 'deadlines',
  price: 'free',
  input: calculatorBody,
  output: deadlineCalculationSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const r = await ctx.api.post<DeadlineCalculationWire>('/api/deadlines/calculate', args);
    const life = r.deadlines.map((d) => `${d.kind.replace(/_/g, ' ')} ${d.due_effective}`).join('; ');
    const summary =
      r.response_deadline !== null
        ? `${r.action.replace(/_/g, ' ')} mailed ${r.mailing_date}: reply without extension fees by ${r.response_deadline}; last day with extensions ${r.critical_deadline_date}.${r.action === 'notice_of_allowance' ? ` ${life}.` : ''}`
        : `${r.action.replace(/_/g, ' ')} on ${r.mailing_date}: ${life || 'no deadline'}.`;
    return { data: r, summary };
  },
});

// An extension month of the calculation, renamed for a model: `due` is the engine's due_effective,
// `fee` its fee_for_entity, `fees` its fee table.
const ext = extensionDeadlineSchema.shape;
const option = z.object({
  months: ext.months,
  due: ext.due_effective.describe('Last day to file with this extension (business-day adjusted)'),
  fee: ext.fee_for_entity.describe("37 CFR 1.17(a) fee for the application's entity status"),
  fees: ext.fee,
  citation: ext.citation,
  timely_on: z.boolean().describe('A reply filed on `date` with this extension is timely'),
});

const getExtensionOptions = defineTool({
  name: 'get_extension_options',
  title: 'Extension of time options',
  description:
    "For an application's pending action: each extension month available under 37 CFR 1.136(a) with its last day and fee for the application's entity status, and the fewest months that make a reply filed on `date` (default today) timely. Free. Next: prepare_extension_petition (5.00) with those months.",
  group: 'deadlines',
  price: 'free',
  input: z.object({ application_number: applicationNumber, date: isoDate.optional().describe('The day the reply would be filed, YYYY-MM-DD; default today') }),
  output: z.object({
    application_number: deadlinesRecord.shape.application_number,
    entity: deadlinesRecord.shape.entity,
    date: z.string(),
    response_deadline: deadlineCalculationSchema.shape.response_deadline,
    critical_deadline_date: deadlineCalculationSchema.shape.critical_deadline_date,
    extendable: z.boolean(),
    options: z.array(option),
    needed: z.object({ months: z.number().int().nullable(), fee: z.string().nullable(), reason: z.string() }),
  }),
  annotations: READ_ONLY,
  async run(args, ctx) {
    const r = await ctx.api.get<DeadlinesRecord>(`/api/applications/${seg(args.application_number)}/deadlines`);
    const date = args.date ?? r.computed_on;
    const c = r.calculation;
    const options = (c?.extensions ?? []).map((e) => ({
      months: e.months,
      due: e.due_effective,
      fee: e.fee_for_entity,
      fees: e.fee,
      citation: e.citation,
      timely_on: date <= e.due_effective,
    }));
    let needed: { months: number | null; fee: string | null; reason: string };
    if (!c) needed = { months: null, fee: null, reason: 'No office action awaits a reply, so there is no period to extend.' };
    else if (c.response_deadline !== null && date <= c.response_deadline)
      needed = { months: 0, fee: null, reason: `A reply filed on ${date} is within the period set (ends ${c.response_deadline}): no extension is needed.` };
    else {
      const first = options.find((o) => o.timely_on);
      needed = first
        ? { months: first.months, fee: first.fee, reason: `A reply filed on ${date} needs a ${first.months}-month extension (timely through ${first.due}).` }
        : {
            months: null,
            fee: null,
            reason: `${date} is after the last day to reply with an extension (${c.critical_deadline_date}); consider a petition to revive (37 CFR 1.137).`,
          };
    }
    const data = {
      application_number: r.application_number,
      entity: r.entity,
      date,
      response_deadline: c?.response_deadline ?? null,
      critical_deadline_date: c?.critical_deadline_date ?? null,
      extendable: c?.extendable ?? false,
      options,
      needed,
    };
    return {
      data,
      summary: `${r.application_number}: ${needed.reason}${options.length ? ` Options: ${options.map((o) => `${o.months} mo. to ${o.due} (${o.fee ?? 'fee n/a'})`).join('; ')}.` : ''}`,
    };
  },
});

const getCalendarFeed = defineTool({
  name: 'get_calendar_feed',
  title: 'Calendar feed status',
  description:
    'Whether the account has a private calendar feed (an iCalendar URL listing every docket deadline and extension date with reminders) and when it was created. The URL itself is shown only once, at creation: to get one, call rotate_calendar_feed. Free.',
  group: 'deadlines',
  price: 'free',
  input: z.object({}),
  output: calendarFeedStateSchema,
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const r = await ctx.api.get<CalendarFeedStateWire>('/api/calendar-feed');
    return {
      data: r,
      summary: r.exists
        ? `A calendar feed exists (created ${r.created_at}); its URL was shown once. rotate_calendar_feed makes a new URL.`
        : 'No calendar feed yet; rotate_calendar_feed creates one.',
    };
  },
});

const rotateCalendarFeed = defineTool({
  name: 'rotate_calendar_feed',
  title: 'Create or replace the calendar feed URL',
  description:
    "Creates the account's private calendar feed URL, or replaces it: the previous URL stops working at once (calendars subscribed to it stop updating). Give the URL to the user to subscribe in Outlook, Google Calendar or Apple Calendar (webcal_url opens the subscription directly); it is shown only this once and anyone with it can read the deadlines. Free. Confirm with the user before replacing an existing feed (get_calendar_feed).",
  group: 'deadlines',
  price: 'free',
  input: z.object({}),
  output: createdCalendarFeedSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(_args, ctx) {
    const r = await ctx.api.post<CreatedCalendarFeedWire>('/api/calendar-feed');
    return {
      data: r,
      summary: `${r.rotated ? 'Replaced the calendar feed; the old URL no longer works.' : 'Created the calendar feed.'} Subscribe to ${r.url} (shown only now).`,
    };
  },
});

const getFeeSchedule = defineTool({
  name: 'get_fee_schedule',
  title: 'USPTO fee schedule',
  description:
    "The USPTO fees Prosa's deadline engine uses, for the account's entity size: the 37 CFR 1.17(a) extension-of-time fee for 1 to 5 months, every dated table with its effective dates (the fee due is the one in force on the day it is paid) and citations. Free. Prosa's own prices are in get_pricing.",
  group: 'forms',
  price: 'free',
  input: z.object({}),
  output: feeScheduleSchema,
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const r = await ctx.api.get<FeeScheduleWire>('/api/fees');
    const current = r.fees[0]?.schedules.find((s) => s.in_force);
    const line = current
      ? `Extensions (${r.entity} entity, in force since ${current.effective}): ${current.amounts.map((a) => `${a.months} mo. ${a.fee}`).join(', ')} USD.`
      : 'No fee table is in force today.';
    return { data: r, summary: line };
  },
});

export const DEADLINE_TOOLS = [getDeadlines, listUpcomingDeadlines, calculateDeadline, getExtensionOptions, getCalendarFeed, rotateCalendarFeed];
/** get_fee_schedule belongs to the forms group (issue 9 section 3); index.ts lists it with the forms. */
export const FEE_TOOLS = [getFeeSchedule];
