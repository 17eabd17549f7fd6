/**
 * The texts of reminder, digest and alert mail (issue 21 part 3). Plain text; each states only
 * what the docket holds, writes dates as US papers do with their weekday ("Monday, March 15,
 * 2027") and application numbers in their written form (17/248,024), and links to the
 * application in the web app. Every mail carries a one-click unsubscribe link (RFC 8058).
 */
import { formatApplicationNumber } from '../domain/application-number.ts';
import { formatDayAndDate } from '../documents/format/dates.ts';
import { deadlineCategory, type DeadlineCategory, type MailList } from '../domain/notifications.ts';
import type { NotifiableDeadline } from '../queries/notification-deadlines.ts';
import type { OutgoingMail } from './mailer.ts';

export interface MailLinks {
  baseUrl: string;
  /** The raw unsubscribe token of this mail (its hash is stored). */
  unsubscribeToken: string;
}

const CATEGORY_NAMES: Record<DeadlineCategory, string> = {
  response: 'response deadlines',
  issue_fee: 'issue fee deadlines',
  maintenance: 'maintenance fee deadlines',
  briefs: 'brief deadlines',
  priority: 'priority and copendency deadlines',
};

const LIST_NAMES: Record<MailList, string> = { reminders: 'deadline reminders', digest: 'the deadline digest', alerts: 'new-paper alerts' };

function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

function applicationUrl(baseUrl: string, applicationNumber: string): string {
  return `${baseUrl}/applications/${encodeURIComponent(applicationNumber)}`;
}

function footer(list: MailList, links: MailLinks, why: string): string {
  return [
    '',
    '--',
    why,
    `Change what mail you get: ${links.baseUrl}/settings/notifications`,
    `Unsubscribe from ${LIST_NAMES[list]} (one click, no sign-in): ${unsubscribeUrl(links.baseUrl, links.unsubscribeToken)}`,
    '',
  ].join('\n');
}

/** RFC 2369 List-Unsubscribe with RFC 8058 one-click POST. */
function listHeaders(links: MailLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl(links.baseUrl, links.unsubscribeToken)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function daysText(days: number): string {
  return days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
}

function paperLine(d: NotifiableDeadline): string | null {
  if (!d.paper) return null;
  return `Paper: ${d.paper.description ?? d.paper.documentCode} (${d.paper.documentCode}), mailed ${formatDayAndDate(d.paper.mailingDate)}`;
}

function applicationLines(d: Pick<NotifiableDeadline, 'applicationNumber' | 'inventionTitle' | 'clientMatter'>): string[] {
  return [
    `Application ${formatApplicationNumber(d.applicationNumber)}${d.inventionTitle ? `: ${d.inventionTitle}` : ''}`,
    ...(d.clientMatter ? [`Client matter: ${d.clientMatter}`] : []),
  ];
}

export function reminderMail(to: string, d: NotifiableDeadline, r: { offset: number; daysLeft: number }, links: MailLinks): OutgoingMail {
  const number = formatApplicationNumber(d.applicationNumber);
  const subject =
    r.daysLeft === 0
      ? `Due today: ${number}, ${d.label.toLowerCase()} (${formatDayAndDate(d.due)})`
      : `Reminder: ${number}, ${d.label.toLowerCase()} due ${daysText(r.daysLeft)} (${formatDayAndDate(d.due)})`;
  const lines = [
    ...applicationLines(d),
    ...[paperLine(d)].filter((l) => l !== null),
    `Due: ${formatDayAndDate(d.due)} (${daysText(r.daysLeft)}): ${d.label}`,
    ...(d.lastDay ? [`Last day to reply at all: ${formatDayAndDate(d.lastDay)} (extensions of time for a fee)`] : []),
    '',
    `Open the application: ${applicationUrl(links.baseUrl, d.applicationNumber)}`,
    footer(
      'reminders',
      links,
      `You get this because reminders are on for ${CATEGORY_NAMES[deadlineCategory(d.kind)]}, ${r.offset === 0 ? 'on the day itself' : `${r.offset} day${r.offset === 1 ? '' : 's'} ahead`}.`,
    ),
  ];
  return { to, subject, text: lines.join('\n'), headers: listHeaders(links) };
}

export function digestMail(to: string, frequency: 'daily' | 'weekly', passDate: string, deadlines: NotifiableDeadline[], links: MailLinks): OutgoingMail {
  const n = deadlines.length;
  const subject = `Prosa ${frequency} digest: ${n} deadline${n === 1 ? '' : 's'} in the next 30 days`;
  const lines = [`Deadlines on your docket due from ${formatDayAndDate(passDate)} through the next 30 days, soonest first:`, ''];
  for (const d of deadlines) {
    lines.push(`${formatDayAndDate(d.due)}: ${formatApplicationNumber(d.applicationNumber)}${d.clientMatter ? ` (${d.clientMatter})` : ''}, ${d.label}`);
    const paper = paperLine(d);
    if (paper) lines.push(`  ${paper}`);
    lines.push(`  ${applicationUrl(links.baseUrl, d.applicationNumber)}`);
  }
  lines.push(footer('digest', links, `You get this ${frequency === 'daily' ? 'every day' : 'every Monday'} because the ${frequency} digest is on.`));
  return { to, subject, text: lines.join('\n'), headers: listHeaders(links) };
}

export interface AlertPaper {
  applicationNumber: string;
  inventionTitle: string | null;
  clientMatter: string | null;
  description: string | null;
  documentCode: string;
  mailingDate: string;
  /** The deadlines the paper set, as the docket computes them; empty when it sets none (or was answered). */
  deadlines: { label: string; date: string }[];
}

export function alertMail(to: string, p: AlertPaper, links: MailLinks): OutgoingMail {
  const number = formatApplicationNumber(p.applicationNumber);
  const name = p.description ?? p.documentCode;
  const subject = `New paper in ${number}: ${name}, mailed ${formatDayAndDate(p.mailingDate)}`;
  const lines = [
    'The USPTO watch recorded a new paper in an application on your docket.',
    '',
    ...applicationLines(p),
    `Paper: ${name} (${p.documentCode})`,
    `Mailing date: ${formatDayAndDate(p.mailingDate)}`,
    ...(p.deadlines.length ? p.deadlines.map((d) => `${d.label}: ${formatDayAndDate(d.date)}`) : ['Deadlines: none on the docket for this paper']),
    '',
    `Open the application: ${applicationUrl(links.baseUrl, p.applicationNumber)}`,
    footer('alerts', links, 'You get this because new-paper alerts are on.'),
  ];
  return { to, subject, text: lines.join('\n'), headers: listHeaders(links) };
}
