import { useQuery } from '@tanstack/react-query';
import { citedReferencesQuery } from '../api/file.ts';

/** The references an analysed action cites that the file lacks, one click to fill in the number or name. */
export function CitedReferencePicker({
  analysisId,
  onPick,
}: {
  analysisId: string;
  onPick: (ref: { publication_number: string | null; name: string | null }) => void;
}) {
  const cited = useQuery(citedReferencesQuery(analysisId));
  const missing = (cited.data?.references ?? []).filter((r) => !r.held);
  if (!missing.length) return null;
  return (
    <div className="text-sm">
      <p className="text-slate-700">Cited by the office action and not yet in the file:</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {missing.map((r) => (
          <li key={r.label}>
            <button
              type="button"
              className="rounded-md border border-slate-400 bg-white px-2.5 py-1 text-left font-medium text-blue-900 hover:bg-blue-50"
              aria-label={`Fill in ${r.label}`}
              onClick={() => onPick({ publication_number: r.publication_number, name: r.publication_number ? null : r.name })}
            >
              {r.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
