import { useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../api/auth.ts';
import { useAuditLog } from '../api/audit.ts';
import { useUpcomingDeadlines } from '../api/deadlines.ts';
import { Badge, PageHeader, Section } from '../ui/Layout.tsx';
import { Empty, ErrorState, Loading } from '../ui/States.tsx';
import { fmtBalance, fmtDate, fmtDateTime, fmtAppNo } from '../ui/format.ts';
import { describeEntry, entrySourceLabel } from './settings/Audit.tsx';

const windows = [7, 30, 90] as const;
const statusText = { healthy: 'Healthy', low: 'Low', very_low: 'Very low', critical: 'Critical' } as const;

export default function Dashboard() {
  const me = useMe({ fresh: true });
  const [within, setWithin] = useState<(typeof windows)[number]>(30);
  const deadlines = useUpcomingDeadlines(within);
  const activity = useAuditLog({ limit: 10 });
  const credits = me.data?.credits;

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Welcome${me.data?.account.display_name ? `, ${me.data.account.display_name}` : ''}`}
        description="Your deadlines, balance and recent activity."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Section
            id="dl-h"
            title="Upcoming deadlines"
            description={
              deadlines.data ? `Fees for a ${deadlines.data.entity} entity. Effective dates move to the next business day (35 U.S.C. 21(b)).` : undefined
            }
            actions={
              <fieldset aria-label="Deadline window" className="inline-flex rounded-md border border-slate-400">
                {windows.map((w) => (
                  <button
                    key={w}
                    type="button"
                    aria-pressed={within === w}
                    onClick={() => setWithin(w)}
                    className={`px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md ${within === w ? 'bg-blue-800 text-white' : 'bg-white text-slate-800 hover:bg-slate-100'}`}
                  >
                    {w} days
                  </button>
                ))}
              </fieldset>
            }
          >
            {deadlines.isPending ? (
              <Loading />
            ) : deadlines.error ? (
              <ErrorState error={deadlines.error} retry={() => deadlines.refetch()} />
            ) : deadlines.data.deadlines.length === 0 ? (
              <Empty title={`Nothing due in the next ${within} days`}>
                <Link className="font-semibold text-blue-800 underline" to="/docket">
                  Open the docket
                </Link>{' '}
                to add applications.
              </Empty>
            ) : (
              <ul className="divide-y divide-slate-200">
                {deadlines.data.deadlines.map((d) => (
                  <li key={`${d.docket_entry_id}-${d.action.correspondence_id}`} className="py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <p className="min-w-0">
                        <Link
                          to={`/applications/${encodeURIComponent(d.application_number)}`}
                          className="font-semibold text-blue-800 underline-offset-2 hover:underline"
                        >
                          {fmtAppNo(d.application_number)}
                        </Link>
                        <span className="ml-2 text-sm text-slate-700">{d.invention_title}</span>
                      </p>
                      {d.overdue ? (
                        <Badge tone="red">Overdue</Badge>
                      ) : d.days_remaining !== null && d.days_remaining <= 7 ? (
                        <Badge tone="amber">{d.days_remaining} days left</Badge>
                      ) : (
                        <Badge>{d.days_remaining ?? '—'} days left</Badge>
                      )}
                    </div>
                    <p className="text-sm text-slate-600">
                      {d.action.description ?? d.action.document_code} mailed {fmtDate(d.action.mailing_date)}
                      {d.client_matter ? ` · ${d.client_matter}` : ''}
                    </p>
                    <p className="mt-1 text-sm">
                      Due <strong>{fmtDate(d.next_deadline?.date ?? d.response_deadline)}</strong>
                      {d.next_deadline && (d.next_deadline.extension_months ?? 0) > 0
                        ? ` with a ${d.next_deadline.extension_months}-month extension${d.next_deadline.fee ? ` ($${d.next_deadline.fee})` : ''}`
                        : ''}
                      <span className="text-slate-600"> · last day {fmtDate(d.critical_deadline_date)}</span>
                    </p>
                    {d.extensions.length > 0 ? (
                      <p className="text-xs text-slate-600">
                        Extensions (effective date, fee): {d.extensions.map((e) => `${e.months} mo ${fmtDate(e.due)}${e.fee ? ` $${e.fee}` : ''}`).join(' · ')}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
        <div className="space-y-6">
          <Section id="bal-h" title="Credits">
            <p className="text-3xl font-semibold">{fmtBalance(credits?.balance)}</p>
            <p className="mt-1 text-sm text-slate-700">Status: {credits ? statusText[credits.status] : '—'}</p>
            <Link to="/settings/billing" className="mt-3 inline-block font-semibold text-blue-800 underline">
              Buy credits
            </Link>
          </Section>
          <Section
            id="act-h"
            title="Recent activity"
            actions={
              <Link className="text-sm font-semibold text-blue-800 underline" to="/settings/audit">
                All activity
              </Link>
            }
          >
            {activity.isPending ? (
              <Loading />
            ) : activity.error ? (
              <ErrorState error={activity.error} />
            ) : (activity.data.pages[0]?.entries.length ?? 0) === 0 ? (
              <Empty title="No activity yet" />
            ) : (
              <ul className="space-y-2 text-sm">
                {activity.data.pages[0].entries.map((e) => (
                  <li key={e.id}>
                    <Badge tone={e.source === 'assistant' ? 'blue' : e.source === 'api_key' ? 'amber' : 'slate'}>{entrySourceLabel(e)}</Badge>{' '}
                    <span className="break-words">{describeEntry(e)}</span>
                    <span className="block text-xs text-slate-600">{fmtDateTime(e.created_at)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
