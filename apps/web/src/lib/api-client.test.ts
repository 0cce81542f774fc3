import { messages } from '@pinhole/contracts';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makePost } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { apiError, mockApi, sentJson, sentUrl } from '@/testing/mock-api';
import { ApiError, apiRequest, apiUpload, errorMessage, onUnauthorized } from './api-client';

describe('apiRequest', () => {
  it('returns the parsed body of a success', async () => {
    mockApi({ 'GET /api/auth/session': { user: null, profile: null } });
    await expect(apiRequest('session')).resolves.toEqual({ user: null, profile: null });
  });

  it("takes the call's method and route from the endpoint table, encoding its parameters", async () => {
    const fetchMock = mockApi({
      'DELETE /api/me/follow-requests/a%2Fb%3Fc': new Response(null, { status: 204 }),
    });
    await expect(
      apiRequest('declineFollowRequest', { params: { profileId: 'a/b?c' } }),
    ).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/me/follow-requests/a%2Fb%3Fc');
  });

  it('writes the query string, leaving out what is null or undefined', async () => {
    const fetchMock = mockApi({ 'GET /api/posts': { posts: [], next_cursor: null } });
    await apiRequest('feed', { query: { limit: 12, feed: undefined, cursor: null } });
    expect(sentUrl(fetchMock, 'GET', '/api/posts').search).toBe('?limit=12');
    await apiRequest('feed', { query: { limit: 12, feed: 'following', cursor: 'c 1' } });
    const url = sentUrl(fetchMock, 'GET', '/api/posts', 1);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '12',
      feed: 'following',
      cursor: 'c 1',
    });
  });

  it('sends JSON bodies with a content type', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/password-reset': new Response(null, { status: 202 }),
    });
    await apiRequest('requestPasswordReset', { body: { email: 'a@example.com' } });
    expect(sentJson(fetchMock, 'POST', '/api/auth/password-reset')).toEqual({
      email: 'a@example.com',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({
      'content-type': 'application/json',
    });
  });

  it('checks answers against the contract in development and tests', async () => {
    mockApi({ 'GET /api/auth/session': { user: 'not a user', profile: null } });
    await expect(apiRequest('session')).rejects.toThrow();
  });

  it('throws an ApiError carrying the server message and code', async () => {
    mockApi({
      'POST /api/auth/sign-in': apiError(400, 'invalid_credentials', 'Invalid login credentials'),
    });
    const failure = apiRequest('signIn', { body: { email: 'a@example.com', password: 'x' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('falls back to a generic message when the error body is not the API shape', async () => {
    mockApi({ 'GET /api/instance': new Response('<html>bad gateway</html>', { status: 502 }) });
    await expect(apiRequest('instance')).rejects.toMatchObject({
      status: 502,
      message: messages.internal,
    });
  });

  it('tells listeners about any 401', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    mockApi({
      'PUT /api/posts/1/like': apiError(401, 'unauthenticated', 'Please sign in to continue'),
    });
    await expect(apiRequest('like', { params: { id: '1' } })).rejects.toThrow(
      'Please sign in to continue',
    );
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is typed by the table: parameters and bodies a call needs cannot be left out', () => {
    // Only compiled: `tsc` fails if any of these lines stops being an error.
    const calls = () => [
      // @ts-expect-error a post's call needs its id
      apiRequest('post'),
      // @ts-expect-error the id is named as in the route
      apiRequest('post', { params: { postId: '1' } }),
      // @ts-expect-error signing in sends the credentials
      apiRequest('signIn'),
      // @ts-expect-error not a call of the table
      apiRequest('/api/posts'),
    ];
    expect(typeof calls).toBe('function');
  });
});

describe('apiUpload', () => {
  it('reports upload progress and resolves with the parsed post', async () => {
    const requests = stubXhr();
    const onProgress = vi.fn();
    const form = new FormData();
    form.append('caption', 'hi');
    const result = apiUpload('createPost', form, { onProgress });
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/posts');
    request?.progress(512, 1024);
    expect(onProgress).toHaveBeenCalledWith(0.5);
    const post = makePost();
    request?.respond(201, post);
    await expect(result).resolves.toEqual(post);
  });

  it("uses the call's method: a new profile picture replaces the old one", () => {
    const requests = stubXhr();
    void apiUpload('changeAvatar', new FormData()).catch(() => undefined);
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe('/api/profiles/me/avatar');
  });

  it('rejects with the server message', async () => {
    const requests = stubXhr();
    const result = apiUpload('createPost', new FormData());
    requests[0]?.respond(413, {
      error: { code: 'file_too_large', message: messages.fileTooLarge },
    });
    await expect(result).rejects.toMatchObject({ status: 413, message: messages.fileTooLarge });
  });

  it('aborts when the signal fires', async () => {
    const requests = stubXhr();
    const controller = new AbortController();
    const result = apiUpload('createPost', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]?.aborted).toBe(true);
  });
});

describe('errorMessage', () => {
  it('shows the server message for API errors and a generic one otherwise', () => {
    expect(errorMessage(new ApiError(409, 'conflict', messages.emailTaken))).toBe(
      messages.emailTaken,
    );
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(messages.internal);
  });

  it('says offline when a call got no answer, not that something went wrong', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await apiRequest('session').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(errorMessage(failure)).toBe(messages.offline);
    expect(errorMessage(new ApiError(0, 'network_error', messages.internal))).toBe(
      messages.offline,
    );
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => online.mockRestore());
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(messages.offline);
    // An answer the server gave is still the server's, whatever the network does now.
    expect(errorMessage(new ApiError(409, 'conflict', messages.emailTaken))).toBe(
      messages.emailTaken,
    );
  });
});
