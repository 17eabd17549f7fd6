import { useState, type FormEvent } from 'react';
import {
  EVENT_KINDS,
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliver,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventKind,
} from '../../api/webhooks.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyField } from '../../ui/CopyField.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../ui/States.tsx';
import { fmtDateTime } from '../../ui/format.ts';

function SecretOnce({ created, onDone }: { created: WebhookEndpointWithSecret; onDone: () => void }) {
  return (
    <div className="mt-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p role="alert" className="text-sm font-semibold text-amber-950">
        Copy this signing secret now. It is shown only once; verify every delivery with it.
      </p>
      <CopyField label={`Signing secret for ${created.url}`} value={created.secret} />
      <Button variant="secondary" onClick={onDone}>
        I have stored it
      </Button>
    </div>
  );
}

function EventChoices({ value, onChange, legend }: { value: WebhookEventKind[]; onChange: (v: WebhookEventKind[]) => void; legend: string }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {EVENT_KINDS.map(({ kind, label }) => (
        <label key={kind} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-1"
            checked={value.includes(kind)}
            onChange={(e) => onChange(e.target.checked ? [...value, kind] : value.filter((k) => k !== kind))}
          />
          <span>
            {label} <code className="text-xs text-slate-600">{kind}</code>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

const statusBadge = (d: WebhookDelivery) =>
  d.status === 'delivered' ? (
    <Badge tone="green">Delivered</Badge>
  ) : d.status === 'failed' ? (
    <Badge tone="red">Failed</Badge>
  ) : (
    <Badge tone="amber">Retrying</Badge>
  );

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliver();
  if (log.isPending) return <Loading label="Loading deliveries…" />;
  if (log.error) return <ErrorState error={log.error} retry={() => log.refetch()} />;
  if (log.data.deliveries.length === 0) return <Empty title="No deliveries yet">Send a test, or wait for the next event.</Empty>;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Deliveries to {endpoint.url}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Event
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2 pr-3">
              Attempts
            </th>
            <th scope="col" className="py-2 pr-3">
              Last answer
            </th>
            <th scope="col" className="py-2 pr-3">
              Next retry
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.deliveries.map((d) => (
            <tr key={d.id} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-3">
                <code className="text-xs">{d.event_type}</code>
                <div className="text-xs text-slate-600">{fmtDateTime(d.created_at)}</div>
              </td>
              <td className="py-2 pr-3">{statusBadge(d)}</td>
              <td className="py-2 pr-3">{d.attempts}</td>
              <td className="py-2 pr-3">
                {d.last_status_code !== null ? `HTTP ${d.last_status_code}` : d.attempts === 0 ? 'Not sent yet' : 'No answer'}
                {d.response_ms !== null ? <span className="text-slate-600"> · {d.response_ms} ms</span> : null}
                {d.last_error && d.last_status_code === null ? <div className="max-w-64 text-xs break-words text-slate-700">{d.last_error}</div> : null}
              </td>
              <td className="py-2 pr-3">{d.next_attempt_at ? fmtDateTime(d.next_attempt_at) : '—'}</td>
              <td className="py-2 text-right">
                <Button
                  variant="secondary"
                  busy={redeliver.isPending && redeliver.variables === d.id}
                  onClick={() => redeliver.mutate(d.id)}
                  aria-label={`Redeliver ${d.event_type} delivery ${d.id}`}
                >
                  Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {redeliver.error ? (
        <div className="mt-3">
          <ErrorState error={redeliver.error} />
        </div>
      ) : null}
    </div>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const test = useTestWebhook();
  const rotate = useRotateWebhookSecret();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [showLog, setShowLog] = useState(false);
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
          <p className="mt-1 text-xs text-slate-600">{endpoint.events.join(', ')}</p>
        </div>
        {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Paused</Badge>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          busy={test.isPending}
          onClick={() => {
            setShowLog(true);
            test.mutate(endpoint.id);
          }}
        >
          Send test
        </Button>
        <Button variant="secondary" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button variant="secondary" busy={update.isPending} onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>
          {endpoint.enabled ? 'Pause' : 'Resume'}
        </Button>
        <ConfirmDialog
          trigger={<Button variant="secondary">Rotate secret</Button>}
          title="Rotate the signing secret?"
          description="Deliveries are signed with the new secret from now on; your receiver must be given it."
          confirmLabel="Rotate secret"
          onConfirm={() => rotate.mutate(endpoint.id)}
        />
        <ConfirmDialog
          trigger={
            <Button variant="secondary" aria-label={`Delete endpoint ${endpoint.url}`}>
              Delete
            </Button>
          }
          title="Delete this endpoint?"
          description="Nothing more is sent to it, and its delivery log is deleted."
          confirmLabel="Delete endpoint"
          onConfirm={() => remove.mutate(endpoint.id)}
        />
      </div>
      {test.data ? (
        <Notice tone={test.data.status === 'delivered' ? 'success' : 'warning'}>
          {test.data.status === 'delivered'
            ? `Test delivered: HTTP ${test.data.last_status_code}.`
            : `Test not delivered: ${test.data.last_error ?? 'no answer'}. It will be retried.`}
        </Notice>
      ) : null}
      {rotate.data ? <SecretOnce created={rotate.data} onDone={() => rotate.reset()} /> : null}
      {Object.entries({ test: test.error, rotate: rotate.error, update: update.error, remove: remove.error }).map(([action, e]) =>
        e ? <ErrorState key={action} error={e} /> : null,
      )}
      {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
    </li>
  );
}

export default function Webhooks() {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventKind[]>(EVENT_KINDS.map((e) => e.kind));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), description: description.trim(), events },
      {
        onSuccess: () => {
          setUrl('');
          setDescription('');
        },
      },
    );
  };

  return (
    <>
      <Section
        id="webhooks-new"
        title="Webhooks"
        description={
          <>
            Prosa POSTs signed JSON to your https endpoint when something happens on your docket. Verify each delivery with its secret using any Standard
            Webhooks library; failed deliveries are retried for about 15 hours.
          </>
        }
      >
        <form onSubmit={submit} className="max-w-xl space-y-3">
          <TextField
            label="Endpoint URL"
            type="url"
            required
            placeholder="https://hooks.example.com/prosa"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            maxLength={2000}
          />
          <TextField
            label="Description (optional)"
            placeholder="e.g. docketing system"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={200}
          />
          <EventChoices legend="Events to send" value={events} onChange={setEvents} />
          <Button type="submit" busy={create.isPending} disabled={events.length === 0}>
            Add endpoint
          </Button>
        </form>
        {create.error ? (
          <div className="mt-3">
            <ErrorState error={create.error} />
          </div>
        ) : null}
        {create.data ? <SecretOnce created={create.data} onDone={() => create.reset()} /> : null}
      </Section>
      <Section id="webhooks-list" title="Your endpoints">
        {hooks.isPending ? (
          <Loading />
        ) : hooks.error ? (
          <ErrorState error={hooks.error} retry={() => hooks.refetch()} />
        ) : hooks.data.webhooks.length === 0 ? (
          <Empty title="No endpoints yet">Add one above to receive events.</Empty>
        ) : (
          <ul className="space-y-4">
            {hooks.data.webhooks.map((w) => (
              <EndpointCard key={w.id} endpoint={w} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
