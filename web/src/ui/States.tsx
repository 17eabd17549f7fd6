import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-2 py-6 text-sm text-slate-600">
      <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-400 bg-white px-6 py-8 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return 'Something went wrong.';
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-medium">{errorText(error)}</p>
      {error instanceof ApiError && error.suggestion ? <p className="mt-1">{error.suggestion}</p> : null}
      {retry ? (
        <button type="button" onClick={retry} className="mt-2 font-semibold underline">
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'success' | 'warning'; children: ReactNode }) {
  const c =
    tone === 'success'
      ? 'border-green-300 bg-green-50 text-green-900'
      : tone === 'warning'
        ? 'border-amber-300 bg-amber-50 text-amber-950'
        : 'border-blue-200 bg-blue-50 text-blue-950';
  return (
    <div role={tone === 'info' ? undefined : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${c}`}>
      {children}
    </div>
  );
}
