import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Clicks Next `times` times, each once it is enabled (the photos are read first). */
export async function clickNext(user: UserEvent, times = 1) {
  for (let step = 0; step < times; step++) {
    const next = await screen.findByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
  }
}

/** From the picked photos through crop and edit, changing nothing, to the caption step. */
export const toCaptionStep = (user: UserEvent) => clickNext(user, 3);
