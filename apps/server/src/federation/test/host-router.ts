import http from 'node:http';

/** fetch() would replace the Host header with the loopback address: node:http keeps it. */
function forward(target: URL, host: string, request: Request, body: Buffer | undefined) {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.host = host;
  // Answers are read as they come: nothing compressed that fetch would have decoded.
  delete headers['accept-encoding'];
  if (body) headers['content-length'] = String(body.length);
  return new Promise<Response>((resolve, reject) => {
    const outgoing = http.request(target, { method: request.method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === 'string') answerHeaders.set(name, value);
          else if (Array.isArray(value)) for (const one of value) answerHeaders.append(name, one);
        }
        const status = incoming.statusCode ?? 502;
        const empty = status === 204 || status === 304 || request.method === 'HEAD';
        resolve(
          new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders }),
        );
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Host names for servers on loopback, in this process: a request to `https://photos.example/…`
 * goes to the server registered for `photos.example` (plain HTTP on 127.0.0.1, as behind a
 * TLS-terminating proxy) with its Host header kept, so signatures made for the public URL verify.
 * The answer keeps the public URL, as a real fetch of it would.
 */
export class HostRouter {
  readonly #hosts = new Map<string, string>();
  readonly #original = globalThis.fetch;

  /** `host` (e.g. photos.example) is served at `origin` (e.g. http://127.0.0.1:4000). */
  route(host: string, origin: string): void {
    this.#hosts.set(host.toLowerCase(), origin);
  }

  unroute(host: string): void {
    this.#hosts.delete(host.toLowerCase());
  }

  install(): void {
    const original = this.#original;
    const hosts = this.#hosts;
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const target = hosts.get(url.host.toLowerCase());
      if (!target) {
        if (url.hostname.endsWith('.example'))
          throw new TypeError(`fetch failed: ${url.host} down`);
        return original(input, init);
      }
      const body =
        request.method === 'GET' || request.method === 'HEAD'
          ? undefined
          : Buffer.from(await request.arrayBuffer());
      const answer = await forward(
        new URL(url.pathname + url.search, target),
        url.host,
        request,
        body,
      );
      Object.defineProperty(answer, 'url', { value: url.href });
      return answer;
    };
  }

  uninstall(): void {
    globalThis.fetch = this.#original;
  }
}
