import type { ClaimChartWire } from '../api/file.ts';

/** The chart in four figures: claims, pinpoints resolved, limitations flagged, concessions. */
export function ChartSummary({ summary }: { summary: ClaimChartWire['summary'] }) {
  const items: [string, string][] = [
    ['Claims charted', String(summary.claims)],
    ['Pinpoints resolved', `${summary.pinpoints_resolved} of ${summary.pinpoints_found}`],
    ['Limitations flagged', `${summary.limitations_flagged} of ${summary.limitations}`],
    ['Examiner concessions', String(summary.flags.examiner_admission)],
  ];
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([k, v]) => (
          <div key={k} className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-700">{k}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        {summary.flags.terms_not_in_cited_passage} limitation{summary.flags.terms_not_in_cited_passage === 1 ? ' has' : 's have'} words not in the passage cited
        for {summary.flags.terms_not_in_cited_passage === 1 ? 'it' : 'them'}; {summary.flags.no_pinpoint} {summary.flags.no_pinpoint === 1 ? 'has' : 'have'} no
        passage cited; {summary.flags.unresolved_pinpoint} pinpoint{summary.flags.unresolved_pinpoint === 1 ? '' : 's'} could not be resolved.
      </p>
    </div>
  );
}
