import type { ReactNode } from 'react';

export function AuthShell({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-12 sm:items-center">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-xl font-bold tracking-tight text-blue-900">Prosa</p>
        <div className="rounded-lg border border-slate-300 bg-white p-6 shadow-sm">
          <h1 className="mb-4 text-xl font-semibold text-slate-900">{title}</h1>
          {children}
        </div>
        <div className="mt-4 text-center text-sm text-slate-700">{footer}</div>
      </div>
    </main>
  );
}
