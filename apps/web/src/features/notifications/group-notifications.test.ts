import { describe, expect, it } from 'vitest';
import { now } from '@/testing/factories';
import { hoursAgo, makeActor, makeNotification } from '@/testing/notifications';
import { groupNotifications, sectionOf, sectionsOf } from './group-notifications';

const like = (username: string, postId = 'post-1', read = true) =>
  makeNotification({
    type: 'like',
    actor: makeActor(username),
    post: { id: postId, thumbnail_url: `/storage/${postId}.webp` },
    read,
  });

describe('groupNotifications', () => {
  it('folds consecutive likes of one post into one row, newest actor first', () => {
    const groups = groupNotifications([like('alice'), like('bob'), like('carol'), like('dave')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.latest.actor.username).toBe('alice');
    expect(groups[0]!.actors.map((actor) => actor.username)).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
    ]);
  });

  it('keeps likes of different posts, and likes with something between them, apart', () => {
    const comment = makeNotification({
      type: 'comment',
      actor: makeActor('erin'),
      comment: { id: 'c1', content: 'nice!' },
    });
    const groups = groupNotifications([
      like('alice', 'post-1'),
      like('bob', 'post-2'),
      like('carol', 'post-2'),
      comment,
      like('dave', 'post-2'),
    ]);
    expect(groups.map((group) => group.actors.map((actor) => actor.username))).toEqual([
      ['alice'],
      ['bob', 'carol'],
      ['erin'],
      ['dave'],
    ]);
  });

  it('never folds follows, comments or mentions, and counts a person once', () => {
    const follows = [
      makeNotification({ type: 'follow', actor: makeActor('alice') }),
      makeNotification({ type: 'follow', actor: makeActor('bob') }),
    ];
    expect(groupNotifications(follows)).toHaveLength(2);
    const groups = groupNotifications([like('alice'), like('alice'), like('bob')]);
    expect(groups[0]!.actors.map((actor) => actor.username)).toEqual(['alice', 'bob']);
  });

  it('a row is unread when anything folded into it is', () => {
    const [group] = groupNotifications([
      like('alice', 'post-1', true),
      like('bob', 'post-1', false),
    ]);
    expect(group!.unread).toBe(true);
    const [seen] = groupNotifications([like('alice'), like('bob')]);
    expect(seen!.unread).toBe(false);
  });
});

describe('sections', () => {
  const at = now.getTime();

  it('Today under a day old, This week under seven days, Earlier after', () => {
    expect(sectionOf(hoursAgo(0), at)).toBe('Today');
    expect(sectionOf(hoursAgo(23.9), at)).toBe('Today');
    expect(sectionOf(hoursAgo(24), at)).toBe('This week');
    expect(sectionOf(hoursAgo(6 * 24 + 23), at)).toBe('This week');
    expect(sectionOf(hoursAgo(7 * 24), at)).toBe('Earlier');
    expect(sectionOf(hoursAgo(400 * 24), at)).toBe('Earlier');
    // A clock a little ahead on the server, or a time that cannot be read, is still today.
    expect(sectionOf(hoursAgo(-0.1), at)).toBe('Today');
    expect(sectionOf('not a date', at)).toBe('Today');
  });

  it('puts the rows under their headings in order, leaving out empty headings', () => {
    const groups = groupNotifications([
      makeNotification({ created_at: hoursAgo(2), actor: makeActor('alice') }),
      makeNotification({
        type: 'follow',
        created_at: hoursAgo(9 * 24),
        actor: makeActor('bob'),
      }),
    ]);
    const sections = sectionsOf(groups, at);
    expect(sections.map((section) => section.title)).toEqual(['Today', 'Earlier']);
    expect(sections[1]!.groups[0]!.latest.actor.username).toBe('bob');
  });
});
