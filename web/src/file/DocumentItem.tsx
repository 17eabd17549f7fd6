import type { DocumentSummary } from '../api/file.ts';
import { Badge } from '../ui/Layout.tsx';
import { fmtDate } from '../ui/format.ts';
import { MarkFiledButton, RemoveDocumentButton } from './DocumentActions.tsx';
import { useCan } from '../api/permissions.ts';
import { countsLabel, documentName, sourceLabel } from './words.ts';
import { withContentKeys } from '../ui/content-keys.ts';

/** One document of the file: what it is, where it came from, what was read from it, and its actions. */
export function DocumentItem({ entryId, doc, holdsClaimsOfRecord }: { entryId: string; doc: DocumentSummary; holdsClaimsOfRecord: boolean }) {
  const canWrite = useCan('write');
  const draft = doc.source === 'prosa' && doc.status === 'draft';
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5 text-sm [overflow-wrap:anywhere]">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{documentName(doc)}</span>
          {draft ? <Badge tone="amber">Draft, not filed</Badge> : null}
          {doc.status === 'filed' ? <Badge tone="green">Filed {fmtDate(doc.filed_at)}</Badge> : null}
          {holdsClaimsOfRecord ? <Badge tone="blue">Claims of record</Badge> : null}
        </p>
        {doc.title && doc.title !== documentName(doc) ? <p className="text-slate-800">{doc.title}</p> : null}
        <p className="text-slate-700">
          {countsLabel(doc)}
          {doc.column_layout ? ' · column and line numbers read' : ''}
        </p>
        <p className="text-slate-600">
          {sourceLabel(doc)}
          {doc.document_date ? ` · dated ${fmtDate(doc.document_date)}` : ''} · added {fmtDate(doc.created_at)}
        </p>
        {doc.warnings.length ? (
          <ul className="list-disc pl-5 text-amber-900">
            {withContentKeys(doc.warnings, (w) => w).map(({ item: w, key }) => (
              <li key={key}>{w}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center">
        {draft && canWrite ? <MarkFiledButton entryId={entryId} doc={doc} /> : null}
        {canWrite ? <RemoveDocumentButton entryId={entryId} doc={doc} /> : null}
      </div>
    </li>
  );
}
