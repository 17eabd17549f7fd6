import { useOAuthGrants, useRevokeOAuthGrant } from '../../api/grants.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../ui/States.tsx';
import { fmtDateTime } from '../../ui/format.ts';

export default function ConnectedApps() {
  const grants = useOAuthGrants();
  const revoke = useRevokeOAuthGrant();
  return (
    <Section
      id="apps-h"
      title="Connected apps"
      description="Assistants you connected to Prosa through its MCP server. Disconnecting one ends its access at its next call."
    >
      {grants.isPending ? (
        <Loading />
      ) : grants.error ? (
        <ErrorState error={grants.error} retry={() => grants.refetch()} />
      ) : grants.data.grants.length === 0 ? (
        <Empty title="No connected apps">Add Prosa's MCP server in Claude, ChatGPT or another assistant; it will appear here after you approve it.</Empty>
      ) : (
        <ul className="divide-y divide-slate-200">
          {grants.data.grants.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">
                  {g.client_name || g.client_id} {g.no_purchase_offers ? <Badge>No purchase offers</Badge> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {g.redirect_host ? `${g.redirect_host} · ` : ''}connected {fmtDateTime(g.first_used_at)} · last used {fmtDateTime(g.last_used_at)}
                </p>
              </div>
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" aria-label={`Disconnect ${g.client_name || g.client_id}`}>
                    Disconnect
                  </Button>
                }
                title={`Disconnect ${g.client_name || 'this app'}?`}
                description="Its tokens stop working at once; connect it again to restore access."
                confirmLabel="Disconnect"
                onConfirm={() => revoke.mutate(g.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {revoke.error ? <ErrorState error={revoke.error} /> : null}
      {revoke.isSuccess ? <Notice tone="success">The app was disconnected.</Notice> : null}
    </Section>
  );
}
