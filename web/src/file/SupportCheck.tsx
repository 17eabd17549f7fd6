import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApplication } from '../api/applications.ts';
import { supportSearchQuery } from '../api/file.ts';
import type { MarkedRun } from '../api/plans.ts';
import { addedWords } from './amendment.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState, Loading } from '../ui/States.tsx';
import { SupportResults } from './SupportResults.tsx';

/** "Check support": the support search run on the words an amended claim adds. */
export function SupportCheck({
  claimNumber,
  runs,
  applicationNumber,
  analysisId,
}: {
  claimNumber: number;
  runs: readonly MarkedRun[];
  applicationNumber: string;
  analysisId: string;
}) {
  const app = useApplication(applicationNumber);
  const entryId = app.data?.docket_entry_id ?? null;
  const added = addedWords(runs);
  const [checked, setChecked] = useState<string | null>(null);
  const search = useQuery({ ...supportSearchQuery(entryId ?? '', checked ?? '', analysisId), enabled: !!entryId && !!checked && checked.length >= 3 });
  const headingId = `support-${claimNumber}`;
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-slate-300 bg-slate-50 p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 text-sm [overflow-wrap:anywhere]">
          <h4 id={headingId} className="font-semibold text-slate-900">
            Support for the amendment
          </h4>
          <p className="text-slate-700">{added ? <>Words added: “{added}”</> : 'No words are added yet.'}</p>
        </div>
        <Button
          variant="secondary"
          disabled={added.length < 3 || !entryId}
          busy={search.isFetching}
          onClick={() => {
            setChecked(added);
            if (checked === added) void search.refetch();
          }}
        >
          Check support
        </Button>
      </div>
      {!entryId && !app.isPending ? (
        <p className="mt-2 text-sm text-slate-700">Add this application to your docket and its specification to the file to search for support.</p>
      ) : null}
      {checked && checked !== added ? (
        <p className="mt-2 text-sm text-amber-900">These results are for the words added before your last change: check again.</p>
      ) : null}
      <div aria-live="polite">
        {search.isFetching && !search.data ? <Loading label="Searching the specification and the cited art…" /> : null}
        {search.error ? <ErrorState error={search.error} /> : null}
        {search.data ? <SupportResults result={search.data} /> : null}
      </div>
    </section>
  );
}
