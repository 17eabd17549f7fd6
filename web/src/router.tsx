import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout, RequireAuth } from './pages/AppLayout.tsx';
import { SignIn } from './pages/SignIn.tsx';
import { SignUp } from './pages/SignUp.tsx';
import { ForgotPassword, ResetPassword, VerifyEmail } from './pages/PasswordPages.tsx';
import { Loading } from './ui/States.tsx';
import { Join } from './pages/Join.tsx';
import { RouteError } from './pages/RouteError.tsx';

// Pages past sign-in are split into their own chunks: the first load carries only the shell.
function page(load: () => Promise<{ default: ComponentType }>) {
  const C = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <C />
    </Suspense>
  );
}

export const router = createBrowserRouter([
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
      { index: true, element: page(() => import('./pages/Dashboard.tsx')) },
      { path: 'docket', element: page(() => import('./pages/Docket.tsx')) },
      { path: 'applications/:number', element: page(() => import('./pages/Application.tsx')) },
      { path: 'analyses/:id', element: page(() => import('./pages/Analysis.tsx')) },
      { path: 'examiners', element: page(() => import('./pages/Examiners.tsx').then((m) => ({ default: m.ExaminerSearch }))) },
      { path: 'examiners/:name', element: page(() => import('./pages/Examiners.tsx').then((m) => ({ default: m.ExaminerProfilePage }))) },
      { path: 'forms', element: page(() => import('./pages/Forms.tsx')) },
      { path: 'responses/:planId', element: page(() => import('./pages/ResponseWizard.tsx')) },
      {
        path: 'settings',
        element: page(() => import('./pages/settings/SettingsLayout.tsx')),
        children: [
          { index: true, element: <Navigate to="/settings/profile" replace /> },
          { path: 'profile', element: page(() => import('./pages/settings/Profile.tsx')) },
          { path: 'practitioner', element: page(() => import('./pages/settings/Practitioner.tsx')) },
          { path: 'api-keys', element: page(() => import('./pages/settings/ApiKeys.tsx')) },
          { path: 'connected-apps', element: page(() => import('./pages/settings/ConnectedApps.tsx')) },
          { path: 'webhooks', element: page(() => import('./pages/settings/Webhooks.tsx')) },
          { path: 'calendar', element: page(() => import('./pages/settings/Calendar.tsx')) },
          { path: 'notifications', element: page(() => import('./pages/settings/Notifications.tsx')) },
          { path: 'billing', element: page(() => import('./pages/settings/Billing.tsx')) },
          { path: 'audit', element: page(() => import('./pages/settings/Audit.tsx')) },
          { path: 'members', element: page(() => import('./pages/settings/Members.tsx')) },
        ],
      },
      { path: '*', element: page(() => import('./pages/NotFound.tsx')) },
    ],
  },
]);
