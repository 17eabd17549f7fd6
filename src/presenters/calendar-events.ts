import type { CitationEntry, EntitySize, ExtensionDeadline } from '../domain/deadlines/index.ts';
import type { IsoDate } from '../domain/deadlines/calendar.ts';
import { formatApplicationNumber } from '../domain/application-number.ts';
import type { DocketDeadline, DocketLifeItem } from '../queries/docket-deadlines.ts';

/** One all-day calendar entry: a date on which a reply can last be filed at some price. */
export interface DeadlineEvent {
  /** Stable across fetches, so calendar software updates the event instead of adding a copy. */
  uid: string;
  date: IsoDate;
  summary: string;
  description: string;
  /** When the information last changed: the action's arrival in Prosa. */
  stamp: Date;
  /** Reminders, in days before the date. */
  remindDaysBefore: number[];
}

/** Reminders: a week's notice and a last call before the fee-free and the final day; a last call before other extension dates. */
const MAJOR_REMINDERS = [7, 1];
const MINOR_REMINDERS = [1];

const KIND_LABELS: Record<string, string> = {
  non_final: 'Non-Final Rejection',
  final: 'Final Rejection',
  restriction: 'Restriction/Election Requirement',
  quayle: 'Ex parte Quayle Action',
  notice_of_allowance: 'Notice of Allowance',
};

/**
 * The calendar events of one pending action: the response deadline (no fee), then one per
 * extension month of 37 CFR 1.136(a) with its fee for the application's entity status; the last
 * date a reply can be filed at all (the critical date) is titled "LAST DAY to reply".
 */
export function deadlineEvents(d: DocketDeadline): DeadlineEvent[] {
  const entity = d.entity.entity_size;
  const { entry, application } = d.item;
  const c = d.pending.correspondence;
  const r = d.pending.result;
  const subject = [
    `${formatApplicationNumber(application.application_number)} ${c.description ?? KIND_LABELS[r.action] ?? r.action}`,
    entry.client_matter ? ` — ${entry.client_matter}` : '',
    application.source === 'demo' ? ' [demo]' : '',
  ].join('');
  // The UID (RFC 5545 section 3.8.4.7) must be globally unique and persistent: the action and the
  // kind of date make it persistent; the docket entry keeps two accounts' events for the same
  // public action apart (their fees and client matters differ).
  const uid = (kind: string) => `${c.id}-${kind}-${entry.id}@prosa`;
  const cite = (field: string) => r.citations.find((x: CitationEntry) => x.field === field);
  const context = [
    `${formatApplicationNumber(application.application_number)}: ${application.invention_title}`,
    ...(entry.client_matter ? [`Client matter: ${entry.client_matter}`] : []),
    `Office action: ${c.description ?? KIND_LABELS[r.action] ?? r.action} (${c.document_code}), mailed ${r.mailing_date}`,
    `Reply without extension fee by ${r.response_deadline}; last day to reply at all ${r.critical_deadline_date}.`,
  ];
  const footer = [
    ...(application.source === 'demo' ? ['DEMO DATA: a fictional application.'] : []),
    'Computed by Prosa; check the dates against the office action before relying on them.',
  ];
  const describe = (what: string, ...fields: string[]) => {
    const rules = fields
      .map(cite)
      .filter((x): x is CitationEntry => x !== undefined)
      .map((x) => `${x.rule}: ${x.text}`);
    return [what, '', ...context, '', ...rules.map((x) => `Rule: ${x}`), '', ...footer].join('\n');
  };

  const events: DeadlineEvent[] = [];
  const last = r.extensions.at(-1);
  events.push({
    uid: uid('response'),
    date: r.response_deadline,
    summary: last ? `Reply due (no fee): ${subject}` : `LAST DAY to reply: ${subject} (not extendable)`,
    description: last
      ? describe('Last day to reply without an extension fee.', 'ssp_due', 'ssp_due_effective')
      : describe('Last day to reply: this period cannot be extended.', 'ssp_due', 'ssp_due_effective', 'critical_deadline_date'),
    stamp: c.created_at,
    remindDaysBefore: MAJOR_REMINDERS,
  });
  r.extensions.forEach((e, i) => {
    const isLast = e === last;
    const price = `${e.months}-month extension, ${feeText(e, entity)}`;
    events.push({
      uid: uid(`ext${e.months}`),
      date: e.due_effective,
      summary: isLast ? `LAST DAY to reply: ${subject} (with ${price})` : `${subject}: last day with ${e.months}-month extension (${feeText(e, entity)})`,
      description: describe(
        isLast ? `Last day a reply can be filed at all, with a ${price} (37 CFR 1.136(a)).` : `Last day to reply with a ${price} (37 CFR 1.136(a)).`,
        `extensions[${i}].due`,
        `extensions[${i}].due_effective`,
        ...(isLast ? ['critical_deadline_date'] : []),
      ),
      stamp: c.created_at,
      remindDaysBefore: isLast ? MAJOR_REMINDERS : MINOR_REMINDERS,
    });
  });
  return events;
}

/** "$690.00 large entity"; the fee table may not cover the date, and then no amount is guessed. */
function feeText(e: ExtensionDeadline, entity: EntitySize): string {
  return e.fee_for_entity === null ? `fee not known for ${entity} entity` : `${dollars(e.fee_for_entity)} ${entity} entity`;
}

/** "1590.00" → "$1,590.00". */
function dollars(amount: string): string {
  const [whole, cents] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents ?? '00'}`;
}

const LIFE_LABELS: Record<string, string> = {
  issue_fee: 'Issue fee due (not extendable)',
  continuation_copendency: 'Last day to file a continuation (copendency)',
  maintenance_fee_3_5: '3.5-year maintenance fee due',
  maintenance_fee_7_5: '7.5-year maintenance fee due',
  maintenance_fee_11_5: '11.5-year maintenance fee due',
  appeal_brief: 'Appeal brief due',
  reply_brief: 'Reply brief due (not extendable)',
  oral_hearing_request: 'Request for oral hearing due (not extendable)',
};

const EVENT_LABELS: Record<string, string> = {
  notice_of_allowance: 'Notice of allowance mailed',
  grant: 'Patent issued',
  examiners_answer: "Examiner's answer mailed",
  notice_of_appeal: 'Notice of appeal filed',
};

/**
 * The calendar events of one life deadline: its due date, and where there is one, the end of the
 * maintenance-fee grace period (surcharge) or the last day with extensions (appeal brief).
 */
export function lifeDeadlineEvents(d: DocketLifeItem): DeadlineEvent[] {
  const { entry, application } = d.item;
  const l = d.life;
  const x = l.deadline;
  const subject = [
    formatApplicationNumber(application.application_number),
    entry.client_matter ? ` — ${entry.client_matter}` : '',
    application.source === 'demo' ? ' [demo]' : '',
  ].join('');
  const uid = (stage: string) => `${l.correspondenceId ?? application.id}-${x.kind}-${stage}-${entry.id}@prosa`;
  const label = LIFE_LABELS[x.kind] ?? x.kind;
  const description = (what: string) =>
    [
      what,
      '',
      `${formatApplicationNumber(application.application_number)}: ${application.invention_title}`,
      ...(entry.client_matter ? [`Client matter: ${entry.client_matter}`] : []),
      `${EVENT_LABELS[l.event] ?? l.event}: ${l.eventDate}`,
      '',
      `Rule: ${x.citation}`,
      '',
      ...(application.source === 'demo' ? ['DEMO DATA: a fictional application.'] : []),
      'Computed by Prosa; check the dates against the papers before relying on them.',
    ].join('\n');
  const events: DeadlineEvent[] = [
    {
      uid: uid('due'),
      date: x.due_effective,
      summary: `${label}: ${subject}`,
      description: description(`${label}${x.surcharge_until ? ' without surcharge' : ''} (nominal ${x.due}).${x.opens ? ` Payable from ${x.opens}.` : ''}`),
      stamp: l.stamp,
      remindDaysBefore: MAJOR_REMINDERS,
    },
  ];
  if (x.surcharge_until) {
    events.push({
      uid: uid('surcharge'),
      date: x.surcharge_until,
      summary: `LAST DAY for the maintenance fee with surcharge: ${subject}`,
      description: description('End of the six-month grace period (37 CFR 1.362(e); 1.20(h) surcharge): unpaid, the patent expires.'),
      stamp: l.stamp,
      remindDaysBefore: MAJOR_REMINDERS,
    });
  }
  if (x.extendable && x.max_extended_due) {
    events.push({
      uid: uid('extended'),
      date: x.max_extended_due,
      summary: `LAST DAY for the ${label.replace(/ due.*$/, '').toLowerCase()} with extensions: ${subject}`,
      description: description('Last day with the five extension months of 37 CFR 1.136(a).'),
      stamp: l.stamp,
      remindDaysBefore: MAJOR_REMINDERS,
    });
  }
  return events;
}
