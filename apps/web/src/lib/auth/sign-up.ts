import { type AuthResponse, type SignUpRequest } from '@pinhole/contracts';
import { apiRequest } from '@/lib/api-client';

/** Loaded when someone signs up (auth-provider.tsx), not with the first script. */
export function signUp(input: SignUpRequest): Promise<AuthResponse> {
  return apiRequest('signUp', { body: input });
}
