import { messages, postSchema, sessionResponseSchema } from '@pinhole/contracts';
import { describe, expect, it, vi } from 'vitest';
import { makePost } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { apiError, json, mockApi } from '@/testing/mock-api';
import {
  ApiError,
  apiRequest,
  apiSend,
  apiUpload,
  errorMessage,
  onUnauthorized,
} from './api-client';

describe('apiRequest', () => {
  it('returns the parsed body of a success', async () => {
    mockApi({ 'GET /api/auth/session': { user: null, profile: null } });
    await expect(apiRequest('/api/auth/session', sessionResponseSchema)).resolves.toEqual({
      user: null,
      profile: null,
    });
  });

  it('sends JSON bodies with a content type', async () => {
    const fetchMock = mockApi({ 'POST /api/thing': json({ user: null, profile: null }) });
    await apiRequest('/api/thing', sessionResponseSchema, { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('throws an ApiError carrying the server message and code', async () => {
    mockApi({
      'POST /api/auth/sign-in': apiError(400, 'invalid_credentials', 'Invalid login credentials'),
    });
    const failure = apiRequest('/api/auth/sign-in', sessionResponseSchema, {
      method: 'POST',
      body: {},
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('falls back to a generic message when the error body is not the API shape', async () => {
    mockApi({ 'GET /api/x': new Response('<html>bad gateway</html>', { status: 502 }) });
    await expect(apiRequest('/api/x', sessionResponseSchema)).rejects.toMatchObject({
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
    await expect(apiSend('/api/posts/1/like', { method: 'PUT' })).rejects.toThrow(
      'Please sign in to continue',
    );
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('apiUpload', () => {
  it('reports upload progress and resolves with the parsed post', async () => {
    const requests = stubXhr();
    const onProgress = vi.fn();
    const form = new FormData();
    form.append('caption', 'hi');
    const result = apiUpload('/api/posts', postSchema, form, { onProgress });
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/posts');
    request?.progress(512, 1024);
    expect(onProgress).toHaveBeenCalledWith(0.5);
    const post = makePost();
    request?.respond(201, post);
    await expect(result).resolves.toEqual(post);
  });

  it('rejects with the server message', async () => {
    const requests = stubXhr();
    const result = apiUpload('/api/posts', postSchema, new FormData());
    requests[0]?.respond(413, {
      error: { code: 'file_too_large', message: messages.fileTooLarge },
    });
    await expect(result).rejects.toMatchObject({ status: 413, message: messages.fileTooLarge });
  });

  it('aborts when the signal fires', async () => {
    const requests = stubXhr();
    const controller = new AbortController();
    const result = apiUpload('/api/posts', postSchema, new FormData(), {
      signal: controller.signal,
    });
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
});
