/**
 * React Router 7's behaviour, taken now (and its warnings silenced): navigations render as React
 * transitions, so a page whose code is still loading keeps the previous page on screen instead
 * of a spinner.
 */
export const routerFuture = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
