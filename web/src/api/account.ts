import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { practitionerProfileInput } from '../../../src/presenters/practitioner.ts';
import { api } from './client.ts';
import type { Me } from './auth.ts';
import { queryKeys } from './query-keys.ts';

/** The practitioner profile as PATCH /api/account takes it ("" leaves an optional field out). */
export type PractitionerInput = z.input<typeof practitionerProfileInput>;

export interface AccountPatch {
  display_name?: string | null;
  firm_name?: string | null;
  entity_size?: 'large' | 'small' | 'micro';
  /** Replaces the whole profile; null removes it. */
  practitioner?: PractitionerInput | null;
}

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountPatch) => api<Me>('/api/account', { method: 'PATCH', body }),
    onSuccess: (data) => {
      qc.setQueryData(queryKeys.me, (old: unknown) => ({ ...(old as object), account: data.account, credits: data.credits }));
      // Fees everywhere follow the entity size.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    },
  });
}
