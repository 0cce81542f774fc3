import { createContext, useContext } from 'react';

/**
 * Opens the account switcher from anywhere (the sidebar's Switch, the account menu). The shell
 * owns the dialog, as it owns the sign-in dialog (see `sign-in-prompt.ts`).
 */
export const AccountSwitcherContext = createContext<() => void>(() => undefined);

export function useAccountSwitcher(): () => void {
  return useContext(AccountSwitcherContext);
}
