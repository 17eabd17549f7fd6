import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccountWire, balanceSchema, meSchema } from '../../../src/presenters/account.ts';
import type { SignInWire, signUpSchema } from '../../../src/presenters/auth.ts';
import { api, ApiError } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Wire types from the server presenter's zod schemas (one contract): `import type` only. */
export type Account = AccountWire;
export type Balance = z.infer<typeof balanceSchema>;
export type Me = z.infer<typeof meSchema>;
export type PractitionerProfile = NonNullable<Account['practitioner']>;

/** The signed-in account, or null when signed out (401). */
function meQuery() {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: async (): Promise<Me | null> => {
      try {
        return await api<Me>('/api/auth/me');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 30_000,
  });
}

/** `fresh`: ask again whenever the page using it mounts (the dashboard's balance may have been charged by an assistant meanwhile). */
export function useMe(opts: { fresh?: boolean } = {}) {
  return useQuery({ ...meQuery(), refetchOnMount: opts.fresh ? 'always' : true });
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api<SignInWire>('/api/auth/signin', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string; display_name?: string }) =>
      api<z.infer<typeof signUpSchema>>('/api/auth/signup', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/auth/signout', { method: 'POST' }),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(queryKeys.me, null);
    },
  });
}
