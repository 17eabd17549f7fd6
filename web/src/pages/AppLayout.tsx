import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe, useSignOut } from '../api/auth.ts';
import { useActivityStream } from '../api/activity.ts';
import { ErrorState, Loading } from '../ui/States.tsx';
import { fmtBalance } from '../ui/format.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Loading label="Loading your account…" />;
  // A failed refresh keeps the account already shown (TanStack Query keeps the data): only a first
  // load that failed is an error page.
  if (me.error && !me.data)
    return (
      <div className="p-8">
        <ErrorState error={me.error} retry={() => me.refetch()} />
      </div>
    );
  if (!me.data) return <Navigate to={`/signin?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}

const nav = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/docket', label: 'Docket', end: false },
  { to: '/forms', label: 'Forms', end: false },
  { to: '/examiners', label: 'Examiners', end: false },
  { to: '/settings/billing', label: 'Billing', end: false },
  { to: '/settings', label: 'Settings', end: false },
];

export function AppLayout() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const status = me.data?.credits.status;
  const balanceTone = status === 'healthy' ? 'text-slate-800' : status === 'low' ? 'text-amber-900' : 'text-red-800';

  // The balance in the header must follow charges made elsewhere (an assistant, an API key):
  // every navigation re-reads it when the copy is older than the app's 5 s freshness window.
  const { refetch, dataUpdatedAt } = me;
  // Work done elsewhere (an assistant, an API key) shows up at once on whatever page is open.
  useActivityStream(!!me.data);
  const checkedPath = useRef<string | null>(null);
  useEffect(() => {
    if (checkedPath.current === location.pathname) return;
    checkedPath.current = location.pathname;
    if (Date.now() - dataUpdatedAt > 5_000) void refetch();
  }, [location.pathname, refetch, dataUpdatedAt]);

  const isActive = (to: string, end: boolean) =>
    end ? location.pathname === to : location.pathname.startsWith(to) && !(to === '/settings' && location.pathname.startsWith('/settings/billing'));

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
          <Link to="/" className="text-lg font-bold tracking-tight text-blue-900">
            Prosa
          </Link>
          <button
            type="button"
            className="ml-auto rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium md:hidden"
            aria-expanded={open}
            aria-controls="main-nav"
            onClick={() => setOpen((o) => !o)}
          >
            Menu
          </button>
          <nav
            id="main-nav"
            aria-label="Main"
            className={`${open ? 'flex' : 'hidden'} absolute top-14 right-0 left-0 z-40 flex-col gap-1 border-b border-slate-300 bg-white p-3 md:static md:z-auto md:flex md:flex-row md:border-0 md:p-0`}
          >
            {nav.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                end={n.end}
                onClick={() => setOpen(false)}
                aria-current={isActive(n.to, n.end) ? 'page' : undefined}
                className={() =>
                  `rounded-md px-3 py-1.5 text-sm font-medium ${isActive(n.to, n.end) ? 'bg-blue-100 text-blue-950' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {n.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-3 md:ml-auto md:flex">
            <Link
              to="/settings/billing"
              className={`text-sm font-medium ${balanceTone}`}
              aria-label={`Balance ${fmtBalance(me.data?.credits.balance)} credits`}
            >
              {fmtBalance(me.data?.credits.balance)} credits
            </Link>
            {/* The person signed in (a firm member), not the firm's founding account. */}
            <span className="max-w-48 truncate text-sm text-slate-600" title={me.data?.member?.email ?? me.data?.account.email}>
              {me.data?.member ? me.data.member.display_name || me.data.member.email : me.data?.account.display_name || me.data?.account.email}
            </span>
            <button
              type="button"
              className="rounded-md px-2 py-1 text-sm font-semibold text-blue-800 hover:underline"
              onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/signin') })}
            >
              Sign out
            </button>
          </div>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-2 md:hidden">
          <Link to="/settings/billing" className={`text-sm font-medium ${balanceTone}`}>
            {fmtBalance(me.data?.credits.balance)} credits
          </Link>
          <button
            type="button"
            className="text-sm font-semibold text-blue-800"
            onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/signin') })}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
