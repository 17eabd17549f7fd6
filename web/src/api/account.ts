import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { meKey, type Account, type Balance } from './auth.ts';

export interface AccountPatch {
  display_name?: string | null;
  firm_name?: string | null;
  entity_size?: 'large' | 'small' | 'micro';
}

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountPatch) => api<{ account: Account; credits: Balance }>('/api/account', { method: 'PATCH', body }),
    onSuccess: (data) => {
      qc.setQueryData(meKey, (old: unknown) => ({ ...(old as object), account: data.account, credits: data.credits }));
      // Fees everywhere follow the entity size.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}
