import { useState } from 'react';
import { auditPage, useAuditLog, type AuditEntry, type AuditSource } from '../../api/audit.ts';
import { downloadText, toCsv } from '../../api/csv.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { Empty, ErrorState, Loading } from '../../ui/States.tsx';
import { fmtDateTime } from '../../ui/format.ts';

export const sourceLabel: Record<AuditSource, string> = { web: 'Web', api_key: 'API key', assistant: 'Assistant', cli: 'Operator (CLI)', system: 'System' };

/** The entry in people's words: the server says it (src/domain/audit-words.ts, one table for every page). */
export function describeEntry(e: AuditEntry): string {
  return e.summary;
}

export default function Audit() {
  const [source, setSource] = useState<AuditSource | ''>('');
  const log = useAuditLog({ source });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: AuditEntry[] = [];
      let before: string | null = null;
      do {
        const page = await auditPage({ source, limit: 200, before });
        rows.push(...page.entries);
        before = page.next_cursor;
      } while (before && rows.length < 20_000);
      downloadText(`prosa-audit${source ? `-${source}` : ''}.csv`, toCsv([
        ['id', 'created_at', 'source', 'actor', 'action', 'summary', 'application_number', 'target_type', 'target_id', 'request_id', 'details'],
        ...rows.map((r) => [r.id, r.created_at, r.source, r.actor, r.action, r.summary, r.application_number, r.target_type, r.target_id, r.request_id, r.details ? JSON.stringify(r.details) : '']),
      ]));
    } finally {
      setExporting(false);
    }
  };

  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Section id="audit-h" title="Audit log" description="Every change to your account and docket, and every call an assistant made, with how it was authenticated." actions={<Button variant="secondary" onClick={exportCsv} busy={exporting}>Export CSV</Button>}>
      <div className="mb-4 max-w-xs">
        <SelectField label="Source" value={source} onChange={(e) => setSource(e.target.value as AuditSource | '')}>
          <option value="">All sources</option>
          <option value="web">Web</option>
          <option value="api_key">API key</option>
          <option value="assistant">Assistant</option>
          <option value="cli">Operator (CLI)</option>
          <option value="system">System</option>
        </SelectField>
      </div>
      {log.isPending ? <Loading /> : log.error ? <ErrorState error={log.error} retry={() => log.refetch()} /> : entries.length === 0 ? (
        <Empty title="Nothing recorded yet">{source ? 'No entries from this source.' : 'Changes appear here as they happen.'}</Empty>
      ) : (
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Audit log (scrolls sideways)">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="border-b border-slate-300 text-slate-700">
              <tr><th scope="col" className="py-2 pr-3">When</th><th scope="col" className="py-2 pr-3">Source</th><th scope="col" className="py-2 pr-3">What</th></tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{fmtDateTime(e.created_at)}</td>
                  <td className="py-2 pr-3"><Badge tone={e.source === 'assistant' ? 'blue' : e.source === 'api_key' ? 'amber' : 'slate'}>{e.source ? sourceLabel[e.source] : 'Unknown'}</Badge></td>
                  <td className="py-2 pr-3 break-words">{describeEntry(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {log.hasNextPage ? <Button variant="secondary" className="mt-3" onClick={() => log.fetchNextPage()} busy={log.isFetchingNextPage}>Load older entries</Button> : null}
        </div>
      )}
    </Section>
  );
}
