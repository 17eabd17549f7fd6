import type { ChartClaim, ChartLimitation } from '../api/file.ts';
import { shortName } from '../file/words.ts';
import { CitedPassage } from './CitedPassage.tsx';
import { groupCitations } from './citations.ts';
import { LimitationRow } from './LimitationRow.tsx';
import { withContentKeys } from '../ui/content-keys.ts';

const NO_WORDS: ReadonlySet<string> = new Set();

function groundsLine(claim: ChartClaim): string {
  return claim.grounds.map((g) => (g.references.length ? `${g.citation} over ${g.references.map(shortName).join(' in view of ')}` : g.citation)).join('; ');
}

/** One rejected claim's chart: a table at desktop widths, stacked cards on a phone. */
export function ClaimTable({ claim, limitations }: { claim: ChartClaim; limitations: readonly ChartLimitation[] }) {
  const headingId = `chart-claim-${claim.claim_number}`;
  const other = groupCitations(claim.other_citations);
  return (
    <section
      aria-labelledby={headingId}
      className="scroll-mt-4 border-t-2 border-slate-400 pt-4 first:border-t-0 first:pt-0"
      id={`chart-${claim.claim_number}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Claim {claim.claim_number}
        </h3>
        <p className="text-sm text-slate-700">
          {claim.depends_on ? `Depends from claim ${claim.depends_on}` : 'Independent'} · {groundsLine(claim)}
        </p>
      </div>
      {claim.limitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">The claim’s text is not held, so its limitations cannot be charted.</p>
      ) : (
        <table className="mt-2 block w-full text-left md:table md:table-fixed">
          <caption className="sr-only">Claim {claim.claim_number}: each limitation, the examiner’s words and the passage cited</caption>
          <colgroup>
            <col className="md:w-[32%]" />
            <col className="md:w-[28%]" />
            <col className="md:w-[40%]" />
          </colgroup>
          <thead className="hidden md:table-header-group">
            <tr className="border-b-2 border-slate-300 text-sm text-slate-700">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Limitation
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                The examiner’s words
              </th>
              <th scope="col" className="py-2 pl-3 font-semibold">
                Passage cited, the limitation’s words highlighted
              </th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {limitations.map((l) => (
              <LimitationRow key={l.index} limitation={l} />
            ))}
          </tbody>
        </table>
      )}
      {other.length ? (
        <details className="mt-3 rounded-md border border-slate-300 p-3 [overflow-wrap:anywhere]">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            Other passages the examiner cites for claim {claim.claim_number} ({other.length}): reasoning and motivation
          </summary>
          <div className="mt-2 space-y-3">
            {withContentKeys(other, (g) => `${g.citation.reference} ${g.citation.pinpoint}`).map(({ item: g, key }) => (
              <CitedPassage key={key} group={g} stems={NO_WORDS} />
            ))}
          </div>
        </details>
      ) : null}
    </section>
  );
}
