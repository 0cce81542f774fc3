import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The layer table of eslint.config.js, run as `npm run lint` runs it, on a real file of each door
 * with one import added: what lint must refuse, and what it lets through.
 */
async function lintWithImport(file: string, line: string) {
  const filePath = path.join(root, 'apps/server/src', file);
  const source = `${line}\n${fs.readFileSync(filePath, 'utf8')}`;
  const [result] = await new ESLint({ cwd: root }).lintText(source, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe("the server's layer rules", () => {
  it('refuse a repository import in an inbox handler: federation/ calls services', async () => {
    const refused = await lintWithImport(
      'federation/inbox.ts',
      "import { isFollowing } from '../repositories/follows.repository';",
    );
    expect(refused).toEqual([expect.stringContaining('federation/ is an adapter: call a service')]);
    // The same handler calling a service is what the rule wants.
    expect(
      await lintWithImport('federation/inbox.ts', "import '../services/remote-people.service';"),
    ).toEqual([]);
  }, 60_000);

  it('refuse federation/ below it: a service never imports the door', async () => {
    const refused = await lintWithImport(
      'services/likes.service.ts',
      "import '../federation/outbox';",
    );
    expect(refused).toEqual([expect.stringContaining('federation/ is a door above the services')]);
  }, 60_000);

  it('refuse SQL in an event subscriber: its facts come in the event', async () => {
    const refused = await lintWithImport(
      'events/subscribers/other-servers.ts',
      "import '../../repositories/remote-people.repository';",
    );
    expect(refused).toEqual([expect.stringContaining('the facts it needs come in the event')]);
  }, 60_000);
});
