import type { SupportHit, SupportSearch } from '../api/file.ts';
import { CopyField } from '../ui/CopyField.tsx';
import { Highlighted } from './Highlighted.tsx';
import { shortName } from './words.ts';
import { withContentKeys } from '../ui/content-keys.ts';

const SHOWN = 5;

function SupportParagraph({ hit }: { hit: SupportHit }) {
  return (
    <li className="space-y-1">
      <p>
        <span className="font-semibold text-slate-900">{hit.cite.charAt(0).toUpperCase() + hit.cite.slice(1)}</span>{' '}
        <span className="text-slate-700">
          contains {hit.matched.join(', ')}
          {hit.missing.length ? `; lacks ${hit.missing.join(', ')}` : ''}
        </span>
      </p>
      <p className="leading-relaxed text-slate-600">
        <Highlighted text={hit.text} ranges={hit.highlights} />
      </p>
    </li>
  );
}

function ArtMention({ reference, hit }: { reference: string; hit: SupportHit }) {
  return (
    <li>
      <details>
        <summary className="cursor-pointer">
          <span className="font-semibold text-slate-900">
            {shortName(reference)} {hit.cite}
          </span>{' '}
          mentions: {hit.matched.join(', ')}
        </summary>
        <p className="mt-1 leading-relaxed text-slate-600">
          <Highlighted text={hit.text} ranges={hit.highlights} />
        </p>
      </details>
    </li>
  );
}

/** Where the specification may support the words added to a claim (a suggestion: paragraphs containing them), and where the cited art mentions them. */
export function SupportResults({ result }: { result: SupportSearch }) {
  return (
    <div className="mt-3 space-y-4 text-sm">
      {result.terms.length ? <p className="text-slate-700">Searched for: {result.terms.join(', ')}</p> : null}
      <div className="space-y-2">
        <h4 className="font-semibold text-slate-900">Suggested support in the specification</h4>
        <p className="text-slate-700">
          Paragraphs that contain the added words: a suggestion to confirm by reading them, not a finding of written-description support.
        </p>
        {result.citation ? (
          <div className="max-w-md">
            <CopyField label="Suggested citation (to confirm)" value={result.citation} />
          </div>
        ) : null}
        {result.support.length ? (
          <ol className="space-y-3">
            {result.support.slice(0, SHOWN).map((h) => (
              <SupportParagraph key={`${h.document_id}-${h.label}`} hit={h} />
            ))}
          </ol>
        ) : (
          <p className="text-slate-700">No paragraph of the specification contains these words.</p>
        )}
        {result.support.length > SHOWN ? <p className="text-slate-600">{result.support.length - SHOWN} more paragraphs contain some of them.</p> : null}
      </div>
      {result.art.length ? (
        <div className="space-y-2">
          <h4 className="font-semibold text-slate-900">Where the cited art mentions them</h4>
          <p className="text-slate-700">A novelty pre-check: paragraphs of the references that use these words.</p>
          <ul className="space-y-1.5">
            {result.art.map((a) =>
              a.hits.length ? (
                a.hits.slice(0, SHOWN).map((h) => <ArtMention key={`${a.document_id}-${h.label}`} reference={a.reference} hit={h} />)
              ) : (
                <li key={a.document_id}>{shortName(a.reference)} mentions none of these words.</li>
              ),
            )}
          </ul>
        </div>
      ) : null}
      {result.notes.length ? (
        <ul className="list-disc space-y-1 pl-5 text-amber-900">
          {withContentKeys(result.notes, (n) => n).map(({ item: n, key }) => (
            <li key={key}>{n}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
