import { type AuthResponse, type SignInRequest } from '@pinhole/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function signIn(input: SignInRequest): Promise<AuthResponse> {
  return apiRequest('signIn', { body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user, profile }) => {
      queryClient.setQueryData(queryKeys.session, { user, profile });
    },
  });
}
