import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useExaminerProfile, useExaminerSearch } from '../api/examiners.ts';
import { BarChart } from '../ui/BarChart.tsx';
import { TextField } from '../ui/Field.tsx';
import { PageHeader, Section } from '../ui/Layout.tsx';
import { Empty, ErrorState, Loading, Notice } from '../ui/States.tsx';
import { fmtDate } from '../ui/format.ts';

const pct = (v: number | null) => (v === null || v === undefined ? '—' : `${Math.round(v * 1000) / 10}%`);

export function ExaminerSearch() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const search = useExaminerSearch(q);
  return (
    <div>
      <PageHeader title="Examiners" description="Search by name or by a four-digit art unit." />
      <div className="max-w-md">
        <TextField
          label="Examiner name or art unit"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setParams(e.target.value ? { q: e.target.value } : {}, { replace: true });
          }}
        />
      </div>
      <div className="mt-4">
        {q.trim().length < 2 ? null : search.isPending ? (
          <Loading />
        ) : search.error ? (
          <ErrorState error={search.error} />
        ) : search.data.examiners.length === 0 ? (
          <Empty title="No examiner found" />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {search.data.examiners.map((e) => (
              <li key={`${e.examiner_name}-${e.art_unit}`} className="px-4 py-3 text-sm">
                <Link className="font-semibold text-blue-800 underline" to={`/examiners/${encodeURIComponent(e.examiner_name)}?art_unit=${e.art_unit}`}>
                  {e.examiner_name}
                </Link>
                <span className="text-slate-700">
                  {' '}
                  · art unit {e.art_units.join(', ')} · allowance {pct(e.allowance_rate)} · {e.total_cases_analyzed} disposed cases
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function ExaminerProfilePage() {
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const profile = useExaminerProfile(name, params.get('art_unit'));
  const p = profile.data;
  const rates = useMemo(
    () =>
      p
        ? {
            categories: ['Allowance rate', 'Interview success rate', 'Allowance without interview'],
            series: [
              { label: p.examiner_name, values: [p.allowance_rate, p.interview_success_rate, p.allowance_rate_without_interview], color: '#1e40af' },
              ...(p.art_unit_stats
                ? [
                    {
                      label: `Art unit ${p.art_unit_stats.art_unit}`,
                      values: [p.art_unit_stats.allowance_rate, p.art_unit_stats.interview_success_rate, p.art_unit_stats.allowance_rate_without_interview],
                      color: '#94a3b8',
                    },
                  ]
                : []),
            ],
          }
        : null,
    [p],
  );
  const bases = useMemo(() => {
    if (!p) return null;
    const all = [...new Set([...p.rejection_basis_counts.map((b) => b.basis), ...(p.art_unit_stats?.rejection_basis_counts ?? []).map((b) => b.basis)])];
    const get = (list: { basis: string; office_actions: number }[], b: string) => list.find((x) => x.basis === b)?.office_actions ?? 0;
    return {
      categories: all,
      series: [
        { label: p.examiner_name, values: all.map((b) => get(p.rejection_basis_counts, b)), color: '#1e40af' },
        ...(p.art_unit_stats
          ? [{ label: `Art unit ${p.art_unit_stats.art_unit}`, values: all.map((b) => get(p.art_unit_stats!.rejection_basis_counts, b)), color: '#94a3b8' }]
          : []),
      ],
    };
  }, [p]);

  if (profile.isPending) return <Loading />;
  if (profile.error) return <ErrorState error={profile.error} retry={() => profile.refetch()} />;
  if (!p)
    return (
      <>
        <PageHeader title={name} />
        <Empty title="Examiner not found">
          <Link className="font-semibold text-blue-800 underline" to="/examiners">
            Search examiners
          </Link>
        </Empty>
      </>
    );
  return (
    <div className="space-y-6">
      <PageHeader title={p.examiner_name} description={`Art unit ${p.art_units.join(', ')} · figures as of ${fmtDate(p.as_of)}`} />
      {p.sample_size_warning ? <Notice tone="warning">{p.sample_size_warning}</Notice> : null}
      {p.interview_rates_reason ? (
        <Notice tone="warning">{`No interview figures: ${p.interviewed_cases} decided case(s) with an applicant-initiated interview and ${p.not_interviewed_cases ?? p.total_cases_analyzed - p.interviewed_cases} without one; at least 10 of each are needed to compare allowance after an interview with allowance without.`}</Notice>
      ) : null}
      <Section id="figures-h" title="Profile">
        <dl className="grid gap-3 text-sm sm:grid-cols-3 lg:grid-cols-4">
          {[
            ['Allowance rate', pct(p.allowance_rate)],
            ['Actions to allowance (average)', p.avg_actions_to_allowance?.toFixed(1) ?? '—'],
            ['RCEs before allowance (average)', p.avg_rces_to_allowance?.toFixed(2) ?? '—'],
            ['Interview success rate', pct(p.interview_success_rate)],
            ['Interview lift', p.interview_lift === null ? '—' : `${p.interview_lift > 0 ? '+' : ''}${Math.round(p.interview_lift * 1000) / 10} points`],
            ['Disposed cases', String(p.total_cases_analyzed)],
            ['Allowed / abandoned', `${p.allowed_cases} / ${p.abandoned_cases}`],
            ['Cases with an applicant interview', String(p.interviewed_cases)],
            ['Pending cases', String(p.pending_cases)],
          ].map(([k, v]) => (
            <div key={k}>
              <dt className="font-medium text-slate-700">{k}</dt>
              <dd className="text-lg">{v}</dd>
            </div>
          ))}
        </dl>
      </Section>
      {rates ? (
        <Section id="rates-h" title="Examiner and art unit">
          <BarChart title="Rates: the examiner beside the art unit" categories={rates.categories} series={rates.series} format={pct} max={1} />
        </Section>
      ) : null}
      {bases?.categories.length ? (
        <Section id="bases-h" title="Rejection bases">
          <BarChart title="Office actions citing each basis" categories={bases.categories} series={bases.series} format={(v) => String(v ?? 0)} />
        </Section>
      ) : null}
      <Section id="defs-h" title="Definitions">
        <dl className="space-y-2 text-sm text-slate-700">
          <div>
            <dt className="inline font-medium text-slate-900">Allowance rate: </dt>
            <dd className="inline">allowed applications over disposed ones (allowed plus abandoned); pending applications are not counted.</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-900">Interview success rate: </dt>
            <dd className="inline">
              the allowance rate of disposed applications with an interview the applicant asked for, held before the decision (an examiner's own call does not
              count); shown only with at least 10 decided cases with and 10 without one.
            </dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-900">Interview lift: </dt>
            <dd className="inline">interview success rate minus the allowance rate of disposed applications without an interview, in percentage points.</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-900">Actions to allowance: </dt>
            <dd className="inline">rejections (non-final and final) mailed before the notice of allowance, across RCEs, averaged over allowed applications.</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-900">RCEs before allowance: </dt>
            <dd className="inline">requests for continued examination filed before the notice of allowance, averaged over allowed applications.</dd>
          </div>
        </dl>
      </Section>
    </div>
  );
}
