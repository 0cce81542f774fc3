import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useExclusiveMutation } from './use-exclusive-mutation';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useExclusiveMutation', () => {
  it('starts once when called twice in the same moment, and again once it has finished', async () => {
    const calls: string[] = [];
    let finish = () => {};
    const { result } = renderHook(
      () =>
        useExclusiveMutation({
          mutationFn: (text: string) => {
            calls.push(text);
            return new Promise<void>((resolve) => (finish = resolve));
          },
        }),
      { wrapper },
    );
    const settled: string[] = [];
    act(() => {
      // Two clicks before any render: what a double click on a busy page delivers.
      result.current.mutate('first', { onSettled: () => settled.push('first') });
      result.current.mutate('second', { onSettled: () => settled.push('second') });
    });
    await waitFor(() => expect(calls).toEqual(['first']));
    act(() => finish());
    await waitFor(() => expect(settled).toEqual(['first']));
    act(() => result.current.mutate('third'));
    await waitFor(() => expect(calls).toEqual(['first', 'third']));
    act(() => finish());
  });

  it('lets a failed start be tried again', async () => {
    let attempts = 0;
    const { result } = renderHook(
      () =>
        useExclusiveMutation({
          mutationFn: () => {
            attempts += 1;
            return Promise.reject(new Error('offline'));
          },
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync().catch(() => undefined));
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(attempts).toBe(2);
  });
});
