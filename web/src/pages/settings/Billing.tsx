import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../../src/domain/safe-next-path.ts';
import { useMe } from '../../api/auth.ts';
import { useBilling, useConfirmCheckout, usePurchases, useStartCheckout } from '../../api/billing.ts';
import { creditsPage, matterReportCsvUrl, useCredits, useMatterReport, type LedgerEntry } from '../../api/credits.ts';
import { downloadText, toCsv } from '../../api/csv.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../ui/States.tsx';
import { fmtBalance, fmtCredits, fmtDateTime } from '../../ui/format.ts';

export default function Billing() {
  const me = useMe();
  const billing = useBilling();
  const [params, setParams] = useSearchParams();
  const checkoutState = params.get('checkout');
  const sessionId = params.get('session_id');
  const confirm = useConfirmCheckout();
  const confirmed = useRef(false);
  const navigate = useNavigate();
  // The page that needed the credits (a draft, a form): carried through Stripe and back.
  const nextParam = params.get('next');
  const next = nextParam && safeNextPath(nextParam) !== '/' ? safeNextPath(nextParam) : null;

  useEffect(() => {
    if (checkoutState === 'success' && sessionId && !confirmed.current) {
      confirmed.current = true;
      confirm.mutate(sessionId, {
        onSuccess: (r) => {
          if (r.credited && next) void navigate(next, { replace: true });
        },
      });
    }
  }, [checkoutState, sessionId, confirm, next, navigate]);

  // Top-ups and the matter report are the owner's (firm roles, issue 22).
  const canBill = me.data?.member?.permissions.includes('billing') ?? true;
  return (
    <>
      <Section id="balance-h" title="Billing" description="Credits pay for analyses (by tokens) and documents (a response is 49.00 credits).">
        <p className="text-sm text-slate-700">Balance</p>
        <p className="text-3xl font-semibold" data-testid="balance">
          {fmtBalance(me.data?.credits.balance)} credits
        </p>
        {checkoutState === 'success' ? (
          <div className="mt-4">
            {confirm.isPending ? (
              <Loading label="Confirming your payment…" />
            ) : confirm.error ? (
              <ErrorState error={confirm.error} />
            ) : confirm.data ? (
              confirm.data.credited ? (
                <Notice tone="success">Payment received: your credits were added.</Notice>
              ) : (
                <Notice tone="warning">Your payment is being processed; credits are added as soon as Stripe confirms it.</Notice>
              )
            ) : null}
          </div>
        ) : checkoutState === 'cancelled' ? (
          <div className="mt-4">
            <Notice tone="warning">
              Checkout was cancelled; nothing was charged.{' '}
              <button type="button" className="font-semibold underline" onClick={() => setParams({})}>
                Dismiss
              </button>
            </Notice>
          </div>
        ) : next ? (
          <div className="mt-4">
            <Notice>
              After paying you come back to{' '}
              <Link className="font-semibold underline" to={next}>
                the page you were on
              </Link>
              .
            </Notice>
          </div>
        ) : null}
        {checkoutState && next && !(checkoutState === 'success' && confirm.data?.credited) ? (
          <p className="mt-2 text-sm">
            <Link className="font-semibold text-blue-800 underline" to={next}>
              Back to the page you were on
            </Link>
          </p>
        ) : null}
      </Section>
      {!canBill ? (
        <Section id="buy-h" title="Buy credits">
          <Notice tone="info">
            Only an owner of the firm can buy credits, set the spending cap and read the matter report. Your role: {me.data?.member?.role}.
          </Notice>
        </Section>
      ) : billing.isPending ? (
        <Loading />
      ) : billing.error ? (
        <ErrorState error={billing.error} retry={() => billing.refetch()} />
      ) : billing.data.configured ? (
        <BuyCredits next={next} />
      ) : (
        <Section id="buy-h" title="Buy credits">
          <Notice tone="warning">
            <p className="font-semibold">Top-ups are not configured on this server.</p>
            <p className="mt-1">{billing.data.not_configured_message}</p>
          </Notice>
        </Section>
      )}
      <Purchases />
      {canBill ? <MatterReportSection /> : null}
      <Ledger />
    </>
  );
}

function BuyCredits({ next }: { next: string | null }) {
  const billing = useBilling();
  const start = useStartCheckout();
  const [amount, setAmount] = useState('');
  const info = billing.data!;
  const go = (body: { package_id: string } | { amount: number }) =>
    start.mutate(next ? { ...body, next } : body, { onSuccess: (r) => window.location.assign(r.url) });
  const submitCustom = (e: FormEvent) => {
    e.preventDefault();
    go({ amount: Number(amount) });
  };
  return (
    <Section id="buy-h" title="Buy credits" description="Paid securely with Stripe Checkout. Prices in US dollars.">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {info.packages.map((p) => (
          <li key={p.id} className="flex flex-col rounded-lg border border-slate-300 p-4">
            <p className="text-2xl font-semibold">${fmtCredits(p.price)}</p>
            <p className="text-sm text-slate-700">{fmtCredits(p.credits)} credits</p>
            {Number(p.bonus) > 0 ? (
              <p className="mt-1">
                <Badge tone="green">+{fmtCredits(p.bonus)} bonus</Badge>
              </p>
            ) : (
              <p className="mt-1 text-xs text-slate-600">No bonus</p>
            )}
            <Button
              className="mt-3"
              onClick={() => go({ package_id: p.id })}
              busy={start.isPending && (start.variables as { package_id?: string })?.package_id === p.id}
              aria-label={`Buy ${fmtCredits(p.credits)} credits for $${fmtCredits(p.price)}`}
            >
              Buy
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submitCustom} className="mt-5 flex max-w-md flex-wrap items-end gap-3">
        <div className="min-w-40 flex-1">
          <TextField
            label="Custom amount (USD)"
            type="number"
            inputMode="decimal"
            min={Number(info.custom.min)}
            max={Number(info.custom.max)}
            step="1"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={`Credits 1:1 with dollars, $${fmtCredits(info.custom.min)} to $${fmtCredits(info.custom.max)}.`}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!amount}>
          Buy {amount ? `${fmtCredits(amount)} credits` : 'credits'}
        </Button>
      </form>
      {start.error ? (
        <div className="mt-3">
          <ErrorState error={start.error} />
        </div>
      ) : null}
    </Section>
  );
}

function Purchases() {
  const purchases = usePurchases();
  if (purchases.isPending) return null;
  if (purchases.error) return <ErrorState error={purchases.error} />;
  if (purchases.data.purchases.length === 0) return null;
  return (
    <Section id="purchases-h" title="Purchases">
      <ul className="divide-y divide-slate-200 text-sm">
        {purchases.data.purchases.map((p) => (
          <li key={p.session_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {fmtDateTime(p.created_at)} · ${fmtCredits(p.amount)} → {fmtCredits(p.credits)} credits
            </span>
            <span className="flex items-center gap-2">
              {p.status === 'credited' ? (
                <Badge tone="green">Credited</Badge>
              ) : p.status === 'open' ? (
                <Badge tone="amber">Awaiting payment</Badge>
              ) : (
                <Badge>Expired</Badge>
              )}
              {p.receipt_url ? (
                <a
                  className="font-semibold text-blue-800 underline"
                  href={p.receipt_url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Receipt for the purchase of ${fmtDateTime(p.created_at)} (opens Stripe in a new tab)`}
                >
                  Receipt
                </a>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Ledger() {
  const ledger = useCredits();
  const [exporting, setExporting] = useState(false);
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all: LedgerEntry[] = [];
      let before: string | null = null;
      do {
        const page = await creditsPage(before, 200);
        all.push(...page.entries);
        before = page.next_cursor;
      } while (before && all.length < 50_000);
      downloadText(
        'prosa-credits.csv',
        toCsv([
          ['id', 'created_at', 'kind', 'description', 'amount', 'balance_after', 'reference', 'application_number', 'client_matter', 'member'],
          ...all.map((e) => [
            e.id,
            e.created_at,
            e.kind,
            e.description,
            e.amount,
            e.balance_after,
            e.reference,
            e.application_number,
            e.client_matter,
            e.member ? (e.member.name ?? e.member.email) : null,
          ]),
        ]),
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <Section
      id="ledger-h"
      title="Credit history"
      actions={
        <Button variant="secondary" onClick={exportCsv} busy={exporting}>
          Export CSV
        </Button>
      }
    >
      {ledger.isPending ? (
        <Loading />
      ) : ledger.error ? (
        <ErrorState error={ledger.error} />
      ) : entries.length === 0 ? (
        <Empty title="No credit movements yet" />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
        <section className="relative overflow-x-auto" tabIndex={0} aria-label="Credit history (scrolls sideways)">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Credit ledger, newest first</caption>
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  What
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Amount
                </th>
                <th scope="col" className="py-2 text-right">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-slate-200">
                  <td className="py-2 pr-3 whitespace-nowrap">{fmtDateTime(e.created_at)}</td>
                  <td className="py-2 pr-3">
                    {e.description}
                    {e.application_number ? (
                      <span className="block text-slate-600">
                        {e.application_number}
                        {e.client_matter ? ` · matter ${e.client_matter}` : ''}
                      </span>
                    ) : null}
                    {e.member ? <span className="block text-slate-600">by {e.member.name ?? e.member.email}</span> : null}
                  </td>
                  <td className={`py-2 pr-3 text-right tabular-nums ${e.amount.startsWith('-') ? 'text-red-800' : 'text-green-800'}`}>
                    {e.amount.startsWith('-') ? '' : '+'}
                    {fmtCredits(e.amount)}
                  </td>
                  <td className="py-2 text-right tabular-nums">{fmtBalance(e.balance_after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {ledger.hasNextPage ? (
            <Button variant="secondary" className="mt-3" onClick={() => ledger.fetchNextPage()} busy={ledger.isFetchingNextPage}>
              Load older entries
            </Button>
          ) : null}
        </section>
      )}
    </Section>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Usage per application and client matter over a date range, to bill it back to clients (issue 22 part 3). */
function MatterReportSection() {
  const today = isoDay(new Date());
  const monthStart = `${today.slice(0, 8)}01`;
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const [range, setRange] = useState<{ from: string; to: string } | null>({ from: monthStart, to: today });
  const report = useMatterReport(range);
  const show = (e: FormEvent) => {
    e.preventDefault();
    setRange({ from, to });
  };
  const rows = report.data?.rows ?? [];
  return (
    <Section
      id="matters-h"
      title="Usage by client matter"
      description="Analyses, drafts and the credits they used, per application and client matter, over a date range (UTC days, inclusive)."
    >
      <form onSubmit={show} aria-label="Report range" className="mb-4 flex flex-wrap items-end gap-3">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        <Button type="submit">Show report</Button>
        {range ? (
          <a
            className="inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
            href={matterReportCsvUrl(range.from, range.to)}
            download
          >
            Download CSV
          </a>
        ) : null}
      </form>
      {report.isPending ? (
        <Loading />
      ) : report.error ? (
        <ErrorState error={report.error} retry={() => report.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title="No usage in this range" />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
        <section className="relative overflow-x-auto" tabIndex={0} aria-label="Matter usage table (scrolls sideways)">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Usage per application and client matter, {report.data!.from} to {report.data!.to}
            </caption>
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Client matter
                </th>
                <th scope="col" className="py-2 pr-3">
                  Application
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Analyses
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Drafts
                </th>
                <th scope="col" className="py-2 text-right">
                  Credits used
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.application_number} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3">{r.client_matter ?? <span className="text-slate-600">None</span>}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{r.application_number}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.analyses}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.drafts}</td>
                  <td className="py-2 text-right tabular-nums">{fmtCredits(r.credits_used)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" colSpan={2} className="py-2 pr-3">
                  Total
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{report.data!.totals.analyses}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{report.data!.totals.drafts}</td>
                <td className="py-2 text-right tabular-nums">{fmtCredits(report.data!.totals.credits_used)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
      )}
    </Section>
  );
}
