import { createContext, useContext, type ReactNode } from 'react';

/** The one source of "now" for time labels; tests provide a fixed clock. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

const ClockContext = createContext<Clock>(systemClock);

export function ClockProvider({ clock, children }: { clock: Clock; children: ReactNode }) {
  return <ClockContext value={clock}>{children}</ClockContext>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}
