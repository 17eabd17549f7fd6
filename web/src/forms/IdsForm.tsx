import { useEffect, useState } from 'react';
import { useApplication, useApplicationHistory, useCorrespondence } from '../api/applications.ts';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { ErrorState, Loading, Notice } from '../ui/States.tsx';
import { fmtDate } from '../ui/format.ts';
import { ExportForm } from './ExportForm.tsx';
import { RowList } from './RowList.tsx';
import { idsWindow, kindOfDocumentCode, REQUIREMENTS, type IdsTiming, type ProsecutionEvent } from './ids-timing.ts';

interface UsRow { number: string; kind_code: string; date: string; patentee_or_applicant: string }
interface ForeignRow extends UsRow { country_code: string; translation_attached: boolean }
interface NplRow { citation: string; translation_attached: boolean }

const blankUs = (): UsRow => ({ number: '', kind_code: '', date: '', patentee_or_applicant: '' });
const blankForeign = (): ForeignRow => ({ ...blankUs(), country_code: '', translation_attached: false });
const today = () => new Date().toISOString().slice(0, 10);

function usDoc(r: UsRow) {
  return { number: r.number.trim(), ...(r.kind_code.trim() ? { kind_code: r.kind_code.trim() } : {}), date: r.date, patentee_or_applicant: r.patentee_or_applicant.trim() };
}

/** The docket's prosecution events: USPTO history plus office actions recorded on the docket. */
function useProsecutionEvents(number: string) {
  const history = useApplicationHistory(number);
  const papers = useCorrespondence(number);
  const events: ProsecutionEvent[] = [
    ...(history.data?.events ?? []).map((e) => ({ date: e.date, kind: e.meaning?.kind ?? 'other' })),
    ...(papers.data?.correspondence ?? []).map((p) => ({ date: p.mailing_date, kind: kindOfDocumentCode(p.office_action_type ?? p.document_code) })),
  ];
  return { events, isPending: history.isPending || papers.isPending, error: history.error ?? papers.error };
}

function UsFields({ row, update, label }: { row: UsRow; update: (p: Partial<UsRow>) => void; label: string }) {
  return (
    <>
      <TextField label={`${label} number`} value={row.number} onChange={(e) => update({ number: e.target.value })} required />
      <TextField label="Kind code" value={row.kind_code} onChange={(e) => update({ kind_code: e.target.value })} hint="e.g. B2, A1" />
      <TextField label="Issue or publication date" type="date" value={row.date} onChange={(e) => update({ date: e.target.value })} required />
      <TextField label="Patentee or applicant" value={row.patentee_or_applicant} onChange={(e) => update({ patentee_or_applicant: e.target.value })} required />
    </>
  );
}

/** Information disclosure statement (37 CFR 1.97-1.98, PTO/SB/08 content). */
export function IdsForm({ applicationNumber }: { applicationNumber: string }) {
  const app = useApplication(applicationNumber);
  const prosecution = useProsecutionEvents(applicationNumber);
  // Only once the whole docket is read: a window from half the events would be wrong and sticky.
  const computed = app.data && !prosecution.isPending && !prosecution.error ? idsWindow(app.data.filing_date, prosecution.events, today()) : null;

  const [timing, setTiming] = useState<IdsTiming | ''>('');
  const [statement, setStatement] = useState<'' | '1.97(e)(1)' | '1.97(e)(2)'>('');
  const [payFee, setPayFee] = useState(false);
  const [patents, setPatents] = useState<UsRow[]>([blankUs()]);
  const [publications, setPublications] = useState<UsRow[]>([]);
  const [foreign, setForeign] = useState<ForeignRow[]>([]);
  const [npl, setNpl] = useState<NplRow[]>([]);
  const [deposit, setDeposit] = useState('');

  // The docket decides the window; the practitioner may still choose another (the server checks).
  useEffect(() => {
    if (!timing && computed?.timing) setTiming(computed.timing);
  }, [computed?.timing]); // eslint-disable-line react-hooks/exhaustive-deps

  const build = () => {
    if (!timing) return 'Choose the timing of the statement.';
    if (timing === '1.97(d)' && (!statement || !payFee)) return 'A 1.97(d) statement needs both the 1.97(e) statement and the 1.17(p) fee.';
    if (timing === '1.97(c)' && !statement && !payFee) return 'A 1.97(c) statement needs the 1.97(e) statement or the 1.17(p) fee.';
    const listed = patents.length + publications.length + foreign.length + npl.length;
    if (listed === 0) return 'List at least one document.';
    return {
      type: 'ids' as const,
      application_number: applicationNumber,
      input: {
        timing,
        ...(timing !== '1.97(b)' && statement ? { statement } : {}),
        ...(timing !== '1.97(b)' && payFee ? { pay_fee_1_17_p: true } : {}),
        ...(patents.length ? { us_patents: patents.map(usDoc) } : {}),
        ...(publications.length ? { us_publications: publications.map(usDoc) } : {}),
        ...(foreign.length ? { foreign_documents: foreign.map((r) => ({ ...usDoc(r), country_code: r.country_code.trim().toUpperCase(), translation_attached: r.translation_attached })) } : {}),
        ...(npl.length ? { non_patent_literature: npl.map((r) => ({ citation: r.citation.trim(), translation_attached: r.translation_attached })) } : {}),
        ...(deposit.trim() ? { deposit_account: deposit.trim() } : {}),
      },
    };
  };

  return (
    <ExportForm type="ids" noun="Prepare the IDS" build={build}>
      <section aria-labelledby="ids-timing-h" className="space-y-3">
        <h3 id="ids-timing-h" className="text-base font-semibold text-slate-900">Timing (37 CFR 1.97)</h3>
        {app.isPending || prosecution.isPending ? <Loading label="Reading the docket…" /> : app.error || prosecution.error ? <ErrorState error={app.error ?? prosecution.error} /> : computed ? (
          <Notice tone={computed.timing ? 'info' : 'warning'}>
            <p>
              {computed.timing ? <>Filed today, this IDS falls under <strong>37 CFR {computed.timing}</strong>. </> : <><strong>No window of 37 CFR 1.97 is open.</strong> </>}
              {computed.reason} {app.data?.filing_date ? `Filed ${fmtDate(app.data.filing_date)}.` : 'The filing date is not on the docket.'}
            </p>
            <p className="mt-1"><strong>Requires:</strong> {computed.requires}</p>
          </Notice>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Timing of the statement" value={timing} onChange={(e) => setTiming(e.target.value as IdsTiming)} hint={timing ? REQUIREMENTS[timing] : undefined}>
            <option value="">Choose…</option>
            <option value="1.97(b)">1.97(b): before the first action on the merits</option>
            <option value="1.97(c)">1.97(c): before a final action or allowance</option>
            <option value="1.97(d)">1.97(d): before the issue fee is paid</option>
          </SelectField>
          {timing && computed?.timing && timing !== computed.timing ? (
            <p role="status" className="self-center text-sm text-amber-900">The docket puts this application in {computed.timing}; check the dates before choosing {timing}.</p>
          ) : null}
        </div>
        {timing === '1.97(c)' || timing === '1.97(d)' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Statement under 37 CFR 1.97(e)" value={statement} onChange={(e) => setStatement(e.target.value as typeof statement)}>
              <option value="">None</option>
              <option value="1.97(e)(1)">1.97(e)(1): first cited abroad within three months</option>
              <option value="1.97(e)(2)">1.97(e)(2): not cited abroad nor known over three months</option>
            </SelectField>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" checked={payFee} onChange={(e) => setPayFee(e.target.checked)} /> Pay the fee under 37 CFR 1.17(p)
            </label>
            <TextField label="Deposit account (for the fee)" value={deposit} onChange={(e) => setDeposit(e.target.value)} />
          </div>
        ) : null}
      </section>

      <RowList legend="U.S. patents" addLabel="Add a U.S. patent" rows={patents} setRows={setPatents} blank={blankUs} render={(r, u) => <UsFields row={r} update={u} label="Patent" />} />
      <RowList legend="U.S. patent application publications" addLabel="Add a U.S. publication" rows={publications} setRows={setPublications} blank={blankUs} render={(r, u) => <UsFields row={r} update={u} label="Publication" />} />
      <RowList legend="Foreign patent documents" addLabel="Add a foreign document" rows={foreign} setRows={setForeign} blank={blankForeign} render={(r, u) => (
        <>
          <TextField label="Country code" value={r.country_code} maxLength={2} onChange={(e) => u({ country_code: e.target.value })} hint="Two letters, e.g. EP, JP" required />
          <UsFields row={r} update={u} label="Document" />
          <label className="flex items-center gap-2 self-center text-sm"><input type="checkbox" checked={r.translation_attached} onChange={(e) => u({ translation_attached: e.target.checked })} /> English translation attached</label>
        </>
      )} />
      <RowList legend="Non-patent literature" addLabel="Add non-patent literature" rows={npl} setRows={setNpl} blank={() => ({ citation: '', translation_attached: false })} render={(r, u) => (
        <>
          <div className="sm:col-span-2 lg:col-span-3"><TextArea label="Citation" rows={2} value={r.citation} onChange={(e) => u({ citation: e.target.value })} hint="Author, title, publication, date, pages" required /></div>
          <label className="flex items-center gap-2 self-center text-sm"><input type="checkbox" checked={r.translation_attached} onChange={(e) => u({ translation_attached: e.target.checked })} /> English translation attached</label>
        </>
      )} />
    </ExportForm>
  );
}
