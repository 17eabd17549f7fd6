import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMe } from '../api/auth.ts';
import { docketEntryQuery, useUpdateDocketEntry } from '../api/docket.ts';
import { ROLE_LABELS, useMembers } from '../api/firm.ts';
import { Button } from '../ui/Button.tsx';
import { SelectField } from '../ui/Field.tsx';
import { Section } from '../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../ui/States.tsx';

/** A person as the docket shows them: their name, else their address. */
function personWords(p: { name: string | null; email: string }): string {
  return p.name ? `${p.name} (${p.email})` : p.email;
}

/**
 * The firm's owner or practitioner responsible for this matter (issue 22): its reminders, digest
 * lines and new-paper alerts go to them; "Not assigned" sends them to the firm's owners. Members
 * who cannot change the docket (viewers) see who it is without the choice.
 */
export function ResponsiblePractitioner({ entryId }: { entryId: string }) {
  const entry = useQuery(docketEntryQuery(entryId));
  const me = useMe();
  const canWrite = me.data?.member?.permissions.includes('write') ?? false;
  const members = useMembers();
  const update = useUpdateDocketEntry();
  // The person's choice, null until they make one: the select shows the stored value until then,
  // so a background refetch of the entry never overwrites a choice not yet saved.
  const [chosen, setChosen] = useState<string | null>(null);

  const title = 'Responsibility and reminders';
  const description = "Reminders, the digest and new-paper alerts for this matter go to them; when nobody is assigned, to the firm's owners.";
  if (entry.isPending)
    return (
      <Section id="responsible-h" title={title}>
        <Loading />
      </Section>
    );
  if (entry.error)
    return (
      <Section id="responsible-h" title={title}>
        <ErrorState error={entry.error} retry={() => entry.refetch()} />
      </Section>
    );
  const current = entry.data.responsible;
  const value = chosen ?? current?.member_id ?? '';
  if (!canWrite) {
    return (
      <Section id="responsible-h" title={title} description={description}>
        <p className="text-sm">{current ? personWords(current) : 'Not assigned'}</p>
      </Section>
    );
  }
  const signers = (members.data?.members ?? []).filter((m) => m.role === 'owner' || m.role === 'practitioner');
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    update.mutate({ id: entryId, responsible_member_id: value || null }, { onSuccess: () => setChosen(null) });
  };
  return (
    <Section id="responsible-h" title={title} description={description}>
      <form onSubmit={submit} className="space-y-4">
        <SelectField
          label="Responsible practitioner"
          value={value}
          disabled={members.isPending}
          onChange={(ev) => {
            setChosen(ev.target.value);
            update.reset();
          }}
          hint="Owners and practitioners (the members who may sign) can be responsible for a matter."
        >
          <option value="">Not assigned</option>
          {signers.map((m) => (
            <option key={m.id} value={m.id}>
              {personWords({ name: m.display_name, email: m.email })} — {ROLE_LABELS[m.role]}
            </option>
          ))}
        </SelectField>
        {members.error ? <ErrorState error={members.error} retry={() => members.refetch()} /> : null}
        {update.error ? <ErrorState error={update.error} /> : null}
        {update.data ? (
          <Notice tone="success">
            Saved. This matter&apos;s mail goes to {update.data.responsible ? personWords(update.data.responsible) : "the firm's owners"}.
          </Notice>
        ) : null}
        <Button type="submit" busy={update.isPending}>
          Save responsible practitioner
        </Button>
      </form>
    </Section>
  );
}
