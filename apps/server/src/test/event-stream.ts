/** One frame of a Server-Sent Events stream: an event, or a comment line. */
export interface StreamFrame {
  event?: string;
  data?: string;
  comment?: string;
  retry?: number;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** The JSON error body when the stream was refused. */
  error?: any;
  /** The next frame matching `wanted` (frames before it are skipped); rejects after `timeoutMs`. */
  next(wanted?: (frame: StreamFrame) => boolean, timeoutMs?: number): Promise<StreamFrame>;
  /** The next `event: notifications` count. */
  nextCount(timeoutMs?: number): Promise<number>;
  /** Resolves true once the server ended the stream (false after `timeoutMs`). */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

/** Opens `GET /api/events` with fetch and reads it frame by frame, as a browser's EventSource. */
export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<OpenedStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: {
      accept: 'text/event-stream',
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) {
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      error: text ? JSON.parse(text) : undefined,
      next: () => Promise.reject(new Error('no stream')),
      nextCount: () => Promise.reject(new Error('no stream')),
      ended: () => Promise.resolve(true),
      close: () => undefined,
    };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const frames: StreamFrame[] = [];
  let buffer = '';
  let done = false;
  let wake: (() => void) | null = null;
  const pump = async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        wake?.();
      }
    } catch {
      // Aborted by close(), or the connection was cut.
    }
    done = true;
    wake?.();
  };
  void pump();

  const waitForChange = (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve(false);
      }, timeoutMs);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve(true);
      };
    });

  const next = async (wanted: (frame: StreamFrame) => boolean = () => true, timeoutMs = 3_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (frames.length > 0) {
        const frame = frames.shift()!;
        if (wanted(frame)) return frame;
      }
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0 || !(await waitForChange(left))) {
        if (frames.length === 0) throw new Error(`no matching frame within ${timeoutMs} ms`);
      }
    }
  };

  return {
    status: response.status,
    headers: response.headers,
    next,
    async nextCount(timeoutMs) {
      const frame = await next((candidate) => candidate.event === 'notifications', timeoutMs);
      return (JSON.parse(frame.data ?? '{}') as { unread_count: number }).unread_count;
    },
    async ended(timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await waitForChange(left);
      }
      return true;
    },
    close: () => abort.abort(),
  };
}

function parseFrame(text: string): StreamFrame {
  const frame: StreamFrame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else if (line.startsWith('event:')) frame.event = line.slice(6).trim();
    else if (line.startsWith('data:')) frame.data = line.slice(5).trim();
    else if (line.startsWith('retry:')) frame.retry = Number(line.slice(6).trim());
  }
  return frame;
}
