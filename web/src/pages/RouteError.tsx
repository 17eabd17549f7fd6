import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const err = useRouteError();
  const text = isRouteErrorResponse(err) ? `${err.status} ${err.statusText}` : err instanceof Error ? err.message : 'Unexpected error';
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {text}
      </p>
      <a className="mt-4 inline-block font-semibold text-blue-800 underline" href="/">
        Back to the dashboard
      </a>
    </main>
  );
}
