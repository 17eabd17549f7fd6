import type { DocketDeadline, DocketDeadlines } from '../queries/docket-deadlines.ts';
import { interfaceTypeForDocumentCode } from '../sources/uspto-codes.ts';

/**
 * GET /api/deadlines: the account's upcoming deadlines, most urgent first. Each deadline's fees are
 * for its application's entity status (`entity`, from `entity_source`: the docket entry, the USPTO
 * record, else the account's `entity`), so `extensions[].fee` is a single amount, not a table.
 */
export function presentDocketDeadlines(list: DocketDeadlines, withinDays: number) {
  return {
    today: list.today,
    within_days: withinDays,
    entity: list.entity,
    deadlines: list.deadlines.map(presentDocketDeadline),
  };
}

export function presentDocketDeadline(d: DocketDeadline) {
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
