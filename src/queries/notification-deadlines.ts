import type { DocketDeadline, DocketDeadlines, DocketLifeItem } from './docket-deadlines.ts';
import { lifeBesidePending } from '../domain/deadlines/life-beside-pending.ts';
import type { RemindableDeadline } from '../domain/notifications.ts';
import type { IsoDate } from '../domain/deadlines/calendar.ts';

/** A docket deadline as reminders and digests tell it: what the docket holds, nothing more. */
export interface NotifiableDeadline extends RemindableDeadline {
  docketEntryId: string;
  /** The entry's responsible practitioner (migration 034); null when not assigned. */
  responsibleMemberId: string | null;
  applicationId: string;
  /** The 8 digits; mails write it 17/248,024. */
  applicationNumber: string;
  inventionTitle: string | null;
  clientMatter: string | null;
  /** What is due, e.g. "Reply without an extension fee". */
  label: string;
  /** The paper that set the deadline, when there is one. */
  paper: { description: string | null; documentCode: string; mailingDate: IsoDate } | null;
  /** The last day the act can be done at all, when later than `due` (extensions for a fee). */
  lastDay: IsoDate | null;
}

/**
 * The deadlines of the account's docket deadlines list (src/queries/docket-deadlines.ts) that a
 * reminder can be about. Generic over the list: each entry's kind decides its category
 * (domain/notifications.ts deadlineCategory), and its key is `${docketEntryId}:${kind}:${due}`,
 * stable while the deadline stands. Today the list holds one pending Office action per entry,
 * giving two dates: the reply date without an extension fee and, when later, the last day to
 * reply at all. Life deadlines (issue fee, maintenance fees, briefs, priority) that the deadline
 * engine adds to the list come through here the same way: this is the one place to map them.
 */
export function notifiableDeadlines(list: DocketDeadlines): NotifiableDeadline[] {
  return [...list.deadlines.flatMap((d) => fromDocketDeadline(d)), ...lifeBesidePending(list).flatMap((l) => fromLifeDeadline(l))];
}

/** What each life deadline's mail says is due (kinds of src/domain/deadlines/life-events.ts). */
const LIFE_LABELS: Record<string, string> = {
  issue_fee: 'Pay the issue fee (not extendable)',
  continuation_copendency: 'Last day to file a continuation or divisional while the parent is pending',
  maintenance_fee_3_5: 'Pay the 3.5-year maintenance fee without surcharge',
  maintenance_fee_7_5: 'Pay the 7.5-year maintenance fee without surcharge',
  maintenance_fee_11_5: 'Pay the 11.5-year maintenance fee without surcharge',
  appeal_brief: 'File the appeal brief without an extension fee',
  reply_brief: 'File a reply brief (not extendable under 37 CFR 1.136(a))',
  oral_hearing_request: 'Request an oral hearing (not extendable under 37 CFR 1.136(a))',
};

/**
 * A life deadline (issue fee, maintenance fees, briefs) as reminders tell it: its due date, and
 * for a maintenance fee the end of the surcharge period, for an appeal brief the last day with
 * extensions — each its own reminder key, so each date is reminded once per offset.
 */
function fromLifeDeadline(l: DocketLifeItem): NotifiableDeadline[] {
  const { entry, application } = l.item;
  const d = l.life.deadline;
  const base = {
    docketEntryId: entry.id,
    responsibleMemberId: entry.responsible_member_id,
    applicationId: application.id,
    applicationNumber: application.application_number,
    inventionTitle: application.invention_title,
    clientMatter: entry.client_matter,
    paper: null,
    kind: d.kind,
  };
  const later = d.surcharge_until ?? d.max_extended_due;
  const out: NotifiableDeadline[] = [
    {
      ...base,
      key: `${entry.id}:${d.kind}:${d.due_effective}`,
      due: d.due_effective,
      label: LIFE_LABELS[d.kind] ?? d.kind.replaceAll('_', ' '),
      lastDay: later !== null && later > d.due_effective ? later : null,
    },
  ];
  if (later !== null && later > d.due_effective) {
    out.push({
      ...base,
      key: `${entry.id}:${d.kind}:${later}`,
      due: later,
      label:
        d.surcharge_until !== null
          ? `Last day to pay the ${d.kind.startsWith('maintenance') ? 'maintenance fee' : 'fee'} with the surcharge (37 CFR 1.362(e))`
          : 'Last day to act at all (with the longest extension, for its fee)',
      lastDay: null,
    });
  }
  return out;
}

function fromDocketDeadline(d: DocketDeadline): NotifiableDeadline[] {
  const { entry, application } = d.item;
  const c = d.pending.correspondence;
  const r = d.pending.result;
  const kind: string = r.action;
  const base = {
    docketEntryId: entry.id,
    responsibleMemberId: entry.responsible_member_id,
    applicationId: application.id,
    applicationNumber: application.application_number,
    inventionTitle: application.invention_title,
    clientMatter: entry.client_matter,
    paper: { description: c.description, documentCode: c.document_code, mailingDate: r.mailing_date },
  };
  const allowance = kind === 'notice_of_allowance';
  const out: NotifiableDeadline[] = [
    {
      ...base,
      key: `${entry.id}:${kind}:${r.response_deadline}`,
      kind,
      due: r.response_deadline,
      label: allowance ? 'Pay the issue fee' : r.extendable && r.critical_deadline_date > r.response_deadline ? 'Reply without an extension fee' : 'Reply',
      lastDay: r.critical_deadline_date > r.response_deadline ? r.critical_deadline_date : null,
    },
  ];
  if (r.critical_deadline_date > r.response_deadline) {
    out.push({
      ...base,
      key: `${entry.id}:${kind}:${r.critical_deadline_date}`,
      kind,
      due: r.critical_deadline_date,
      label: 'Last day to reply at all (with the longest extension, for its fee)',
      lastDay: null,
    });
  }
  return out;
}
