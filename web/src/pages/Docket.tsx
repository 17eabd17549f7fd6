import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DOCKET_EXPORT_URL,
  DOCKET_FIRST_VIEW,
  useAddDocketEntry,
  useDocketPages,
  useDocketStatuses,
  useRemoveDocketEntry,
  useUpdateDocketEntry,
  type DocketItem,
  type DocketSort,
} from '../api/docket.ts';
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

/** Typing settles for this long before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type SortField = Exclude<DocketSort, `-${string}`>;

/** The table's columns, each sorted by the server (GET /api/docket?sort=field or -field; ties by entry id). */
const COLUMNS: { label: string; field: SortField }[] = [
  { label: 'Application', field: 'application_number' },
  { label: 'Title', field: 'title' },
  { label: 'Client-matter', field: 'client_matter' },
  { label: 'Responsible', field: 'responsible' },
  { label: 'Status', field: 'status' },
  { label: 'Examiner', field: 'examiner' },
  { label: 'Art unit', field: 'art_unit' },
  { label: 'Next deadline', field: 'next_deadline' },
];

export default function Docket() {
  // The first view is the one prefetchDocket fetched beside the page's chunk.
  const [search, setSearch] = useState(DOCKET_FIRST_VIEW.q);
  const [status, setStatus] = useState(DOCKET_FIRST_VIEW.status);
  const [responsible, setResponsible] = useState(DOCKET_FIRST_VIEW.responsible);
  const [sort, setSort] = useState<DocketSort>(DOCKET_FIRST_VIEW.sort);
  const q = useDebounced(search, SEARCH_DELAY_MS);
  // Pages of 50, sorted, searched and filtered by the server: a 10,000-application docket loads 50.
  const docket = useDocketPages({ sort, q, status, responsible });
  const statuses = useDocketStatuses();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<DocketItem | null>(null);
  // A viewer reads the docket: adding, importing, editing and removing are not offered (no `write`).
  const canWrite = useCan('write');
  const remove = useRemoveDocketEntry();
  const removeEntry = remove.mutate;

  const rows = useMemo(() => docket.data?.pages.flatMap((p) => p.entries) ?? [], [docket.data]);
  const total = docket.data?.pages[0]?.total ?? 0;
  const docketTotal = docket.data?.pages[0]?.docket_total ?? 0;
  const nameOf = (e: DocketItem) => (e.responsible ? (e.responsible.name ?? e.responsible.email) : '');

  const actions = (e: DocketItem) =>
    !canWrite ? null : (
      <>
        <Button variant="secondary" aria-label={`Edit ${fmtAppNo(e.application.application_number)}`} onClick={() => setEditing(e)}>
          Edit
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="secondary" aria-label={`Remove ${fmtAppNo(e.application.application_number)}`}>
              Remove
            </Button>
          }
          title={`Remove ${fmtAppNo(e.application.application_number)} from the docket?`}
          description="Its deadlines leave your dashboard and calendar feed. Office actions you recorded stay in your records."
          confirmLabel="Remove"
          onConfirm={() => removeEntry(e.id)}
        />
      </>
    );
  // A column's first click sorts it ascending, the next descending, and so on.
  const header = (column: (typeof COLUMNS)[number]): ReactNode => {
    const direction = sort === column.field ? 'ascending' : sort === `-${column.field}` ? 'descending' : null;
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:underline"
        onClick={() => setSort(direction === 'ascending' ? `-${column.field}` : column.field)}
      >
        {column.label}
        <span aria-hidden="true">{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</span>
      </button>
    );
  };
  const ariaSort = (column: (typeof COLUMNS)[number]) => (sort === column.field ? 'ascending' : sort === `-${column.field}` ? 'descending' : undefined);

  return (
    <div>
      <PageHeader
        title="Docket"
        description={canWrite ? 'Your applications and their next deadlines.' : `Your applications and their next deadlines. ${WRITE_REASON}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <a
              className="inline-flex items-center justify-center rounded-md border border-slate-400 bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
              href={DOCKET_EXPORT_URL}
              download
            >
              Export CSV
            </a>
            {canWrite ? (
              <Button variant="secondary" onClick={() => setImporting(true)}>
                Import
              </Button>
            ) : null}
            {canWrite ? <Button onClick={() => setAdding(true)}>Add application</Button> : null}
          </div>
        }
      />
      {docket.isPending ? (
        <Loading />
      ) : docket.error && !docket.data ? (
        <ErrorState error={docket.error} retry={() => docket.refetch()} />
      ) : docketTotal === 0 ? (
        <Empty title="Your docket is empty">
          {!canWrite ? (
            WRITE_REASON
          ) : (
            <>
              Add a published application by its number, or an unpublished one with its own data.
              <div className="mt-3 flex flex-wrap gap-2">
                <Button onClick={() => setAdding(true)}>Add application</Button>
                <Button variant="secondary" onClick={() => setImporting(true)}>
                  Import a CSV
                </Button>
              </div>
            </>
          )}
        </Empty>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-end gap-4">
            <div className="w-full max-w-xs">
              <TextField
                label="Search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Number, title, client-matter, examiner"
              />
            </div>
            <div className="w-48">
              <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">Any status</option>
                {(statuses.data?.statuses ?? []).map((s) => (
                  <option key={s.status} value={s.status}>
                    {s.status}
                  </option>
                ))}
                {status && !statuses.data?.statuses.some((s) => s.status === status) ? <option value={status}>{status}</option> : null}
              </SelectField>
            </div>
            <div className="w-48">
              <SelectField label="Responsible" value={responsible} onChange={(e) => setResponsible(e.target.value)}>
                <option value="">Anyone</option>
                <option value="me">Me</option>
                <option value="none">Not assigned</option>
              </SelectField>
            </div>
            <p className="text-sm text-slate-700" aria-live="polite">
              {total.toLocaleString('en-US')} of {docketTotal.toLocaleString('en-US')} applications
            </p>
          </div>
          {/* At phone width each application is a card that opens with its number and next deadline; the table's columns would put the deadline off-screen. */}
          <ul className="space-y-2 sm:hidden" aria-label="Docket">
            {rows.map((e) => (
              <li key={e.id} className="rounded-lg border border-slate-300 bg-white p-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link
                    className="font-semibold text-blue-800 underline-offset-2 hover:underline"
                    to={`/applications/${encodeURIComponent(e.application.application_number)}`}
                  >
                    {fmtAppNo(e.application.application_number)}
                  </Link>
                  <span>
                    Next deadline: <strong>{fmtDate(e.application.response_deadline)}</strong>
                  </span>
                </div>
                {e.application.invention_title ? <p className="mt-1 break-words">{e.application.invention_title}</p> : null}
                <p className="mt-1 text-slate-700">
                  {e.application.status}
                  {e.client_matter ? ` · ${e.client_matter}` : ''} {e.private ? <Badge>Private</Badge> : null}
                </p>
                {canWrite ? <div className="mt-2 flex gap-2">{actions(e)}</div> : null}
              </li>
            ))}
          </ul>
          <div className="relative hidden overflow-x-auto rounded-lg border border-slate-300 bg-white sm:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Docket; column headers sort</caption>
              <thead className="border-b border-slate-300 bg-slate-50 text-slate-800">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c.field} scope="col" className="px-3 py-2 font-semibold" aria-sort={ariaSort(c)}>
                      {header(c)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id} className="border-b border-slate-200 last:border-0">
                    <td className="px-3 py-2 align-top">
                      <Link
                        className="font-semibold text-blue-800 underline-offset-2 hover:underline"
                        to={`/applications/${encodeURIComponent(e.application.application_number)}`}
                      >
                        {fmtAppNo(e.application.application_number)}
                      </Link>
                    </td>
                    <td className="px-3 py-2 align-top">{e.application.invention_title ?? ''}</td>
                    <td className="px-3 py-2 align-top">{e.client_matter ?? ''}</td>
                    <td className="px-3 py-2 align-top">{nameOf(e) || 'Not assigned'}</td>
                    <td className="px-3 py-2 align-top">
                      {e.application.status} {e.private ? <Badge>Private</Badge> : null}
                    </td>
                    <td className="px-3 py-2 align-top">{e.application.examiner_name || '—'}</td>
                    <td className="px-3 py-2 align-top">{e.application.current_art_unit || '—'}</td>
                    <td className="px-3 py-2 align-top">{fmtDate(e.application.response_deadline)}</td>
                    <td className="px-3 py-2 align-top">
                      <div className="flex justify-end gap-2">{actions(e)}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length === 0 ? <p className="mt-3 text-sm text-slate-700">No application matches.</p> : null}
          {rows.length > 0 ? (
            <p className="mt-3 text-sm text-slate-700">
              Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
            </p>
          ) : null}
          {docket.hasNextPage ? (
            <div className="mt-3">
              <Button variant="secondary" busy={docket.isFetchingNextPage} onClick={() => void docket.fetchNextPage()}>
                Show more
              </Button>
            </div>
          ) : null}
          {docket.error ? (
            <div className="mt-3">
              <ErrorState error={docket.error} retry={() => docket.refetch()} />
            </div>
          ) : null}
        </>
      )}
      {remove.error ? (
        <div className="mt-3">
          <ErrorState error={remove.error} />
        </div>
      ) : null}
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
    setNumber('');
    setLooked(null);
    setClientMatter('');
    setTitle('');
    setFilingDate('');
    setUnpublished(false);
    add.reset();
  };
  const lookup = (e: FormEvent) => {
    e.preventDefault();
    setLooked(number.trim());
  };
  const submit = () => {
    add.mutate(
      {
        application_number: number.trim(),
        client_matter: clientMatter || undefined,
        application: unpublished ? { invention_title: title, filing_date: filingDate || undefined } : undefined,
      },
      { onSuccess: close },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Add an application"
      description="Look up a published application by number, or track an unpublished one privately."
    >
      <div className="space-y-4">
        <div role="radiogroup" aria-label="Kind of application" className="flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" checked={!unpublished} onChange={() => setUnpublished(false)} /> Published (USPTO data)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" checked={unpublished} onChange={() => setUnpublished(true)} /> Unpublished
          </label>
        </div>
        <form onSubmit={lookup} className="flex items-end gap-2">
          <div className="flex-1">
            <TextField
              label="Application number"
              placeholder="17/200,011"
              value={number}
              onChange={(e) => {
                setNumber(e.target.value);
                setLooked(null);
              }}
              required
            />
          </div>
          {!unpublished ? (
            <Button type="submit" variant="secondary">
              Look up
            </Button>
          ) : null}
        </form>
        {!unpublished && looked ? (
          preview.isPending ? (
            <Loading label="Looking up…" />
          ) : preview.error ? (
            <ErrorState error={preview.error} />
          ) : preview.data ? (
            <div className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm" aria-live="polite">
              <p className="font-semibold">{preview.data.invention_title}</p>
              <p className="text-slate-700">
                Filed {fmtDate(preview.data.filing_date)} · {preview.data.status} · examiner {preview.data.examiner_name || '—'} · art unit{' '}
                {preview.data.current_art_unit || '—'}
              </p>
              {preview.data.response_deadline ? <p className="text-slate-700">Response due {fmtDate(preview.data.response_deadline)}</p> : null}
            </div>
          ) : (
            <Notice tone="warning">No published application has this number. Choose “Unpublished” to track it with your own data.</Notice>
          )
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
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} busy={add.isPending} disabled={unpublished ? !number.trim() || !title.trim() : !preview.data}>
            Add to docket
          </Button>
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
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ id: item.id, client_matter: clientMatter || null, notes: notes || null }, { onSuccess: onClose });
        }}
      >
        <TextField label="Client-matter reference" value={clientMatter} onChange={(e) => setClientMatter(e.target.value)} />
        <TextArea label="Notes" rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
        {update.error ? <ErrorState error={update.error} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
