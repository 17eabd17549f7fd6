import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_equalsString,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { DOCKET_EXPORT_URL, useAddDocketEntry, useDocket, useRemoveDocketEntry, useUpdateDocketEntry, type DocketItem } from '../api/docket.ts';
import { ImportDialog } from '../docket/ImportDialog.tsx';
import { useApplication } from '../api/applications.ts';
import { Button } from '../ui/Button.tsx';
import { WRITE_REASON, useCan } from '../api/permissions.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { Badge, PageHeader } from '../ui/Layout.tsx';
import { Modal } from '../ui/Modal.tsx';
import { Empty, ErrorState, Loading, Notice } from '../ui/States.tsx';
import { fmtAppNo, fmtDate } from '../ui/format.ts';
import { applicationNumberSearchDigits } from '../../../src/domain/application-number.ts';

interface Row {
  id: string;
  number: string;
  title: string;
  clientMatter: string;
  /** The responsible practitioner's name, else address; empty when not assigned. */
  responsible: string;
  status: string;
  nextDeadline: string;
  examiner: string;
  artUnit: string;
  priv: boolean;
  item: DocketItem;
}

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { includesString: filterFn_includesString, equalsString: filterFn_equalsString },
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text },
});
const helper = createColumnHelper<typeof features, Row>();
const EMPTY: DocketItem[] = [];
const PAGE_SIZE = 100;

export default function Docket() {
  const docket = useDocket();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<DocketItem | null>(null);
  // A viewer reads the docket: adding, importing, editing and removing are not offered (no `write`).
  const canWrite = useCan('write');
  // `mutate` is stable across renders (the mutation object is not): the table's columns depend on
  // it alone, so opening or closing a dialog does not remount the rows' buttons, and focus can go
  // back to the Edit button that opened a dialog.
  const remove = useRemoveDocketEntry();
  const removeEntry = remove.mutate;

  const all = useMemo<Row[]>(() => (docket.data?.entries ?? EMPTY).map((e) => ({
    id: e.id,
    number: e.application.application_number,
    title: e.application.invention_title ?? '',
    clientMatter: e.client_matter ?? '',
    responsible: e.responsible ? (e.responsible.name ?? e.responsible.email) : '',
    status: e.application.status,
    nextDeadline: e.application.response_deadline ?? '',
    examiner: e.application.examiner_name,
    artUnit: e.application.current_art_unit,
    priv: e.private,
    item: e,
  })), [docket.data]);
  // The search matches an application number in any written form (17/200,011, 17200011,
  // 17-200011, US17/200,011); other text matches title, client-matter, status and examiner.
  const rows = all;
  const searched = useMemo(() => matchingRows(all, search), [all, search]);

  const columns = useMemo(() => helper.columns([
    helper.accessor('number', { header: 'Application', sortFn: 'alphanumeric', cell: (c) => <Link className="font-semibold text-blue-800 underline-offset-2 hover:underline" to={`/applications/${encodeURIComponent(c.getValue())}`}>{fmtAppNo(c.getValue())}</Link> }),
    helper.accessor('title', { header: 'Title', sortFn: 'text' }),
    helper.accessor('clientMatter', { header: 'Client-matter', sortFn: 'text' }),
    helper.accessor('responsible', { header: 'Responsible', sortFn: 'text', cell: (c) => c.getValue() || 'Not assigned' }),
    helper.accessor('status', { header: 'Status', filterFn: 'equalsString', cell: (c) => <>{c.getValue()} {c.row.original.priv ? <Badge>Private</Badge> : null}</> }),
    helper.accessor('examiner', { header: 'Examiner', sortFn: 'text', cell: (c) => c.getValue() || '—' }),
    helper.accessor('artUnit', { header: 'Art unit', sortFn: 'alphanumeric', cell: (c) => c.getValue() || '—' }),
    helper.accessor('nextDeadline', { header: 'Next deadline', sortFn: 'alphanumeric', cell: (c) => fmtDate(c.getValue() || null) }),
    helper.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => (!canWrite ? null : (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" aria-label={`Edit ${fmtAppNo(c.row.original.number)}`} onClick={() => setEditing(c.row.original.item)}>Edit</Button>
          <ConfirmDialog
            trigger={<Button variant="secondary" aria-label={`Remove ${fmtAppNo(c.row.original.number)}`}>Remove</Button>}
            title={`Remove ${fmtAppNo(c.row.original.number)} from the docket?`}
            description="Its deadlines leave your dashboard and calendar feed. Office actions you recorded stay in your records."
            confirmLabel="Remove"
            onConfirm={() => removeEntry(c.row.original.id)}
          />
        </div>
      )),
    }),
  ]), [removeEntry, canWrite]);

  const columnFilters = useMemo(() => (status ? [{ id: 'status', value: status }] : []), [status]);
  const [sorting, setSorting] = useState<{ id: string; desc: boolean }[]>([{ id: 'nextDeadline', desc: false }]);
  const table = useTable({
    features,
    columns,
    data: searched,
    state: { columnFilters, sorting },
    onSortingChange: (u) => setSorting((old) => (typeof u === 'function' ? u(old) : u)),
  });

  const statuses = useMemo(() => [...new Set(rows.map((r) => r.status))].sort(), [rows]);

  // Pages of PAGE_SIZE rows, cut from the sorted and filtered model: search, status filter and
  // sort still work across every row, and a 1,000-application docket renders 100 rows, not 1,000.
  const [page, setPage] = useState(0);
  const matching = table.getRowModel().rows;
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  // A new search, filter or sort starts again at the first page.
  useEffect(() => setPage(0), [search, status, sorting]);

  return (
    <div>
      <PageHeader
        title="Docket"
        description={canWrite ? 'Your applications and their next deadlines.' : `Your applications and their next deadlines. ${WRITE_REASON}`}
        actions={(
          <div className="flex flex-wrap gap-2">
            <a className="inline-flex items-center justify-center rounded-md border border-slate-400 bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100" href={DOCKET_EXPORT_URL} download>Export CSV</a>
            {canWrite ? <Button variant="secondary" onClick={() => setImporting(true)}>Import</Button> : null}
            {canWrite ? <Button onClick={() => setAdding(true)}>Add application</Button> : null}
          </div>
        )}
      />
      {docket.isPending ? <Loading /> : docket.error ? <ErrorState error={docket.error} retry={() => docket.refetch()} /> : rows.length === 0 ? (
        <Empty title="Your docket is empty">{!canWrite ? WRITE_REASON : <>Add a published application by its number, or an unpublished one with its own data.<div className="mt-3 flex flex-wrap gap-2"><Button onClick={() => setAdding(true)}>Add application</Button><Button variant="secondary" onClick={() => setImporting(true)}>Import a CSV</Button></div></>}</Empty>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-end gap-4">
            <div className="w-full max-w-xs"><TextField label="Search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Number, title, client-matter, examiner" /></div>
            <div className="w-48"><SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}><option value="">Any status</option>{statuses.map((s) => <option key={s} value={s}>{s}</option>)}</SelectField></div>
            <p className="text-sm text-slate-700" aria-live="polite">{table.getRowModel().rows.length} of {rows.length} applications</p>
          </div>
          {/* At phone width each application is a card that opens with its number and next deadline; the table's columns would put the deadline off-screen. */}
          <ul className="space-y-2 sm:hidden" aria-label="Docket">
            {shown.map((r) => {
              const o = r.original;
              return (
                <li key={r.id} className="rounded-lg border border-slate-300 bg-white p-3 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Link className="font-semibold text-blue-800 underline-offset-2 hover:underline" to={`/applications/${encodeURIComponent(o.number)}`}>{fmtAppNo(o.number)}</Link>
                    <span>Next deadline: <strong>{fmtDate(o.nextDeadline || null)}</strong></span>
                  </div>
                  {o.title ? <p className="mt-1 break-words">{o.title}</p> : null}
                  <p className="mt-1 text-slate-700">{o.status}{o.clientMatter ? ` · ${o.clientMatter}` : ''} {o.priv ? <Badge>Private</Badge> : null}</p>
                  {canWrite ? <div className="mt-2 flex gap-2">
                    <Button variant="secondary" aria-label={`Edit ${fmtAppNo(o.number)}`} onClick={() => setEditing(o.item)}>Edit</Button>
                    <ConfirmDialog
                      trigger={<Button variant="secondary" aria-label={`Remove ${fmtAppNo(o.number)}`}>Remove</Button>}
                      title={`Remove ${fmtAppNo(o.number)} from the docket?`}
                      description="Its deadlines leave your dashboard and calendar feed. Office actions you recorded stay in your records."
                      confirmLabel="Remove"
                      onConfirm={() => removeEntry(o.id)}
                    />
                  </div> : null}
                </li>
              );
            })}
          </ul>
          <div className="relative hidden overflow-x-auto rounded-lg border border-slate-300 bg-white sm:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Docket; column headers sort</caption>
              <thead className="border-b border-slate-300 bg-slate-50 text-slate-800">
                {table.getHeaderGroups().map((g) => (
                  <tr key={g.id}>
                    {g.headers.map((h) => {
                      const sorted = h.column.getIsSorted();
                      return (
                        <th key={h.id} scope="col" className="px-3 py-2 font-semibold" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                          {h.column.getCanSort() && h.column.id !== 'actions' ? (
                            <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={h.column.getToggleSortingHandler()}>
                              <table.FlexRender header={h} />
                              <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                            </button>
                          ) : (
                            <table.FlexRender header={h} />
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.id} className="border-b border-slate-200 last:border-0">
                    {r.getAllCells().map((c) => <td key={c.id} className="px-3 py-2 align-top"><table.FlexRender cell={c} /></td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Docket pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <Button variant="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>Previous page</Button>
              <span aria-live="polite">Rows {(current * PAGE_SIZE + 1).toLocaleString('en-US')}–{Math.min((current + 1) * PAGE_SIZE, matching.length).toLocaleString('en-US')} of {matching.length.toLocaleString('en-US')} (page {current + 1} of {pages})</span>
              <Button variant="secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>Next page</Button>
            </nav>
          ) : null}
        </>
      )}
      {remove.error ? <div className="mt-3"><ErrorState error={remove.error} /></div> : null}
      <AddDialog open={adding} onOpenChange={setAdding} />
      <ImportDialog open={importing} onOpenChange={setImporting} />
      {editing ? <EditDialog item={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function AddDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [number, setNumber] = useState('');
  const [looked, setLooked] = useState<string | null>(null);
  const [clientMatter, setClientMatter] = useState('');
  const [unpublished, setUnpublished] = useState(false);
  const [title, setTitle] = useState('');
  const [filingDate, setFilingDate] = useState('');
  const preview = useApplication(unpublished ? null : looked);
  const add = useAddDocketEntry();

  const close = () => {
    onOpenChange(false);
    setNumber(''); setLooked(null); setClientMatter(''); setTitle(''); setFilingDate(''); setUnpublished(false); add.reset();
  };
  const lookup = (e: FormEvent) => {
    e.preventDefault();
    setLooked(number.trim());
  };
  const submit = () => {
    add.mutate(
      { application_number: number.trim(), client_matter: clientMatter || undefined, application: unpublished ? { invention_title: title, filing_date: filingDate || undefined } : undefined },
      { onSuccess: close },
    );
  };

  return (
    <Modal open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())} title="Add an application" description="Look up a published application by number, or track an unpublished one privately.">
      <div className="space-y-4">
        <div role="radiogroup" aria-label="Kind of application" className="flex gap-4 text-sm">
          <label className="flex items-center gap-2"><input type="radio" name="kind" checked={!unpublished} onChange={() => setUnpublished(false)} /> Published (USPTO data)</label>
          <label className="flex items-center gap-2"><input type="radio" name="kind" checked={unpublished} onChange={() => setUnpublished(true)} /> Unpublished</label>
        </div>
        <form onSubmit={lookup} className="flex items-end gap-2">
          <div className="flex-1"><TextField label="Application number" placeholder="17/200,011" value={number} onChange={(e) => { setNumber(e.target.value); setLooked(null); }} required /></div>
          {!unpublished ? <Button type="submit" variant="secondary">Look up</Button> : null}
        </form>
        {!unpublished && looked ? (
          preview.isPending ? <Loading label="Looking up…" /> : preview.error ? <ErrorState error={preview.error} /> : preview.data ? (
            <div className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm" aria-live="polite">
              <p className="font-semibold">{preview.data.invention_title}</p>
              <p className="text-slate-700">Filed {fmtDate(preview.data.filing_date)} · {preview.data.status} · examiner {preview.data.examiner_name || '—'} · art unit {preview.data.current_art_unit || '—'}</p>
              {preview.data.response_deadline ? <p className="text-slate-700">Response due {fmtDate(preview.data.response_deadline)}</p> : null}
            </div>
          ) : <Notice tone="warning">No published application has this number. Choose “Unpublished” to track it with your own data.</Notice>
        ) : null}
        {unpublished ? (
          <>
            <TextField label="Title of the invention" value={title} onChange={(e) => setTitle(e.target.value)} required />
            <TextField label="Filing date" type="date" value={filingDate} onChange={(e) => setFilingDate(e.target.value)} />
          </>
        ) : null}
        <TextField label="Client-matter reference" value={clientMatter} onChange={(e) => setClientMatter(e.target.value)} />
        {add.error ? <ErrorState error={add.error} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>Cancel</Button>
          <Button onClick={submit} busy={add.isPending} disabled={unpublished ? !number.trim() || !title.trim() : !preview.data}>Add to docket</Button>
        </div>
      </div>
    </Modal>
  );
}

function EditDialog({ item, onClose }: { item: DocketItem; onClose: () => void }) {
  const [clientMatter, setClientMatter] = useState(item.client_matter ?? '');
  const [notes, setNotes] = useState(item.notes ?? '');
  const update = useUpdateDocketEntry();
  return (
    <Modal open onOpenChange={(o) => (!o ? onClose() : undefined)} title={`Edit ${fmtAppNo(item.application.application_number)}`}>
      <form className="space-y-4" onSubmit={(e) => { e.preventDefault(); update.mutate({ id: item.id, client_matter: clientMatter || null, notes: notes || null }, { onSuccess: onClose }); }}>
        <TextField label="Client-matter reference" value={clientMatter} onChange={(e) => setClientMatter(e.target.value)} />
        <TextArea label="Notes" rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
        {update.error ? <ErrorState error={update.error} /> : null}
        <div className="flex justify-end gap-2"><Button variant="secondary" onClick={onClose}>Cancel</Button><Button type="submit" busy={update.isPending}>Save</Button></div>
      </form>
    </Modal>
  );
}

/** Rows matching the docket search: an application number in any written form, else text. */
function matchingRows(rows: Row[], search: string): Row[] {
  const q = search.trim();
  if (!q) return rows;
  const digits = applicationNumberSearchDigits(q);
  const text = q.toLowerCase();
  return rows.filter((r) => (digits !== null && r.number.includes(digits)) || [r.title, r.clientMatter, r.responsible, r.status, r.examiner ?? '', fmtAppNo(r.number)].some((v) => v.toLowerCase().includes(text)));
}
