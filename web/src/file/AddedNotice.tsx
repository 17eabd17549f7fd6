import type { AddedDocument } from '../api/file.ts';
import { Notice } from '../ui/States.tsx';
import { countsLabel, documentPhrase } from './words.ts';
import { withContentKeys } from '../ui/content-keys.ts';

/** What adding a document did, in one or two sentences. */
export function AddedNotice({ doc }: { doc: AddedDocument }) {
  return (
    <Notice tone={doc.warnings.length ? 'warning' : 'success'}>
      {doc.duplicate ? (
        <p>This document is already in the file ({documentPhrase(doc)}); nothing new was stored.</p>
      ) : (
        <p>
          Added {documentPhrase(doc)}: {countsLabel(doc).toLowerCase()}.{doc.claims_made_current ? ' Its claims are now the claims of record.' : ''}
        </p>
      )}
      {doc.warnings.length ? (
        <ul className="mt-1 list-disc pl-5">
          {withContentKeys(doc.warnings, (w) => w).map(({ item: w, key }) => (
            <li key={key}>{w}</li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}
