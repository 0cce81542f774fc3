import { type AuthResponse, type SignInRequest } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function signIn(input: SignInRequest): Promise<AuthResponse> {
  return apiRequest('signIn', { body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useExclusiveMutation({
    mutationFn: signIn,
    onSuccess: ({ user, profile }) => {
      queryClient.setQueryData(queryKeys.session, { user, profile });
    },
  });
}
