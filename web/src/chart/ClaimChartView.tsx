import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApplication } from '../api/applications.ts';
import { claimChartQuery, type AddedDocument } from '../api/file.ts';
import { AddDocumentDialog, type AddDocumentStart } from '../file/AddDocumentDialog.tsx';
import { AddedNotice } from '../file/AddedNotice.tsx';
import { ErrorState, Loading } from '../ui/States.tsx';
import { ChartContext } from './ChartActions.tsx';
import { ChartNotes } from './ChartNotes.tsx';
import { ChartSummary } from './ChartSummary.tsx';
import { ClaimTable } from './ClaimTable.tsx';

/** The claim chart of an analysis: summary, what to add, and each rejected claim's table. */
export function ClaimChartView({ analysisId, applicationNumber }: { analysisId: string; applicationNumber: string }) {
  const chart = useQuery(claimChartQuery(analysisId));
  const app = useApplication(applicationNumber);
  const entryId = app.data?.docket_entry_id ?? null;
  const [adding, setAdding] = useState<AddDocumentStart | null>(null);
  const [added, setAdded] = useState<AddedDocument | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);

  const held = useMemo(() => {
    const byLabel = new Map((chart.data?.references ?? []).map((r) => [r.label, r.held]));
    return (label: string) => byLabel.get(label) ?? true;
  }, [chart.data]);
  const open = useCallback((start: AddDocumentStart) => {
    setAdded(null);
    setAdding(start);
  }, []);
  const context = useMemo(() => ({ add: entryId ? open : null, held }), [entryId, open, held]);

  if (chart.isPending) return <Loading label="Building the claim chart…" />;
  if (chart.error) return <ErrorState error={chart.error} retry={() => chart.refetch()} />;
  const c = chart.data;
  const rows = c.claims.map((claim) => ({ claim, limitations: flaggedOnly ? claim.limitations.filter((l) => l.flags.length) : claim.limitations }));
  // Without the claims nothing can be charted: the notes say what to add.
  const shown = c.claims_source ? rows.filter((r) => r.limitations.length || (!flaggedOnly && r.claim.limitations.length === 0)) : [];
  const total = c.summary.limitations;
  const showing = rows.reduce((n, r) => n + r.limitations.length, 0);

  return (
    <ChartContext value={context}>
      <div className="space-y-5">
        <div aria-live="polite">{added ? <AddedNotice doc={added} /> : null}</div>
        <ChartNotes chart={c} />
        <ChartSummary summary={c.summary} />
        {total > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3 border-y border-slate-200 py-3">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <input type="checkbox" className="size-4" checked={flaggedOnly} onChange={(e) => setFlaggedOnly(e.target.checked)} />
              Only limitations with flags
            </label>
            <p className="text-sm text-slate-700" aria-live="polite">
              Showing {showing} of {total} limitations
            </p>
          </div>
        ) : null}
        {shown.length > 1 ? (
          <nav aria-label="Claims in the chart" className="text-sm">
            <span className="mr-2 text-slate-700">Go to claim</span>
            <ul className="inline-flex flex-wrap gap-1">
              {shown.map((r) => (
                <li key={r.claim.claim_number}>
                  <a
                    className="inline-block min-w-8 rounded border border-slate-300 px-2 py-1 text-center font-medium text-blue-800 hover:bg-blue-50"
                    href={`#chart-${r.claim.claim_number}`}
                  >
                    {r.claim.claim_number}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {c.claims.length === 0 ? <p className="text-sm text-slate-700">The action rejects no claim over prior art: there is nothing to chart.</p> : null}
        <div className="space-y-8">
          {shown.map((r) => (
            <ClaimTable key={r.claim.claim_number} claim={r.claim} limitations={r.limitations} />
          ))}
        </div>
      </div>
      {adding && entryId ? (
        <AddDocumentDialog
          entryId={entryId}
          analysisId={analysisId}
          start={adding}
          onClose={() => setAdding(null)}
          onAdded={(d) => {
            setAdding(null);
            setAdded(d);
          }}
        />
      ) : null}
    </ChartContext>
  );
}
