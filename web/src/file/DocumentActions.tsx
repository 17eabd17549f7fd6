import { useMarkFiled, useRemoveDocument, type DocumentSummary } from '../api/file.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorState } from '../ui/States.tsx';
import { documentName } from './words.ts';

/** Marks a response Prosa drafted as filed, after saying what that changes. */
export function MarkFiledButton({ entryId, doc }: { entryId: string; doc: DocumentSummary }) {
  const mark = useMarkFiled(entryId);
  return (
    <>
      <ConfirmDialog
        tone="primary"
        trigger={
          <Button variant="secondary" busy={mark.isPending} aria-label={`Mark filed: ${documentName(doc)}`}>
            Mark filed
          </Button>
        }
        title="Mark this response filed?"
        description={
          <>
            <p>Do this once the response has been filed at the USPTO.</p>
            <p>
              Its claims ({doc.claims} as the response leaves them) become the claims of record: the claim chart and the next response start from them. Until
              then this draft changes nothing.
            </p>
          </>
        }
        confirmLabel="Mark filed"
        onConfirm={() => mark.mutate(doc.document_id)}
      />
      {mark.error ? (
        <div className="basis-full">
          <ErrorState error={mark.error} />
        </div>
      ) : null}
    </>
  );
}

/** Removes a document from the file, after confirmation. */
export function RemoveDocumentButton({ entryId, doc }: { entryId: string; doc: DocumentSummary }) {
  const remove = useRemoveDocument(entryId);
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" busy={remove.isPending} aria-label={`Remove ${documentName(doc)}`}>
            Remove
          </Button>
        }
        title="Remove this document from the file?"
        description={
          <>
            <p>{documentName(doc)} will no longer be searched or shown in claim charts.</p>
            {doc.kind === 'claims' || doc.kind === 'response' || doc.kind === 'application' ? <p>The claims of record stay as they are.</p> : null}
          </>
        }
        confirmLabel="Remove"
        onConfirm={() => remove.mutate(doc.document_id)}
      />
      {remove.error ? (
        <div className="basis-full">
          <ErrorState error={remove.error} />
        </div>
      ) : null}
    </>
  );
}
