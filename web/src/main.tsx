import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { retryDelay, shouldRetry, shouldRetryMutation } from './api/retry-policy.ts';
import { preloadPage, router } from './router.tsx';
import './app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay,
      refetchOnWindowFocus: true,
      staleTime: 5_000,
    },
    mutations: {
      retry: shouldRetryMutation,
      retryDelay,
    },
  },
});

preloadPage(window.location, queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
