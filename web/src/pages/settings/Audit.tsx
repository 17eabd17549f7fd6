import { useState, type FormEvent } from 'react';
import { auditPage, useAuditLog, type AuditEntry, type AuditFilter, type AuditSource } from '../../api/audit.ts';
import { downloadText, toCsv } from '../../api/csv.ts';
import { useMembers } from '../../api/firm.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { Empty, ErrorState, Loading } from '../../ui/States.tsx';
import { fmtDateTime } from '../../ui/format.ts';
import { PersonName } from '../../ui/PersonName.tsx';

const sourceLabel: Record<AuditSource, string> = { web: 'Web', api_key: 'API key', assistant: 'Assistant', cli: 'Operator (CLI)', system: 'System' };

/** The entry in people's words: the server says it (src/domain/audit-words.ts, one table for every page). */
export function describeEntry(e: AuditEntry): string {
  return e.summary;
}

/** The action prefixes the filter offers (GET /api/audit?action= takes any prefix). */
const ACTION_FILTERS: readonly [string, string][] = [
  ['', 'All actions'],
  ['docket.', 'Docket changes'],
  ['analysis.', 'Analyses'],
  ['draft_job.', 'Drafts and exports'],
  ['credits.', 'Credits'],
  ['billing.', 'Billing'],
  ['api_key.', 'API keys'],
  ['mcp.tool_call', 'Assistant tool calls'],
  ['account.', 'Account'],
];

export const entrySourceLabel = (e: Pick<AuditEntry, 'source' | 'actor'>): string => (e.source ? sourceLabel[e.source] : e.actor);

const NO_FILTER: AuditFilter = { source: '', action: '', from: '', to: '', application: '', member: '' };

export default function Audit() {
  // The form's fields, and the filter applied (on Apply; the selects and dates apply at once).
  const [form, setForm] = useState<AuditFilter>(NO_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const log = useAuditLog(filter);
  // The firm's live members, for the person filter (removed members' rows show in the unfiltered log).
  const members = useMembers();
  const [exporting, setExporting] = useState(false);
  const source = filter.source ?? '';
  const filtered = Object.values(filter).some(Boolean);
  const change = (patch: AuditFilter, now = false) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (now) setFilter(next);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(form);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: AuditEntry[] = [];
      let before: string | null = null;
      do {
        const page = await auditPage({ ...filter, limit: 200, before });
        rows.push(...page.entries);
        before = page.next_cursor;
      } while (before && rows.length < 20_000);
      downloadText(
        `prosa-audit${source ? `-${source}` : ''}.csv`,
        toCsv([
          ['id', 'created_at', 'source', 'actor', 'action', 'summary', 'application_number', 'target_type', 'target_id', 'request_id', 'details'],
          ...rows.map((r) => [
            r.id,
            r.created_at,
            r.source,
            r.actor,
            r.action,
            r.summary,
            r.application_number,
            r.target_type,
            r.target_id,
            r.request_id,
            r.details ? JSON.stringify(r.details) : '',
          ]),
        ]),
      );
    } finally {
      setExporting(false);
    }
  };

  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Section
      id="audit-h"
      title="Audit log"
      description="Every change to your account and docket, and every call an assistant made, with how it was authenticated."
      actions={
        <Button variant="secondary" onClick={exportCsv} busy={exporting}>
          Export CSV
        </Button>
      }
    >
      <search aria-label="Filter the audit log">
        <form onSubmit={apply} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField label="Source" value={form.source} onChange={(e) => change({ source: e.target.value as AuditSource | '' }, true)}>
            <option value="">All sources</option>
            <option value="web">Web</option>
            <option value="api_key">API key</option>
            <option value="assistant">Assistant</option>
            <option value="cli">Operator (CLI)</option>
            <option value="system">System</option>
          </SelectField>
          <SelectField label="Person" value={form.member} onChange={(e) => change({ member: e.target.value }, true)}>
            <option value="">Everyone</option>
            {(members.data?.members ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.display_name ? `${m.display_name} (${m.email})` : m.email}
              </option>
            ))}
          </SelectField>
          <SelectField label="Action" value={form.action} onChange={(e) => change({ action: e.target.value }, true)}>
            {ACTION_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Application"
            hint="Any form: 17/200,011 or 17200011"
            value={form.application}
            onChange={(e) => change({ application: e.target.value })}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField label="From" type="date" value={form.from} onChange={(e) => change({ from: e.target.value }, true)} />
          <TextField label="To" type="date" value={form.to} onChange={(e) => change({ to: e.target.value }, true)} />
          <div className="flex items-end gap-2">
            <Button type="submit">Apply filters</Button>
            {filtered ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setForm(NO_FILTER);
                  setFilter(NO_FILTER);
                }}
              >
                Clear
              </Button>
            ) : null}
          </div>
        </form>
      </search>
      {log.isPending ? (
        <Loading />
      ) : log.error ? (
        <ErrorState error={log.error} retry={() => log.refetch()} />
      ) : entries.length === 0 ? (
        <Empty title={filtered ? 'No entries match these filters' : 'Nothing recorded yet'}>
          {filtered ? 'Change or clear the filters.' : 'Changes appear here as they happen.'}
        </Empty>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
        <section className="relative overflow-x-auto" tabIndex={0} aria-label="Audit log (scrolls sideways)">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  Who
                </th>
                <th scope="col" className="py-2 pr-3">
                  Source
                </th>
                <th scope="col" className="py-2 pr-3">
                  What
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{fmtDateTime(e.created_at)}</td>
                  <td className="py-2 pr-3 break-words">{e.member ? <PersonName name={e.member.display_name} email={e.member.email} /> : '—'}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={e.source === 'assistant' ? 'blue' : e.source === 'api_key' ? 'amber' : 'slate'}>{entrySourceLabel(e)}</Badge>
                  </td>
                  <td className="py-2 pr-3 break-words">{describeEntry(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {log.hasNextPage ? (
            <Button variant="secondary" className="mt-3" onClick={() => log.fetchNextPage()} busy={log.isFetchingNextPage}>
              Load older entries
            </Button>
          ) : null}
        </section>
      )}
    </Section>
  );
}
