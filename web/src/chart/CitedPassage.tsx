import { useMemo } from 'react';
import { Highlighted } from '../file/Highlighted.tsx';
import { matchRanges } from '../file/highlight.ts';
import { citationLabel, passageLabel, type CitedGroup } from './citations.ts';
import { withContentKeys } from '../ui/content-keys.ts';

/**
 * One citation: its label ("Laroia ¶ [0065]") and the passage in a quieter type, the limitation's
 * words highlighted; further passages it designates (a figure, a range) folded away.
 */
export function CitedPassage({ group, stems }: { group: CitedGroup; stems: ReadonlySet<string> }) {
  const { citation } = group;
  const [first, ...more] = citation.passages.length ? citation.passages : citation.resolved ? [citation.resolved] : [];
  const firstRanges = useMemo(() => (first ? matchRanges(first.text, stems) : []), [first, stems]);
  return (
    <div className="space-y-1">
      <p className="text-sm font-semibold text-slate-900">{citationLabel(group)}</p>
      {first ? (
        <p className="text-sm leading-relaxed text-slate-600">
          <Highlighted text={first.text} ranges={firstRanges} />
        </p>
      ) : (
        <p className="text-sm text-slate-600">Not shown: {citation.unresolved_reason ?? 'the passage could not be found in the held text'}.</p>
      )}
      {more.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-blue-800">
            {more.length} more passage{more.length === 1 ? '' : 's'} for {group.pinpoints.join(', ')}
          </summary>
          <div className="mt-1 space-y-2">
            {withContentKeys(more, (p) => `${p.label} ${p.text}`).map(({ item: p, key }) => (
              <div key={key}>
                <p className="font-semibold text-slate-900">{passageLabel(p)}</p>
                <p className="leading-relaxed text-slate-600">
                  <Highlighted text={p.text} ranges={matchRanges(p.text, stems)} />
                </p>
              </div>
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
