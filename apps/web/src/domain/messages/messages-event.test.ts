import { messagesEventSchema } from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';
import { readMessagesEvent } from './messages-event';

describe('readMessagesEvent', () => {
  it('accepts what the contracts schema accepts, and nothing else', () => {
    const samples: unknown[] = [
      { conversation_id: 'c1', unread_total: 2 },
      { conversation_id: null, unread_total: 0 },
      { conversation_id: 'c1', unread_total: 2, extra: true },
      { conversation_id: 'c1', unread_total: 2.5 },
      { conversation_id: 'c1', unread_total: '2' },
      { conversation_id: 3, unread_total: 2 },
      { unread_total: 2 },
      { conversation_id: 'c1' },
      null,
      [],
      'text',
      7,
    ];
    for (const sample of samples) {
      const schema = messagesEventSchema.safeParse(sample);
      expect(readMessagesEvent(sample), JSON.stringify(sample)).toEqual(
        schema.success ? schema.data : null,
      );
    }
  });
});
