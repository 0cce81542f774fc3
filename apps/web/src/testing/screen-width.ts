import { vi } from 'vitest';

/** A screen `wide` (Instagram's dialogs) or a phone's, as matchMedia answers (jsdom has none). */
export function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
  }));
}
