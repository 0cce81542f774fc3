import {
  endpointMethod,
  endpointPath,
  endpointSchemas,
  messages,
  type EndpointBody,
  type EndpointName,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorBody,
  type ParamsArgument,
} from '@pinhole/contracts';
import { keptCopyHeader } from '@/lib/offline/cache-names';

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

/**
 * The answer, checked against its contract schema in development and tests, where a drift between
 * client and server should fail loudly at the boundary. Production builds fold the condition to
 * `undefined` and so leave the schemas (and zod) out of the bundle: the client is served by the
 * very server it talks to, from the same build, and checking every answer cost the first visit
 * zod's 25 kB (gzip) and the main thread a parse of every page.
 */
function checked<N extends EndpointName>(name: N, data: unknown): EndpointResponse<N> {
  const schema: { parse(data: unknown): unknown } | undefined = import.meta.env.DEV
    ? (endpointSchemas[name] as { response?: { parse(data: unknown): unknown } }).response
    : undefined;
  return (schema ? schema.parse(data) : data) as EndpointResponse<N>;
}

function noticeStatus(status: number): void {
  if (status === 401) unauthorizedListeners.forEach((listener) => listener());
}

let unreachable = false;
const reachabilityListeners = new Set<() => void>();

function noticeReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  reachabilityListeners.forEach((listener) => listener());
}

/**
 * Whether the last API call found no network: it got no answer, or only the copy the worker
 * kept. The offline notice reads it beside `navigator.onLine`, which Chromium leaves `true` on a
 * page the worker drew offline; the next answer from the server clears it.
 */
export function apiUnreachable(): boolean {
  return unreachable;
}

/** The device says it is online again: the next call will tell, and the notice goes meanwhile. */
export function forgetApiUnreachable(): void {
  noticeReachable(true);
}

export function onApiReachabilityChange(listener: () => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Where a call goes and what it sends: its path parameters, query string and JSON body. */
export type ApiCall<N extends EndpointName> = ParamsArgument<N> &
  (EndpointBody<N> extends undefined ? { body?: undefined } : { body: EndpointBody<N> }) & {
    query?: EndpointQuery;
    signal?: AbortSignal | undefined;
  };

/** Calls with nothing to send need no second argument. */
type ApiCallArguments<N extends EndpointName> =
  Record<string, never> extends ApiCall<N> ? [call?: ApiCall<N>] : [call: ApiCall<N>];

/**
 * Makes the call `name` of the endpoint table on the same origin: its method and address come
 * from the table, its answer is checked against the contract in development.
 */
export async function apiRequest<N extends EndpointName>(
  name: N,
  ...[call]: ApiCallArguments<N>
): Promise<EndpointResponse<N>> {
  const { params, query, body, signal } = (call ?? {}) as {
    params?: EndpointParams<N>;
    query?: EndpointQuery;
    body?: unknown;
    signal?: AbortSignal | undefined;
  };
  let response: Response;
  try {
    response = await fetch(endpointPath(name, params, query), {
      method: endpointMethod(name),
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    // No answer at all (no network, nor a copy the worker kept): told apart from the server's
    // answers, as an upload's network error already was.
    noticeReachable(false);
    throw new ApiError(0, 'network_error', messages.internal);
  }
  noticeReachable(!response.headers.has(keptCopyHeader));
  noticeStatus(response.status);
  const data = parseJson(await response.text());
  if (!response.ok) throw toApiError(response.status, data);
  return checked(name, data);
}

/** The calls that take a file: multipart bodies, so no JSON request schema. */
type UploadEndpoint = 'createPost' | 'createStory' | 'changeAvatar' | 'startImport' | 'sendMessage';

export interface UploadOptions<N extends UploadEndpoint = UploadEndpoint> {
  /** The call's path parameters (a conversation's id). */
  params?: EndpointParams<N>;
  signal?: AbortSignal;
  /** Fraction of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Sends multipart form data (a photo, an archive) to a call. Uses XMLHttpRequest because fetch cannot report upload progress,
 * which matters for a 5 MB photo on a phone connection.
 */
export function apiUpload<N extends UploadEndpoint>(
  name: N,
  form: FormData,
  { params, signal, onProgress }: UploadOptions<N> = {},
): Promise<EndpointResponse<N>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    request.open(endpointMethod(name), endpointPath(name, params));
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      done();
      noticeReachable(true);
      noticeStatus(request.status);
      const data = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, data));
        return;
      }
      try {
        resolve(checked(name, data));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => {
      done();
      noticeReachable(false);
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

/**
 * The call got no answer: the device has no network (a same-origin request fails only so, the
 * server being down aside), as opposed to an answer the server gave. `navigator.onLine` alone
 * was not enough: a page the worker drew offline could still read `true`.
 */
export function isOfflineFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0;
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** The message to put in front of a person for a failed call. */
export function errorMessage(error: unknown): string {
  // Offline, "Something went wrong" blamed the app for what the network did.
  if (isOfflineFailure(error)) return messages.offline;
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
