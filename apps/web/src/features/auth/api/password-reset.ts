import type { PasswordResetConfirm } from '@pinhole/contracts';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/auth/password-reset`: 202 whether or not the email has an account. */
export function requestPasswordReset(email: string): Promise<void> {
  return apiRequest('requestPasswordReset', { body: { email } });
}

export function useRequestPasswordReset() {
  return useExclusiveMutation({ mutationFn: requestPasswordReset });
}

/** `POST /api/auth/password-reset/confirm`: the new password; every session of the account ends. */
export function confirmPasswordReset(input: PasswordResetConfirm): Promise<void> {
  return apiRequest('confirmPasswordReset', { body: input });
}

export function useConfirmPasswordReset() {
  return useExclusiveMutation({ mutationFn: confirmPasswordReset });
}
