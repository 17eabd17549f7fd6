import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  EmailVerificationSentWire,
  EmailVerificationWire,
  emailVerifiedSchema,
  passwordResetAcceptedSchema,
  passwordResetDoneSchema,
} from '../../../src/presenters/auth.ts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api<z.infer<typeof passwordResetAcceptedSchema>>('/api/auth/password-reset', { method: 'POST', body: { email } }),
  });
}

export function useConfirmPasswordReset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api<z.infer<typeof passwordResetDoneSchema>>('/api/auth/password-reset/confirm', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: { current_password: string; new_password: string }) => api<void>('/api/auth/password', { method: 'POST', body }) });
}

function emailVerificationQuery() {
  return queryOptions({ queryKey: queryKeys.emailVerification, queryFn: () => api<EmailVerificationWire>('/api/auth/email-verification') });
}

export const useEmailVerification = () => useQuery(emailVerificationQuery());

export function useSendVerification() {
  return useMutation({ mutationFn: () => api<EmailVerificationSentWire>('/api/auth/email-verification', { method: 'POST' }) });
}

export function useConfirmVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<z.infer<typeof emailVerifiedSchema>>('/api/auth/email-verification/confirm', { method: 'POST', body: { token } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.emailVerification }),
  });
}
