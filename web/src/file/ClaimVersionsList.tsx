import { useQuery } from '@tanstack/react-query';
import { claimVersionsQuery, type ClaimVersions } from '../api/file.ts';
import { Badge } from '../ui/Layout.tsx';
import { ErrorState, Loading } from '../ui/States.tsx';
import { fmtDate } from '../ui/format.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function currentFrom(v: ClaimVersions): string {
  const cur = v.current!;
  const version = v.versions.find((x) => x.document_id === cur.document_id);
  if (version) return version.description;
  return cur.source === 'pasted' ? 'claims pasted on the docket' : 'a document no longer in the file';
}

/** The claim sets the file holds, and which one is the claims of record. */
export function ClaimVersionsList({ entryId }: { entryId: string }) {
  const q = useQuery(claimVersionsQuery(entryId));
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Claim versions</h3>
      {q.isPending ? (
        <Loading />
      ) : q.error ? (
        <ErrorState error={q.error} retry={() => q.refetch()} />
      ) : (
        <div className="mt-2 space-y-3 text-sm">
          {q.data.current ? (
            <p>
              <span className="font-medium">Claims of record:</span> {q.data.current.claims.length} claims, {currentFrom(q.data)}, since{' '}
              {fmtDate(q.data.current.updated_at)}.
            </p>
          ) : (
            <p className="text-slate-700">No claims of record yet: add the claim listing or the application as filed.</p>
          )}
          {q.data.versions.length ? (
            <ol className="divide-y divide-slate-200 rounded-md border border-slate-300">
              {q.data.versions.map((v) => (
                <li key={v.document_id} className="px-3 py-2">
                  <span className="text-slate-900">{capital(v.description)}</span>{' '}
                  <span className="text-slate-600">
                    · {v.claims.length} claims · {fmtDate(v.date)}
                  </span>{' '}
                  {v.current ? <Badge tone="blue">Current</Badge> : v.status === 'draft' ? <Badge tone="amber">Draft, not filed</Badge> : null}
                </li>
              ))}
            </ol>
          ) : null}
          {q.data.current?.claims.length ? (
            <details className="rounded-md border border-slate-300 p-3">
              <summary className="cursor-pointer font-medium text-slate-800">Read the claims of record</summary>
              <ol className="mt-2 space-y-2">
                {q.data.current.claims.map((c) => (
                  <li key={c.number} className="font-serif leading-relaxed text-slate-900">
                    <span className="font-sans font-semibold">{c.number}.</span>{' '}
                    {c.status === 'cancelled' ? (
                      <span className="text-slate-600">(Cancelled)</span>
                    ) : c.status === 'withdrawn' ? (
                      <span className="text-slate-600">(Withdrawn) {c.text}</span>
                    ) : (
                      (c.text ?? <span className="text-slate-600">(text not held)</span>)
                    )}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      )}
    </div>
  );
}
