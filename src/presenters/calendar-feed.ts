import ical, { ICalAlarmType, ICalEventTransparency } from 'ical-generator';
import { addDays, type IsoDate } from '../domain/deadlines/calendar.ts';
import { lifeBesidePending } from '../domain/deadlines/life-beside-pending.ts';
import type { DocketDeadlines } from '../queries/docket-deadlines.ts';
import { deadlineEvents, lifeDeadlineEvents, type DeadlineEvent } from './calendar-events.ts';

/** How often subscribers should re-fetch: deadlines change when an action or reply arrives, not by the minute. */
const REFRESH_SECONDS = 3 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

/** The account's private feed: every pending action's deadlines and the life deadlines (issue fee, maintenance fees, briefs), as an RFC 5545 iCalendar object. */
export function presentCalendarFeed(list: DocketDeadlines): string {
  return renderCalendar([...list.deadlines.flatMap((d) => deadlineEvents(d)), ...lifeBesidePending(list).flatMap((d) => lifeDeadlineEvents(d))]);
}

function renderCalendar(events: DeadlineEvent[]): string {
  // No METHOD property: METHOD belongs to iTIP scheduling messages (RFC 5545 section 3.7.2),
  // and a subscribed feed is a published calendar, not an invitation.
  const cal = ical({
    prodId: { company: 'Prosa', product: 'Deadlines', language: 'EN' },
    name: 'Prosa deadlines',
    description: 'Reply deadlines of the office actions on your Prosa docket.',
    // REFRESH-INTERVAL (RFC 7986 section 5.7) and X-PUBLISHED-TTL for older clients.
    ttl: REFRESH_SECONDS,
  });
  for (const e of events) {
    cal.createEvent({
      id: e.uid,
      // A deadline is a calendar day, not an instant: DTSTART;VALUE=DATE (RFC 5545 section 3.3.4)
      // has no time zone, so the day shows the same wherever the practitioner is.
      allDay: true,
      start: utcMidnight(e.date),
      // DTEND is exclusive (RFC 5545 section 3.6.1): the next day makes a one-day event.
      end: utcMidnight(addDays(e.date, 1)),
      summary: e.summary,
      description: e.description,
      // DTSTAMP (RFC 5545 section 3.8.7.2): for a calendar without METHOD, when the information
      // last changed; a fixed value keeps the feed byte-stable between fetches.
      stamp: e.stamp,
      // A deadline does not make the practitioner busy (TRANSP, RFC 5545 section 3.8.2.7).
      transparency: ICalEventTransparency.TRANSPARENT,
      // VALARM (RFC 5545 section 3.6.6): a DISPLAY alarm needs DESCRIPTION; the trigger is a
      // negative duration relative to the start (TRIGGER, section 3.8.6.3), e.g. -P7D.
      alarms: e.remindDaysBefore.map((days) => ({
        type: ICalAlarmType.display,
        triggerBefore: days * DAY_SECONDS,
        description: `${days === 1 ? 'Tomorrow' : `In ${days} days`}: ${e.summary}`,
      })),
    });
  }
  return cal.toString();
}

/** ical-generator writes all-day dates from a Date's UTC fields when no time zone is set. */
function utcMidnight(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}
