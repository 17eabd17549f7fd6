import { useState, type FormEvent } from 'react';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/keys.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyField } from '../../ui/CopyField.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../ui/States.tsx';
import { fmtDateTime } from '../../ui/format.ts';

export default function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim() || 'API key', { onSuccess: () => setName('') });
  };

  return (
    <>
      <Section
        id="keys-new"
        title="API keys"
        description="Keys let scripts call the Prosa API with the X-API-Key header. Assistants connect through the MCP server instead (Connected apps)."
      >
        <form onSubmit={submit} className="flex max-w-xl flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <TextField label="Key name" placeholder="e.g. docketing script" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          </div>
          <Button type="submit" busy={create.isPending}>
            Create key
          </Button>
        </form>
        {create.error ? (
          <div className="mt-3">
            <ErrorState error={create.error} />
          </div>
        ) : null}
        {create.data ? (
          <div className="mt-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p role="alert" className="text-sm font-semibold text-amber-950">
              Copy this key now. It is shown only once and cannot be retrieved later.
            </p>
            <CopyField label={`New key "${create.data.name}"`} value={create.data.key} />
            <Button variant="secondary" onClick={() => create.reset()}>
              I have stored it
            </Button>
          </div>
        ) : null}
      </Section>
      <Section id="keys-list" title="Your keys">
        {keys.isPending ? (
          <Loading />
        ) : keys.error ? (
          <ErrorState error={keys.error} retry={() => keys.refetch()} />
        ) : keys.data.keys.length === 0 ? (
          <Empty title="No API keys yet">Create one above when a script needs to reach your docket.</Empty>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">API keys</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Prefix
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Created
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Last used
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.keys.map((k) => (
                  <tr key={k.id} className="border-b border-slate-200">
                    <td className="py-2 pr-3 font-medium">{k.name}</td>
                    <td className="py-2 pr-3 font-mono">{k.prefix}…</td>
                    <td className="py-2 pr-3">{fmtDateTime(k.created_at)}</td>
                    <td className="py-2 pr-3">{k.last_used_at ? fmtDateTime(k.last_used_at) : 'Never'}</td>
                    <td className="py-2 pr-3">{k.status === 'active' ? <Badge tone="green">Active</Badge> : <Badge>Revoked</Badge>}</td>
                    <td className="py-2 text-right">
                      {k.status === 'active' ? (
                        <ConfirmDialog
                          trigger={
                            <Button variant="secondary" aria-label={`Revoke key ${k.name}`}>
                              Revoke
                            </Button>
                          }
                          title={`Revoke "${k.name}"?`}
                          description="Requests with this key will be refused at once. This cannot be undone."
                          confirmLabel="Revoke key"
                          onConfirm={() => revoke.mutate(k.id)}
                        />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {revoke.error ? (
          <div className="mt-3">
            <ErrorState error={revoke.error} />
          </div>
        ) : null}
        {revoke.isSuccess ? (
          <div className="mt-3">
            <Notice tone="success">The key was revoked.</Notice>
          </div>
        ) : null}
      </Section>
    </>
  );
}
