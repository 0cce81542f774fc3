import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedStream } from './test/event-stream';
import { openEventStream } from './test/event-stream';
import { createPostgresDatabase, signUpUser, startTestServer } from './test/harness';

type Instance = Awaited<ReturnType<typeof startTestServer>>;

const deliveryMs = 2_000;

function startInstance(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-messages-cluster-'));
  return startTestServer('postgres', {}, { dataDir, databaseUrl });
}

describe('direct messages across two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Instance;
  let b: Instance;
  const opened: OpenedStream[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    a = await startInstance(database.url);
    b = await startInstance(database.url);
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    for (const instance of [a, b]) {
      if (!instance) continue;
      await instance.close();
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  it('tells a stream on the other instance of each new message within 2 s', async () => {
    const sender = await signUpUser(a);
    const reader = await signUpUser(a);
    await a.request(`/api/profiles/${sender.id}/follow`, { method: 'PUT', token: reader.token });
    const started = await a.request('/api/conversations', {
      method: 'POST',
      token: sender.token,
      json: { participant_ids: [reader.id] },
    });
    const conversationId = started.body.id as string;
    const stream = await openEventStream(b.url, reader.token);
    opened.push(stream);
    await stream.nextCount();
    for (const [text, total] of [
      ['first', 1],
      // The total stays at one conversation: the second message is still told.
      ['second', 1],
    ] as const) {
      const sentAt = Date.now();
      const sent = await a.request(`/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        token: sender.token,
        json: { text },
      });
      expect(sent.status).toBe(201);
      const frame = await stream.next((f) => f.event === 'messages', deliveryMs);
      expect(Date.now() - sentAt).toBeLessThan(deliveryMs);
      expect(JSON.parse(frame.data ?? '')).toEqual({
        conversation_id: conversationId,
        unread_total: total,
      });
    }
  });
});
