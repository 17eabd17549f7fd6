import { useEffect, useState, type FormEvent } from 'react';
import { useMe } from '../../api/auth.ts';
import { useUpdateAccount } from '../../api/account.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Section } from '../../ui/Layout.tsx';
import { ErrorState, Notice } from '../../ui/States.tsx';

export default function Profile() {
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
