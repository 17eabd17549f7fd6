import { useId, useState, type FormEvent } from 'react';
import { useAddDocument, type AddedDocument, type DocumentKind } from '../api/file.ts';
import { Button } from '../ui/Button.tsx';
import { TextArea, TextField } from '../ui/Field.tsx';
import { Modal } from '../ui/Modal.tsx';
import { addProblem } from './add-errors.ts';
import { CitedReferencePicker } from './CitedReferencePicker.tsx';
import { KINDS } from './words.ts';

export interface AddDocumentStart {
  kind?: DocumentKind;
  publication_number?: string;
  reference_name?: string;
}

/**
 * "Add to the file": what the document is, then a file or its text. A refusal is shown beside the
 * field it concerns (or above the buttons) and everything entered stays as it was.
 */
export function AddDocumentDialog({
  entryId,
  start,
  analysisId,
  onClose,
  onAdded,
}: {
  entryId: string;
  start?: AddDocumentStart;
  analysisId?: string | null;
  onClose: () => void;
  onAdded: (doc: AddedDocument) => void;
}) {
  const add = useAddDocument(entryId);
  const [kind, setKind] = useState<DocumentKind | null>(start?.kind ?? null);
  const [mode, setMode] = useState<'upload' | 'paste'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [publicationNumber, setPublicationNumber] = useState(start?.publication_number ?? '');
  const [referenceName, setReferenceName] = useState(start?.reference_name ?? '');
  const [documentDate, setDocumentDate] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const fileId = useId();

  const problem = add.error ? addProblem(add.error, { publication_number: publicationNumber.trim(), reference_name: referenceName.trim() }) : null;
  const at = (field: string) => (problem?.field === field ? problem.message : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lack = !kind
      ? 'Choose what the document is.'
      : mode === 'upload' && !file
        ? 'Choose the file to upload.'
        : mode === 'paste' && !text.trim()
          ? 'Paste the text of the document.'
          : kind === 'reference' && !publicationNumber.trim() && !referenceName.trim() && !(mode === 'upload' && file?.name.toLowerCase().endsWith('.xml'))
            ? 'Give the reference’s publication number as the action cites it (or, for literature without one, its name).'
            : null;
    setMissing(lack);
    if (lack || !kind) return;
    const fields = {
      kind,
      ...(kind === 'reference' && publicationNumber.trim() ? { publication_number: publicationNumber.trim() } : {}),
      ...(kind === 'reference' && referenceName.trim() ? { reference_name: referenceName.trim() } : {}),
      ...(documentDate ? { document_date: documentDate } : {}),
    };
    add.mutate(mode === 'upload' ? { ...fields, file: file! } : { ...fields, text }, { onSuccess: onAdded });
  };

  return (
    <Modal
      size="lg"
      open
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title="Add to the file"
      description="Claims, the specification, references the examiner cites, earlier responses: Prosa reads them into paragraphs and claims for the claim chart and the support search."
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">What is it?</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {KINDS.map((k) => (
              <label
                key={k.id}
                className="flex items-start gap-2 rounded-md border border-slate-300 p-2 text-sm has-checked:border-blue-700 has-checked:bg-blue-50"
              >
                <input type="radio" name="kind" className="mt-1" checked={kind === k.id} onChange={() => setKind(k.id)} />
                <span>
                  <span className="font-semibold text-slate-900">{k.label}</span>
                  <span className="block text-xs text-slate-700">{k.description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {kind === 'reference' ? (
          <div className="space-y-3">
            {analysisId ? (
              <CitedReferencePicker
                analysisId={analysisId}
                onPick={(r) => {
                  setPublicationNumber(r.publication_number ?? '');
                  setReferenceName(r.name ?? '');
                }}
              />
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Publication number"
                placeholder="US 2005/0025220 A1"
                value={publicationNumber}
                onChange={(e) => setPublicationNumber(e.target.value)}
                hint="As the office action cites it (a USPTO XML file names itself)."
                error={at('publication_number')}
              />
              <TextField
                label="Name (literature without a number)"
                placeholder="Smith"
                value={referenceName}
                onChange={(e) => setReferenceName(e.target.value)}
                hint="Only when there is no publication number."
                error={at('reference_name')}
              />
            </div>
          </div>
        ) : null}

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">The document</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === 'upload'} onChange={() => setMode('upload')} /> Upload a file
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === 'paste'} onChange={() => setMode('paste')} /> Paste the text
            </label>
          </div>
          {mode === 'upload' ? (
            <div className="space-y-1">
              <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
                File (PDF, Word .docx, plain text or USPTO XML)
              </label>
              <input
                id={fileId}
                type="file"
                accept=".pdf,.docx,.txt,.xml,application/pdf,text/plain,application/xml,text/xml,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
                aria-invalid={at('file') ? true : undefined}
                aria-describedby={at('file') ? `${fileId}-error` : undefined}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              {at('file') ? (
                <p id={`${fileId}-error`} className="text-sm text-red-700">
                  {at('file')}
                </p>
              ) : null}
            </div>
          ) : (
            <TextArea label="Text of the document" rows={8} value={text} onChange={(e) => setText(e.target.value)} error={at('text')} />
          )}
        </fieldset>

        <div className="max-w-xs">
          <TextField
            label="Date the document bears (optional)"
            type="date"
            value={documentDate}
            onChange={(e) => setDocumentDate(e.target.value)}
            error={at('document_date')}
          />
        </div>

        {missing ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {missing}
          </p>
        ) : null}
        {problem && (!problem.field || problem.field === 'kind') ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            <p className="font-medium">{problem.message}</p>
            {problem.advice ? <p className="mt-1">{problem.advice}</p> : null}
            <p className="mt-1">Nothing was added; what you entered is still here.</p>
          </div>
        ) : problem ? (
          <p role="alert" className="text-sm text-red-800">
            Not added<span className="sr-only">: {problem.message}</span>. {problem.advice ?? ''} What you entered is still here.
          </p>
        ) : null}

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={add.isPending}>
            {add.isPending ? 'Reading the document…' : 'Add to the file'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
