import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

interface TriggerSpec {
  name: string;
  event: 'insert' | 'delete';
  row: 'new' | 'old';
}

/**
 * A block added or removed changes what both people see of each other: `blocks-of:<id>` forgets
 * each one's hidden-people set (services/blocks.service.ts), and `follows-of:<id>` forgets every
 * per-viewer value built from whom they follow (Following feed, suggestions, search's followees),
 * so no instance serves either of them a page from before the block or the unblock.
 */
const triggers: TriggerSpec[] = [
  { name: 'blocks_insert_cache_change', event: 'insert', row: 'new' },
  { name: 'blocks_delete_cache_change', event: 'delete', row: 'old' },
];

const values = ({ row }: TriggerSpec) =>
  [
    `('blocks-of:' || ${row}.blocker_id)`,
    `('blocks-of:' || ${row}.blocked_id)`,
    `('follows-of:' || ${row}.blocker_id)`,
    `('follows-of:' || ${row}.blocked_id)`,
  ].join(', ');

async function createTrigger(db: Kysely<unknown>, spec: TriggerSpec, postgres: boolean) {
  if (postgres) {
    await sql
      .raw(
        `create function ${spec.name}() returns trigger language plpgsql as $$ begin ` +
          `insert into cache_changes (topic) values ${values(spec)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${spec.name} after ${spec.event} on blocks ` +
          `for each row execute function ${spec.name}()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger ${spec.name} after ${spec.event} on blocks for each row ` +
          `begin insert into cache_changes (topic) values ${values(spec)}; end`,
      )
      .execute(db);
  }
}

/**
 * Blocks. One row per block, `blocker_id` blocked `blocked_id`. The key answers "did A
 * block B" and lists A's blocks; `(blocked_id, blocker_id)` answers the other direction, so the
 * "either way" test every list applies (`not exists … blocks …`) is two index probes. Both ends
 * cascade with their account.
 */
export const blocks: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('blocks')
      .addColumn('blocker_id', 'text', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('blocked_id', 'text', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('blocks_pair', ['blocker_id', 'blocked_id'])
      .execute();
    await db.schema
      .createIndex('blocks_by_blocked')
      .on('blocks')
      .columns(['blocked_id', 'blocker_id'])
      .execute();
    for (const spec of triggers) await createTrigger(db, spec, postgres);
  },
};
