import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirmPasswordReset, useConfirmVerification, useRequestPasswordReset } from '../api/password.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import { ErrorState, Loading, Notice } from '../ui/States.tsx';
import { AuthShell } from './AuthShell.tsx';

export function ForgotPassword() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email);
  };
  return (
    <AuthShell
      title="Reset your password"
      footer={
        <Link className="font-semibold text-blue-800 underline" to="/signin">
          Back to sign in
        </Link>
      }
    >
      {request.isSuccess ? (
        <Notice tone="success">If an account uses {email}, a link to choose a new password is on its way. It works once, for one hour.</Notice>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField label="E-mail" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          {request.error ? <ErrorState error={request.error} /> : null}
          <Button type="submit" className="w-full" busy={request.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ token, password }, { onSuccess: () => navigate('/', { replace: true }) });
  };
  return (
    <AuthShell
      title="Choose a new password"
      footer={
        <Link className="font-semibold text-blue-800 underline" to="/forgot-password">
          Ask for a new link
        </Link>
      }
    >
      {!token ? (
        <ErrorState error={new Error('This page needs the link from the e-mail.')} />
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 10 characters. Every other session is signed out."
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {confirm.error ? <ErrorState error={confirm.error} /> : null}
          <Button type="submit" className="w-full" busy={confirm.isPending}>
            Set password and sign in
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

export function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmVerification();
  const done = useRef(false);
  useEffect(() => {
    if (token && !done.current) {
      done.current = true;
      confirm.mutate(token);
    }
  }, [token, confirm]);
  return (
    <AuthShell
      title="Confirm your e-mail address"
      footer={
        <Link className="font-semibold text-blue-800 underline" to="/">
          Go to Prosa
        </Link>
      }
    >
      {confirm.isPending ? (
        <Loading label="Confirming…" />
      ) : confirm.error ? (
        <ErrorState error={confirm.error} />
      ) : confirm.data ? (
        <Notice tone="success">{confirm.data.email} is confirmed.</Notice>
      ) : (
        <ErrorState error={new Error('This page needs the link from the e-mail.')} />
      )}
    </AuthShell>
  );
}
