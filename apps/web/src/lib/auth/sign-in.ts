import { type AuthResponse, type SignInRequest } from '@pinhole/contracts';
import { apiRequest } from '@/lib/api-client';

/** Loaded when someone signs in (auth-provider.tsx), not with the first script. */
export function signIn(input: SignInRequest): Promise<AuthResponse> {
  return apiRequest('signIn', { body: input });
}
