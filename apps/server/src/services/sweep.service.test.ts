import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateProfile } from '../repositories/profiles.repository';
import { storedVariants } from '../repositories/stored-variants';
import { mediaKey, variantKey } from '../storage/storage';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';
import { SweepService } from './sweep.service';

const dayLater = () => Date.now() + 24 * 60 * 60 * 1000;

describe.each(dialects)('the sweeper knows each kind of media and its owners, on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let person: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    person = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const exists = async (key: string) => (await server.context.storage.head(key)) !== null;

  it('keeps an avatar while a profile points at it and removes it once none does', async () => {
    const { storage, database, services } = server.context;
    const original = mediaKey('avatars', person.id, Date.now(), 'webp');
    const small = variantKey(original, 150, 'webp');
    await storage.put(original, Buffer.from('avatar'), 'image/webp');
    await storage.put(small, Buffer.from('avatar 150'), 'image/webp');
    await updateProfile(database.db, person.id, {
      avatar_key: original,
      avatar_variants: storedVariants.encode([{ key: small, width: 150, height: 150 }]),
    });
    const profile = await server.request(`/api/profiles/${person.id}`);
    expect(profile.body.avatar_url).toBe(`/storage/${original}`);
    expect((await server.request(`/storage/${small}`)).status).toBe(200);

    expect((await services.sweep.run(dayLater())).removed).toBe(0);
    expect(await exists(original)).toBe(true);
    expect(await exists(small)).toBe(true);

    await updateProfile(database.db, person.id, { avatar_key: null, avatar_variants: null });
    expect((await services.sweep.run(dayLater())).removed).toBe(2);
    expect(await exists(original)).toBe(false);
    expect(await exists(small)).toBe(false);
  });

  it('leaves young files, files of kinds with no owner query yet, and unknown names alone', async () => {
    const { storage, services } = server.context;
    const young = mediaKey('avatars', person.id, Date.now(), 'jpg');
    // Imports have no owner query: their archives are the import job's to remove.
    const archive = mediaKey('imports', person.id, Date.now() - 1, 'zip');
    await storage.put(young, Buffer.from('just uploaded'), 'image/jpeg');
    await storage.put(archive, Buffer.from('an archive'), 'application/zip');
    await storage.put(`user-uploads/${person.id}/notes.txt`, Buffer.from('?'), 'text/plain');

    const now = await services.sweep.run();
    expect(now).toEqual({ removed: 0, unknown: 1 });
    expect(await exists(young)).toBe(true);
    // Later, the avatar nobody points at goes; the archive waits for its kind's owner query.
    expect((await services.sweep.run(dayLater())).removed).toBe(1);
    expect(await exists(young)).toBe(false);
    expect(await exists(archive)).toBe(true);
    await storage.delete(archive);
  });

  it('removes a file a killed process left half-written after an hour, not before', async () => {
    const { services } = server.context;
    const key = mediaKey('posts', person.id, Date.now(), 'jpg');
    const folder = path.join(server.dataDir, 'storage', path.dirname(key));
    fs.mkdirSync(folder, { recursive: true });
    // As LocalStorage.put names the file it writes before linking it into place.
    const stale = path.join(folder, `${path.basename(key)}.0123456789ab.tmp`);
    const fresh = path.join(folder, `${path.basename(key)}.ba9876543210.tmp`);
    fs.writeFileSync(stale, 'half a photo');
    fs.writeFileSync(fresh, 'half a photo');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(fresh, new Date(Date.now() - 20 * 60 * 1000), new Date());

    const before = await services.sweep.run(Date.now() - 2 * 60 * 60 * 1000);
    expect(before.removed).toBe(0);
    expect((await services.sweep.run()).removed).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    // Twenty minutes old: another instance may still be writing it on a slow disk.
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });

  it('takes a new kind by its owner query: stories kept while a row names them', async () => {
    const { storage } = server.context;
    const kept = mediaKey('stories', person.id, 1_000, 'webp');
    const gone = mediaKey('stories', person.id, 2_000, 'webp');
    await storage.put(kept, Buffer.from('kept'), 'image/webp');
    await storage.put(gone, Buffer.from('gone'), 'image/webp');
    const sweep = new SweepService(server.context, { stories: async () => [kept] });
    expect((await sweep.run(dayLater())).removed).toBe(1);
    expect(await exists(kept)).toBe(true);
    expect(await exists(gone)).toBe(false);
  });
});
