import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAnalysesList, useAnalyze, useAnalyzeQuote, useCorrespondenceText } from '../api/analyses.ts';
import type { Paper } from '../api/applications.ts';
import { WRITE_REASON, useCan } from '../api/permissions.ts';
import {
  useApplication,
  useApplicationDeadlines,
  useApplicationHistory,
  useCorrespondence,
  useExtractOfficeActionText,
  useRecordOfficeAction,
  useResponsePlans,
  type RecordOfficeAction,
} from '../api/applications.ts';
import { FileSection } from '../file/FileSection.tsx';
import { MatterAndFees } from '../docket/MatterAndFees.tsx';
import { ResponsiblePractitioner } from '../docket/ResponsiblePractitioner.tsx';
import { FORM_KIND_INFO } from '../forms/kinds.ts';
import { paperKindWords } from '../response/words.ts';
import { Button } from '../ui/Button.tsx';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { Badge, PageHeader, Section } from '../ui/Layout.tsx';
import { Empty, ErrorState, Loading, Notice } from '../ui/States.tsx';
import { fmtBalance, fmtCredits, fmtDate, fmtDateTime, fmtAppNo } from '../ui/format.ts';
import { withContentKeys } from '../ui/content-keys.ts';

/** Where the entity status of the application's fees comes from, in a few words. */
const ENTITY_SOURCE = { request: 'as requested', docket: 'your docket entry', uspto: 'USPTO record', account: 'your default' } as const;

export default function Application() {
  const { number = '' } = useParams();
  // A viewer reads the application: recording, uploading and analyzing are not offered (no `write`).
  const canWrite = useCan('write');
  const app = useApplication(number);
  if (app.isPending) return <Loading />;
  if (app.error) return <ErrorState error={app.error} retry={() => app.refetch()} />;
  if (!app.data)
    return (
      <>
        <PageHeader title={number} />
        <Empty title="Application not found">No published application has this number, and it is not on your docket.</Empty>
      </>
    );
  const a = app.data;
  return (
    <div className="space-y-6">
      <PageHeader title={fmtAppNo(a.application_number)} description={a.invention_title ?? undefined} />
      <Section id="biblio-h" title="Bibliographic data">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {[
            {
              term: 'Status',
              value: (
                <>
                  {a.status} {a.private ? <Badge>Private</Badge> : null}
                </>
              ),
            },
            { term: 'USPTO status', value: a.status_description ?? '—' },
            { term: 'Filing date', value: fmtDate(a.filing_date) },
            {
              term: 'Examiner',
              value: a.examiner_name ? (
                <Link className="text-blue-800 underline" to={`/examiners/${encodeURIComponent(a.examiner_name)}?art_unit=${a.current_art_unit}`}>
                  {a.examiner_name}
                </Link>
              ) : (
                '—'
              ),
            },
            { term: 'Art unit', value: a.current_art_unit || '—' },
            { term: 'Patent number', value: a.patent_number ?? '—' },
            { term: 'Fees are for', value: `${a.entity_size} entity (${ENTITY_SOURCE[a.entity_size_source]})` },
          ].map(({ term, value }) => (
            <div key={term}>
              <dt className="font-medium text-slate-700">{term}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      {a.docket_entry_id ? (
        <MatterAndFees
          entryId={a.docket_entry_id}
          recordDocketNumber={typeof a.attorney_docket_number === 'string' ? a.attorney_docket_number : null}
          recordEntity={a.entity_status ?? null}
          isPrivate={a.private}
        />
      ) : null}
      {a.docket_entry_id ? <ResponsiblePractitioner entryId={a.docket_entry_id} /> : null}
      <Deadlines number={a.application_number} />
      {a.docket_entry_id && !canWrite ? (
        <Notice>{WRITE_REASON}</Notice>
      ) : a.docket_entry_id ? (
        <RecordAction number={a.application_number} docketEntryId={a.docket_entry_id} />
      ) : (
        <Notice>Add this application to your docket to record office actions for it and keep its file.</Notice>
      )}
      {a.docket_entry_id ? <FileSection entryId={a.docket_entry_id} applicationNumber={a.application_number} /> : null}
      <Plans number={a.application_number} />
      {a.docket_entry_id ? <FormsLinks number={a.application_number} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Papers number={a.application_number} />
        <History number={a.application_number} />
      </div>
    </div>
  );
}

function Deadlines({ number }: { number: string }) {
  const d = useApplicationDeadlines(number);
  return (
    <Section id="deadlines-h" title="Deadlines">
      {d.isPending ? (
        <Loading />
      ) : d.error ? (
        <ErrorState error={d.error} />
      ) : !d.data.calculation ? (
        <Empty title="No response is pending" />
      ) : (
        <div className="space-y-3 text-sm">
          <p>
            Reply to the {paperKindWords(d.data.calculation.action)} mailed {fmtDate(d.data.calculation.mailing_date)} is due{' '}
            <strong>{fmtDate(d.data.calculation.response_deadline)}</strong>
            {d.data.calculation.ssp_due && d.data.calculation.ssp_due !== d.data.calculation.ssp_due_effective
              ? ` (nominally ${fmtDate(d.data.calculation.ssp_due)}, rolled to the next business day)`
              : ''}
            ; the last possible day is <strong>{fmtDate(d.data.calculation.critical_deadline_date)}</strong>.
          </p>
          {d.data.calculation.extensions.length > 0 ? (
            <table className="w-full max-w-xl text-left">
              <caption className="mb-1 text-left font-medium text-slate-800">Extension options (37 CFR 1.136(a)), fees for a {d.data.entity} entity</caption>
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Months
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Nominal
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Effective
                  </th>
                  <th scope="col" className="py-1">
                    Fee
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.data.calculation.extensions.map((e) => (
                  <tr key={e.months} className="border-b border-slate-200">
                    <td className="py-1 pr-3">{e.months}</td>
                    <td className="py-1 pr-3">{fmtDate(e.due)}</td>
                    <td className="py-1 pr-3">{fmtDate(e.due_effective)}</td>
                    <td className="py-1">{e.fee_for_entity ? `$${e.fee_for_entity}` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>This period cannot be extended.</p>
          )}
          {Array.isArray(d.data.calculation.citations) && d.data.calculation.citations.length > 0 ? (
            <details className="rounded-md border border-slate-300 p-3">
              <summary className="cursor-pointer font-medium text-slate-800">
                How these dates were computed ({d.data.calculation.citations.length} steps with their authority)
              </summary>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
                {withContentKeys(d.data.calculation.citations, (c) => `${c.rule} ${c.text}`).map(({ item: c, key }) => (
                  <li key={key}>
                    <span className="font-medium">{c.rule}</span>: {c.text}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      )}
    </Section>
  );
}

function RecordAction({ number, docketEntryId }: { number: string; docketEntryId: string }) {
  const record = useRecordOfficeAction(number);
  const [kind, setKind] = useState<RecordOfficeAction['kind']>('CTNF');
  const [mailingDate, setMailingDate] = useState('');
  const [text, setText] = useState('');
  const [fileNote, setFileNote] = useState<string | null>(null);
  // The text in the box came from OCR of a scan: its confidence (sent with the text) and warning.
  const [ocr, setOcr] = useState<{ confidence: number; warning: string } | null>(null);

  const extract = useExtractOfficeActionText();
  const onFile = (f: File | undefined) => {
    if (!f) return;
    setFileNote(null);
    setOcr(null);
    extract.mutate(f, {
      onSuccess: (r) => {
        setText(r.text);
        if (r.text_source === 'ocr' && r.ocr_confidence !== null)
          setOcr({
            confidence: r.ocr_confidence,
            warning:
              r.warnings.find((w) => w.startsWith('Text read by OCR')) ??
              `Text read by OCR (confidence ${r.ocr_confidence}%): check quotations against the original.`,
          });
        setFileNote(
          `Read ${r.characters.toLocaleString('en-US')} characters from ${r.filename}${r.pages ? ` (${r.pages} page${r.pages > 1 ? 's' : ''})` : ''}. Check the text before recording.`,
        );
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    record.mutate(
      { docketEntryId, kind, mailing_date: mailingDate, text: text || undefined, ocr_confidence: text && ocr ? ocr.confidence : undefined },
      {
        onSuccess: () => {
          setText('');
          setFileNote(null);
          setOcr(null);
        },
      },
    );
  };
  return (
    <Section id="record-h" title="Record an office action" description="Its deadlines go live at once for your account; the paper stays private to you.">
      <form onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as RecordOfficeAction['kind'])}>
            <option value="CTNF">Non-final rejection (CTNF)</option>
            <option value="CTFR">Final rejection (CTFR)</option>
            <option value="CTRS">Restriction requirement (CTRS)</option>
            <option value="CTEQ">Ex parte Quayle (CTEQ)</option>
            <option value="NOA">Notice of allowance (NOA)</option>
          </SelectField>
          <TextField label="Mailing date" type="date" required value={mailingDate} onChange={(e) => setMailingDate(e.target.value)} />
        </div>
        <TextArea
          label="Text of the action (optional)"
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint="Paste the text, or upload the action as .txt, .docx or .pdf below."
        />
        <div className="space-y-1">
          <label htmlFor="oa-file" className="block text-sm font-medium text-slate-800">
            Upload the action (.txt, .docx or .pdf)
          </label>
          <input
            id="oa-file"
            type="file"
            accept=".txt,.docx,.pdf,text/plain,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            className="text-sm"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {extract.isPending ? <Loading label="Reading the file…" /> : null}
          {extract.error ? <ErrorState error={extract.error} /> : null}
          <p className="text-xs text-slate-700" aria-live="polite">
            {fileNote ?? ''}
          </p>
          {ocr ? <Notice tone="warning">{ocr.warning}</Notice> : null}
        </div>
        {record.error ? <ErrorState error={record.error} /> : null}
        {record.isSuccess ? <Notice tone="success">The office action was recorded; deadlines are updated.</Notice> : null}
        <Button type="submit" busy={record.isPending} disabled={!mailingDate}>
          Record office action
        </Button>
      </form>
    </Section>
  );
}

function FormsLinks({ number }: { number: string }) {
  return (
    <Section id="forms-h" title="Forms" description="Prepared from this application's docket data; each shows its price before you submit.">
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {FORM_KIND_INFO.map((k) => (
          <li key={k.id}>
            <Link className="font-semibold text-blue-800 underline" to={`/forms?${new URLSearchParams({ application: number, form: k.id }).toString()}`}>
              {k.title}
            </Link>{' '}
            <span className="text-slate-600">· {k.description}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Plans({ number }: { number: string }) {
  const plans = useResponsePlans(number);
  const analyses = useAnalysesList();
  const mine = (analyses.data?.analyses ?? []).filter((x) => x.application_number === number);
  return (
    <Section id="plans-h" title="Analyses and responses">
      {analyses.isPending || plans.isPending ? (
        <Loading />
      ) : analyses.error ? (
        <ErrorState error={analyses.error} />
      ) : plans.error ? (
        <ErrorState error={plans.error} />
      ) : mine.length === 0 && plans.data.response_plans.length === 0 ? (
        <Empty title="No analyses yet">Analyze an office action from the correspondence list.</Empty>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {mine.map((x) => (
            <li key={x.analysis_id} className="py-2">
              <Link className="font-semibold text-blue-800 underline" to={`/analyses/${x.analysis_id}`}>
                Analysis of the {paperKindWords(x.rejection_type)}
              </Link>{' '}
              · {fmtDateTime(x.created_at)} ·{' '}
              <Link
                className="text-blue-800 underline"
                to={`/analyses/${x.analysis_id}?view=chart`}
                aria-label={`Claim chart of the ${paperKindWords(x.rejection_type)} analysed ${fmtDateTime(x.created_at)}`}
              >
                claim chart
              </Link>
            </li>
          ))}
          {plans.data.response_plans.map((p) => (
            <li key={p.plan_id} className="py-2">
              <Link className="font-semibold text-blue-800 underline" to={`/responses/${p.plan_id}`}>
                Response
              </Link>{' '}
              · {p.status === 'submitted' ? <Badge tone="green">Submitted</Badge> : <Badge>Open</Badge>} · updated {fmtDateTime(p.updated_at)}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Papers({ number }: { number: string }) {
  const c = useCorrespondence(number);
  const [analyzing, setAnalyzing] = useState<Paper | null>(null);
  const canWrite = useCan('write');
  return (
    <Section id="papers-h" title="Correspondence">
      {c.isPending ? (
        <Loading />
      ) : c.error ? (
        <ErrorState error={c.error} />
      ) : c.data.correspondence.length === 0 ? (
        <Empty title="No papers" />
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {c.data.correspondence.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{fmtDate(p.mailing_date)}</span> · {p.description ?? p.document_code}{' '}
                {p.recorded_by_account ? <Badge tone="blue">Recorded by you</Badge> : null}
              </span>
              {p.has_text && p.office_action_type && canWrite ? (
                <Button
                  variant="secondary"
                  aria-label={`Analyze the ${p.description ?? p.document_code} of ${fmtDate(p.mailing_date)}`}
                  onClick={() => setAnalyzing(p)}
                >
                  Analyze
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {analyzing ? <AnalyzePaper number={number} paper={analyzing} onCancel={() => setAnalyzing(null)} /> : null}
    </Section>
  );
}

function AnalyzePaper({ number, paper, onCancel }: { number: string; paper: Paper; onCancel: () => void }) {
  const fetchText = useCorrespondenceText(paper.id);
  const analyze = useAnalyze();
  const navigate = useNavigate();
  const type = paper.office_action_type ?? 'CTNF';
  const text = fetchText.data?.full_text ?? null;
  const quote = useAnalyzeQuote(text, type);
  // In this order: a failed or empty text read is said, never left as "Pricing" (the quote waits
  // for the text and stays pending without it).
  return (
    <section className="mt-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm" aria-label="Analyze this office action">
      {fetchText.isPending ? (
        <Loading label="Pricing the analysis…" />
      ) : fetchText.error ? (
        <ErrorState error={fetchText.error} />
      ) : !text ? (
        <p>No text of this paper is held, so it cannot be analyzed here: record the action again with its text.</p>
      ) : quote.isPending ? (
        <Loading label="Pricing the analysis…" />
      ) : quote.error ? (
        <ErrorState error={quote.error} />
      ) : quote.data ? (
        <>
          <p>
            Analyzing this action costs about <strong>{fmtCredits(quote.data.total)} credits</strong> (billed by tokens); your balance after:{' '}
            {fmtBalance(quote.data.balance_after)}.
          </p>
          <div className="mt-2 flex gap-2">
            <Button
              busy={analyze.isPending}
              onClick={() =>
                analyze.mutate(
                  { application_number: number, office_action_text: text!, office_action_type: type },
                  { onSuccess: (a) => navigate(`/analyses/${a.analysis_id}`) },
                )
              }
            >
              Analyze ({fmtCredits(quote.data.total)} credits)
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
          {analyze.error ? <ErrorState error={analyze.error} /> : null}
        </>
      ) : null}
    </section>
  );
}

function History({ number }: { number: string }) {
  const h = useApplicationHistory(number);
  return (
    <Section id="history-h" title="Prosecution history">
      {h.isPending ? (
        <Loading />
      ) : h.error ? (
        <ErrorState error={h.error} />
      ) : h.data.events.length === 0 ? (
        <Empty title="No events" />
      ) : (
        <ol className="divide-y divide-slate-200 text-sm">
          {withContentKeys(h.data.events, (e) => `${e.date} ${e.code} ${e.description}`).map(({ item: e, key }) => (
            <li key={key} className="py-2">
              <span className="font-medium">{fmtDate(e.date)}</span> · {e.description} <span className="text-slate-600">({e.code})</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
