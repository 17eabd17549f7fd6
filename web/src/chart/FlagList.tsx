import type { ChartFlag, ChartLimitation } from '../api/file.ts';
import { listWords, shortName } from '../file/words.ts';
import { Badge } from '../ui/Layout.tsx';
import { AddReferenceButton } from './AddReferenceButton.tsx';
import { useChartContext } from './ChartActions.tsx';
import { referencesNamed } from './citations.ts';
import { withContentKeys } from '../ui/content-keys.ts';

/** A flag as a short badge and one sentence a practitioner acts on. */
function FlagItem({ flag, limitation }: { flag: ChartFlag; limitation: ChartLimitation }) {
  switch (flag.code) {
    case 'terms_not_in_cited_passage': {
      const terms = flag.terms ?? [];
      const absent = flag.absent_from_reference ?? [];
      return (
        <li>
          <Badge tone="amber">Not in the cited passage</Badge>{' '}
          {terms.length ? (
            <>
              <span className="font-medium text-slate-900">{terms.join(', ')}</span>
              {absent.length ? (
                <>
                  {' — '}
                  {listWords(absent)} {absent.length === 1 ? 'appears' : 'appear'} nowhere in {referencesNamed(limitation)}.
                </>
              ) : (
                '.'
              )}
            </>
          ) : (
            flag.detail
          )}
        </li>
      );
    }
    case 'no_pinpoint':
      return (
        <li>
          <Badge>No passage cited</Badge> The examiner cites no passage for this limitation.
        </li>
      );
    case 'examiner_admission':
      return (
        <li>
          <Badge tone="red">Examiner concedes</Badge> {flag.quote ? <q className="italic">{flag.quote.text}</q> : flag.detail}
        </li>
      );
    case 'unresolved_pinpoint':
      return <UnresolvedFlag flag={flag} limitation={limitation} />;
    default:
      return <li>{(flag as ChartFlag).detail}</li>;
  }
}

/** "Could not resolve ¶0178 of Zhu: no text of Zhu is held", with "Add Zhu" where the file lacks it. */
function UnresolvedFlag({ flag, limitation }: { flag: ChartFlag; limitation: ChartLimitation }) {
  const { held } = useChartContext();
  const unresolved = limitation.citations.filter((c) => !c.resolved);
  const missing = [...new Map(unresolved.filter((c) => !held(c.reference)).map((c) => [c.reference, c])).values()];
  return (
    <li>
      <Badge tone="amber">Could not resolve</Badge>{' '}
      {unresolved.length
        ? unresolved.map((c) => `${c.pinpoint} of ${shortName(c.reference)}: ${c.unresolved_reason ?? 'no such passage in the held text'}`).join('; ')
        : flag.detail}
      {missing.map((c) => (
        <span key={c.reference} className="ml-1 inline-block">
          <AddReferenceButton label={c.reference} publicationNumber={c.publication_number} variant="ghost" />
        </span>
      ))}
    </li>
  );
}

export function FlagList({ limitation }: { limitation: ChartLimitation }) {
  if (!limitation.flags.length) return null;
  return (
    <ul className="mt-2 space-y-1.5 text-sm text-slate-800" aria-label="Flags">
      {withContentKeys(limitation.flags, (f) => f.code).map(({ item: f, key }) => (
        <FlagItem key={key} flag={f} limitation={limitation} />
      ))}
    </ul>
  );
}
