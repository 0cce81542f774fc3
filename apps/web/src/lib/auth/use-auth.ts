import {
  messages,
  type Profile,
  type SignInRequest,
  type SignUpRequest,
  type User,
} from '@pinhole/contracts';
import { createContext, useContext } from 'react';

export interface AuthState {
  user: User | null;
  profile: Profile | null;
  /** True until the first session (and profile) load resolves. */
  loading: boolean;
  signIn: (input: SignInRequest) => Promise<void>;
  signUp: (input: SignUpRequest) => Promise<void>;
  signOut: () => Promise<void>;
}

// Apart from the provider so that reading the viewer does not bring in the session's queries and
// mutations: a lazy chunk that only reads it stays small.
export const AuthContext = createContext<AuthState | null>(null);

/** The viewer and the sign-in/up/out actions, from any component under the AuthProvider. */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error(messages.useAuthOutsideProvider);
  return auth;
}
