import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off the eval probe of the zod the app loads', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
