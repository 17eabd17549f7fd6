import { useQuery } from '@tanstack/react-query';
import { citedReferencesQuery, type ClaimChartWire } from '../api/file.ts';
import { Button } from '../ui/Button.tsx';
import { Notice } from '../ui/States.tsx';
import { AddReferenceButton } from './AddReferenceButton.tsx';
import { useChartContext } from './ChartActions.tsx';
import { withContentKeys } from '../ui/content-keys.ts';

/** What the file lacks for a fuller chart, with the one-click way to add each. */
export function ChartNotes({ chart }: { chart: ClaimChartWire }) {
  const { add } = useChartContext();
  // The cited references' own list names each (literature without a number by its name); the chart's until it arrives.
  const cited = useQuery(citedReferencesQuery(chart.analysis_id));
  const missing = cited.data
    ? cited.data.references.filter((r) => !r.held).map((r) => ({ label: r.label, publication_number: r.publication_number, name: r.name }))
    : chart.references.filter((r) => !r.held).map((r) => ({ label: r.label, publication_number: r.publication_number, name: null }));
  if (!chart.notes.length && !missing.length && chart.claims_source) return null;
  return (
    <Notice tone="warning">
      <p className="font-semibold">For a fuller chart</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {withContentKeys(chart.notes, (n) => n).map(({ item: n, key }) => (
          <li key={key}>{n}</li>
        ))}
      </ul>
      {add ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {!chart.claims_source ? (
            <Button variant="secondary" onClick={() => add({ kind: 'claims' })}>
              Add the claim listing
            </Button>
          ) : null}
          {missing.map((r) => (
            <AddReferenceButton key={r.label} label={r.label} publicationNumber={r.publication_number} name={r.name} />
          ))}
        </div>
      ) : (
        <p className="mt-2">Add this application to your docket to keep its file.</p>
      )}
    </Notice>
  );
}
