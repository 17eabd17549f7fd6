import { Link, useSearchParams } from 'react-router';
import { useDocket } from '../api/docket.ts';
import { FORM_KINDS } from '../forms/registry.ts';
import { SelectField } from '../ui/Field.tsx';
import { PageHeader, Section } from '../ui/Layout.tsx';
import { Empty, ErrorState, Loading } from '../ui/States.tsx';
import { fmtAppNo } from '../ui/format.ts';

/** /forms?application=…&form=…: pick an application on the docket and a form, fill, price, submit. */
export default function Forms() {
  const [params, setParams] = useSearchParams();
  const docket = useDocket();
  const application = params.get('application') ?? '';
  const kind = FORM_KINDS.find((k) => k.id === params.get('form')) ?? FORM_KINDS[0]!;
  const set = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const Form = kind.component;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Forms"
        description="Patent-office papers built as Word documents. Each shows its price before you submit; the charge is refunded if the document fails."
      />
      {docket.isPending ? (
        <Loading label="Loading your docket…" />
      ) : docket.error ? (
        <ErrorState error={docket.error} retry={() => docket.refetch()} />
      ) : docket.data.entries.length === 0 ? (
        <Empty title="Your docket is empty">
          Forms are prepared for an application on your docket.{' '}
          <Link className="font-semibold text-blue-800 underline" to="/docket">
            Add an application
          </Link>{' '}
          first.
        </Empty>
      ) : (
        <>
          <div className="max-w-md">
            <SelectField label="Application" value={application} onChange={(e) => set({ application: e.target.value })}>
              <option value="">Choose an application…</option>
              {docket.data.entries.map((e) => (
                <option key={e.id} value={e.application.application_number}>
                  {fmtAppNo(e.application.application_number)}
                  {e.client_matter ? ` (${e.client_matter})` : ''}
                  {e.application.invention_title ? ` · ${e.application.invention_title.slice(0, 60)}` : ''}
                </option>
              ))}
            </SelectField>
          </div>
          <nav aria-label="Form kinds">
            <ul className="flex flex-wrap gap-2">
              {FORM_KINDS.map((k) => (
                <li key={k.id}>
                  <Link
                    to={`?${new URLSearchParams({ ...(application ? { application } : {}), form: k.id }).toString()}`}
                    replace
                    aria-current={k.id === kind.id ? 'page' : undefined}
                    className={`inline-block rounded-md border px-3 py-1.5 text-sm font-medium ${k.id === kind.id ? 'border-blue-800 bg-blue-100 text-blue-950' : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-100'}`}
                  >
                    {k.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Section id="form-h" title={kind.title} description={kind.description}>
            {application ? (
              <Form key={`${kind.id}-${application}`} applicationNumber={application} />
            ) : (
              <Empty title="Choose an application">The form is filled from its docket data: filing date, office actions, deadlines.</Empty>
            )}
          </Section>
        </>
      )}
    </div>
  );
}
