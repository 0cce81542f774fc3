/**
 * History state for a link that changes the address but not the page, such as a profile's tabs:
 * the window keeps its scroll position instead of returning to the top.
 */
export const keepScroll = { keepScroll: true } as const;

export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'keepScroll' in state;
}
