import { useEffect, useState, type FormEvent } from 'react';
import { useMe, type PractitionerProfile } from '../../api/auth.ts';
import { useUpdateAccount, type PractitionerInput } from '../../api/account.ts';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { TextArea, TextField } from '../../ui/Field.tsx';
import { Section } from '../../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../../ui/States.tsx';
import { ROLE_LABELS } from '../../api/firm.ts';

type Fields = Required<{ [K in keyof PractitionerProfile]: string }>;
const EMPTY: Fields = { name: '', registration_number: '', firm: '', address: '', telephone: '', email: '', deposit_account: '', customer_number: '' };

/**
 * Your practitioner profile (PATCH /api/account `practitioner`): the signed-in member's own, which
 * signs every paper and form they submit unless a paper names its own signer (each member of a
 * firm signs with theirs, migration 033). The whole profile is sent on save (the server replaces
 * it); an empty optional box leaves that line off the papers. A role that does not sign (no `sign`
 * permission: paralegal, viewer) keeps no profile and reads why instead of the form.
 */
export default function Practitioner() {
  const me = useMe();
  const canSign = me.data?.member?.permissions.includes('sign') ?? true;
  const update = useUpdateAccount();
  const saved = me.data?.account.practitioner ?? null;
  const [f, setF] = useState<Fields>(EMPTY);

  // The form shows the saved profile whenever it changes (loaded, saved); a refresh of the rest of
  // the account (the balance) keeps the same profile object and leaves the typing alone.
  useEffect(() => {
    setF(saved ? { ...EMPTY, ...Object.fromEntries(Object.entries(saved).map(([k, v]) => [k, v ?? ''])) } : EMPTY);
  }, [saved]);

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setF((old) => ({ ...old, [k]: e.target.value }));
    update.reset();
  };
  const errors = fieldErrors(update.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ practitioner: f satisfies PractitionerInput });
  };

  if (me.isPending) return <Loading />;
  if (!canSign) {
    const role = me.data?.member?.role;
    return (
      <Section
        id="practitioner-h"
        title="Practitioner"
        description="Each owner and practitioner of the firm signs the papers they submit with their own profile."
      >
        <Notice tone="info">
          Your role{role ? ` (${ROLE_LABELS[role]})` : ''} does not sign papers, so it keeps no practitioner profile: paralegals prepare the docket and the
          drafts, and an owner or practitioner submits and signs them with their own profile.
        </Notice>
      </Section>
    );
  }
  return (
    <Section
      id="practitioner-h"
      title="Practitioner"
      description="Your own profile: its name and registration number sign the papers and forms you submit, and the rest prints under the signature. Each member of the firm signs with their own; a paper can still name another signer."
    >
      <form onSubmit={submit} className="max-w-xl space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          The signature itself (/your name/) is left for you to type before filing (37 CFR 1.4(d)(2)). Without a profile, your papers leave bracketed places for
          the name and registration number; they never take another member's.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" autoComplete="name" required value={f.name} onChange={set('name')} error={errors.name} />
          <TextField
            label="Registration number"
            inputMode="numeric"
            required
            value={f.registration_number}
            onChange={set('registration_number')}
            error={errors.registration_number}
            hint="As the USPTO lists it, e.g. 71,234."
          />
        </div>
        <TextField label="Firm" autoComplete="organization" value={f.firm} onChange={set('firm')} error={errors.firm} />
        <TextArea
          label="Address"
          rows={3}
          autoComplete="street-address"
          value={f.address}
          onChange={set('address')}
          error={errors.address}
          hint="One line of the signature block per line."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Telephone" type="tel" autoComplete="tel" value={f.telephone} onChange={set('telephone')} error={errors.telephone} />
          <TextField label="E-mail" type="email" autoComplete="email" value={f.email} onChange={set('email')} error={errors.email} />
          <TextField
            label="Deposit account"
            value={f.deposit_account}
            onChange={set('deposit_account')}
            error={errors.deposit_account}
            hint="Fees the papers authorize are charged to it (37 CFR 1.25(b)), e.g. 50-1234."
          />
          <TextField label="Customer number" inputMode="numeric" value={f.customer_number} onChange={set('customer_number')} error={errors.customer_number} />
        </div>
        {update.error && Object.keys(errors).length === 0 ? <ErrorState error={update.error} /> : null}
        {Object.keys(errors).length ? (
          <p role="alert" className="text-sm text-red-700">
            Check the fields marked above; nothing was saved.
          </p>
        ) : null}
        {update.isSuccess ? (
          <Notice tone="success">
            {update.data.account.practitioner
              ? `Saved. Your papers are signed by ${update.data.account.practitioner.name}, Reg. No. ${update.data.account.practitioner.registration_number}.`
              : 'The profile was removed.'}
          </Notice>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={update.isPending && update.variables?.practitioner !== null}>
            Save practitioner
          </Button>
          {saved ? (
            <Button
              type="button"
              variant="secondary"
              busy={update.isPending && update.variables?.practitioner === null}
              onClick={() => update.mutate({ practitioner: null })}
            >
              Remove profile
            </Button>
          ) : null}
        </div>
      </form>
    </Section>
  );
}

/** The server's 400 names each field ("body.practitioner.registration_number: must be ..."): shown under that field. */
function fieldErrors(err: unknown): Partial<Record<keyof Fields, string>> {
  if (!(err instanceof ApiError) || err.code !== 'validation_error') return {};
  const out: Partial<Record<keyof Fields, string>> = {};
  for (const part of err.message.split('; ')) {
    const m = /^body\.practitioner\.(\w+): (.+)$/.exec(part);
    if (m && m[1] in EMPTY) out[m[1] as keyof Fields] = m[2].charAt(0).toUpperCase() + m[2].slice(1);
  }
  return out;
}
