import net from 'node:net';

/**
 * - `pass`: forwards both ways.
 * - `refuse`: not listening (ECONNREFUSED), open connections reset: the service is stopped.
 * - `hang`: accepts connections but forwards nothing either way, and open connections freeze:
 *   the service is frozen. What clients sent meanwhile is delivered when the mode changes back
 *   (the kernel kept it), as a frozen process that wakes up would read it.
 * - `hold-put-answers`: forwards everything, but a connection that sends a PUT never gets an
 *   answer again: the store wrote the object and the acknowledgement was lost.
 */
export type ProxyMode = 'pass' | 'refuse' | 'hang' | 'hold-put-answers';

export interface TcpProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  setMode(mode: ProxyMode): Promise<void>;
  /** Connections whose answers `hold-put-answers` has swallowed so far. */
  heldAnswers(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | undefined;
  answersHeld: boolean;
}

/** A TCP proxy on a free loopback port in front of `targetPort`, for breaking a dependency on purpose. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  let heldAnswers = 0;
  const pairs = new Set<Pair>();
  const waiting: Pair[] = [];

  const forward = (pair: Pair) => {
    const { client } = pair;
    const upstream = net.connect(targetPort, '127.0.0.1');
    pair.upstream = upstream;
    client.on('data', (chunk: Buffer) => {
      const isPut = chunk.subarray(0, 4).toString('latin1') === 'PUT ';
      if (mode === 'hold-put-answers' && isPut && !pair.answersHeld) {
        pair.answersHeld = true;
        heldAnswers += 1;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!pair.answersHeld) client.write(chunk);
    });
    // Ends travel on so that a request the client finished is delivered whole, even when the
    // client gave up waiting for its answer.
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => pairs.delete(pair));
    client.resume();
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client, upstream: undefined, answersHeld: false };
    pairs.add(pair);
    client.on('error', () => undefined);
    if (mode === 'hang') {
      client.pause();
      waiting.push(pair);
      return;
    }
    forward(pair);
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  const port = await listen(0);

  return {
    url: `http://127.0.0.1:${port}`,
    heldAnswers: () => heldAnswers,
    async setMode(next) {
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        const closed = stopListening();
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        pairs.clear();
        waiting.length = 0;
        await closed;
        return;
      }
      if (previous === 'refuse') await listen(port);
      if (next === 'hang') {
        for (const pair of pairs) {
          pair.client.pause();
          pair.upstream?.pause();
        }
        return;
      }
      if (previous === 'hang') {
        for (const pair of waiting.splice(0)) forward(pair);
        for (const pair of pairs) {
          pair.client.resume();
          pair.upstream?.resume();
        }
      }
    },
    async close() {
      const closed = stopListening();
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await closed;
    },
  };
}
