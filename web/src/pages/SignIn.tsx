import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMe, useSignIn } from '../api/auth.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import { ErrorState } from '../ui/States.tsx';
import { signInErrorText, ThirdPartyButtons } from './ThirdPartySignIn.tsx';
import { AuthShell } from './AuthShell.tsx';
// The server's rule (no open redirect): a same-origin absolute path, else the dashboard.
import { safeNextPath } from '../../../src/domain/safe-next-path.ts';

export function SignIn() {
  const me = useMe();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const next = safeNextPath(params.get('next'));
  const thirdPartyError = params.get('sign_in_error');

  if (me.data) return <Navigate to={next} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ email, password }, { onSuccess: () => navigate(next, { replace: true }) });
  };

  return (
    <AuthShell
      title="Sign in"
      footer={
        <>
          New to Prosa?{' '}
          <Link className="font-semibold text-blue-800 underline" to="/signup">
            Create an account
          </Link>
        </>
      }
    >
      {thirdPartyError ? (
        <div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          {signInErrorText(thirdPartyError, params.get('provider'))}
        </div>
      ) : null}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {signIn.error ? <ErrorState error={signIn.error} /> : null}
        <Button type="submit" className="w-full" busy={signIn.isPending}>
          Sign in
        </Button>
        <p className="text-center text-sm">
          <Link className="font-semibold text-blue-800 underline" to="/forgot-password">
            Forgot your password?
          </Link>
        </p>
      </form>
      <ThirdPartyButtons verb="Sign in" next={next} />
    </AuthShell>
  );
}
