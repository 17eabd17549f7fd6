import { useId, useMemo, useState, type FormEvent } from 'react';
import { useCommitDocketImport, usePreviewCustomerNumber, usePreviewDocketImport, type ImportPreview } from '../api/docket.ts';
import { Button } from '../ui/Button.tsx';
import { SelectField, TextField } from '../ui/Field.tsx';
import { Badge } from '../ui/Layout.tsx';
import { Modal } from '../ui/Modal.tsx';
import { ErrorState, Notice } from '../ui/States.tsx';

type Status = ImportPreview['rows'][number]['status'];
const STATUS_TEXT: Record<Status, string> = {
  add: 'Will be added',
  duplicate: 'Already on docket',
  duplicate_in_file: 'Repeated in file',
  malformed: 'Malformed',
};
const STATUS_TONE: Record<Status, 'green' | 'slate' | 'amber' | 'red'> = { add: 'green', duplicate: 'slate', duplicate_in_file: 'amber', malformed: 'red' };
/** Rows drawn at once: a 10,000-line file is filtered, not rendered whole. */
const SHOWN = 200;
const n = (x: number) => x.toLocaleString('en-US');

/**
 * Import applications into the docket: a CSV file or a USPTO customer number is previewed first
 * (what will be added, what is already there, what is malformed, line by line), then committed.
 */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [from, setFrom] = useState<'csv' | 'customer'>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [customer, setCustomer] = useState('');
  const [show, setShow] = useState<'' | Status>('');
  const previewCsv = usePreviewDocketImport();
  const previewCustomer = usePreviewCustomerNumber();
  const commit = useCommitDocketImport();
  const fileId = useId();
  const preview = from === 'csv' ? previewCsv : previewCustomer;
  const data = preview.data;

  const close = () => {
    onOpenChange(false);
    setFile(null);
    setCustomer('');
    setShow('');
    previewCsv.reset();
    previewCustomer.reset();
    commit.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    commit.reset();
    setShow('');
    if (from === 'csv') {
      if (file) previewCsv.mutate(file);
    } else if (customer.trim()) previewCustomer.mutate(customer.trim());
  };
  const rows = useMemo(() => (data ? data.rows.filter((r) => !show || r.status === show) : []), [data, show]);

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      size="lg"
      title="Import applications"
      description="Preview first: nothing is added to the docket until you commit."
    >
      <div className="space-y-4">
        <div role="radiogroup" aria-label="Import from" className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="import-from" checked={from === 'csv'} onChange={() => setFrom('csv')} /> CSV file
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="import-from" checked={from === 'customer'} onChange={() => setFrom('customer')} /> USPTO customer number
          </label>
        </div>
        <form onSubmit={submit} className="space-y-3">
          {from === 'csv' ? (
            <div className="space-y-1">
              <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
                CSV file to import
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/plain"
                aria-describedby={`${fileId}-hint`}
                className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  previewCsv.reset();
                  commit.reset();
                }}
              />
              <p id={`${fileId}-hint`} className="text-xs text-slate-600">
                Columns by header: Application Number (or App No, Serial No), Matter (or Attorney Docket), Entity Status, Notes. Up to 2 MB and 10,000 rows.
              </p>
            </div>
          ) : (
            <TextField
              label="Customer number"
              inputMode="numeric"
              value={customer}
              onChange={(e) => {
                setCustomer(e.target.value);
                previewCustomer.reset();
                commit.reset();
              }}
              hint="Lists the applications the USPTO has for this customer number (up to 2,000)."
            />
          )}
          <Button type="submit" variant="secondary" busy={preview.isPending} disabled={from === 'csv' ? !file : !customer.trim()}>
            Preview
          </Button>
        </form>
        {preview.error ? <ErrorState error={preview.error} /> : null}
        {data ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-800" aria-live="polite" data-testid="import-counts">
              {n(data.counts.total)} {data.source === 'csv' ? 'rows' : 'applications'}: <strong>{n(data.counts.add)} to add</strong>, {n(data.counts.duplicate)}{' '}
              already on your docket, {n(data.counts.duplicate_in_file)} repeated in the file, {n(data.counts.malformed)} malformed.
              {data.truncated ? ` The USPTO lists ${n(data.found ?? 0)}; only the first 2,000 are shown.` : ''}
            </p>
            <div className="w-56">
              <SelectField label="Show" value={show} onChange={(e) => setShow(e.target.value as '' | Status)}>
                <option value="">Every row</option>
                {(Object.keys(STATUS_TEXT) as Status[]).map((s) => (
                  <option key={s} value={s}>
                    {STATUS_TEXT[s]} ({n(data.counts[s])})
                  </option>
                ))}
              </SelectField>
            </div>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (axe scrollable-region-focusable) */}
            <section className="max-h-72 overflow-auto rounded-md border border-slate-300" tabIndex={0} aria-label="Preview rows">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Import preview, one row per line of the file</caption>
                <thead className="sticky top-0 bg-slate-50 text-slate-800">
                  <tr>
                    <th scope="col" className="px-2 py-1.5">
                      Line
                    </th>
                    <th scope="col" className="px-2 py-1.5">
                      Application
                    </th>
                    <th scope="col" className="px-2 py-1.5">
                      Matter
                    </th>
                    <th scope="col" className="px-2 py-1.5">
                      Status
                    </th>
                    <th scope="col" className="px-2 py-1.5">
                      Reason
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.slice(0, SHOWN).map((r) => (
                    <tr key={r.line} className="border-t border-slate-200">
                      <td className="px-2 py-1.5 tabular-nums">{r.line}</td>
                      <td className="px-2 py-1.5 break-all">{r.application_number || '—'}</td>
                      <td className="px-2 py-1.5 break-all">{r.client_matter ?? ''}</td>
                      <td className="px-2 py-1.5 whitespace-nowrap">
                        <Badge tone={STATUS_TONE[r.status]}>{STATUS_TEXT[r.status]}</Badge>
                      </td>
                      <td className="px-2 py-1.5 text-slate-700">{r.reason ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            {rows.length > SHOWN ? (
              <p className="text-xs text-slate-600">
                Showing the first {SHOWN} of {n(rows.length)} rows; choose a status to see others.
              </p>
            ) : null}
            {commit.data ? (
              <Notice tone="success">
                Added {n(commit.data.added)} applications to your docket.
                {commit.data.placeholders
                  ? ` ${n(commit.data.placeholders)} have no USPTO record in Prosa yet: they are tracked privately until you look them up or add their data.`
                  : ''}
                {commit.data.already_committed ? ' This preview had already been imported.' : ''}
              </Notice>
            ) : null}
            {commit.error ? <ErrorState error={commit.error} /> : null}
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {commit.data ? 'Close' : 'Cancel'}
          </Button>
          {data && !commit.data ? (
            <Button onClick={() => commit.mutate(data.preview_id)} busy={commit.isPending} disabled={data.counts.add === 0}>
              Add {n(data.counts.add)} to docket
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
