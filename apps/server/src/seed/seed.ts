/**
 * `npm run seed -- --users N --posts M [--likes L] [--comments C] [--follows F] [--seed S]
 * [--images K] [--now D]`
 *
 * Fills the database and storage the server is configured with (DATA_DIR, DATABASE_URL, the same
 * environment as `npm start`) with generated people, photographs, likes, comments and follows.
 * Refuses a database that already has users. The same --seed and --now give the same rows, ids included;
 * without --now the community is "now", so times and ids move with the clock.
 */
import { parseArgs } from 'node:util';
import { createContext } from '../create-context';
import { ConfigError, loadConfig, readEnvironment } from '../env';
import {
  SeedRefusedError,
  defaultComments,
  defaultFollows,
  defaultLikes,
  seedDatabase,
  seedQueryTimeoutMs,
} from './seed.service';

const usage =
  'usage: npm run seed -- --users N --posts M [--likes L] [--comments C] [--follows F] [--seed S] ' +
  '[--images K] [--now ISO-date]';

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new ConfigError(`--${name} must be a whole number, got "${value}"\n${usage}`);
  }
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      posts: { type: 'string' },
      likes: { type: 'string' },
      comments: { type: 'string' },
      follows: { type: 'string' },
      seed: { type: 'string' },
      images: { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const users = wholeNumber('users', values.users, 20);
  const posts = wholeNumber('posts', values.posts, 100);
  const options = {
    users,
    posts,
    likes: wholeNumber('likes', values.likes, defaultLikes(users, posts)),
    comments: wholeNumber('comments', values.comments, defaultComments(posts)),
    follows: wholeNumber('follows', values.follows, defaultFollows(users)),
    seed: values.seed ?? 'pinhole',
    images: wholeNumber('images', values.images, 24),
    now: values.now === undefined ? Date.now() : Date.parse(values.now),
  };
  if (Number.isNaN(options.now)) {
    throw new ConfigError(`--now must be a date such as 2026-01-31T12:00:00Z\n${usage}`);
  }

  const config = loadConfig({
    DATABASE_QUERY_TIMEOUT_MS: seedQueryTimeoutMs,
    ...readEnvironment(),
  });
  const context = await createContext(config);
  try {
    const where =
      config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
    console.log(
      `Seeding ${where}: ${options.users} users, ${options.posts} posts, ` +
        `${options.likes} likes, ${options.comments} comments, ${options.follows} follows ` +
        `(seed "${options.seed}")`,
    );
    const summary = await seedDatabase(context, {
      ...options,
      onProgress: (message) => console.log(`  ${message}`),
    });
    console.log(
      `Done in ${(summary.timingsMs.total / 1000).toFixed(1)} s: ${summary.users} users, ` +
        `${summary.posts} posts (${summary.files} files from ${summary.images} photographs), ` +
        `${summary.likes} likes, ${summary.comments} comments, ${summary.follows} follows, ` +
        `${summary.stories} live stories.`,
    );
    const phases = Object.entries(summary.timingsMs)
      .filter(([phase]) => phase !== 'total')
      .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`);
    console.log(`  (${phases.join(', ')})`);
    console.log(
      `Sign in as ${summary.demoEmail ?? 'any seeded user'} (or <username>@pinhole.local) ` +
        `with the password "${summary.password}".`,
    );
  } finally {
    await context.database.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof SeedRefusedError ||
    error instanceof RangeError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
