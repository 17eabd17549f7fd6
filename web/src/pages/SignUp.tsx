import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMe, useSignUp } from '../api/auth.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import { ErrorState } from '../ui/States.tsx';
import { AuthShell } from './AuthShell.tsx';
import { ThirdPartyButtons } from './ThirdPartySignIn.tsx';

export function SignUp() {
  const me = useMe();
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (me.data) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signUp.mutate({ email, password, display_name: name || undefined }, { onSuccess: () => navigate('/', { replace: true }) });
  };

  return (
    <AuthShell
      title="Create your account"
      footer={
        <>
          Already have an account?{' '}
          <Link className="font-semibold text-blue-800 underline" to="/signin">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="Name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
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
          Create account
        </Button>
        <p className="text-xs text-slate-600">New accounts start with 25.00 credits.</p>
      </form>
      <ThirdPartyButtons verb="Sign up" />
    </AuthShell>
  );
}
