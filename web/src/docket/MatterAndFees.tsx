import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMe } from '../api/auth.ts';
import { useCan } from '../api/permissions.ts';
import { docketEntryQuery, useUpdateDocketEntry, type EntitySize, type EntitySource } from '../api/docket.ts';
import { Button } from '../ui/Button.tsx';
import { SelectField, TextField } from '../ui/Field.tsx';
import { Section } from '../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../ui/States.tsx';

const SIZE_WORDS: Record<EntitySize, string> = { large: 'Large entity', small: 'Small entity (37 CFR 1.27)', micro: 'Micro entity (37 CFR 1.29)' };
const SOURCE_WORDS: Record<EntitySource, string> = {
  request: 'as the paper asks',
  docket: 'set on this docket entry',
  uspto: 'from the USPTO record',
  account: "your account's default (Settings, Profile)",
};

/**
 * The firm's identity of one application (issue 19): its matter number, printed as "Attorney Docket
 * No." on every paper, and the entity status its fees follow, with where that comes from. Clearing
 * the entity status hands the decision back to the USPTO record, else the account's default.
 */
export function MatterAndFees({
  entryId,
  recordDocketNumber,
  recordEntity,
  isPrivate,
}: {
  entryId: string;
  recordDocketNumber: string | null;
  recordEntity: string | null;
  isPrivate: boolean;
}) {
  const entry = useQuery(docketEntryQuery(entryId));
  const me = useMe();
  // A viewer reads the matter and entity status; the fields are shown, not editable (no `write`).
  const canWrite = useCan('write');
  const update = useUpdateDocketEntry();
  const [matter, setMatter] = useState('');
  const [entity, setEntity] = useState<EntitySize | ''>('');

  useEffect(() => {
    if (!entry.data) return;
    setMatter(entry.data.client_matter ?? '');
    // "docket" is the firm's own say (on this entry, or in an unpublished application's data): shown as chosen.
    setEntity(entry.data.entity_size_source === 'docket' ? entry.data.entity_size : '');
  }, [entry.data]);

  if (entry.isPending)
    return (
      <Section id="matter-h" title="Matter and fees">
        <Loading />
      </Section>
    );
  if (entry.error)
    return (
      <Section id="matter-h" title="Matter and fees">
        <ErrorState error={entry.error} retry={() => entry.refetch()} />
      </Section>
    );
  const e = entry.data;
  // What an empty choice falls back to: the record's entity status, else the account's default.
  const fallback = recordEntity
    ? `${isPrivate ? 'the application data you entered' : 'the USPTO record'} (${recordEntity.toLowerCase()})`
    : `your account's default (${me.data?.account.entity_size ?? 'large'})`;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    update.mutate({ id: entryId, client_matter: matter.trim() || null, entity_size: entity || null });
  };
  return (
    <Section
      id="matter-h"
      title="Matter and fees"
      description="How this application's papers identify your firm's matter, and the entity status its USPTO fees are for."
    >
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm" aria-live="polite">
          Fees, forms and deadlines use: <strong>{SIZE_WORDS[e.entity_size]}</strong>, {SOURCE_WORDS[e.entity_size_source]}.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Matter number (Attorney Docket No.)"
            value={matter}
            disabled={!canWrite}
            maxLength={200}
            onChange={(ev) => {
              setMatter(ev.target.value);
              update.reset();
            }}
            hint={`Printed as “Attorney Docket No.” on every paper for this application${recordDocketNumber ? `; without it, papers print the USPTO record's ${recordDocketNumber}` : ''}.`}
          />
          <SelectField
            label="Entity status"
            value={entity}
            disabled={!canWrite}
            onChange={(ev) => {
              setEntity(ev.target.value as EntitySize | '');
              update.reset();
            }}
            hint="Record it here when the application's entity status differs from what Prosa would otherwise use."
          >
            <option value="">Not set: use {fallback}</option>
            <option value="large">{SIZE_WORDS.large}</option>
            <option value="small">{SIZE_WORDS.small}</option>
            <option value="micro">{SIZE_WORDS.micro}</option>
          </SelectField>
        </div>
        {update.error ? <ErrorState error={update.error} /> : null}
        {update.isSuccess ? <Notice tone="success">Saved. New papers for this application use it.</Notice> : null}
        {canWrite ? (
          <Button type="submit" busy={update.isPending}>
            Save matter and entity status
          </Button>
        ) : null}
      </form>
    </Section>
  );
}
