import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../api/auth.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, useAcceptInvitation, useInvitationPreview, useJoinSignUp } from '../api/firm.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import { ErrorState, Loading } from '../ui/States.tsx';
import { AuthShell } from './AuthShell.tsx';

/** /join?token=...: the invitation's firm and role; sign up into the firm, or accept when signed in. */
export function Join() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const me = useMe();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const signUp = useJoinSignUp();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');

  const signInLink = (
    <Link className="font-semibold text-blue-800 underline" to="/signin">
      Sign in
    </Link>
  );
  if (!token)
    return (
      <AuthShell title="Join a firm" footer={signInLink}>
        <ErrorState error={new Error('This link has no invitation in it. Open the link from the invitation e-mail.')} />
      </AuthShell>
    );
  if (preview.isPending || me.isPending)
    return (
      <AuthShell title="Join a firm" footer={signInLink}>
        <Loading />
      </AuthShell>
    );
  if (preview.error)
    return (
      <AuthShell title="Join a firm" footer={signInLink}>
        <ErrorState error={preview.error} />
      </AuthShell>
    );

  const inv = preview.data;
  const role = `${ROLE_LABELS[inv.role]} (${ROLE_DESCRIPTIONS[inv.role]})`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signUp.mutate(
      { email: inv.email, password, display_name: name || undefined, invitation_token: token },
      { onSuccess: () => navigate('/', { replace: true }) },
    );
  };

  return (
    <AuthShell
      title={`Join ${inv.firm_name}`}
      footer={
        me.data ? (
          <Link className="font-semibold text-blue-800 underline" to="/">
            Back to Prosa
          </Link>
        ) : (
          signInLink
        )
      }
    >
      <p className="mb-4 text-sm text-slate-800">
        You are invited to join <strong>{inv.firm_name}</strong> on Prosa as <strong>{role}</strong>.
      </p>
      {me.data ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">
            You are signed in as <strong className="break-all">{me.data.member?.email ?? me.data.account.email}</strong>.
          </p>
          {accept.error ? <ErrorState error={accept.error} /> : null}
          <Button className="w-full" busy={accept.isPending} onClick={() => accept.mutate(token, { onSuccess: () => navigate('/', { replace: true }) })}>
            Accept and join {inv.firm_name}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField label="E-mail" type="email" value={inv.email} readOnly hint="The invitation is for this address." />
          <TextField label="Name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 10 characters."
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {signUp.error ? <ErrorState error={signUp.error} /> : null}
          <Button type="submit" className="w-full" busy={signUp.isPending}>
            Create account and join
          </Button>
          <p className="text-xs text-slate-700">
            Already have a Prosa account with this address?{' '}
            <Link className="font-semibold text-blue-800 underline" to={`/signin?next=${encodeURIComponent(`/join?token=${token}`)}`}>
              Sign in
            </Link>{' '}
            to accept.
          </p>
        </form>
      )}
    </AuthShell>
  );
}
