import type { DocketDeadline, DocketDeadlines } from './docket-deadlines.ts';
import type { RemindableDeadline } from '../domain/notifications.ts';
import type { IsoDate } from '../domain/deadlines/calendar.ts';

/** A docket deadline as reminders and digests tell it: what the docket holds, nothing more. */
export interface NotifiableDeadline extends RemindableDeadline {
  docketEntryId: string;
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
  return list.deadlines.flatMap((d) => fromDocketDeadline(d));
}

function fromDocketDeadline(d: DocketDeadline): NotifiableDeadline[] {
  const { entry, application } = d.item;
  const c = d.pending.correspondence;
  const r = d.pending.result;
  const kind: string = r.action;
  const base = {
    docketEntryId: entry.id,
    applicationId: application.id,
    applicationNumber: application.application_number,
    inventionTitle: application.invention_title,
    clientMatter: entry.client_matter,
    paper: { description: c.description, documentCode: c.document_code, mailingDate: r.mailing_date },
  };
  const allowance = kind === 'notice_of_allowance';
  const out: NotifiableDeadline[] = [{
    ...base,
    key: `${entry.id}:${kind}:${r.response_deadline}`,
    kind,
    due: r.response_deadline,
    label: allowance ? 'Pay the issue fee' : r.extendable && r.critical_deadline_date > r.response_deadline ? 'Reply without an extension fee' : 'Reply',
    lastDay: r.critical_deadline_date > r.response_deadline ? r.critical_deadline_date : null,
  }];
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
