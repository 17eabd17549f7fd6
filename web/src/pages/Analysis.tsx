import { Fragment, useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { useAnalysis, useAnalysisText, type ClaimAnalysis } from '../api/analyses.ts';
import { useStartPlan } from '../api/plans.ts';
import { useCan } from '../api/permissions.ts';
import { ClaimChartView } from '../chart/ClaimChartView.tsx';
import { Button } from '../ui/Button.tsx';
import { Badge, PageHeader, Section } from '../ui/Layout.tsx';
import { ErrorState, Loading } from '../ui/States.tsx';
import { fmtCredits, fmtDateTime, fmtAppNo } from '../ui/format.ts';
import { claimStatusWords, paperKindWords, strategyName, words } from '../response/words.ts';
import { withContentKeys } from '../ui/content-keys.ts';

interface Mark {
  start: number;
  end: number;
  id: string;
  claims: number[];
  finding: string;
}

/** Evidence spans as non-overlapping marks (a span overlapping an earlier one joins it). */
function buildMarks(claims: ClaimAnalysis[], textLength: number): Mark[] {
  const all = claims
    .flatMap((c) => (c.evidence ?? []).map((e) => ({ ...e.span, claim: c.claim_number, finding: e.finding })))
    .filter((s) => s.start >= 0 && s.end <= textLength && s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const marks: Mark[] = [];
  for (const s of all) {
    const last = marks[marks.length - 1];
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      if (!last.claims.includes(s.claim)) last.claims.push(s.claim);
      continue;
    }
    marks.push({ start: s.start, end: s.end, id: `ev-${marks.length + 1}`, claims: [s.claim], finding: s.finding });
  }
  return marks;
}

/** The recommended strategy in words ("Amend to narrow"), never its code. */
function strategyLabel(c: ClaimAnalysis): string {
  const s = c.strategy;
  const code = !s ? c.recommendation : typeof s === 'string' ? s : (s.code ?? c.recommendation);
  return strategyName(code);
}

/** "35 U.S.C. 103" from "103", "double patenting" from "DP": the basis of a claim's rejection. */
function basisLabel(basis: string): string {
  if (!basis) return '—';
  if (basis === 'DP') return 'Double patenting';
  return basis
    .split(/[,;/]\s*/)
    .map((b) => (/^\d{3}/.test(b) ? `35 U.S.C. ${b}` : words(b)))
    .join('; ');
}

export default function AnalysisPage() {
  const { id = '' } = useParams();
  const analysis = useAnalysis(id);
  const text = useAnalysisText(id);
  const start = useStartPlan();
  // Starting a response plan is a change (`write`): a viewer reads the analysis only.
  const canWrite = useCan('write');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'chart' ? 'chart' : 'findings';
  const marks = useMemo(() => (analysis.data && text.data ? buildMarks(analysis.data.claim_analyses, text.data.text.length) : []), [analysis.data, text.data]);
  const marksByClaim = useMemo(() => {
    const m = new Map<number, Mark[]>();
    for (const mark of marks) for (const c of mark.claims) m.set(c, [...(m.get(c) ?? []), mark]);
    return m;
  }, [marks]);

  if (analysis.isPending) return <Loading />;
  if (analysis.error) return <ErrorState error={analysis.error} retry={() => analysis.refetch()} />;
  const a = analysis.data;

  const segments: ReactNode[] = [];
  if (text.data) {
    let pos = 0;
    for (const m of marks) {
      if (m.start > pos) segments.push(<Fragment key={`t${pos}`}>{text.data.text.slice(pos, m.start)}</Fragment>);
      segments.push(
        <mark key={m.id} id={m.id} tabIndex={-1} className="rounded-sm bg-amber-200 text-slate-950 target:outline-2 target:outline-blue-700">
          {text.data.text.slice(m.start, m.end)}
          <span className="ml-1 align-super text-[0.65rem] font-semibold">
            {m.claims.map((c, i) => (
              <Fragment key={c}>
                {i ? ',' : ''}
                <a href={`#claim-${c}`} className="text-blue-900 underline" aria-label={`Claim ${c}`}>
                  {c}
                </a>
              </Fragment>
            ))}
          </span>
        </mark>,
      );
      pos = m.end;
    }
    segments.push(<Fragment key="tail">{text.data.text.slice(pos)}</Fragment>);
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Analysis of the ${paperKindWords(a.office_action?.kind?.kind ?? a.rejection_type)}`}
        description={
          <>
            Application{' '}
            <Link className="font-semibold text-blue-800 underline" to={`/applications/${a.application_number}`}>
              {fmtAppNo(a.application_number)}
            </Link>{' '}
            · analyzed {fmtDateTime(a.created_at)} · cost {fmtCredits(a.billing.cost)} credits ({a.billing.input_tokens.toLocaleString('en-US')} input and{' '}
            {a.billing.output_tokens.toLocaleString('en-US')} output tokens)
          </>
        }
        actions={
          !canWrite ? undefined : (
            <Button busy={start.isPending} onClick={() => start.mutate(a.analysis_id, { onSuccess: (p) => navigate(`/responses/${p.plan_id}`) })}>
              Prepare the response
            </Button>
          )
        }
      />
      {start.error ? <ErrorState error={start.error} /> : null}
      <Tabs.Root value={view} onValueChange={(v) => setParams(v === 'chart' ? { view: 'chart' } : {}, { replace: true })}>
        <Tabs.List aria-label="Views of the analysis" className="mb-6 flex gap-1 border-b border-slate-300">
          {(
            [
              ['findings', 'Findings'],
              ['chart', 'Claim chart'],
            ] as const
          ).map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:border-blue-800 data-[state=active]:text-blue-900"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="chart">
          <Section
            id="chart-h"
            title="Claim chart"
            description="Each rejected claim's limitations beside the examiner's words and the passages cited, from the claims and references in the application's file. Highlighted: the limitation's words found in the passage."
          >
            <ClaimChartView analysisId={a.analysis_id} applicationNumber={a.application_number} />
          </Section>
        </Tabs.Content>
        <Tabs.Content value="findings" className="space-y-6">
          {/* Grid items may shrink below their content (min-w-0): the claims table then scrolls in its own box instead of widening the page (533 px at a 390 px phone). */}
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2 [&>*]:min-w-0">
            <Section id="claims-h" title="Claims">
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (axe scrollable-region-focusable) */}
              <section className="relative overflow-x-auto" tabIndex={0} aria-label="Claims table (scrolls sideways)">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Claim-by-claim analysis</caption>
                  <thead className="border-b border-slate-300 text-slate-700">
                    <tr>
                      <th scope="col" className="py-2 pr-3">
                        Claim
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Status
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Basis
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Prior art
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Strategy
                      </th>
                      <th scope="col" className="py-2">
                        Evidence
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.claim_analyses.map((c) => (
                      <tr key={c.claim_number} id={`claim-${c.claim_number}`} className="border-b border-slate-200 align-top target:bg-blue-50">
                        <th scope="row" className="py-2 pr-3 font-semibold">
                          {c.claim_number}
                        </th>
                        <td className="py-2 pr-3">
                          <Badge tone={c.status === 'rejected' ? 'red' : c.status === 'allowed' || c.status === 'allowable' ? 'green' : 'amber'}>
                            {words(claimStatusWords(c.status))}
                          </Badge>
                        </td>
                        <td className="py-2 pr-3">{basisLabel(c.basis)}</td>
                        <td className="py-2 pr-3">{c.prior_art.length ? c.prior_art.join('; ') : '—'}</td>
                        <td className="py-2 pr-3">{strategyLabel(c)}</td>
                        <td className="py-2">
                          {(marksByClaim.get(c.claim_number) ?? []).map((m, i) => (
                            <a
                              key={m.id}
                              href={`#${m.id}`}
                              className="mr-2 text-blue-800 underline"
                              aria-label={`Evidence ${i + 1} for claim ${c.claim_number}: ${m.finding}`}
                            >
                              {i + 1}
                            </a>
                          ))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </Section>
            <Section
              id="text-h"
              title="The office action"
              description="Each highlighted passage is the evidence for a finding; its claim numbers link to the claim, and the claim's evidence numbers link here."
            >
              {text.isPending ? (
                <Loading />
              ) : text.error ? (
                <ErrorState error={text.error} />
              ) : (
                <section
                  className="max-h-[70vh] overflow-y-auto rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (axe scrollable-region-focusable)
                  tabIndex={0}
                  aria-label="Office action text"
                >
                  {segments}
                </section>
              )}
            </Section>
          </div>
          <Section
            id="glass-h"
            title="How this analysis was made"
            description="The glass box: which experts ran, how sure each was, and whether every citation was checked against the text."
          >
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="font-medium text-slate-700">Overall confidence</dt>
                <dd>{Math.round(a.glass_box.overall_confidence * 100)}%</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Citations verified</dt>
                <dd>{a.glass_box.citations_verified ? 'Yes: every evidence span matches the text' : 'No'}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Elapsed</dt>
                <dd>{a.glass_box.elapsed_seconds.toFixed(2)} s</dd>
              </div>
            </dl>
            <table className="mt-4 w-full max-w-2xl text-left text-sm">
              <caption className="mb-1 text-left font-medium">Experts</caption>
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Expert
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Version
                  </th>
                  <th scope="col" className="py-1">
                    Confidence
                  </th>
                </tr>
              </thead>
              <tbody>
                {a.glass_box.experts_invoked.map((e) => (
                  <tr key={e} className="border-b border-slate-200">
                    <td className="py-1 pr-3">{words(e)}</td>
                    <td className="py-1 pr-3">{a.glass_box.model_versions[e] ?? '—'}</td>
                    <td className="py-1">{a.glass_box.confidence_scores[e] !== undefined ? `${Math.round(a.glass_box.confidence_scores[e] * 100)}%` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {a.warnings?.length ? (
              <ul className="mt-3 list-disc pl-5 text-sm text-amber-900">
                {withContentKeys(a.warnings, (w) => (typeof w === 'string' ? w : w.message)).map(({ item: w, key }) => (
                  <li key={key}>{typeof w === 'string' ? w : w.message}</li>
                ))}
              </ul>
            ) : null}
          </Section>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
