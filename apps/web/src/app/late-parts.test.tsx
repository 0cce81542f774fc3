import { act, screen, waitFor } from '@testing-library/react';
import { lazy, type JSX } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from '@/testing/mock-api';
import { LatePart, whenLatePartsHydrated } from './late-parts';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

describe('LatePart', () => {
  it('keeps a server-drawn page waiting until its late part has hydrated, and not after', async () => {
    // The server draws the part at once; the browser hydrates it from a chunk that comes later.
    const page = document.createElement('div');
    page.innerHTML = renderToString(
      <LatePart fallback={null}>
        <p>comments here</p>
      </LatePart>,
    );
    document.body.append(page);
    const chunk = deferred<{ default: () => JSX.Element }>();
    const Comments = lazy(() => chunk.promise);
    await act(async () => {
      root = hydrateRoot(
        page,
        <LatePart fallback={null}>
          <Comments />
        </LatePart>,
      );
      await Promise.resolve();
    });
    let ready = false;
    void whenLatePartsHydrated().then(() => (ready = true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(ready).toBe(false);

    await act(async () => {
      chunk.resolve({ default: () => <p>comments here</p> });
      await chunk.promise;
    });
    await waitFor(() => expect(ready).toBe(true));
    expect(screen.getByText('comments here')).toBeInTheDocument();
  });

  it('does not wait on a page without late parts', async () => {
    await expect(whenLatePartsHydrated()).resolves.toBeUndefined();
  });
});
