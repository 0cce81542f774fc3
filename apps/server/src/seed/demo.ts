import type { AppContext } from '../app-context';
import { hasAnyUser } from './seed.repository';
import { seedDatabase } from './seed.service';

/**
 * The demo community: small enough to make in seconds, big enough to scroll and like; about five
 * follows a person, so the Following feed and the suggestions have people in them.
 */
export const demoSize = {
  users: 12,
  posts: 60,
  likes: 320,
  comments: 110,
  follows: 60,
  images: 12,
} as const;

/** What `--demo` says when the database already has accounts. */
export const demoSkipped =
  'Demo mode: the database already has accounts, so no demo content was added ' +
  '(the demo is seeded only into an empty database: start with an empty DATA_DIR or DATABASE_URL).';

/**
 * `npm start -- --demo` (or DEMO=1): on an empty database, seeds the demo community and prints
 * how to sign in; on a database with users, says so and adds nothing. `print` writes a line of the
 * server's log. Returns whether it seeded.
 */
export async function seedDemoIfEmpty(
  context: Pick<AppContext, 'config' | 'database' | 'storage'>,
  print: (line: string) => void,
): Promise<boolean> {
  if (await hasAnyUser(context.database.db)) {
    // Said rather than silently skipped: the person asked for a demo and should learn why the
    // instance shows their own data instead.
    print(demoSkipped);
    return false;
  }
  print('Demo mode: the database is empty, creating a demo community...');
  const summary = await seedDatabase(context, {
    ...demoSize,
    seed: 'pinhole-demo',
    // Demo photographs at about 1.5 MP: every feed variant still exists, start-up stays quick.
    imageScale: 0.7,
    // The demo account's notifications, as if the seeded likes, comments and follows had happened.
    notifications: true,
  });
  print(
    `Demo ready in ${(summary.timingsMs.total / 1000).toFixed(1)} s: ${summary.users} people, ` +
      `${summary.posts} posts, ${summary.likes} likes, ${summary.comments} comments, ` +
      `${summary.follows} follows, ${summary.stories} stories (live for 24 hours).`,
  );
  print(`Sign in with  email: ${summary.demoEmail ?? ''}  password: ${summary.password}`);
  return true;
}
