import { messages, type ErrorBody } from '@pinhole/contracts';

/** An answer from the API that is not a success, carrying the server's `{ error }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever any request answers 401: the session is gone, whatever the UI believed. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The answer a request is checked against before it reaches a component: a contract schema in
 * development and tests, where a drift between client and server should fail loudly at the
 * boundary. Production builds pass `undefined` (call sites write
 * `import.meta.env.DEV ? schema : undefined`, which the build folds away): the client is served
 * by the very server it talks to, from the same build, and checking every answer cost the first
 * visit zod's 25 kB (gzip) and the main thread a parse of every page.
 */
export type ResponseCheck<T> = { parse(data: unknown): T } | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The API's `{ error: { code, message, fields? } }`, read without zod (every client needs it). */
function readErrorBody(body: unknown): ErrorBody['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, fields } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (!isRecord(fields) || !Object.values(fields).every((value) => typeof value === 'string'))
    return null;
  return { code, message, fields: fields as Record<string, string> };
}

function toApiError(status: number, body: unknown): ApiError {
  const error = readErrorBody(body);
  if (error) return new ApiError(status, error.code, error.message, error.fields);
  return new ApiError(status, 'internal', messages.internal);
}

function checked<T>(check: ResponseCheck<T>, data: unknown): T {
  return check ? check.parse(data) : (data as T);
}

function noticeStatus(status: number): void {
  if (status === 401) unauthorizedListeners.forEach((listener) => listener());
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API on the same origin; the answer is checked with `check` when there is one. */
export async function apiRequest<T>(
  path: string,
  check: ResponseCheck<T>,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
  noticeStatus(response.status);
  const data = parseJson(await response.text());
  if (!response.ok) throw toApiError(response.status, data);
  return checked(check, data);
}

/** Like `apiRequest` for calls that answer 204 with no body. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  const { method = 'POST', body, signal } = options;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
  noticeStatus(response.status);
  if (!response.ok) throw toApiError(response.status, parseJson(await response.text()));
}

export interface UploadOptions {
  /** POST by default; a replaced file (a profile picture) is a PUT. */
  method?: 'POST' | 'PUT';
  signal?: AbortSignal;
  /** Fraction of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Posts multipart form data. Uses XMLHttpRequest because fetch cannot report upload progress,
 * which matters for a 5 MB photo on a phone connection.
 */
export function apiUpload<T>(
  path: string,
  check: ResponseCheck<T>,
  form: FormData,
  { method = 'POST', signal, onProgress }: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      done();
      noticeStatus(request.status);
      const data = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, data));
        return;
      }
      try {
        resolve(checked(check, data));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => {
      done();
      reject(new ApiError(0, 'network_error', messages.internal));
    });
    request.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', abort);
    request.send(form);
  });
}

/** The message to put in front of a person for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return messages.internal;
}

/** The API answered 404: what was asked for does not exist, or not any more. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A page's address names nothing: 404, or 400 for an address that could never name anything
 * (a malformed id). Pages show their not-found state for both.
 */
export function namesNothing(error: unknown): boolean {
  return isNotFound(error) || (error instanceof ApiError && error.status === 400);
}
