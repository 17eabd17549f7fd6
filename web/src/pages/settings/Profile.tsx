import { useEffect, useState, type FormEvent } from 'react';
import { useMe } from '../../api/auth.ts';
import { useUpdateAccount } from '../../api/account.ts';
import { useChangePassword, useEmailVerification, useSendVerification } from '../../api/password.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { ErrorState, Notice } from '../../ui/States.tsx';

export default function Profile() {
  return (
    <>
    <ProfileForm />
    <EmailSection />
    <PasswordSection />
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
        <TextField label="Name" autoComplete="name" value={name} onChange={(e) => { setName(e.target.value); update.reset(); }} />
        <TextField label="Firm" autoComplete="organization" value={firm} onChange={(e) => { setFirm(e.target.value); update.reset(); }} />
        <SelectField
          label="Entity size"
          value={entity}
          onChange={(e) => { setEntity(e.target.value as typeof entity); update.reset(); }}
          hint="Used for every USPTO fee Prosa shows: deadlines, extension fees, the calendar feed and petitions (37 CFR 1.27, 1.29)."
        >
          <option value="large">Large entity</option>
          <option value="small">Small entity</option>
          <option value="micro">Micro entity</option>
        </SelectField>
        {update.error ? <ErrorState error={update.error} /> : null}
        {update.isSuccess ? <Notice tone="success">Saved.</Notice> : null}
        <Button type="submit" busy={update.isPending}>Save profile</Button>
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
          <p>{state.data.email} {state.data.verified ? <Badge tone="green">Confirmed</Badge> : <Badge tone="amber">Not confirmed</Badge>}</p>
          {!state.data.verified ? <Button variant="secondary" busy={send.isPending} onClick={() => send.mutate()}>Send confirmation link</Button> : null}
          {send.isSuccess ? <Notice tone="success">A confirmation link was sent to {state.data.email}.</Notice> : null}
          {send.error ? <ErrorState error={send.error} /> : null}
        </div>
      ) : state.error ? <ErrorState error={state.error} /> : null}
    </Section>
  );
}

function PasswordSection() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ current_password: current, new_password: next }, { onSuccess: () => { setCurrent(''); setNext(''); } });
  };
  return (
    <Section id="password-h" title="Password">
      <form onSubmit={submit} className="max-w-md space-y-4">
        <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => { setCurrent(e.target.value); change.reset(); }} />
        <TextField label="New password" type="password" autoComplete="new-password" hint="At least 10 characters. Your other sessions are signed out." value={next} onChange={(e) => { setNext(e.target.value); change.reset(); }} />
        {change.error ? <ErrorState error={change.error} /> : null}
        {change.isSuccess ? <Notice tone="success">Password changed.</Notice> : null}
        <Button type="submit" variant="secondary" busy={change.isPending} disabled={!current || !next}>Change password</Button>
      </form>
    </Section>
  );
}
