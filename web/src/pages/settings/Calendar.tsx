import { useCalendarFeed, useRevokeCalendarFeed, useRotateCalendarFeed } from '../../api/calendar.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyField } from '../../ui/CopyField.tsx';
import { Section } from '../../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../../ui/States.tsx';
import { fmtDateTime } from '../../ui/format.ts';

export default function Calendar() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  return (
    <Section
      id="cal-h"
      title="Calendar feed"
      description="A private iCalendar (.ics) address with every docket deadline, for Outlook, Google Calendar or Apple Calendar. Anyone with the address can read your deadlines."
    >
      {feed.isPending ? (
        <Loading />
      ) : feed.error ? (
        <ErrorState error={feed.error} retry={() => feed.refetch()} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {feed.data.exists
              ? `A feed exists (created ${fmtDateTime(feed.data.created_at)}). Its address was shown once; create a new one to see an address again (the old one stops working).`
              : 'You have no calendar feed.'}
          </p>
          {rotate.data ? (
            <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
              <p role="alert" className="text-sm font-semibold text-amber-950">
                {rotate.data.notice}
              </p>
              <CopyField label="Feed address" value={rotate.data.url} />
              <a className="text-sm font-semibold text-blue-800 underline" href={rotate.data.webcal_url}>
                Open in your calendar app
              </a>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => rotate.mutate()} busy={rotate.isPending}>
              {feed.data.exists ? 'Replace with a new address' : 'Create feed'}
            </Button>
            {feed.data.exists ? (
              <ConfirmDialog
                trigger={<Button variant="secondary">Turn off feed</Button>}
                title="Turn off the calendar feed?"
                description="Calendars subscribed to it stop updating."
                confirmLabel="Turn off"
                onConfirm={() => {
                  rotate.reset();
                  revoke.mutate();
                }}
              />
            ) : null}
          </div>
          {rotate.error ? <ErrorState error={rotate.error} /> : null}
          {revoke.error ? <ErrorState error={revoke.error} /> : null}
          {revoke.isSuccess && !feed.data.exists ? <Notice tone="success">The feed was turned off.</Notice> : null}
        </div>
      )}
    </Section>
  );
}
