import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { keptCopyHeader } from '@/lib/offline/cache-names';
import { OfflineNotice } from './offline-notice';

afterEach(() => vi.restoreAllMocks());

describe('OfflineNotice', () => {
  it('shows while the device is offline and goes when the network comes back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('OfflineNotice on a page the worker drew offline', () => {
  it('shows when the API gives no answer or only the kept copy, though navigator.onLine says online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const answers: (() => Promise<Response>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(Response.json({ ok: true }, { headers: { [keptCopyHeader]: '1' } })),
      () => Promise.resolve(Response.json({ ok: true })),
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answers.shift()!());
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();

    await act(() => apiRequest('session').catch(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");

    await act(() => apiRequest('session').catch(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");

    await act(() => apiRequest('session').catch(() => undefined));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
