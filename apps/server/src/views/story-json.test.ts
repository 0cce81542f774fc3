import type { Story } from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';
import { toTrays } from './story-json';

let counter = 0;

/** A story of `author` shared at minute `minute`, viewed or not. */
function story(author: string, minute: number, viewed = false): Story {
  counter += 1;
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return {
    id: `story-${String(counter).padStart(3, '0')}`,
    user_id: author,
    image: { width: 10, height: 10, placeholder: null, variants: [] },
    created_at: createdAt,
    expires_at: createdAt,
    viewed_by_me: viewed,
    author: {
      id: author,
      username: author,
      full_name: author,
      avatar_url: null,
      is_verified: false,
      followed_by_me: true,
      is_remote: false,
    },
  };
}

const order = (trays: ReturnType<typeof toTrays>) => trays.map((tray) => tray.author.id);

describe('toTrays', () => {
  it("groups one person's stories oldest first, unviewed while any is", () => {
    const trays = toTrays([story('ann', 5, true), story('ann', 1, true), story('ann', 3)], 'me');
    expect(trays).toHaveLength(1);
    expect(trays[0]!.stories.map((item) => item.created_at.slice(14, 16))).toEqual([
      '01',
      '03',
      '05',
    ]);
    expect(trays[0]!.has_unviewed).toBe(true);
    expect(toTrays([story('ann', 1, true)], 'me')[0]!.has_unviewed).toBe(false);
  });

  it('puts your own tray first, then unviewed trays, then viewed ones, each newest first', () => {
    const trays = toTrays(
      [
        story('old-unviewed', 1),
        story('me', 0, true),
        story('new-viewed', 9, true),
        story('new-unviewed', 8),
        story('old-viewed', 2, true),
        // A viewed older story does not make the tray viewed: its newest is still unseen.
        story('mixed', 3, true),
        story('mixed', 4),
      ],
      'me',
    );
    expect(order(trays)).toEqual([
      'me',
      'new-unviewed',
      'mixed',
      'old-unviewed',
      'new-viewed',
      'old-viewed',
    ]);
  });

  it('signed out: the most recent sharer first', () => {
    const trays = toTrays([story('a', 1), story('b', 7), story('c', 3), story('a', 9)], null);
    expect(order(trays)).toEqual(['a', 'b', 'c']);
  });
});
