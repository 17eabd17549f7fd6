import { useState } from 'react';
import { useIdsTiming, type IdsActionKind, type IdsTimingAnswer } from '../api/ids-timing.ts';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { ErrorState, Loading, Notice } from '../ui/States.tsx';
import { fmtDate, fmtUsd } from '../ui/format.ts';
import { ExportForm } from './ExportForm.tsx';
import { RowList } from './RowList.tsx';

type IdsTiming = '1.97(b)' | '1.97(c)' | '1.97(d)';

interface UsRow {
  number: string;
  kind_code: string;
  date: string;
  patentee_or_applicant: string;
}
interface ForeignRow extends UsRow {
  country_code: string;
  translation_attached: boolean;
}
interface NplRow {
  citation: string;
  translation_attached: boolean;
}

const blankUs = (): UsRow => ({ number: '', kind_code: '', date: '', patentee_or_applicant: '' });
const blankForeign = (): ForeignRow => ({ ...blankUs(), country_code: '', translation_attached: false });

function usDoc(r: UsRow) {
  return {
    number: r.number.trim(),
    ...(r.kind_code.trim() ? { kind_code: r.kind_code.trim() } : {}),
    date: r.date,
    patentee_or_applicant: r.patentee_or_applicant.trim(),
  };
}

/** What each window asks of the IDS, in words (37 CFR 1.97(b)-(e)); display only, the rule is the server's. */
const REQUIRES: Record<IdsTimingAnswer['requirement'], string> = {
  none: 'No statement under 37 CFR 1.97(e) and no fee.',
  statement_or_fee: 'Either the statement under 37 CFR 1.97(e) or the fee under 37 CFR 1.17(p).',
  statement_and_fee: 'Both the statement under 37 CFR 1.97(e) and the fee under 37 CFR 1.17(p), filed on or before payment of the issue fee.',
  not_considered:
    'Not considered under 37 CFR 1.97: petition to withdraw from issue (37 CFR 1.313(c)) with a request for continued examination, or use the Quick Path IDS program.',
};
const HINTS: Record<IdsTiming, string> = { '1.97(b)': REQUIRES.none, '1.97(c)': REQUIRES.statement_or_fee, '1.97(d)': REQUIRES.statement_and_fee };
const ACTION: Record<IdsActionKind, string> = {
  non_final: 'non-final action',
  final: 'final action',
  restriction: 'restriction requirement',
  quayle: 'Ex parte Quayle action',
  notice_of_allowance: 'notice of allowance',
};

/** The server's window with the dates it was decided on, the requirement and the 1.17(p) fee. */
function TimingWindow({ t }: { t: IdsTimingAnswer }) {
  const b = t.basis;
  const open = t.window !== 'after_issue_fee';
  return (
    <Notice tone={open ? 'info' : 'warning'}>
      <p>
        {open ? (
          <>
            Filed {fmtDate(t.filed_on)}, this IDS falls under <strong>37 CFR {t.window}</strong>.
          </>
        ) : (
          <strong>No window of 37 CFR 1.97 is open: the issue fee is paid.</strong>
        )}
      </p>
      <p className="mt-1">{t.explanation}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="font-medium">Filing date</dt>
        <dd>{fmtDate(b.filing_date)}</dd>
        <dt className="font-medium">Three months after filing</dt>
        <dd>{fmtDate(b.three_months_after_filing)}</dd>
        {b.rce_date ? (
          <>
            <dt className="font-medium">Latest RCE</dt>
            <dd>{fmtDate(b.rce_date)}</dd>
          </>
        ) : null}
        <dt className="font-medium">First action on the merits</dt>
        <dd>{b.first_action_on_merits ? `${ACTION[b.first_action_on_merits.kind]}, ${fmtDate(b.first_action_on_merits.mailing_date)}` : 'none mailed'}</dd>
        <dt className="font-medium">Closing action</dt>
        <dd>{b.closing_action ? `${ACTION[b.closing_action.kind]}, ${fmtDate(b.closing_action.mailing_date)}` : 'none standing'}</dd>
        {b.issue_fee_paid ? (
          <>
            <dt className="font-medium">Issue fee paid</dt>
            <dd>{fmtDate(b.issue_fee_paid)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2">
        <strong>Requires:</strong> {REQUIRES[t.requirement]}
      </p>
      {t.fee ? (
        <p className="mt-1">
          <strong>Fee under {t.fee.citation}:</strong>{' '}
          {t.fee.amount === null ? "not in Prosa's fee table for this date" : `${fmtUsd(t.fee.amount)} for a ${t.fee.entity_size} entity`}, paid to the USPTO
          (not in credits).
          {t.fee.verified ? null : ' The fee amount is not yet verified against the USPTO fee schedule: check it before filing.'}
        </p>
      ) : null}
    </Notice>
  );
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
  const server = useIdsTiming(applicationNumber);
  const serverWindow = server.data?.window;
  const proposed: IdsTiming | null = serverWindow && serverWindow !== 'after_issue_fee' ? serverWindow : null;

  const [timing, setTiming] = useState<IdsTiming | ''>('');
  const [statement, setStatement] = useState<'' | '1.97(e)(1)' | '1.97(e)(2)'>('');
  const [payFee, setPayFee] = useState(false);
  const [patents, setPatents] = useState<UsRow[]>([blankUs()]);
  const [publications, setPublications] = useState<UsRow[]>([]);
  const [foreign, setForeign] = useState<ForeignRow[]>([]);
  const [npl, setNpl] = useState<NplRow[]>([]);
  const [deposit, setDeposit] = useState('');

  // The server's window is the default; the practitioner may still choose another, which the
  // server then refuses with 422 ids_timing_mismatch naming the window (shown by ExportForm).
  // Applied while rendering, once per window the server names (React's "adjust state when a
  // prop changes"): no effect, so no render with the old timing first.
  const [defaultedTo, setDefaultedTo] = useState<IdsTiming | null>(null);
  if (proposed && proposed !== defaultedTo) {
    setDefaultedTo(proposed);
    if (!timing) {
      setTiming(proposed);
      // 1.97(d) needs the fee whatever the statement: tick it (the practitioner can still untick).
      if (proposed === '1.97(d)') setPayFee(true);
    }
  }

  const build = () => {
    // After the issue fee the server refuses any IDS (422 ids_after_issue_fee): send it so its
    // answer, with the routes that remain, is what the practitioner reads.
    if (!timing && serverWindow !== 'after_issue_fee') return 'Choose the timing of the statement.';
    if (timing === '1.97(d)' && (!statement || !payFee)) return 'A 1.97(d) statement needs both the 1.97(e) statement and the 1.17(p) fee.';
    if (timing === '1.97(c)' && !statement && !payFee) return 'A 1.97(c) statement needs the 1.97(e) statement or the 1.17(p) fee.';
    const listed = patents.length + publications.length + foreign.length + npl.length;
    if (listed === 0) return 'List at least one document.';
    return {
      type: 'ids' as const,
      application_number: applicationNumber,
      input: {
        ...(timing ? { timing } : {}),
        ...(timing !== '1.97(b)' && statement ? { statement } : {}),
        ...(timing !== '1.97(b)' && payFee ? { pay_fee_1_17_p: true } : {}),
        ...(patents.length ? { us_patents: patents.map(usDoc) } : {}),
        ...(publications.length ? { us_publications: publications.map(usDoc) } : {}),
        ...(foreign.length
          ? {
              foreign_documents: foreign.map((r) => ({
                ...usDoc(r),
                country_code: r.country_code.trim().toUpperCase(),
                translation_attached: r.translation_attached,
              })),
            }
          : {}),
        ...(npl.length ? { non_patent_literature: npl.map((r) => ({ citation: r.citation.trim(), translation_attached: r.translation_attached })) } : {}),
        ...(deposit.trim() ? { deposit_account: deposit.trim() } : {}),
      },
    };
  };

  return (
    <ExportForm applicationNumber={applicationNumber} type="ids" noun="Prepare the IDS" build={build} hideUsptoFees>
      <section aria-labelledby="ids-timing-h" className="space-y-3">
        <h3 id="ids-timing-h" className="text-base font-semibold text-slate-900">
          Timing (37 CFR 1.97)
        </h3>
        {server.isPending ? (
          <Loading label="Reading the docket's dates…" />
        ) : server.error ? (
          <ErrorState error={server.error} retry={() => server.refetch()} />
        ) : (
          <TimingWindow t={server.data} />
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Timing of the statement"
            value={timing}
            onChange={(e) => setTiming(e.target.value as IdsTiming)}
            hint={timing ? HINTS[timing] : undefined}
          >
            <option value="">Choose…</option>
            <option value="1.97(b)">1.97(b): before the first action on the merits</option>
            <option value="1.97(c)">1.97(c): before a final action or allowance</option>
            <option value="1.97(d)">1.97(d): before the issue fee is paid</option>
          </SelectField>
          {timing && proposed && timing !== proposed ? (
            <p role="status" className="self-center text-sm text-amber-900">
              The docket puts this IDS in {proposed}; the server will refuse {timing}.
            </p>
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
            <TextField
              label="Deposit account (for the fee)"
              hint="Leave empty to use the one in your practitioner profile (Settings)."
              value={deposit}
              onChange={(e) => setDeposit(e.target.value)}
            />
          </div>
        ) : null}
      </section>

      <RowList
        legend="U.S. patents"
        addLabel="Add a U.S. patent"
        rows={patents}
        setRows={setPatents}
        blank={blankUs}
        render={(r, u) => <UsFields row={r} update={u} label="Patent" />}
      />
      <RowList
        legend="U.S. patent application publications"
        addLabel="Add a U.S. publication"
        rows={publications}
        setRows={setPublications}
        blank={blankUs}
        render={(r, u) => <UsFields row={r} update={u} label="Publication" />}
      />
      <RowList
        legend="Foreign patent documents"
        addLabel="Add a foreign document"
        rows={foreign}
        setRows={setForeign}
        blank={blankForeign}
        render={(r, u) => (
          <>
            <TextField
              label="Country code"
              value={r.country_code}
              maxLength={2}
              onChange={(e) => u({ country_code: e.target.value })}
              hint="Two letters, e.g. EP, JP"
              required
            />
            <UsFields row={r} update={u} label="Document" />
            <label className="flex items-center gap-2 self-center text-sm">
              <input type="checkbox" checked={r.translation_attached} onChange={(e) => u({ translation_attached: e.target.checked })} /> English translation
              attached
            </label>
          </>
        )}
      />
      <RowList
        legend="Non-patent literature"
        addLabel="Add non-patent literature"
        rows={npl}
        setRows={setNpl}
        blank={() => ({ citation: '', translation_attached: false })}
        render={(r, u) => (
          <>
            <div className="sm:col-span-2 lg:col-span-3">
              <TextArea
                label="Citation"
                rows={2}
                value={r.citation}
                onChange={(e) => u({ citation: e.target.value })}
                hint="Author, title, publication, date, pages"
                required
              />
            </div>
            <label className="flex items-center gap-2 self-center text-sm">
              <input type="checkbox" checked={r.translation_attached} onChange={(e) => u({ translation_attached: e.target.checked })} /> English translation
              attached
            </label>
          </>
        )}
      />
    </ExportForm>
  );
}
