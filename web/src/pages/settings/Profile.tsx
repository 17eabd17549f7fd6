import { useEffect, useState, type FormEvent } from 'react';
import { useMe } from '../../api/auth.ts';
import { useUpdateAccount } from '../../api/account.ts';
import { useChangePassword, useEmailVerification, useRequestPasswordReset, useSendVerification } from '../../api/password.ts';
import { useIdentities, useSignInProviders, useUnlinkIdentity } from '../../api/identities.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { fmtDateTime } from '../../ui/format.ts';
import { linkHref, signInErrorText } from '../ThirdPartySignIn.tsx';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../ui/States.tsx';

export default function Profile() {
  return (
    <>
      <ProfileForm />
      <EmailSection />
      <PasswordSection />
      <LinkedSignIns />
    </>
  );
}

function ProfileForm() {
  const me = useMe();
  const update = useUpdateAccount();
  const account = me.data?.account;
  const [name, setName] = useState('');
  const [firm, setFirm] = useState('');
  const [entity, setEntity] = useState<'large' | 'small' | 'micro'>('large');

  useEffect(() => {
    if (!account) return;
    setName(account.display_name ?? '');
    setFirm(account.firm_name ?? '');
    setEntity(account.entity_size);
  }, [account]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ display_name: name, firm_name: firm, entity_size: entity });
  };
  return (
    <Section id="profile-h" title="Profile" description={`Signed in as ${account?.email ?? ''}.`}>
      <form onSubmit={submit} className="max-w-md space-y-4">
        <TextField
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            update.reset();
          }}
        />
        <TextField
          label="Firm"
          autoComplete="organization"
          value={firm}
          onChange={(e) => {
            setFirm(e.target.value);
            update.reset();
          }}
        />
        <SelectField
          label="Default entity size"
          value={entity}
          onChange={(e) => {
            setEntity(e.target.value as typeof entity);
            update.reset();
          }}
          hint="For USPTO fees of applications whose own entity status is unknown: an application's docket entry, then its USPTO record, come first (37 CFR 1.27, 1.29)."
        >
          <option value="large">Large entity</option>
          <option value="small">Small entity</option>
          <option value="micro">Micro entity</option>
        </SelectField>
        {update.error ? <ErrorState error={update.error} /> : null}
        {update.isSuccess ? <Notice tone="success">Saved.</Notice> : null}
        <Button type="submit" busy={update.isPending}>
          Save profile
        </Button>
      </form>
    </Section>
  );
}

function EmailSection() {
  const state = useEmailVerification();
  const send = useSendVerification();
  return (
    <Section id="email-h" title="E-mail address">
      {state.data ? (
        <div className="space-y-3 text-sm">
          <p>
            {state.data.email} {state.data.verified ? <Badge tone="green">Confirmed</Badge> : <Badge tone="amber">Not confirmed</Badge>}
          </p>
          {!state.data.verified ? (
            <Button variant="secondary" busy={send.isPending} onClick={() => send.mutate()}>
              Send confirmation link
            </Button>
          ) : null}
          {send.isSuccess ? <Notice tone="success">A confirmation link was sent to {state.data.email}.</Notice> : null}
          {send.error ? <ErrorState error={send.error} /> : null}
        </div>
      ) : state.error ? (
        <ErrorState error={state.error} />
      ) : null}
    </Section>
  );
}

function PasswordSection() {
  const identities = useIdentities();
  if (identities.data && !identities.data.has_password) return <SetPasswordSection />;
  return <ChangePasswordSection />;
}

/** A password-less account (created through Google or Microsoft) sets one through the reset link. */
function SetPasswordSection() {
  const me = useMe();
  const reset = useRequestPasswordReset();
  const email = me.data?.account.email ?? '';
  return (
    <Section id="password-h" title="Password" description="This account has no password: it signs in through a linked provider below.">
      <div className="space-y-3 text-sm">
        <p>To also sign in with your e-mail address and a password, we send a link to {email} where you choose one.</p>
        <Button variant="secondary" busy={reset.isPending} onClick={() => reset.mutate(email)}>
          Send a link to set a password
        </Button>
        {reset.isSuccess ? <Notice tone="success">A link to set your password was sent to {email}.</Notice> : null}
        {reset.error ? <ErrorState error={reset.error} /> : null}
      </div>
    </Section>
  );
}

/** Google or Microsoft identities linked to the account: list, link another, remove. */
function LinkedSignIns() {
  const identities = useIdentities();
  const providers = useSignInProviders();
  const unlink = useUnlinkIdentity();
  const [params] = useSearchParams();
  const linked = params.get('identity_linked');
  const failed = params.get('sign_in_error');
  const configured = providers.data?.providers ?? [];
  const list = identities.data?.identities ?? [];
  const canRemove = (identities.data?.has_password ?? false) || list.length > 1;
  if (configured.length === 0 && list.length === 0) return null;
  return (
    <Section
      id="identities-h"
      title="Linked sign-ins"
      description={`Accounts at ${[...new Set([...configured.map((p) => p.name), ...list.map((i) => i.provider_name)])].join(' or ')} that sign you in to this Prosa account without a password.`}
    >
      <div className="space-y-4 text-sm">
        {linked ? (
          <Notice tone="success">
            {linked === 'microsoft' ? 'Microsoft' : linked === 'google' ? 'Google' : 'The provider'} is now linked to your account.
          </Notice>
        ) : null}
        {failed ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
            {signInErrorText(failed, params.get('provider'))}
          </div>
        ) : null}
        {identities.isPending ? (
          <Loading />
        ) : identities.error ? (
          <ErrorState error={identities.error} retry={() => identities.refetch()} />
        ) : list.length === 0 ? (
          <Empty title="No linked sign-ins">Link a provider below to sign in with it.</Empty>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300">
            {list.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div>
                  <p className="font-medium">
                    {i.provider_name}
                    {i.email ? <span className="font-normal text-slate-700"> · {i.email}</span> : null}
                  </p>
                  <p className="text-slate-600">
                    Linked {fmtDateTime(i.linked_at)}; last used {i.last_used_at ? fmtDateTime(i.last_used_at) : 'never'}
                  </p>
                </div>
                {canRemove ? (
                  <ConfirmDialog
                    trigger={
                      <Button variant="secondary" aria-label={`Remove ${i.provider_name} sign-in ${i.email ?? ''}`.trim()}>
                        Remove
                      </Button>
                    }
                    title={`Remove ${i.provider_name} sign-in?`}
                    description={`You will no longer be able to sign in with this ${i.provider_name} account. You can link it again later.`}
                    confirmLabel="Remove"
                    onConfirm={() => unlink.mutate(i.id)}
                  />
                ) : (
                  <p className="max-w-56 text-slate-700">The only way to sign in: set a password or link another provider before removing it.</p>
                )}
              </li>
            ))}
          </ul>
        )}
        {unlink.error ? <ErrorState error={unlink.error} /> : null}
        {configured.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {configured.map((p) => (
              <a
                key={p.id}
                href={linkHref(p)}
                className="inline-flex items-center rounded-md border border-slate-400 bg-white px-3.5 py-2 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                {list.some((i) => i.provider === p.id) ? `Link another ${p.name} account` : `Link ${p.name}`}
              </a>
            ))}
          </div>
        ) : null}
      </div>
    </Section>
  );
}

function ChangePasswordSection() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  };
  return (
    <Section id="password-h" title="Password">
      <form onSubmit={submit} className="max-w-md space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => {
            setCurrent(e.target.value);
            change.reset();
          }}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters. Your other sessions are signed out."
          value={next}
          onChange={(e) => {
            setNext(e.target.value);
            change.reset();
          }}
        />
        {change.error ? <ErrorState error={change.error} /> : null}
        {change.isSuccess ? <Notice tone="success">Password changed.</Notice> : null}
        <Button type="submit" variant="secondary" busy={change.isPending} disabled={!current || !next}>
          Change password
        </Button>
      </form>
    </Section>
  );
}
