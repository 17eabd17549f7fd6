import { useState, type FormEvent } from 'react';
import { useMe } from '../../api/auth.ts';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  useChangeRole,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  type Role,
} from '../../api/firm.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Badge, Section } from '../../ui/Layout.tsx';
import { ErrorState, Loading, Notice } from '../../ui/States.tsx';
import { fmtDate } from '../../ui/format.ts';

const ROLES: Role[] = ['owner', 'practitioner', 'paralegal', 'viewer'];

/** Settings > Members: the firm's people and roles; owners invite, change roles and remove. */
export default function Members() {
  const me = useMe();
  const isOwner = me.data?.member?.permissions.includes('members') ?? false;
  const members = useMembers();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();

  return (
    <>
      {isOwner ? <InviteSection /> : null}
      <Section
        id="members-list"
        title="Members"
        description={
          isOwner ? 'Everyone here works on the same docket, credit balance and audit log.' : 'Only an owner can invite people, change roles or remove members.'
        }
      >
        {members.isPending ? (
          <Loading />
        ) : members.error ? (
          <ErrorState error={members.error} retry={() => members.refetch()} />
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Members of the firm</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Member
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Role
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                    Joined
                  </th>
                  {isOwner ? (
                    <th scope="col" className="py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {members.data.members.map((m) => {
                  const who = m.display_name || m.email;
                  const you = m.id === members.data.you;
                  return (
                    <tr key={m.id} className="border-b border-slate-200">
                      <td className="py-2 pr-3">
                        <span className="font-medium [overflow-wrap:anywhere]">{who}</span>
                        {you ? (
                          <>
                            {' '}
                            <Badge tone="blue">You</Badge>
                          </>
                        ) : null}
                        {m.display_name ? <div className="text-xs text-slate-600 [overflow-wrap:anywhere]">{m.email}</div> : null}
                        {/* On a phone the Joined column is folded in here. */}
                        <div className="text-xs text-slate-600 sm:hidden">Joined {fmtDate(m.joined_at)}</div>
                      </td>
                      <td className="py-2 pr-3">
                        {isOwner ? (
                          <select
                            aria-label={`Role of ${who}`}
                            className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
                            value={m.role}
                            disabled={changeRole.isPending}
                            onChange={(e) => changeRole.mutate({ id: m.id, role: e.target.value as Role })}
                          >
                            {ROLES.map((r) => (
                              <option key={r} value={r}>
                                {ROLE_LABELS[r]}
                              </option>
                            ))}
                          </select>
                        ) : (
                          ROLE_LABELS[m.role]
                        )}
                      </td>
                      <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{fmtDate(m.joined_at)}</td>
                      {isOwner ? (
                        <td className="py-2 text-right">
                          <ConfirmDialog
                            trigger={
                              <Button variant="secondary" aria-label={`Remove ${who}`}>
                                Remove
                              </Button>
                            }
                            title={`Remove ${who}?`}
                            description="They are signed out at once; their API keys and connected apps stop working. What they did stays in the audit log."
                            confirmLabel="Remove member"
                            onConfirm={() => remove.mutate(m.id)}
                          />
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {changeRole.error ? (
          <div className="mt-3">
            <ErrorState error={changeRole.error} />
          </div>
        ) : null}
        {remove.error ? (
          <div className="mt-3">
            <ErrorState error={remove.error} />
          </div>
        ) : null}
        {remove.isSuccess ? (
          <div className="mt-3">
            <Notice tone="success">The member was removed and signed out.</Notice>
          </div>
        ) : null}
      </Section>
      {isOwner ? <PendingSection /> : null}
    </>
  );
}

function InviteSection() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('paralegal');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };
  return (
    <Section id="members-invite" title="Invite a member" description="The person gets an e-mail with a link that works once, for seven days.">
      <form onSubmit={submit} className="flex max-w-2xl flex-wrap items-end gap-3" noValidate>
        <div className="min-w-56 flex-1">
          <TextField label="E-mail" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="min-w-44">
          <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}: {ROLE_DESCRIPTIONS[r]}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" busy={invite.isPending}>
          Send invitation
        </Button>
      </form>
      {invite.error ? (
        <div className="mt-3">
          <ErrorState error={invite.error} />
        </div>
      ) : null}
      {invite.data ? (
        <div className="mt-3">
          <Notice tone="success">
            Invitation sent to {invite.data.sent_to} as {ROLE_LABELS[invite.data.role].toLowerCase()}.
          </Notice>
        </div>
      ) : null}
    </Section>
  );
}

function PendingSection() {
  const pending = useInvitations(true);
  const revoke = useRevokeInvitation();
  return (
    <Section id="members-pending" title="Pending invitations">
      {pending.isPending ? (
        <Loading />
      ) : pending.error ? (
        <ErrorState error={pending.error} retry={() => pending.refetch()} />
      ) : pending.data.invitations.length === 0 ? (
        <p className="text-sm text-slate-700">No invitations are waiting.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {pending.data.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
              <span className="font-medium [overflow-wrap:anywhere]">{i.email}</span>
              <Badge>{ROLE_LABELS[i.role]}</Badge>
              <span className="text-slate-700">until {fmtDate(i.expires_at)}</span>
              <Button variant="secondary" className="ml-auto" aria-label={`Withdraw the invitation to ${i.email}`} onClick={() => revoke.mutate(i.id)}>
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revoke.error ? (
        <div className="mt-3">
          <ErrorState error={revoke.error} />
        </div>
      ) : null}
    </Section>
  );
}
