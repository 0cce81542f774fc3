import { messages } from '@pinhole/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile } from '@/testing/factories';
import { callsTo, deferred, json, mockApi } from '@/testing/mock-api';
import { usernameRuleProblem, useUsernameCheck } from './use-username-check';

const me = makeProfile({ id: 'me', username: 'alice' });
const invalid = 'Username may only contain letters, numbers, periods and underscores';
const lookup = (name: string) => `/api/profiles/by-username/${name}`;

/** The hook as the profile form uses it, with the name typed so far. */
function renderCheck(initial = me.username) {
  return renderHook(({ name }) => useUsernameCheck(name, me), {
    initialProps: { name: initial },
  });
}

/** Lets the typing pause run out (or part of it) and the lookup's answer arrive. */
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usernameRuleProblem', () => {
  it('accepts what sign-up accepts, whatever the case and spaces around it', () => {
    expect(usernameRuleProblem('bob.smith_2')).toBeNull();
    expect(usernameRuleProblem('  Bob ')).toBeNull();
  });

  it("refuses what sign-up refuses, with sign-up's messages", () => {
    expect(usernameRuleProblem('')).toBe('Username is required');
    expect(usernameRuleProblem('bob smith')).toBe(invalid);
    expect(usernameRuleProblem('bob!')).toBe(invalid);
    expect(usernameRuleProblem('a'.repeat(31))).toBe('Username must be at most 30 characters');
    expect(usernameRuleProblem('explore')).toBe(messages.usernameUnavailable);
    expect(usernameRuleProblem('API')).toBe(messages.usernameUnavailable);
  });
});

describe('useUsernameCheck', () => {
  it('says at once what the rules refuse (invalid, reserved) and looks nothing up', async () => {
    const fetchMock = mockApi({});
    const { result, rerender } = renderCheck();
    rerender({ name: 'bob smith' });
    expect(result.current).toBe(invalid);
    rerender({ name: 'accounts' });
    expect(result.current).toBe(messages.usernameUnavailable);
    await pause(1000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never looks up your own name, in any case', async () => {
    const fetchMock = mockApi({});
    const { result, rerender } = renderCheck();
    rerender({ name: ' Alice' });
    await pause(1000);
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says a name is taken once typing pauses and someone's profile answers", async () => {
    const fetchMock = mockApi({ [`GET ${lookup('bob')}`]: json(makeProfile({ username: 'bob' })) });
    const { result, rerender } = renderCheck();
    for (const typed of ['b', 'bo', 'Bob']) {
      rerender({ name: typed });
      await pause(100);
    }
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    await pause(250);
    expect(result.current).toBe(messages.usernameTaken);
    // One lookup, of the name as it was left, lowercased.
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(callsTo(fetchMock, 'GET', lookup('bob'))).toHaveLength(1);
  });

  it('says nothing for a free name (the lookup answers 404)', async () => {
    const fetchMock = mockApi({});
    const { result, rerender } = renderCheck();
    rerender({ name: 'nobody_yet' });
    await pause(350);
    expect(callsTo(fetchMock, 'GET', lookup('nobody_yet'))).toHaveLength(1);
    expect(result.current).toBeNull();
  });

  it('forgets a taken answer as soon as the name changes, and drops a lookup left behind', async () => {
    const slow = deferred<Response>();
    const fetchMock = mockApi({
      [`GET ${lookup('bob')}`]: json(makeProfile({ username: 'bob' })),
      [`GET ${lookup('carol')}`]: () => slow.promise,
    });
    const { result, rerender } = renderCheck('bob');
    await pause(350);
    expect(result.current).toBe(messages.usernameTaken);

    rerender({ name: 'carol' });
    expect(result.current).toBeNull();
    await pause(350);
    const carol = callsTo(fetchMock, 'GET', lookup('carol'))[0]?.[1];
    // Typing on before carol's answer comes: that lookup is cancelled, and its late answer
    // does not mark the new name taken.
    rerender({ name: 'carol.b' });
    expect(carol?.signal?.aborted).toBe(true);
    slow.resolve(json(makeProfile({ username: 'carol' })));
    await pause(350);
    expect(result.current).toBeNull();
  });
});
