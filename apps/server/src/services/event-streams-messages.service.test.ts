import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedStream } from '../test/event-stream';
import { openEventStream } from '../test/event-stream';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const deliveryMs = 2_000;

/**
 * EventStreamsService.messagesChanged on each database: the streams of this instance are told at
 * once, and on PostgreSQL those of every other instance through the database's channel (SQLite is
 * one process, with nothing to send: PostgreSQL's pg_notify does not exist there). The repository
 * picks, so the service is the same code on both.
 */
describe.each(dialects)('EventStreamsService.messagesChanged on %s', (dialect) => {
  let server: Server;
  /** A second instance on the same PostgreSQL database; none on SQLite. */
  let other: Server | undefined;
  let sender: TestUser;
  let reader: TestUser;
  let conversationId: string;
  const opened: OpenedStream[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    if (server.databaseUrl) {
      other = await startTestServer(
        'postgres',
        {},
        { dataDir: fs.mkdtempSync(`${server.dataDir}-other`), databaseUrl: server.databaseUrl },
      );
    }
    sender = await signUpUser(server);
    reader = await signUpUser(server);
    await server.request(`/api/profiles/${sender.id}/follow`, {
      method: 'PUT',
      token: reader.token,
    });
    const started = await server.request('/api/conversations', {
      method: 'POST',
      token: sender.token,
      json: { participant_ids: [reader.id] },
    });
    conversationId = started.body.id as string;
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    if (other) {
      await other.close();
      fs.rmSync(other.dataDir, { recursive: true, force: true });
    }
    await disposeTestServer(server);
  });

  const open = async (instance: Server) => {
    const stream = await openEventStream(instance.url, reader.token);
    opened.push(stream);
    expect(stream.status).toBe(200);
    await stream.nextCount();
    return stream;
  };

  // A stream's first count comes once its instance listens: nothing sent after it is missed.
  it('tells the streams of this instance, and of every other one on PostgreSQL', async () => {
    const here = await open(server);
    const there = other ? await open(other) : undefined;

    await server.context.services.eventStreams.messagesChanged(conversationId, [reader.id]);

    const told = { conversation_id: conversationId, unread_total: 0 };
    const frame = await here.next((f) => f.event === 'messages', deliveryMs);
    expect(JSON.parse(frame.data ?? '')).toEqual(told);
    if (there) {
      const elsewhere = await there.next((f) => f.event === 'messages', deliveryMs);
      expect(JSON.parse(elsewhere.data ?? '')).toEqual(told);
    }
    expect(other === undefined).toBe(dialect === 'sqlite');
  });
});
