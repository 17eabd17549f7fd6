import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchDocket } from './api/docket.ts';
import { AppLayout, RequireAuth } from './pages/AppLayout.tsx';
import { SignIn } from './pages/SignIn.tsx';
import { SignUp } from './pages/SignUp.tsx';
import { ForgotPassword, ResetPassword, VerifyEmail } from './pages/PasswordPages.tsx';
import { Loading } from './ui/States.tsx';
import { Join } from './pages/Join.tsx';
import { RouteError } from './pages/RouteError.tsx';

interface PageHandle {
  load: () => Promise<unknown>;
  /** The data the page asks for first, fetched beside its chunk when it is opened cold. */
  prefetch?: (qc: QueryClient) => void;
}

// Pages past sign-in are split into their own chunks: the first load carries only the shell. The
// route keeps its chunk's loader (handle.load) so that preloadPage can start it early.
function page(load: () => Promise<{ default: ComponentType }>, prefetch?: PageHandle['prefetch']): { element: ReactNode; handle: PageHandle } {
  const C = lazy(load);
  return {
    element: (
      <Suspense fallback={<Loading />}>
        <C />
      </Suspense>
    ),
    handle: { load, prefetch },
  };
}

const routes: RouteObject[] = [
  { path: '/signin', element: <SignIn />, errorElement: <RouteError /> },
  { path: '/signup', element: <SignUp />, errorElement: <RouteError /> },
  { path: '/forgot-password', element: <ForgotPassword />, errorElement: <RouteError /> },
  { path: '/reset-password', element: <ResetPassword />, errorElement: <RouteError /> },
  { path: '/verify-email', element: <VerifyEmail />, errorElement: <RouteError /> },
  { path: '/join', element: <Join />, errorElement: <RouteError /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('./pages/Dashboard.tsx')) },
      { path: 'docket', ...page(() => import('./pages/Docket.tsx'), prefetchDocket) },
      { path: 'applications/:number', ...page(() => import('./pages/Application.tsx')) },
      { path: 'analyses/:id', ...page(() => import('./pages/Analysis.tsx')) },
      { path: 'examiners', ...page(() => import('./pages/Examiners.tsx').then((m) => ({ default: m.ExaminerSearch }))) },
      { path: 'examiners/:name', ...page(() => import('./pages/Examiners.tsx').then((m) => ({ default: m.ExaminerProfilePage }))) },
      { path: 'forms', ...page(() => import('./pages/Forms.tsx')) },
      { path: 'responses/:planId', ...page(() => import('./pages/ResponseWizard.tsx')) },
      {
        path: 'settings',
        ...page(() => import('./pages/settings/SettingsLayout.tsx')),
        children: [
          { index: true, element: <Navigate to="/settings/profile" replace /> },
          { path: 'profile', ...page(() => import('./pages/settings/Profile.tsx')) },
          { path: 'practitioner', ...page(() => import('./pages/settings/Practitioner.tsx')) },
          { path: 'api-keys', ...page(() => import('./pages/settings/ApiKeys.tsx')) },
          { path: 'connected-apps', ...page(() => import('./pages/settings/ConnectedApps.tsx')) },
          { path: 'webhooks', ...page(() => import('./pages/settings/Webhooks.tsx')) },
          { path: 'calendar', ...page(() => import('./pages/settings/Calendar.tsx')) },
          { path: 'notifications', ...page(() => import('./pages/settings/Notifications.tsx')) },
          { path: 'billing', ...page(() => import('./pages/settings/Billing.tsx')) },
          { path: 'audit', ...page(() => import('./pages/settings/Audit.tsx')) },
          { path: 'members', ...page(() => import('./pages/settings/Members.tsx')) },
        ],
      },
      { path: '*', ...page(() => import('./pages/NotFound.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);

/**
 * Starts loading the chunks (and the first data, where the page names it) of the page at
 * `location`, a link opened cold: they arrive beside the shell's sign-in check (GET
 * /api/auth/me) instead of after it. The page renders from the same module when the check
 * passes; a failed load is left to the render to report.
 */
export function preloadPage(location: { pathname: string }, qc: QueryClient): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    const handle = match.route.handle as PageHandle | undefined;
    void handle?.load().catch(() => undefined);
    handle?.prefetch?.(qc);
  }
}
