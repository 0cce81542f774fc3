import { createContext, useContext } from 'react';

/**
 * Opens the sign-in dialog from anywhere (a Follow button signed out). The shell owns the dialog;
 * this keeps features from importing the shell. Outside the shell (tests of one component) it
 * does nothing unless a test provides it.
 */
export const SignInPromptContext = createContext<() => void>(() => undefined);

export function useSignInPrompt(): () => void {
  return useContext(SignInPromptContext);
}
