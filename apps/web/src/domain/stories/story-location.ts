/**
 * The history state a story opened from inside the app carries (the strip's tiles and a story
 * reply's thumbnail in a conversation set it, and the
 * viewer keeps it as it moves from story to story by replacing its entry): closing is then Back,
 * to the very page the reader came from. A story opened from a link has none, and closing goes
 * home.
 */
export const openedInApp = { storyOpenedInApp: true } as const;

export function wasOpenedInApp(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'storyOpenedInApp' in state;
}
