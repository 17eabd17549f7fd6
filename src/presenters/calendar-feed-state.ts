/**
 * The private calendar feed's state on the wire (POST/GET /api/calendar-feed, the MCP tools
 * get_calendar_feed and rotate_calendar_feed). The feed itself (.ics) is calendar-feed.ts.
 */
import { z } from 'zod';

export const calendarFeedStateSchema = z.object({
  exists: z.boolean().describe('The account has a feed URL (it is shown only when created)'),
  created_at: z.string().nullable(),
});
export type CalendarFeedStateWire = z.infer<typeof calendarFeedStateSchema>;

export const createdCalendarFeedSchema = z.object({
  url: z.string().describe('The feed URL (https): its path holds the secret, so store it now; it is shown only once'),
  webcal_url: z.string().describe('The same URL with the webcal: scheme (subscribes in most calendar software)'),
  created_at: z.string(),
  rotated: z.boolean().describe('A previous feed URL existed and no longer works'),
  notice: z.string(),
});
export type CreatedCalendarFeedWire = z.infer<typeof createdCalendarFeedSchema>;

export function presentCalendarFeedState(createdAt: Date | undefined): CalendarFeedStateWire {
  return { exists: createdAt !== undefined, created_at: createdAt?.toISOString() ?? null };
}

export function presentCreatedCalendarFeed(url: string, createdAt: Date, rotated: boolean): CreatedCalendarFeedWire {
  return {
    url,
    webcal_url: url.replace(/^https?:/, 'webcal:'),
    created_at: createdAt.toISOString(),
    rotated,
    notice: rotated
      ? 'The previous feed URL no longer works. Store this URL now: it is shown only once and cannot be retrieved later.'
      : 'Store this URL now: it is shown only once and cannot be retrieved later. Anyone with it can read your deadlines; create a new one to replace it.',
  };
}
