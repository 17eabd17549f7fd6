import { useMemo, type ReactNode } from 'react';
import type { ChartLimitation } from '../api/file.ts';
import { termStems } from '../file/highlight.ts';
import { CitedPassage } from './CitedPassage.tsx';
import { groupCitations } from './citations.ts';
import { FlagList } from './FlagList.tsx';
import { withContentKeys } from '../ui/content-keys.ts';

/** The column's name inside the cell, for the stacked cards of narrow screens (the table head is hidden there). */
function CellLabel({ children }: { children: ReactNode }) {
  return <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden">{children}</p>;
}

const cell = 'block px-0 py-2 align-top md:table-cell md:px-3 md:py-3';

/** One limitation: the claim's words | the examiner's words | the passages cited. */
export function LimitationRow({ limitation }: { limitation: ChartLimitation }) {
  const stems = useMemo(() => termStems(limitation.text), [limitation.text]);
  const groups = groupCitations(limitation.citations);
  return (
    <tr className="block border-t border-slate-300 py-2 [overflow-wrap:anywhere] md:table-row md:py-0">
      <td className={`${cell} md:pl-0`}>
        <CellLabel>Limitation</CellLabel>
        {limitation.part === 'preamble' ? <p className="text-xs font-medium text-slate-600">Preamble</p> : null}
        <p className="font-serif text-base leading-relaxed text-slate-950">{limitation.text}</p>
        <FlagList limitation={limitation} />
      </td>
      <td className={cell}>
        <CellLabel>The examiner’s words</CellLabel>
        {limitation.assertion ? (
          <p className="text-sm leading-relaxed text-slate-800">{limitation.assertion}</p>
        ) : (
          <p className="text-sm text-slate-600">The action says nothing on this limitation’s words.</p>
        )}
      </td>
      <td className={`${cell} md:pr-0`}>
        <CellLabel>Passage cited</CellLabel>
        {groups.length ? (
          <div className="space-y-3">
            {withContentKeys(groups, (g) => `${g.citation.reference} ${g.citation.pinpoint}`).map(({ item: g, key }) => (
              <CitedPassage key={key} group={g} stems={stems} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-600">No passage cited.</p>
        )}
      </td>
    </tr>
  );
}
