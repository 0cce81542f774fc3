import { createContext, useContext } from 'react';

/**
 * Opens the sign-in dialog on its Sign Up tab (the empty home offers a visitor to sign up). The
 * shell owns the dialog, as for `useSignInPrompt`.
 */
export const SignUpPromptContext = createContext<() => void>(() => undefined);

export function useSignUpPrompt(): () => void {
  return useContext(SignUpPromptContext);
}
