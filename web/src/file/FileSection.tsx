import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAnalysesList } from '../api/analyses.ts';
import { claimVersionsQuery, documentsQuery, type AddedDocument } from '../api/file.ts';
import { Button } from '../ui/Button.tsx';
import { Section } from '../ui/Layout.tsx';
import { Empty, ErrorState, Loading } from '../ui/States.tsx';
import { AddDocumentDialog } from './AddDocumentDialog.tsx';
import { useCan } from '../api/permissions.ts';
import { AddedNotice } from './AddedNotice.tsx';
import { ClaimVersionsList } from './ClaimVersionsList.tsx';
import { DocumentItem } from './DocumentItem.tsx';

/** The application's file on its page: the documents held, adding one, and the claim versions. */
export function FileSection({ entryId, applicationNumber }: { entryId: string; applicationNumber: string }) {
  const docs = useQuery(documentsQuery(entryId));
  const versions = useQuery(claimVersionsQuery(entryId));
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<AddedDocument | null>(null);
  const currentDoc = versions.data?.current?.document_id ?? null;
  // A viewer reads the file; adding to it is not offered (no `write`).
  const canWrite = useCan('write');
  // The latest analysis of this application names the references its action cites.
  const analyses = useAnalysesList();
  const latestAnalysis =
    (analyses.data?.analyses ?? []).filter((x) => x.application_number === applicationNumber).sort((a, b) => b.created_at.localeCompare(a.created_at))[0]
      ?.analysis_id ?? null;
  return (
    <Section
      id="file-h"
      title="File"
      description="The claims, specification, references and responses Prosa holds for this application; the claim chart and the support search read them."
      actions={
        canWrite ? (
          <Button
            onClick={() => {
              setAdded(null);
              setAdding(true);
            }}
          >
            Add to the file
          </Button>
        ) : undefined
      }
    >
      <div aria-live="polite">{added ? <AddedNotice doc={added} /> : null}</div>
      {docs.isPending ? (
        <Loading />
      ) : docs.error ? (
        <ErrorState error={docs.error} retry={() => docs.refetch()} />
      ) : docs.data.documents.length === 0 ? (
        <Empty title="Nothing in the file yet">Add the claim listing and the references the examiner cites to see the claim chart of an analysed action.</Empty>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Documents in the file">
          {docs.data.documents.map((d) => (
            <DocumentItem key={d.document_id} entryId={entryId} doc={d} holdsClaimsOfRecord={d.document_id === currentDoc} />
          ))}
        </ul>
      )}
      <ClaimVersionsList entryId={entryId} />
      {adding ? (
        <AddDocumentDialog
          entryId={entryId}
          analysisId={latestAnalysis}
          onClose={() => setAdding(false)}
          onAdded={(d) => {
            setAdding(false);
            setAdded(d);
          }}
        />
      ) : null}
    </Section>
  );
}
