import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useMe } from '../api/auth.ts';
import { SIGN_REASON, WRITE_REASON, useCan } from '../api/permissions.ts';
import {
  useJob,
  usePlan,
  usePreview,
  useSetArgument,
  useSetClaimText,
  useSetElection,
  useSetGroundStrategy,
  useSetStrategy,
  useSubmitPlan,
  type GroundAnswer,
  type MarkedRun,
  type Plan,
  type PlanClaim,
  type PlanGround,
} from '../api/plans.ts';
import { SupportCheck } from '../file/SupportCheck.tsx';
import {
  AMENDING,
  STRATEGIES,
  answeredWords,
  argumentLabel,
  claimList,
  claimNeedWords,
  claimStatusWords,
  editErrorWords,
  electionWords,
  groundAnswerName,
  jobStateWords,
  paperKindWords,
  placesWords,
  restrictionGroupWords,
  strategyName,
} from '../response/words.ts';
import { Button } from '../ui/Button.tsx';
import { SelectField, TextArea, TextField } from '../ui/Field.tsx';
import { Badge, PageHeader, Section } from '../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../ui/States.tsx';
import { fmtBalance, fmtCredits, fmtDate, fmtAppNo } from '../ui/format.ts';
import { BuyCreditsLink } from '../ui/BuyCreditsLink.tsx';
import { withContentKeys, withOffsetKeys } from '../ui/content-keys.ts';

function Markup({ runs }: { runs: MarkedRun[] }) {
  return (
    <figure className="rounded-md border border-slate-300 bg-white p-3 font-serif text-sm leading-relaxed" aria-label="Claim with 37 CFR 1.121(c) markup">
      {withOffsetKeys(runs, (r) => r.text).map(({ item: r, key }) =>
        r.mark === 'added' ? (
          <ins key={key} className="underline decoration-2">
            {r.text}
          </ins>
        ) : r.mark === 'deleted' ? (
          <del key={key} className="line-through">
            {r.text}
          </del>
        ) : r.mark === 'deleted_bracketed' ? (
          <span key={key}>[[{r.text}]]</span>
        ) : (
          <span key={key}>{r.text}</span>
        ),
      )}
    </figure>
  );
}

/** A refused edit or submission, in words for a person (the API's agent_suggestion is for assistants). */
function EditError({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof ApiError ? editErrorWords(error.code, error.message) : error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
      {text}
    </p>
  );
}

export default function ResponseWizard() {
  const { planId = '' } = useParams();
  const plan = usePlan(planId);
  // A viewer reads the plan: every field and save button is disabled at once (no `write`).
  const canWrite = useCan('write');
  if (plan.isPending) return <Loading />;
  if (plan.error) return <ErrorState error={plan.error} retry={() => plan.refetch()} />;
  const p = plan.data;
  const oa = p.office_action;
  const steps = stepsOf(p);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Response to the office action"
        description={
          <>
            Reply to the {paperKindWords(oa.kind)}
            {oa.mailing_date ? ` mailed ${fmtDate(oa.mailing_date)}` : ''} · application{' '}
            <Link className="font-semibold text-blue-800 underline" to={`/applications/${p.application_number}`}>
              {fmtAppNo(p.application_number)}
            </Link>{' '}
            ·{' '}
            <Link className="font-semibold text-blue-800 underline" to={`/analyses/${p.analysis_id}`}>
              the analysis
            </Link>{' '}
            · {p.status === 'submitted' ? <Badge tone="green">Submitted</Badge> : <Badge>Open</Badge>}
          </>
        }
      />
      {!canWrite ? <Notice>{WRITE_REASON}</Notice> : null}
      <fieldset disabled={!canWrite} className="m-0 min-w-0 border-0 p-0">
        <ol className="space-y-6">
          {steps.election ? (
            <li>
              <ElectionStep plan={p} steps={steps} />
            </li>
          ) : null}
          <li>
            <Grounds plan={p} steps={steps} />
          </li>
          <li>
            <Claims plan={p} steps={steps} />
          </li>
          <li>
            <Completeness plan={p} steps={steps} />
          </li>
          <li>
            <Submit plan={p} steps={steps} />
          </li>
        </ol>
      </fieldset>
    </div>
  );
}

/** The wizard's step numbers: a reply to a restriction requirement starts with the election. */
interface Steps {
  election: number | null;
  grounds: number;
  claims: number;
  check: number;
  submit: number;
}

function isRestriction(plan: Plan): boolean {
  return plan.office_action.kind === 'restriction' || plan.grounds.some((g) => g.kind === 'restriction');
}

function stepsOf(plan: Plan): Steps {
  const first = isRestriction(plan) ? 1 : 0;
  return { election: first ? 1 : null, grounds: first + 1, claims: first + 2, check: first + 3, submit: first + 4 };
}

/**
 * The election in reply to a restriction requirement (37 CFR 1.142-1.143): the group (and
 * species) to be examined, with traverse unless the practitioner unticks it. Without it the
 * response cannot be drafted (the server refuses; the submit step says so).
 */
function ElectionStep({ plan, steps }: { plan: Plan; steps: Steps }) {
  const set = useSetElection(plan.plan_id);
  const e = plan.election;
  const inventions = plan.restriction_groups.filter((g) => g.kind === 'invention');
  const species = plan.restriction_groups.filter((g) => g.kind === 'species');
  const [group, setGroup] = useState(e?.group ?? '');
  const [sp, setSp] = useState(e?.species ?? '');
  const [traverse, setTraverse] = useState(e?.traverse ?? true);
  useEffect(() => {
    setGroup(e?.group ?? '');
    setSp(e?.species ?? '');
    setTraverse(e?.traverse ?? true);
  }, [e?.group, e?.species, e?.traverse]);
  const open = plan.status === 'open';
  const unread = plan.restriction_groups.length === 0;
  const ready = unread ? !!(group.trim() || sp.trim()) : (!inventions.length || !!group) && (!species.length || !!sp);
  const dirty = !e || group !== (e.group ?? '') || sp !== (e.species ?? '') || traverse !== e.traverse;
  const restriction = plan.grounds.find((g) => g.kind === 'restriction');
  return (
    <Section
      id="step-election"
      title={`${steps.election}. Election`}
      description="A reply to a restriction requirement must elect the invention to be examined (37 CFR 1.143); the claims of the other groups are withdrawn."
    >
      <div className="space-y-4">
        {e ? (
          <Notice tone="success">{electionWords(e)}</Notice>
        ) : (
          <Notice tone="warning">No election has been made yet: the response cannot be drafted without one.</Notice>
        )}
        {unread ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Group elected, as the action labels it" value={group} disabled={!open} onChange={(ev) => setGroup(ev.target.value)} />
            <TextField label="Species elected, if one is required" value={sp} disabled={!open} onChange={(ev) => setSp(ev.target.value)} />
          </div>
        ) : null}
        {inventions.length ? (
          <fieldset className="space-y-2" disabled={!open}>
            <legend className="text-sm font-medium text-slate-800">Group to elect</legend>
            {inventions.map((g) => (
              <label key={g.label} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`group-${plan.plan_id}`}
                  className="mt-1"
                  value={g.label}
                  checked={group === g.label}
                  onChange={() => setGroup(g.label)}
                />
                <span>{restrictionGroupWords(g)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {species.length ? (
          <fieldset className="space-y-2" disabled={!open}>
            <legend className="text-sm font-medium text-slate-800">Species to elect</legend>
            {species.map((g) => (
              <label key={g.label} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`species-${plan.plan_id}`}
                  className="mt-1"
                  value={g.label}
                  checked={sp === g.label}
                  onChange={() => setSp(g.label)}
                />
                <span>{restrictionGroupWords(g)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div>
          <label className="flex items-start gap-2 text-sm font-medium">
            <input type="checkbox" className="mt-1" checked={traverse} disabled={!open} onChange={(ev) => setTraverse(ev.target.checked)} />
            <span>Elect with traverse (keeps the requirement open to reconsideration and to a petition, 37 CFR 1.143, 1.144)</span>
          </label>
          <p className="mt-1 pl-6 text-sm text-slate-700">
            {traverse
              ? `Write the reasons for traversing in step ${steps.grounds}, in the box under ${restriction ? `the ${restriction.title.charAt(0).toLowerCase()}${restriction.title.slice(1)}` : 'the restriction requirement'}; without them the election is treated as made without traverse.`
              : 'Without traverse, the right to petition the requirement is given up (37 CFR 1.144).'}
          </p>
        </div>
        {open ? (
          <div className="flex items-center gap-3">
            <Button
              disabled={!ready || !dirty}
              busy={set.isPending}
              onClick={() => set.mutate({ group: group.trim() || null, species: sp.trim() || null, traverse })}
            >
              Save the election
            </Button>
          </div>
        ) : null}
        <EditError error={set.error} />
      </div>
    </Section>
  );
}

function Grounds({ plan, steps }: { plan: Plan; steps: Steps }) {
  return (
    <Section
      id="step-grounds"
      title={`${steps.grounds}. Grounds and arguments`}
      description="Every ground and objection of the action. Write your argument or reply on each one you traverse."
    >
      <ul className="space-y-4">
        {plan.grounds.map((g) => (
          <GroundItem key={g.ground_id} plan={plan} g={g} />
        ))}
      </ul>
    </Section>
  );
}

function GroundItem({ plan, g }: { plan: Plan; g: PlanGround }) {
  const set = useSetArgument(plan.plan_id);
  const [text, setText] = useState(g.argument?.text ?? '');
  useEffect(() => setText(g.argument?.text ?? ''), [g.argument?.text]);
  const dirty = text !== (g.argument?.text ?? '');
  const written = !!g.argument?.text.trim();
  const label = argumentLabel(g);
  const isReply = g.kind !== 'rejection';
  // Answered, with an empty box: say what answers it (an amendment, a cancellation, abeyance ...).
  const how = g.answered && !written ? answeredWords(g.answered_by ?? []) : '';
  return (
    <li className="rounded-md border border-slate-300 p-4" data-ground>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {g.title}{' '}
          {g.claims.length ? (
            <span className="font-normal text-slate-600">
              · {g.claims.length === 1 ? 'claim' : 'claims'} {claimList(g.claims)}
            </span>
          ) : null}
        </h3>
        {g.answered ? <Badge tone="green">Answered</Badge> : <Badge tone="amber">Not answered</Badge>}
      </div>
      {g.statement?.text ? (
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-sm text-slate-700">
          {g.statement.text.length > 400 ? `${g.statement.text.slice(0, 400)}…` : g.statement.text}
        </blockquote>
      ) : null}
      {how ? (
        <p className="mt-2 text-sm text-green-900">
          Answered without {isReply ? 'a reply' : 'an argument'}: {how}
        </p>
      ) : null}
      {!g.answered && g.unanswered_plain ? (
        <p className="mt-2 text-sm text-amber-900">
          Not answered yet: {lowerFirst(g.unanswered_plain)}
          {g.unanswered_plain.endsWith('.') ? '' : '.'}
        </p>
      ) : null}
      {plan.status === 'open' ? (
        <div className="mt-3 space-y-2">
          <TextArea label={label} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          <div className="flex items-center gap-3">
            <Button variant="secondary" disabled={!dirty} busy={set.isPending} onClick={() => set.mutate({ groundId: g.ground_id, text })}>
              {isReply ? 'Save reply' : 'Save argument'}
            </Button>
          </div>
          <EditError error={set.error} />
        </div>
      ) : g.argument ? (
        <p className="mt-2 text-sm whitespace-pre-wrap">{g.argument.text}</p>
      ) : null}
    </li>
  );
}

const lowerFirst = (t: string) => (t ? `${t[0]!.toLowerCase()}${t.slice(1)}` : t);

function Claims({ plan, steps }: { plan: Plan; steps: Steps }) {
  return (
    <Section
      id="step-claims"
      title={`${steps.claims}. Strategy per claim`}
      description="Defaults come from the analysis. Amending strategies open the claim editor with live 37 CFR 1.121 markup. A claim facing several grounds can answer each in its own way."
    >
      <ul className="space-y-4">
        {plan.claims.map((c) => (
          <ClaimItem key={c.claim_number} plan={plan} c={c} steps={steps} />
        ))}
      </ul>
    </Section>
  );
}

/** What claim `c` still needs, in words for the place it is shown. */
function claimNeeds(plan: Plan, c: PlanClaim, steps: Steps): string[] {
  const items = plan.completeness.missing.filter((m) => m.claim === c.claim_number);
  const said = new Set(items.map((m) => m.plain));
  const out = items.map((m) => claimNeedWords(m, plan.grounds, steps.grounds));
  // Notes that are not missing items (unexpected results outside obviousness, an election not yet made).
  for (const p of c.problems_plain ?? []) if (!said.has(p)) out.push(p);
  return [...new Set(out)];
}

/** A choice to make: the claim faces several grounds and one of its grounds can be answered otherwise than it is. */
function answersPerGround(c: PlanClaim): boolean {
  return c.grounds.length > 1 && c.ground_answers.some((a) => a.chosen !== null || a.choices.some((x) => x !== a.answer));
}

/**
 * One select per ground of rejection the claim faces (issue 19 item 5): the answer follows the
 * claim's strategy unless one is chosen for the ground; only the answers that can answer the
 * ground and fit the claim's strategy are offered (the server's `choices`).
 */
function GroundAnswers({ plan, c, groundsStep }: { plan: Plan; c: PlanClaim; groundsStep: number }) {
  const set = useSetGroundStrategy(plan.plan_id);
  const open = plan.status === 'open';
  return (
    <fieldset className="mt-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Answer to each ground of rejection</legend>
      <div className="grid gap-3 lg:grid-cols-2">
        {c.ground_answers.map((a) => (
          <GroundAnswerSelect
            key={a.ground_id}
            plan={plan}
            c={c}
            a={a}
            groundsStep={groundsStep}
            disabled={!open || set.isPending}
            onChange={(strategy) => set.mutate({ claim: c.claim_number, groundId: a.ground_id, strategy })}
          />
        ))}
      </div>
      <EditError error={set.error} />
    </fieldset>
  );
}

function GroundAnswerSelect({
  plan,
  c,
  a,
  groundsStep,
  disabled,
  onChange,
}: {
  plan: Plan;
  c: PlanClaim;
  a: GroundAnswer;
  groundsStep: number;
  disabled: boolean;
  onChange: (strategy: string | null) => void;
}) {
  const g = plan.grounds.find((x) => x.ground_id === a.ground_id);
  const title = g ? `${g.title.charAt(0).toLowerCase()}${g.title.slice(1)}` : 'this ground';
  // Argued although the claim itself is not (a clarifying amendment facing the art, or a choice): the argument is still to write.
  const unargued = (a.answer === 'argue_distinction' || a.answer === 'argue_unexpected_results') && !g?.argument?.text.trim() && c.strategy !== a.answer;
  const hint = [a.chosen ? 'Chosen for this ground.' : null, unargued ? `Write the argument on it in step ${groundsStep}.` : null].filter(Boolean).join(' ');
  return (
    <SelectField
      label={`Claim ${c.claim_number}: answer to the ${title}`}
      value={a.chosen ?? ''}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value || null)}
      hint={hint || undefined}
    >
      {/* Followed, the answer is what the claim's strategy implies (the server's `answer`); chosen, that is not known here. */}
      <option value="">
        {a.chosen === null ? `As the claim's strategy implies: ${groundAnswerName(a.answer).toLowerCase()}` : "As the claim's strategy implies"}
      </option>
      {a.choices.map((code) => (
        <option key={code} value={code}>
          {groundAnswerName(code)}
        </option>
      ))}
    </SelectField>
  );
}

function ClaimItem({ plan, c, steps }: { plan: Plan; c: PlanClaim; steps: Steps }) {
  const setStrategy = useSetStrategy(plan.plan_id);
  const setText = useSetClaimText(plan.plan_id);
  const saveText = setText.mutate;
  const [original, setOriginal] = useState(c.original_text ?? '');
  const [amended, setAmended] = useState(c.amended_text ?? c.original_text ?? '');
  useEffect(() => {
    setOriginal(c.original_text ?? '');
  }, [c.original_text]);
  const amending = !!c.strategy && AMENDING.has(c.strategy);
  const open = plan.status === 'open';
  const needs = claimNeeds(plan, c, steps);

  // Live markup: the server computes it (one vocabulary with the document), debounced.
  useEffect(() => {
    if (!amending || !open || !original.trim() || !amended.trim()) return;
    if (amended === (c.amended_text ?? '') && original === (c.original_text ?? '')) return;
    const t = setTimeout(() => saveText({ claim: c.claim_number, text: amended, original_text: original }), 400);
    return () => clearTimeout(t);
    // The plan's own texts are dependencies too: once a save comes back they equal the boxes and
    // the guard above stops (mutate is stable across renders).
  }, [amended, original, amending, open, c.amended_text, c.original_text, c.claim_number, saveText]);

  return (
    <li className="rounded-md border border-slate-300 p-4" id={`claim-${c.claim_number}`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="font-semibold">
          Claim {c.claim_number}{' '}
          <span className="font-normal text-slate-600">
            · {claimStatusWords(c.status)}
            {c.independent ? ' · independent' : ''}
          </span>
        </h3>
        {c.carried_out ? <Badge tone="green">Ready</Badge> : <Badge tone="amber">Needs work</Badge>}
      </div>
      <div className="mt-2 max-w-sm">
        <SelectField
          label={`Strategy for claim ${c.claim_number}`}
          value={c.strategy ?? ''}
          disabled={!open || setStrategy.isPending}
          onChange={(e) => setStrategy.mutate({ claim: c.claim_number, strategy: e.target.value })}
        >
          {c.strategy ? null : <option value="">Choose…</option>}
          {STRATEGIES.map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectField>
        {c.strategy_source === 'election' ? (
          <p className="mt-1 text-xs text-slate-600">Set by the election: {c.strategy === 'elect' ? 'examined' : 'withdrawn from consideration'}.</p>
        ) : c.recommendation && c.recommendation !== c.strategy ? (
          <p className="mt-1 text-xs text-slate-600">The analysis recommends: {strategyName(c.recommendation)}.</p>
        ) : null}
      </div>
      <EditError error={setStrategy.error} />
      {answersPerGround(c) ? <GroundAnswers plan={plan} c={c} groundsStep={steps.grounds} /> : null}
      {amending ? (
        <div className="mt-3 grid gap-3 lg:grid-cols-2">
          <TextArea label={`Claim ${c.claim_number} as it stands`} rows={5} value={original} disabled={!open} onChange={(e) => setOriginal(e.target.value)} />
          <TextArea label={`Claim ${c.claim_number} as amended`} rows={5} value={amended} disabled={!open} onChange={(e) => setAmended(e.target.value)} />
          <div className="lg:col-span-2" aria-live="polite">
            <p className="mb-1 text-sm font-medium text-slate-800">
              Markup (additions underlined, deletions struck through) {setText.isPending ? <span className="text-slate-600">updating…</span> : null}
            </p>
            {c.markup ? (
              <Markup runs={c.markup.runs} />
            ) : (
              <p className="text-sm text-slate-600">Enter the claim as it stands and as amended to see the markup.</p>
            )}
            <EditError error={setText.error} />
          </div>
          {c.markup && !c.markup.unchanged ? (
            <div className="lg:col-span-2">
              <SupportCheck claimNumber={c.claim_number} runs={c.markup.runs} applicationNumber={plan.application_number} analysisId={plan.analysis_id} />
            </div>
          ) : null}
        </div>
      ) : null}
      {needs.length ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-amber-900">
          {withContentKeys(needs, (p) => p).map(({ item: p, key }) => (
            <li key={key}>{p}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Completeness({ plan, steps }: { plan: Plan; steps: Steps }) {
  const c = plan.completeness;
  // Each unanswered ground once, in words; the claims' own items are shown beside each claim (step 2).
  const general = c.missing.filter((m) => m.claim === undefined);
  const claims = [...new Set(c.missing.filter((m) => m.claim !== undefined).map((m) => m.claim!))];
  const unanswered = plan.grounds.filter((g) => !g.answered).length;
  return (
    <Section
      id="step-check"
      title={`${steps.check}. Completeness check`}
      description="37 CFR 1.111(b): the reply must answer every ground of rejection and objection."
    >
      {c.complete ? (
        <Notice tone="success">Every ground and objection is answered.</Notice>
      ) : (
        <>
          <Notice tone="warning">
            {[
              unanswered ? `${unanswered} of ${plan.grounds.length} grounds and objections ${unanswered === 1 ? 'is' : 'are'} not answered yet` : null,
              claims.length
                ? `${claims.length === 1 ? 'claim' : 'claims'} ${claimList(claims)} ${claims.length === 1 ? 'needs' : 'need'} your text or another strategy`
                : null,
            ]
              .filter(Boolean)
              .map((t, i) => (i === 0 ? `${t![0]!.toUpperCase()}${t!.slice(1)}` : t))
              .join('; ')}
            .
          </Notice>
          {general.length || claims.length ? (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
              {withContentKeys(general, (m) => m.plain ?? m.message).map(({ item: m, key }) => (
                <li key={key}>{m.plain ?? 'An item of the reply is still missing.'}</li>
              ))}
              {claims.length ? (
                <li>
                  {claims.length === 1 ? 'Claim' : 'Claims'} {claimList(claims)}: see what each needs under it in{' '}
                  <a className="font-semibold text-blue-800 underline" href="#step-claims">
                    step {steps.claims}
                  </a>
                  .
                </li>
              ) : null}
            </ul>
          ) : null}
        </>
      )}
      {c.warnings_plain?.length ? (
        <ul className="mt-3 list-disc pl-5 text-sm text-slate-700">
          {withContentKeys(c.warnings_plain, (w) => w).map(({ item: w, key }) => (
            <li key={key}>{w}</li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function Submit({ plan, steps }: { plan: Plan; steps: Steps }) {
  const preview = usePreview(plan.plan_id, plan.version);
  const submit = useSubmitPlan(plan.plan_id);
  const me = useMe();
  // Submitting drafts a paper to be signed: a paralegal prepares the plan, a practitioner or owner submits it.
  const canSign = useCan('sign');
  const [acceptIncomplete, setAcceptIncomplete] = useState(false);
  // The action's text may not state its mailing date (an excerpt); the server then takes it from
  // the application's record, else asks for it.
  const [mailed, setMailed] = useState('');
  const [idemKey] = useState(() => crypto.randomUUID());
  const jobId = plan.draft_job?.job_id ?? submit.data?.job_id ?? null;
  const job = useJob(jobId);
  const insufficient = submit.error instanceof ApiError && submit.error.status === 402;
  const price = preview.data ? fmtCredits(preview.data.price_to_submit) : null;
  const needsElection = steps.election !== null && !plan.election;

  return (
    <Section id="step-submit" title={`${steps.submit}. Price and submit`} description="Submitting drafts the response as a Word document (a billed job).">
      {preview.data ? (
        <div className="space-y-1 text-sm">
          <p>
            Price: <strong>{price} credits</strong>
          </p>
          <p data-places={preview.data.placeholders_total}>
            {placesWords(preview.data.placeholders_total, preview.data.placeholders_source, plan.status === 'submitted')}
          </p>
        </div>
      ) : preview.error ? (
        <EditError error={preview.error} />
      ) : (
        <Loading label="Pricing…" />
      )}
      {plan.status === 'open' && !jobId && !canSign ? (
        <p className="mt-3 text-sm text-slate-800" data-needs="sign">
          {SIGN_REASON} The plan above is kept for one of them to submit.
        </p>
      ) : plan.status === 'open' && !jobId ? (
        <div className="mt-3 space-y-3">
          {needsElection ? (
            <Notice tone="warning">
              Make the election in{' '}
              <a className="font-semibold underline" href="#step-election">
                step {steps.election}
              </a>{' '}
              first: a reply to a restriction requirement must elect (37 CFR 1.143), so it cannot be drafted without one.
            </Notice>
          ) : null}
          {!plan.office_action.mailing_date ? (
            <div className="max-w-xs">
              <TextField
                label="Mailing date of the office action"
                type="date"
                value={mailed}
                onChange={(e) => setMailed(e.target.value)}
                hint="Its text does not state it. Leave it empty if the action is recorded on the application's page."
              />
            </div>
          ) : null}
          {!plan.completeness.complete ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={acceptIncomplete} onChange={(e) => setAcceptIncomplete(e.target.checked)} /> Draft it anyway with the unanswered
              items marked
            </label>
          ) : null}
          <Button
            busy={submit.isPending}
            disabled={needsElection || (!plan.completeness.complete && !acceptIncomplete)}
            onClick={() =>
              submit.mutate(
                { accept_incomplete: acceptIncomplete, ...(mailed ? { office_action_date: mailed } : {}), idempotencyKey: idemKey },
                { onError: () => void me.refetch() },
              )
            }
          >
            Submit and draft ({price ?? '…'} credits)
          </Button>
          {insufficient ? (
            <Notice tone="warning">
              <p className="font-semibold">Not enough credits.</p>
              <p>
                Drafting the response costs {price ?? '49.00'} credits{me.data ? `; your balance is ${fmtBalance(me.data.credits.balance)}` : ''}.{' '}
                <BuyCreditsLink />: after paying you come back to this page, with your choices kept, to submit again.
              </p>
            </Notice>
          ) : (
            <EditError error={submit.error} />
          )}
        </div>
      ) : null}
      {jobId ? (
        <div className="mt-3 text-sm" aria-live="polite">
          {!job.data ? (
            <Loading label="Starting the draft…" />
          ) : job.data.status === 'complete' ? (
            <p>
              <Badge tone="green">Complete</Badge>{' '}
              <a className="ml-2 font-semibold text-blue-800 underline" href={job.data.download_url}>
                Download {job.data.filename ?? 'the response (.docx)'}
              </a>
            </p>
          ) : job.data.status === 'failed' ? (
            <ErrorState error={new Error(job.data.error_message ?? 'The draft failed; the charge was refunded.')} />
          ) : (
            <div>
              <p>
                Drafting… {jobStateWords(job.data)}
                {typeof job.data.progress === 'number' ? ` (${job.data.progress}%)` : ''}
              </p>
              <progress className="mt-1 w-full max-w-sm" max={100} value={job.data.progress ?? undefined} aria-label="Draft progress" />
            </div>
          )}
        </div>
      ) : null}
    </Section>
  );
}
