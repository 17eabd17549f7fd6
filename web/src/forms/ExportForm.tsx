import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { useExportQuote, useSubmitExport, type ExportRequest, type ExportType, type UsptoFeeQuoted } from '../api/forms.ts';
import { useJob } from '../api/plans.ts';
import { SIGN_REASON, useCan } from '../api/permissions.ts';
import { Button } from '../ui/Button.tsx';
import { Badge } from '../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../ui/States.tsx';
import { fmtBalance, fmtCredits, fmtUsd } from '../ui/format.ts';
import { fieldMessage, forPeople, jobStateWords } from '../response/words.ts';
import { BuyCreditsLink } from '../ui/BuyCreditsLink.tsx';
import { withContentKeys } from '../ui/content-keys.ts';

/**
 * The shared half of every form page: the price before submitting (POST /api/quote), the submit
 * (POST /api/exports, the job API the MCP forms tools use), the server's errors as it sent them
 * (400 field list, 402 with the billing page, 409 when the docket does not allow the paper now,
 * 422 when the server's rule refuses it, any other code with its suggestion), then live job
 * progress and the download link. Beside Prosa's price, the USPTO fees the paper carries for the
 * application's entity status (the quote's `uspto_fees`): they are paid to the USPTO, not in credits.
 * A form supplies only its fields and `build`, which returns the request body or a sentence
 * saying what is still missing.
 */
export function ExportForm({
  type,
  form,
  applicationNumber,
  noun,
  build,
  children,
  hideUsptoFees = false,
}: {
  type: ExportType;
  /** The application the paper is for: the USPTO fees shown are for its entity status. */
  applicationNumber?: string;
  /** For type form: which form (POST /api/quote names its USPTO fees). */
  form?: string;
  /** The IDS shows its 1.17(p) fee from the server's timing window instead. */
  hideUsptoFees?: boolean;
  /** What the document is called on the button: "Prepare the IDS". */
  noun: string;
  build: () => ExportRequest | string;
  children: ReactNode;
}) {
  const quote = useExportQuote(type, form, applicationNumber);
  const submit = useSubmitExport();
  // POST /api/exports needs `sign` (the papers carry a signature): other roles see the price, not the button.
  const canSign = useCan('sign');
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  // One idempotency key per distinct body: a double click or a retry after a network error is
  // charged once; changing the form and submitting again is a new document.
  const [keyed, setKeyed] = useState<{ json: string; key: string } | null>(null);
  const job = useJob(jobId);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSign) return;
    const body = build();
    if (typeof body === 'string') {
      setProblem(body);
      return;
    }
    setProblem(null);
    const json = JSON.stringify(body);
    const key = keyed?.json === json ? keyed.key : crypto.randomUUID();
    if (keyed?.json !== json) setKeyed({ json, key });
    submit.mutate({ body, idempotencyKey: key }, { onSuccess: (r) => setJobId(r.job_id) });
  };

  const reset = () => {
    setJobId(null);
    setKeyed(null);
    submit.reset();
  };

  const price = quote.data ? fmtCredits(quote.data.total) : null;
  return (
    // Any edit clears "what is still missing": it described the form as it was at the last submit.
    <form onSubmit={onSubmit} onChange={() => problem && setProblem(null)} className="space-y-5" noValidate>
      {children}
      <div className="space-y-3 border-t border-slate-200 pt-4">
        <div aria-live="polite" className="text-sm">
          {quote.isPending ? (
            <Loading label="Pricing…" />
          ) : quote.error ? (
            <ErrorState error={quote.error} retry={() => quote.refetch()} />
          ) : (
            <p>
              Price: <strong>{price} credits</strong> · your balance {fmtBalance(quote.data.balance)}, after: {fmtBalance(quote.data.balance_after)}
              {quote.data.covers_prepaid_items ? null : <span className="text-amber-900"> · not enough credits</span>}
            </p>
          )}
          {!hideUsptoFees && quote.data?.uspto_fees?.length ? <UsptoFees fees={quote.data.uspto_fees} /> : null}
        </div>
        {problem ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            {problem}
          </div>
        ) : null}
        <SubmitError error={submit.error} price={price} balance={quote.data?.balance ?? null} />
        {jobId ? null : !canSign ? (
          <p className="text-sm text-slate-800" data-needs="sign">
            {SIGN_REASON}
          </p>
        ) : (
          <Button type="submit" busy={submit.isPending}>
            {noun} ({price ?? '…'} credits)
          </Button>
        )}
        {jobId ? <JobProgress job={job.data} error={job.error} onAnother={reset} /> : null}
      </div>
    </form>
  );
}

/** The USPTO's own fees the paper carries, beside Prosa's price (amount null: not in Prosa's table). */
function UsptoFees({ fees }: { fees: UsptoFeeQuoted[] }) {
  return (
    <div className="mt-1">
      <p>USPTO fee{fees.length > 1 ? 's' : ''} the paper carries for this application's entity status, paid to the USPTO (not in credits):</p>
      <ul className="list-disc pl-5">
        {withContentKeys(fees, (f) => `${f.citation} ${f.title}`).map(({ item: f, key }) => (
          <li key={key}>
            {f.title} ({f.citation}): <strong>{f.amount === null ? "amount not in Prosa's fee table for today" : fmtUsd(f.amount)}</strong>
            {f.when ? `, ${f.when}` : ''}
            {f.verified === false && f.amount !== null ? ' (amount not yet verified against the USPTO fee schedule: check it before filing)' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A refusal the server explains: what it said (a leading field name in words), and what to do
 * when its suggestion is written for a person (one naming API calls or fields is for assistants).
 */
function Refusal({ title, error }: { title: string; error: ApiError }) {
  const suggestion = error.suggestion && forPeople(error.suggestion) ? error.suggestion : null;
  return (
    // The code stays in the API: kept as an attribute for scripts and tests, never shown.
    <div role="alert" data-error-code={error.code} className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{fieldMessage(error.message)}</p>
      {suggestion ? <p className="mt-1">{suggestion}</p> : null}
      {/* A refusal before charging: say so unless the server's own words already do. */}
      {/nothing (was|is) charged/i.test(`${error.message} ${suggestion ?? ''}`) ? null : <p className="mt-1 text-xs text-red-800">Nothing was charged.</p>}
    </div>
  );
}

/** The server's error, as it sent it: field problems listed, a 402 pointing to billing, 409/422 explained. */
function SubmitError({ error, price, balance }: { error: unknown; price?: string | null; balance?: string | null }) {
  if (!error) return null;
  // 409: the docket does not allow this paper now (prosecution not closed, no notice of allowance,
  // claims not twice rejected, period expired). 422: the IDS timing of 37 CFR 1.97 refuses it.
  if (error instanceof ApiError && error.status === 409) return <Refusal title="The docket does not allow this paper now." error={error} />;
  if (error instanceof ApiError && error.status === 422) {
    const title =
      error.code === 'ids_after_issue_fee'
        ? 'The issue fee is paid: an IDS is no longer considered under 37 CFR 1.97.'
        : error.code === 'ids_timing_mismatch'
          ? 'The IDS does not fit the 37 CFR 1.97 window of the docket.'
          : 'The server refused the paper.';
    return <Refusal title={title} error={error} />;
  }
  if (error instanceof ApiError && error.status === 402) {
    return (
      <Notice tone="warning">
        <p className="font-semibold">Not enough credits.</p>
        <p>
          {price ? `It costs ${price} credits` : 'It costs more credits than you have'}
          {price && balance ? `; your balance is ${fmtBalance(balance)}` : ''}. <BuyCreditsLink />: after paying you come back to this page to submit again.
        </p>
      </Notice>
    );
  }
  if (error instanceof ApiError && error.status === 400 && error.code === 'validation_error') {
    // The error handler joins "field: problem" pairs with "; " (src/http/plugins/errors.ts).
    const items = error.message.split('; ');
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
        <p className="font-medium">The server refused the form; correct {items.length === 1 ? 'this field' : 'these fields'}:</p>
        <ul className="mt-1 list-disc pl-5">
          {withContentKeys(items, (m) => fieldMessage(m)).map(({ item: m, key }) => (
            <li key={key}>{fieldMessage(m)}</li>
          ))}
        </ul>
      </div>
    );
  }
  return <ErrorState error={error} />;
}

function JobProgress({ job, error, onAnother }: { job: ReturnType<typeof useJob>['data']; error: unknown; onAnother: () => void }) {
  return (
    <div className="space-y-2 text-sm" aria-live="polite">
      {error ? (
        <ErrorState error={error} />
      ) : !job ? (
        <Loading label="Starting…" />
      ) : job.status === 'complete' ? (
        <p>
          <Badge tone="green">Complete</Badge>{' '}
          <a className="ml-2 font-semibold text-blue-800 underline" href={job.download_url}>
            Download {job.filename ?? 'the document (.docx)'}
          </a>
        </p>
      ) : job.status === 'failed' ? (
        <ErrorState error={new Error(job.error_message ?? 'The document failed; the charge was refunded.')} />
      ) : (
        <div>
          <p>
            Preparing… {jobStateWords(job)}
            {typeof job.progress === 'number' ? ` (${job.progress}%)` : ''}
          </p>
          <progress className="mt-1 w-full max-w-sm" max={100} value={job.progress ?? undefined} aria-label="Document progress" />
        </div>
      )}
      {job && (job.status === 'complete' || job.status === 'failed') ? (
        <Button variant="secondary" onClick={onAnother}>
          Prepare another
        </Button>
      ) : null}
    </div>
  );
}
