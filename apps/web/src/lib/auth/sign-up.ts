import { type AuthResponse, type SignUpRequest } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function signUp(input: SignUpRequest): Promise<AuthResponse> {
  return apiRequest('signUp', { body: input });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useExclusiveMutation({
    mutationFn: signUp,
    onSuccess: ({ user, profile }) => {
      queryClient.setQueryData(queryKeys.session, { user, profile });
    },
  });
}
